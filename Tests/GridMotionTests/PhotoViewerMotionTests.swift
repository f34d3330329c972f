import XCTest
import GridCore
@testable import GridMotion

/// The viewer's motion in the window as a value: fitted, zoom kept under the pointer, pans clamped
/// to the photo's edges with momentum, the slide, a resize. (The flight from the cell and back is
/// the app's `PhotoZoom`: PhotoZoomTests.)
final class PhotoViewerMotionTests: XCTestCase {
    let window = Rect(x: 0, y: 0, width: 1000, height: 800)

    func open(_ size: Size = Size(width: 2000, height: 1000)) -> PhotoViewerMotion {
        PhotoViewerMotion(photoSize: size, window: window, scale: 1)
    }

    func testItOpensFittedAndCentred() {
        let m = open()
        XCTAssertEqual(m.fitFrame, Rect(x: 0, y: 150, width: 1000, height: 500), "aspect fit, centred")
        XCTAssertEqual(m.drawnFrame(at: 0), m.fitFrame)
        XCTAssertFalse(m.isAnimating(at: 0), "the flight from the cell is the app's PhotoZoom, not this")
        XCTAssertFalse(m.isZoomed)
    }

    func testZoomKeepsThePointUnderThePointerAndStaysInRange() {
        var m = open()
        XCTAssertEqual(m.zoom, 0.5, "2000 px in 1000 pt at 1× scale")
        let p = Point(x: 700, y: 400)
        let before = m.frame.target
        let u = (p.x - before.minX) / before.width, v = (p.y - before.minY) / before.height
        m.zoom(to: 2, at: p, animation: nil, at: 3)
        let after = m.frame.target
        XCTAssertEqual(after.width, 4000)
        XCTAssertEqual(after.minX + u * after.width, p.x, accuracy: 1e-9)
        XCTAssertEqual(after.minY + v * after.height, p.y, accuracy: 1e-9)
        m.zoom(to: 1000, at: p, animation: nil, at: 3)
        XCTAssertEqual(m.zoom, m.maxZoom, "capped")
        m.zoom(to: 0.0001, at: p, animation: nil, at: 3)
        XCTAssertEqual(m.frame.target, m.fitFrame, "never smaller than fit")
        m.zoom(to: .nan, at: p, animation: nil, at: 3)
        XCTAssertEqual(m.frame.target, m.fitFrame, "a non-finite zoom is ignored")
    }

    func testPanningStopsAtTheEdgesAndCoasts() {
        var m = open()
        m.zoom(to: 1, at: Point(x: 500, y: 400), animation: nil, at: 3)
        XCTAssertTrue(m.isZoomed)
        m.beginPan(at: Point(x: 500, y: 400), time: 3)
        m.pan(to: Point(x: 5000, y: 400), time: 3.05)
        XCTAssertEqual(m.frame.target.minX, 0, "no gap at the left edge however far the drag goes")
        m.pan(to: Point(x: 480, y: 400), time: 3.1)
        m.pan(to: Point(x: 380, y: 400), time: 3.15)
        let released = m.frame.value(at: 3.15)
        m.endPan(time: 3.16)
        XCTAssertLessThan(m.frame.target.minX, released.minX - 100, "a flick coasts on the way it went")
        XCTAssertGreaterThanOrEqual(m.frame.target.maxX, window.maxX, "and still covers the window's right edge")
        // The photo is as tall as the window at 1:1 (1000 px in 800 pt): vertical pans clamp too.
        m.beginPan(at: Point(x: 500, y: 400), time: 5)
        m.pan(to: Point(x: 500, y: -4000), time: 5.05)
        XCTAssertEqual(m.frame.target.maxY, window.maxY, accuracy: 1e-9)
        m.endPan(time: 5.06)
        // At fit nothing pans.
        m.fit(animation: nil, at: 6)
        m.beginPan(at: Point(x: 500, y: 400), time: 6)
        XCTAssertFalse(m.isPanning)
    }

    func testTheNextPhotoSlidesInAndAResizeRefits() {
        var m = open()
        m.show(Size(width: 1000, height: 1000), direction: 1, animation: .interactiveSpring, at: 2)
        XCTAssertEqual(m.drawnFrame(at: 2).minX, m.fitFrame.minX + window.width, accuracy: 1e-9, "it starts a window to the right")
        XCTAssertNotNil(m.outgoingFrame(at: 2.05), "the previous photo slides out meanwhile")
        XCTAssertNil(m.outgoingFrame(at: 4))
        XCTAssertEqual(m.drawnFrame(at: 4).minX, m.fitFrame.minX, accuracy: 0.01)
        m.resize(to: Rect(x: 0, y: 0, width: 500, height: 900), scale: 2, at: 4)
        XCTAssertEqual(m.frame.target, Rect(x: 0, y: 200, width: 500, height: 500), "fitted again in the new window")
        XCTAssertEqual(m.zoom, 1, "500 pt at 2× is the photo's 1000 px")
    }
}
