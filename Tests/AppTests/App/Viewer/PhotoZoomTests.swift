import XCTest
import GridCore
import GridMotion
@testable import CoffeeGridApp

/// The viewer's zoom is a `matchedGeometryEffect` the view layer runs: the photo flies from its
/// cell to where the window shows it and back, the backdrop fades in and out as the `if`'s
/// newcomer and leaver, the cell's corner opens square, and a place that moves (a photo zoomed
/// mid-flight, a cell scrolled into view while the photo flies back) is followed.
final class PhotoZoomTests: XCTestCase {
    let window = Rect(x: 0, y: 0, width: 1000, height: 800)
    let cell = Rect(x: 100, y: 300, width: 200, height: 100)
    let fit = Rect(x: 0, y: 150, width: 1000, height: 500)

    func open() -> PhotoZoom {
        PhotoZoom(path: "/photos/a.jpg", cell: cell, cornerRadius: 10, shown: fit, window: window, animation: .interactiveSpring, at: 0)
    }

    func testItFliesFromTheCellToTheWindowAndBack() {
        var z = open()
        XCTAssertEqual(z.look, PhotoZoom.Look(photo: cell, backdrop: 0, corner: 10), "it starts as the cell")
        z.layout(path: nil, shown: fit, cell: cell, window: window, at: 0.05)
        let mid = z.look
        XCTAssertTrue(mid.photo.width > cell.width && mid.photo.width < fit.width, "between at 50 ms: \(mid.photo)")
        XCTAssertTrue(mid.backdrop > 0 && mid.backdrop < 1, "the backdrop fading in: \(mid.backdrop)")
        XCTAssertTrue(mid.corner > 0 && mid.corner < 10)
        XCTAssertTrue(z.isAnimating(at: 0.05))
        z.layout(path: nil, shown: fit, cell: cell, window: window, at: 2)
        XCTAssertEqual(z.look, PhotoZoom.Look(photo: fit, backdrop: 1, corner: 0))
        XCTAssertFalse(z.isAnimating(at: 2))
        z.close(animation: .interactiveSpring, at: 2)
        z.layout(path: nil, shown: fit, cell: cell, window: window, at: 2)
        XCTAssertEqual(z.look.photo, fit, "the flight back starts where the photo is")
        XCTAssertTrue(z.isAnimating(at: 2.05))
        z.layout(path: nil, shown: fit, cell: cell, window: window, at: 2.05)
        XCTAssertTrue(z.look.photo.width < fit.width && z.look.photo.width > cell.width)
        z.layout(path: nil, shown: fit, cell: cell, window: window, at: 4)
        XCTAssertEqual(z.look, PhotoZoom.Look(photo: cell, backdrop: 0, corner: 10), "home, the backdrop gone")
        XCTAssertFalse(z.isAnimating(at: 4))
    }

    func testAPlaceThatMovesMidFlightIsFollowed() {
        var z = open()
        // Zoomed in while it flies out: it lands on the zoomed frame.
        let zoomed = Rect(x: -500, y: -100, width: 2000, height: 1000)
        z.layout(path: nil, shown: zoomed, cell: cell, window: window, at: 0.03)
        z.layout(path: nil, shown: zoomed, cell: cell, window: window, at: 2)
        XCTAssertEqual(z.look.photo, zoomed)
        // Closing while the grid scrolls the cell: it lands where the cell is, not where it was.
        z.close(animation: .interactiveSpring, at: 2)
        z.layout(path: nil, shown: zoomed, cell: cell, window: window, at: 2)
        let scrolled = cell.offsetBy(dx: 0, dy: -250)
        z.layout(path: nil, shown: zoomed, cell: scrolled, window: window, at: 2.03)
        z.layout(path: nil, shown: zoomed, cell: scrolled, window: window, at: 4)
        XCTAssertEqual(z.look.photo, scrolled)
    }

    func testWithoutAnAnimationItIsSimplyOpenAndShut() {
        var z = PhotoZoom(path: "/photos/a.jpg", cell: cell, cornerRadius: 10, shown: fit, window: window, animation: nil, at: 0)
        XCTAssertEqual(z.look, PhotoZoom.Look(photo: fit, backdrop: 1, corner: 0))
        XCTAssertFalse(z.isAnimating(at: 0))
        z.close(animation: nil, at: 1)
        z.layout(path: nil, shown: fit, cell: cell, window: window, at: 1)
        XCTAssertEqual(z.look.photo, cell)
        XCTAssertFalse(z.isAnimating(at: 1))
    }

    func testTheBodyIsAMatchedGeometryEffectInOneNamespace() {
        let open = PhotoZoom.body(open: true, photo: "a", shown: fit, cell: cell, window: window.size, zoom: .init("z"), animation: nil).viewNode
        let shut = PhotoZoom.body(open: false, photo: "a", shown: fit, cell: cell, window: window.size, zoom: .init("z"), animation: nil).viewNode
        XCTAssertTrue(open.swiftSource.contains(".matchedGeometryEffect(id: \"a\", in: z)"), open.swiftSource)
        XCTAssertTrue(shut.swiftSource.contains(".matchedGeometryEffect(id: \"a\", in: z)"), shut.swiftSource)
    }
}
