import Foundation
import XCTest

/// A scroll in an X11 window is moved by the X server (`ServerScroll`): the app sends only the strip
/// it uncovers, and its own copy of the window is not moved. What the display shows must be, pixel
/// for pixel, what a frame drawn whole shows — after many small moves, and when the window is partly
/// off the screen, where the server has no pixels to copy from.
final class ServerScrollWindowTests: XCTestCase {
    var session: XSession?

    override func setUpWithError() throws { session = try XSession() }

    override func tearDown() { session?.close() }

    private func settled(_ s: XSession, beyond offset: Double) -> [String: Any]? {
        s.waitForState(10) { (($0["scroll"] as? [String: Double])?["offset"] ?? 0) > offset && $0["animating"] as? Bool == false }
    }

    /// The pointer off the window, so no cell shows a hover that the window's leaving and
    /// entering again would change, and the scroll indicator faded (it shows for a moment after a
    /// scroll, as on iOS).
    private func pointerAway(_ s: XSession) {
        s.xdotool(["mousemove", "1590", "1390"])
        usleep(2_500_000)
    }

    /// The window unmapped and mapped again: it is exposed, and the app draws and presents it whole.
    private func drawnWhole(_ s: XSession) {
        s.xdotool(["windowunmap", "--sync", s.window])
        s.xdotool(["windowmap", "--sync", s.window])
        usleep(700_000)
    }

    private func differingPixels(_ a: Data, _ b: Data) -> Int {
        guard a.count == b.count else { return Int.max }
        return zip(a, b).enumerated().filter { $0.offset % 3 == 0 && $0.element.0 != $0.element.1 }.count
    }

    func testScrollsTheServerMovedShowWhatAWholeFrameShows() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--scene", "cells", "--items", "10000", "--size", "640x560"])
        XCTAssertNotNil(s.waitForState { ($0["visible"] as? [Any])?.isEmpty == false }, "no items on screen")
        s.wheelDown(24, at: 400, 400)
        let state = try XCTUnwrap(settled(s, beyond: 200), "the wheel did not scroll: \(s.screenshot("wheel.png"))")
        XCTAssertGreaterThan(state["serverScrolls"] as? Double ?? 0, 5, "the X server moved the scrolls")
        pointerAway(s)
        let moved = try XCTUnwrap(s.grab())
        drawnWhole(s)
        let whole = try XCTUnwrap(s.grab())
        XCTAssertEqual(differingPixels(moved, whole), 0, "the screen after server-moved scrolls differs from the frame drawn whole: \(s.screenshot("moved.png"))")
    }

    /// Half the window below the screen's edge: a scroll down copies from where the server has no
    /// pixels (no compositor here); the app hears so (GraphicsExpose) and presents the frame whole.
    func testAWindowPartlyOffTheScreenIsDrawnWholeWhereTheServerCannotCopy() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--scene", "cells", "--items", "10000", "--size", "640x800"])
        XCTAssertNotNil(s.waitForState { ($0["visible"] as? [Any])?.isEmpty == false }, "no items on screen")
        // The display is 1600×1400: the window's lower 400 pixels go below it.
        s.xdotool(["windowmove", "--sync", s.window, "100", "1000"])
        usleep(500_000)
        s.wheelDown(20, at: 320, 340)
        let offScreen = try XCTUnwrap(settled(s, beyond: 200), "the wheel did not scroll: \(s.screenshot("wheel.png"))")
        // The first copy failed; the server is not asked again (each frame would be drawn twice)
        // until the window moves.
        XCTAssertEqual(offScreen["serverScrolls"] as? Double, 0)
        pointerAway(s)
        let visible = ["-crop", "640x400+100+1000", "-depth", "8"]
        func grabVisible(_ name: String) -> Data? {
            let path = s.dir.appendingPathComponent(name).path
            _ = XSession.run("import", ["-window", "root"] + visible + ["rgb:" + path], display: s.display)
            return try? Data(contentsOf: URL(fileURLWithPath: path))
        }
        let scrolled = try XCTUnwrap(grabVisible("scrolled.rgb"))
        XCTAssertEqual(scrolled.count, 640 * 400 * 3)
        drawnWhole(s)
        s.xdotool(["windowmove", "--sync", s.window, "100", "1000"])
        usleep(500_000)
        let whole = try XCTUnwrap(grabVisible("whole.rgb"))
        XCTAssertEqual(differingPixels(scrolled, whole), 0, "what scrolled in from below the screen is not what a whole frame draws: \(s.screenshot("offscreen.png"))")
        // Back on the screen, the server moves the scrolls again.
        s.xdotool(["windowmove", "--sync", s.window, "100", "100"])
        usleep(300_000)
        s.wheelDown(10, at: 320, 500)
        XCTAssertNotNil(s.waitForState { ($0["serverScrolls"] as? Double ?? 0) > 3 }, "the server did not move the scrolls again: \(s.screenshot("back.png"))")
    }
}
