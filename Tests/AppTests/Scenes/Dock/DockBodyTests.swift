import XCTest
import GridCore
import GridMotion
import ViewLayer
import SeedSnippets
@testable import CoffeeGridApp

/// The dock is chapter 34's code, run: the scene's two containers, the grey panel, the heading,
/// the photos' heights and corners and the flight's animation are read from its tree.
final class DockBodyTests: XCTestCase {
    static func lines(_ s: String) -> Set<String> { Set(s.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }) }

    /// Every line of the chapter's final code — its state, the photo grid, the dock in its
    /// `ScrollViewReader`, the namespace, the matched geometry, the animation, the `.onChange` — is
    /// in the scene's source.
    func testTheSourceIsTheChaptersCode() {
        let source = DockBodyTests.lines(DockScene.source)
        var checked = 0
        for name in ["photoSet", "photo grid", "selectedPhotos", "selectedPhotoId", "tap to dock", "namespace", "matched geometry",
                     "animation", "id", "scroll reader", "onChange"] {
            for line in DockBodyTests.lines(SeedSnippets.named("002", name).text) where !line.isEmpty {
                XCTAssertTrue(source.contains(line), "\(name): \(line)")
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 60)
    }

    /// The seed's numbers, as its tree lays them out in a phone: `.padding()` 16 around the VStack,
    /// its 8 between the grid's scroll view and the dock, the 100-point dock inside the panel's 16,
    /// the heading's 34 and the scroll view's 8 above the grid, 60-point photos with 3-point corners,
    /// the panel's 5; the photos fly with the VStack's `.interactiveSpring()` because both images
    /// carry `matchedGeometryEffect(id: photo.id, in: photoTransition)`.
    func testTheContainersAndLooksAreTheTrees() throws {
        let v = try XCTUnwrap(DockScene.layOut(in: Size(width: 390, height: 844)))
        XCTAssertEqual(v.panel, Rect(x: 16, y: 844 - 16 - 132, width: 358, height: 132))
        XCTAssertEqual(v.dockViewport, Rect(x: 32, y: 844 - 16 - 116, width: 326, height: 100))
        XCTAssertEqual(v.gridViewport, Rect(x: 16, y: 16, width: 358, height: 844 - 16 - 132 - 8 - 16))
        XCTAssertEqual(v.leadingContent, 34 + 8)
        XCTAssertEqual(v.heading, "Photos")
        XCTAssertEqual(v.headingFrame.height, 34)
        XCTAssertEqual(v.gridItems, [GridItem(.adaptive(minimum: 50))])
        XCTAssertEqual(v.photoHeight, 60)
        XCTAssertEqual(v.photoCornerRadius, 3)
        XCTAssertEqual(v.dockPhotoHeight, 100)
        XCTAssertEqual(v.dockPhotoCornerRadius, 3)
        XCTAssertNil(v.dockSpacing)
        XCTAssertEqual(v.panelCornerRadius, 5)
        XCTAssertEqual(v.flight, .interactiveSpring)
        // Both containers whole and one row of photos: 16 + 34 + 8 + 60 + 8 + 132 + 16.
        let tall = try XCTUnwrap(DockScene.layOut(in: Size(width: 390, height: 2000)))
        XCTAssertEqual(tall.minimumHeight, 274)
    }

    /// Without `matchedGeometryEffect` on both images there is nothing to fly: the photos would
    /// jump, and the scene reads no flight.
    func testNoMatchedGeometryNoFlight() throws {
        let size = Size(width: 390, height: 844)
        let one = DockScene.source.replacingOccurrences(of: ".matchedGeometryEffect(id: photo.id, in: photoTransition)\n                                .onTapGesture {\n                                    photoSet.append",
                                                          with: ".onTapGesture {\n                                    photoSet.append")
        XCTAssertNotEqual(one, DockScene.source)
        XCTAssertNil(try XCTUnwrap(DockViews(one, in: size, measuring: EstimatedMeasuring())).flight)
        let slower = DockScene.source.replacingOccurrences(of: ".animation(.interactiveSpring(), value: selectedPhotoId)", with: ".animation(.easeIn, value: selectedPhotoId)")
        XCTAssertEqual(try XCTUnwrap(DockViews(slower, in: size, measuring: EstimatedMeasuring())).flight, .easeIn)
    }

    /// The scene's containers are the tree's, at every window shape.
    func testTheSceneLaysItsContainersOutAsTheTree() throws {
        for size in [Size(width: 390, height: 844), Size(width: 844, height: 390), Size(width: 1280, height: 800)] {
            let d = try DockDriver(size: size)
            d.settle()
            let v = try XCTUnwrap(DockScene.layOut(in: d.scene.frame.size))
            let o = d.scene.frame.origin
            XCTAssertEqual(d.scene.gridFrame, v.gridViewport.offsetBy(dx: o.x, dy: o.y), "\(size)")
            XCTAssertEqual(d.scene.dockFrame, v.panel.offsetBy(dx: o.x, dy: o.y), "\(size)")
            XCTAssertEqual(d.scene.dock.scrollView.frame, v.dockViewport.offsetBy(dx: o.x, dy: o.y), "\(size)")
        }
    }
}

/// A drag the person leaves by switching scenes (a digit key mid-drag) does not hang over the dock
/// until the next click: the photo goes home and nothing moved.
final class DockSceneSwitchTests: XCTestCase {
    func testSwitchingSceneMidDragPutsThePhotoBack() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        var options = Options()
        options.restore = false
        let s = try HeadlessSession(scene: "dock", size: Size(width: 390, height: 844), options: options)
        try s.run(.settle)
        let dock = try XCTUnwrap(s.app.scene as? DockScene)
        let first = try XCTUnwrap(dock.drawnFrame(of: "coffee-1"))
        try s.run(.press(Point(x: first.midX, y: first.midY), modifiers: []))
        try s.run(.move(Point(x: first.midX + 60, y: first.midY + 200)))
        try s.run(.move(Point(x: first.midX + 110, y: first.midY + 420)))
        XCTAssertEqual(dock.liftedId, "coffee-1", "the photo is lifted")
        try s.run(.key(.character("5"), []))
        try s.run(.release(Point(x: first.midX + 110, y: first.midY + 420)))
        try s.run(.key(.character("7"), []))
        try s.run(.settle)
        XCTAssertNil(dock.press)
        XCTAssertNil(dock.liftedId)
        XCTAssertEqual(dock.model.dock, [])
        XCTAssertEqual(dock.model.grid.first, "coffee-1")
        XCTAssertEqual(dock.drawnFrame(of: "coffee-1"), first)
    }
}
