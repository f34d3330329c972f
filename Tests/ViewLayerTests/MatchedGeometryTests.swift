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

    /// A photo opening from its cell, as SwiftUI writes a hero: the cell's image in the `else`, the
    /// full-window one in the `if`, matched. (The app's photo viewer is this body.)
    struct Hero: View {
        var open: Bool
        var matched = true
        @Namespace var zoom

        var body: some View {
            ZStack(alignment: .topLeading) {
                if open { Color.black }
                if open {
                    photo(Rect(x: 0, y: 200, width: 390, height: 300))
                } else {
                    photo(Rect(x: 20, y: 40, width: 100, height: 100))
                }
            }
            .frame(width: 390, height: 844, alignment: .topLeading)
            .animation(.interactiveSpring(), value: open)
        }

        func photo(_ r: Rect) -> AnyView {
            let image = Color.orange.frame(width: r.width, height: r.height)
            return (matched ? image.matchedGeometryEffect(id: "photo", in: zoom) : image)
                .padding(.leading, r.minX).padding(.top, r.minY)
        }
    }

    func testTheBranchesOfAnIfElseAreOtherViewsSoAMatchFliesBetweenThem() {
        var memory = ViewMemory()
        let layout = ViewLayout()
        let closed = layout.frame(for: Hero(open: false).viewNode, in: phone, time: 0, memory: &memory)
        let cell = closed.placed.first { $0.kind == .color }!.frame
        assertFrame(cell, 20, 40, 100, 100)
        let start = layout.frame(for: Hero(open: true).viewNode, in: phone, time: 1, memory: &memory)
        let photo = start.placed.last { $0.kind == .color }!
        assertFrame(photo.frame, 20, 40, 100, 100, "the opened photo starts where the cell's was")
        assertFrame(photo.target, 0, 200, 390, 300)
        XCTAssertTrue(start.isAnimating)
        // The backdrop, new in the change, fades in; the cell's view is the photo now: no ghost of it
        // fades where it was.
        XCTAssertEqual(start.drawing.filter { if case .fill(.black, _) = $0.shape { return true }; return false }.map(\.opacity), [0])
        XCTAssertEqual(start.drawing.filter { if case .fill(.orange, _) = $0.shape { return true }; return false }.count, 1)
        let mid = layout.frame(for: Hero(open: true).viewNode, in: phone, time: 1.06, memory: &memory).placed.last { $0.kind == .color }!.frame
        XCTAssertTrue(mid.width > 100 && mid.width < 390 && mid.minY > 40 && mid.minY < 200, "\(mid)")
        let open = layout.frame(for: Hero(open: true).viewNode, in: phone, time: 3, memory: &memory)
        assertFrame(open.placed.last { $0.kind == .color }!.frame, 0, 200, 390, 300)
        // And back: the cell's view, new again, flies from the open photo into the cell.
        let back = layout.frame(for: Hero(open: false).viewNode, in: phone, time: 4, memory: &memory)
        assertFrame(back.placed.first { $0.kind == .color }!.frame, 0, 200, 390, 300)
        let home = layout.frame(for: Hero(open: false).viewNode, in: phone, time: 6, memory: &memory)
        assertFrame(home.placed.first { $0.kind == .color }!.frame, 20, 40, 100, 100)
        XCTAssertFalse(home.isAnimating)
    }

    func testWithoutTheEffectTheOtherBranchFadesInInItsPlace() {
        var memory = ViewMemory()
        let layout = ViewLayout()
        _ = layout.frame(for: Hero(open: false, matched: false).viewNode, in: phone, time: 0, memory: &memory)
        let start = layout.frame(for: Hero(open: true, matched: false).viewNode, in: phone, time: 1, memory: &memory)
        let photo = start.placed.last { $0.kind == .color }!
        XCTAssertEqual(photo.frame, photo.target, "no flight: it is where layout put it")
        let orange = start.drawing.filter { if case .fill(.orange, _) = $0.shape { return true }; return false }
        XCTAssertEqual(orange.count, 2, "the cell fading out where it was, the photo fading in")
        XCTAssertEqual(orange.map(\.opacity).sorted(), [0, 1])
    }

    func testASnippetsIfElseShowsOtherViewsToo() throws {
        let text = """
        struct Hero: View {
            @State var open = false
            var body: some View {
                VStack {
                    if open { Text("A") } else { Text("A") }
                    if open { Text("B") }
                }
            }
        }
        """
        let program = try SnippetProgram(try Snippet.parse(text))
        let closed = ViewLayout().frame(for: try program.body(), in: phone)
        XCTAssertTrue(program.setState("open", .bool(true)))
        let open = ViewLayout().frame(for: try program.body(), in: phone)
        let a = { (f: ViewFrame) in f.placed.first { $0.kind == .text("A") }!.id }
        XCTAssertNotEqual(a(closed), a(open))
        XCTAssertEqual(closed.placed.filter { $0.kind == .text("B") }.count, 0)
        XCTAssertEqual(open.placed.filter { $0.kind == .text("B") }.count, 1)
    }
}
