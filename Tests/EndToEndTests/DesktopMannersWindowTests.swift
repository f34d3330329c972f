import Foundation
import XCTest

/// Desktop manners in the real window: Esc closes an overlay and otherwise does nothing (it used to
/// quit, losing a person's place); Ctrl+Q and closing the window quit; no hover highlight stays once
/// the pointer has left the window or the window has been resized under it.
final class DesktopMannersWindowTests: XCTestCase {
    var session: XSession?

    override func setUpWithError() throws { session = try XSession() }

    override func tearDown() { session?.close() }

    /// What the window manager reads (_NET_WM_NAME, UTF-8) names the scene, em dash and all, and
    /// follows a scene switch; F1 opens the help in the window too.
    func testTheWindowsTitleNamesTheSceneAndF1OpensHelp() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--scene", "feed", "--size", "390x844"])
        XCTAssertNotNil(s.waitForState { $0["title"] as? String == "Coffee Feed — CoffeeGrid" })
        XCTAssertTrue(XSession.waitUntil(5) { s.xdotool(["getwindowname", s.window]).hasPrefix("Coffee Feed — CoffeeGrid") },
                      "the window manager reads '\(s.xdotool(["getwindowname", s.window]))'")
        s.key("6")
        XCTAssertTrue(XSession.waitUntil(5) { s.xdotool(["getwindowname", s.window]).hasPrefix("Cafes — CoffeeGrid") },
                      "the window manager reads '\(s.xdotool(["getwindowname", s.window]))'")
        s.key("F1")
        XCTAssertNotNil(s.waitForState { ($0["overlays"] as? [String: Bool])?["help"] == true }, "F1 did not open the help")
    }

    func testEscClosesAnOverlayAndOtherwiseDoesNothingCtrlQQuits() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--scene", "feed", "--size", "390x844"])
        let app = try XCTUnwrap(s.app)
        XCTAssertNotNil(s.waitForState { $0["scene"] as? String == "feed" })
        s.key("question")
        XCTAssertNotNil(s.waitForState { ($0["overlays"] as? [String: Bool])?["help"] == true }, "? did not open the help")
        s.key("Escape")
        XCTAssertNotNil(s.waitForState { ($0["overlays"] as? [String: Bool])?["help"] == false }, "Esc did not close the help")
        s.key("i")
        XCTAssertNotNil(s.waitForState { ($0["overlays"] as? [String: Bool])?["inspector"] == true }, "i did not open the inspector")
        s.key("Escape")
        XCTAssertNotNil(s.waitForState { ($0["overlays"] as? [String: Bool])?["inspector"] == false }, "Esc did not close the inspector")
        // Nothing open: Esc does nothing, twice over.
        s.key("Escape")
        s.key("Escape")
        usleep(800_000)
        XCTAssertTrue(app.isRunning, "Esc with nothing to close quit the app")
        XCTAssertEqual(s.state()?["scene"] as? String, "feed")
        s.key("ctrl+q")
        XCTAssertTrue(XSession.waitUntil(5) { !app.isRunning }, "Ctrl+Q did not quit")
        XCTAssertEqual(app.terminationReason, .exit)
        XCTAssertEqual(app.terminationStatus, 0)
    }

    /// What a window manager's close button sends (WM_DELETE_WINDOW) quits, cleanly.
    func testClosingTheWindowQuits() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--scene", "dock", "--size", "390x844"])
        let app = try XCTUnwrap(s.app)
        XCTAssertNotNil(s.waitForState { $0["scene"] as? String == "dock" })
        XCTAssertTrue(s.closeWindow(), "could not send WM_DELETE_WINDOW")
        XCTAssertTrue(XSession.waitUntil(5) { !app.isRunning }, "closing the window did not quit: \(s.screenshot("close.png"))")
        XCTAssertEqual(app.terminationReason, .exit)
        XCTAssertEqual(app.terminationStatus, 0)
    }

    // MARK: - Hover

    /// Waits until the window has drawn nothing for half a second, then grabs what the screen shows.
    func settledGrab(_ s: XSession, _ trace: TraceReader, _ what: String) throws -> Data {
        var count = -1, since = Date()
        let idle = XSession.waitUntil(20) {
            let n = trace.read().count
            if n != count { count = n; since = Date(); return false }
            return Date().timeIntervalSince(since) >= 0.5
        }
        XCTAssertTrue(idle, "\(what): the window kept drawing")
        let g = try XCTUnwrap(s.grab(), "\(what): no grab")
        return g
    }

    /// The pointer in a corner of the display, outside the app's window (bare Xvfb centres the
    /// window, and the pointer starts at the centre, inside it). Xvfb ignores XTest motion until a
    /// client has a window, so this is done after the launch.
    func pointerAway(_ s: XSession) { s.xdotool(["mousemove", "1590", "1390"]) }

    func pointer(_ s: XSession, at p: (Double, Double)) {
        s.xdotool(["mousemove", "--window", s.window, String(Int(p.0.rounded())), String(Int(p.1.rounded()))])
    }

    func center(_ f: [String: Any]) -> (Double, Double) {
        ((f["x"] as! Double) + (f["width"] as! Double) / 2, (f["y"] as! Double) + (f["height"] as! Double) / 2)
    }

    func testNoHoverHighlightStaysAfterThePointerLeavesOrAResize() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--scene", "feed", "--size", "390x844", "--trace", s.traceFile.path])
        let trace = TraceReader(s.traceFile)
        pointerAway(s)
        let state = try XCTUnwrap(s.waitForState { ($0["toolbar"] as? [[String: Any]])?.isEmpty == false })
        // The scene's own button, on the trailing side: a turn to landscape moves it from under the pointer.
        let button = try XCTUnwrap((state["toolbar"] as? [[String: Any]])?.first { $0["id"] as? String == "grid" })
        let p = center(button)

        // The toolbar button lights under the pointer, and not once the pointer has left the window.
        let rest = try settledGrab(s, trace, "at rest")
        pointer(s, at: p)
        let lit = try settledGrab(s, trace, "hovered")
        XCTAssertNotEqual(lit, rest, "hovering the toolbar button shows nothing (the test would prove nothing)")
        pointerAway(s)
        XCTAssertEqual(try settledGrab(s, trace, "after leaving"), rest, "a hover highlight stayed after the pointer left: \(s.screenshot("left.png"))")

        // In landscape the same point is bare navigation bar: what it looks like with the pointer there.
        s.resize(844, 390)
        XCTAssertNotNil(s.waitForState { ($0["window"] as? [String: Double])?["width"] == 844 })
        pointer(s, at: p)
        let landscape = try settledGrab(s, trace, "landscape, pointer on the bar")
        // Back to portrait, hover the button, then turn the window under the still pointer.
        pointerAway(s)
        s.resize(390, 844)
        XCTAssertNotNil(s.waitForState { ($0["window"] as? [String: Double])?["width"] == 390 })
        let restAgain = try settledGrab(s, trace, "portrait again")
        pointer(s, at: p)
        XCTAssertNotEqual(try settledGrab(s, trace, "hovered again"), restAgain, "the button is not lit under the pointer")
        s.resize(844, 390)
        XCTAssertNotNil(s.waitForState { ($0["window"] as? [String: Double])?["width"] == 844 })
        XCTAssertEqual(try settledGrab(s, trace, "resized under the pointer"), landscape,
                       "a hover highlight stayed on a button that moved away from the pointer: \(s.screenshot("resized.png"))")
    }

    /// A scene's own controls too: the styles picker's segments.
    func testAPickerSegmentDoesNotStayLitAfterThePointerLeaves() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--scene", "styles", "--size", "390x844", "--trace", s.traceFile.path])
        let trace = TraceReader(s.traceFile)
        pointerAway(s)
        let styles = try XCTUnwrap(s.waitForState { ($0["styles"] as? [String: Any])?["segments"] != nil }?["styles"] as? [String: Any])
        let current = styles["style"] as? String
        let segment = try XCTUnwrap((styles["segments"] as? [[String: Any]])?.first { $0["option"] as? String != current })
        let rest = try settledGrab(s, trace, "at rest")
        pointer(s, at: center(segment))
        XCTAssertNotEqual(try settledGrab(s, trace, "hovered"), rest, "hovering a segment shows nothing")
        pointerAway(s)
        XCTAssertEqual(try settledGrab(s, trace, "after leaving"), rest, "a segment stayed lit after the pointer left: \(s.screenshot("segment.png"))")
    }
}
