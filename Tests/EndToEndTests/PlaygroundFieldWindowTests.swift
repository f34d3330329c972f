import Foundation
import XCTest

/// The playground's field in a real X window, typed into and selected with the mouse through
/// xdotool, as a person would: SDL's text input, mouse capture and key repeat are all in the path.
final class PlaygroundFieldWindowTests: XCTestCase {
    var session: XSession?

    override func setUpWithError() throws { session = try XSession() }

    override func tearDown() { session?.close() }

    func playground(_ state: [String: Any]) -> [String: Any] { state["playground"] as? [String: Any] ?? [:] }

    func testTypeSelectWithTheMouseUndoApplyAndEsc() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--scene", "playground", "--size", "390x844"])
        let first = try XCTUnwrap(s.waitForState { self.playground($0)["field"] != nil }, "no playground state")
        let field = try XCTUnwrap(playground(first)["field"] as? [String: Double])
        let left = field["x"]! + 10, top = field["y"]! + 8

        // Click into the field, select everything and type a new spec.
        s.click(field["x"]! + field["width"]! - 20, top + 9)
        XCTAssertNotNil(s.waitForState { self.playground($0)["editing"] as? Bool == true }, "click did not start editing: \(s.screenshot("field-click.png"))")
        s.key("ctrl+a")
        let spec = "[GridItem(.fixed(100)), GridItem(.flexible())]"
        s.xdotool(["type", "--window", s.window, "--delay", "15", spec])
        XCTAssertNotNil(s.waitForState { self.playground($0)["typed"] as? String == spec },
                        "typing not seen: \(playground(s.state() ?? [:])["typed"] ?? "nil") \(s.screenshot("field-type.png"))")

        // Drag across the start of the first line: a selection from 0.
        s.xdotool(["mousemove", "--window", s.window, String(Int(left + 1)), String(Int(top + 9)), "mousedown", "1"])
        for x in stride(from: left + 10, through: left + 72, by: 10) {
            s.xdotool(["mousemove", "--window", s.window, String(Int(x)), String(Int(top + 9))])
        }
        s.xdotool(["mouseup", "1"])
        // On a loaded machine the drag's motion events may still be arriving when the first
        // selection shows: read its end only once it has stopped changing.
        var settled: [Double]?
        var lastSeen: [Double]?
        _ = XSession.waitUntil(8) {
            let sel = self.playground(s.state() ?? [:])["selection"] as? [Double]
            defer { lastSeen = sel }
            guard let sel = sel, sel[0] == 0, sel[1] >= 6, sel == lastSeen else { return false }
            usleep(300_000)
            guard self.playground(s.state() ?? [:])["selection"] as? [Double] == sel else { return false }
            settled = sel
            return true
        }
        let selection = try XCTUnwrap(settled, "drag did not select: \(playground(s.state() ?? [:])["selection"] ?? "nil") \(s.screenshot("field-drag.png"))")
        let end = Int(selection[1])

        // Typing replaces the selection; Ctrl+Z brings it back.
        s.xdotool(["type", "--window", s.window, "X"])
        let replaced = "X" + spec.dropFirst(end)
        XCTAssertNotNil(s.waitForState { self.playground($0)["typed"] as? String == replaced }, "typing over the selection: \(s.screenshot("field-replace.png"))")
        s.key("ctrl+z")
        XCTAssertNotNil(s.waitForState { self.playground($0)["typed"] as? String == spec }, "undo: \(s.screenshot("field-undo.png"))")
        s.key("ctrl+shift+z")
        XCTAssertNotNil(s.waitForState { self.playground($0)["typed"] as? String == replaced }, "redo: \(s.screenshot("field-redo.png"))")
        s.key("ctrl+z")
        XCTAssertNotNil(s.waitForState { self.playground($0)["typed"] as? String == spec })

        // Return applies the spec: two tracks, 100 and the rest.
        s.key("Return")
        let applied = try XCTUnwrap(s.waitForState { self.playground($0)["spec"] as? String == spec && self.playground($0)["editing"] as? Bool == false },
                                    "Return did not apply: \(s.screenshot("field-apply.png"))")
        let tracks = try XCTUnwrap(applied["tracks"] as? [[String: Double]])
        XCTAssertEqual(tracks.map { $0["size"]! }.first, 100)
        XCTAssertEqual(tracks.count, 2)

        // Esc ends editing (and restores the applied spec); the app keeps running.
        // (`e` starts editing; the letter itself is not typed.)
        s.key("e")
        s.key("ctrl+End")
        s.xdotool(["type", "--window", s.window, "oops"])
        XCTAssertNotNil(s.waitForState { self.playground($0)["typed"] as? String == spec + "oops" },
                        "typing after e: \(playground(s.state() ?? [:])["typed"] ?? "nil")")
        s.key("Escape")
        XCTAssertNotNil(s.waitForState { self.playground($0)["editing"] as? Bool == false && self.playground($0)["typed"] as? String == spec },
                        "Esc: \(s.screenshot("field-esc.png"))")
        usleep(300_000)
        XCTAssertTrue(s.app?.isRunning == true, "Esc in the field must not quit")
    }
}
