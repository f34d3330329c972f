import XCTest
import GridCore
import GridMotion
@testable import ViewLayer

/// `matchedGeometryEffect(id:in:)`: when one view with an id leaves and another with the same id
/// in the same namespace comes, in one animated change, the newcomer flies from the leaver's frame
/// to its own — across containers, drawn above them — and the leaver does not fade where it was.
/// Seed 002's dock is this: a photo tapped in the grid flies into the dock.
final class MatchedGeometryTests: XCTestCase {
    struct Dock: View {
        var grid: [Int]
        var dock: [Int]
        @Namespace var photoTransition

        var body: some View {
            VStack {
                ScrollView {
                    LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))]) {
                        ForEach(grid, id: \.self) { photo in
                            Color.orange.frame(height: 60).id(photo).matchedGeometryEffect(id: photo, in: photoTransition)
                        }
                    }
                }
                ScrollView(.horizontal, showsIndicators: false) {
                    LazyHGrid(rows: [GridItem()]) {
                        ForEach(dock, id: \.self) { photo in
                            Color.blue.frame(width: 80, height: 100).id(photo).matchedGeometryEffect(id: photo, in: photoTransition)
                        }
                    }
                }
                .frame(height: 100)
            }
            .padding()
            .animation(.interactiveSpring(), value: dock.count)
        }
    }

    func testANamespaceIsTheSameEveryTimeItsViewIsMade() {
        XCTAssertEqual(Dock(grid: [], dock: []).photoTransition, Dock(grid: [1], dock: [2]).photoTransition)
        XCTAssertEqual(Namespace("a").wrappedValue, Namespace("a").wrappedValue)
    }

    func testAPhotoMovedIntoTheDockFliesFromItsCellAboveBothContainers() {
        var memory = ViewMemory()
        let layout = ViewLayout()
        let before = layout.frame(for: Dock(grid: Array(0..<20), dock: []).viewNode, in: phone, time: 0, memory: &memory)
        let cell = before.view(id: AnyHashable(3))!.frame
        // The tap: photo 3 leaves the grid and joins the dock, in one change.
        let start = layout.frame(for: Dock(grid: Array(0..<20).filter { $0 != 3 }, dock: [3]).viewNode, in: phone, time: 1, memory: &memory)
        let flying = start.view(id: AnyHashable(3))!
        XCTAssertEqual(flying.frame, cell, "it starts where its cell was")
        XCTAssertEqual(flying.scrollView, 1, "in the dock's scroll view now")
        XCTAssertNotEqual(flying.target, cell)
        XCTAssertTrue(start.isAnimating)
        // Drawn last, outside every clip: the blue fill is the frame's last drawing, after the
        // dock's scroll view has closed its clip.
        guard case .fill(let colour, _) = start.drawing.last!.shape else { return XCTFail("not drawn last") }
        XCTAssertEqual(colour, .blue)
        let lastUnclip = start.drawing.lastIndex { if case .popClip = $0.shape { return true }; return false }!
        XCTAssertLessThan(lastUnclip, start.drawing.count - 1)
        // The cell it left is not faded out where it was: nothing orange is drawn at the cell.
        XCTAssertFalse(start.drawing.contains { if case .fill(.orange, _) = $0.shape { return $0.frame == cell }; return false })
        // Mid-flight it is between the two, and it lands in its slot.
        let mid = layout.frame(for: Dock(grid: Array(0..<20).filter { $0 != 3 }, dock: [3]).viewNode, in: phone, time: 1.06, memory: &memory)
        let m = mid.view(id: AnyHashable(3))!.frame
        XCTAssertTrue(m.minY > cell.minY && m.minY < flying.target.minY, "\(m)")
        let landed = layout.frame(for: Dock(grid: Array(0..<20).filter { $0 != 3 }, dock: [3]).viewNode, in: phone, time: 3, memory: &memory)
        XCTAssertEqual(landed.view(id: AnyHashable(3))!.frame, flying.target)
        XCTAssertFalse(landed.isAnimating)
        let blue = landed.drawing.lastIndex { if case .fill(.blue, _) = $0.shape { return true }; return false }!
        XCTAssertTrue(landed.drawing[(blue + 1)...].contains { if case .popClip = $0.shape { return true }; return false },
                      "landed, it is drawn inside its container's clip again")
    }

    func testWithoutAnAnimationItJumps() {
        struct Still: View {
            var here: Bool
            @Namespace var space
            var body: some View {
                VStack {
                    if here { Color.red.frame(width: 10, height: 10).matchedGeometryEffect(id: 1, in: space) }
                    Spacer()
                    if !here { Color.red.frame(width: 10, height: 10).matchedGeometryEffect(id: 1, in: space) }
                }
            }
        }
        var memory = ViewMemory()
        _ = ViewLayout().frame(for: Still(here: true).viewNode, in: phone, time: 0, memory: &memory)
        let f = ViewLayout().frame(for: Still(here: false).viewNode, in: phone, time: 1, memory: &memory)
        XCTAssertFalse(f.isAnimating)
        XCTAssertEqual(f.frames(.color).first?.minY, 834)
    }
}
