import Foundation
import TestEnvironment
import XCTest

/// Ctrl+C and the code panel's button in a real X window: what lands on the X clipboard, read back
/// by another program (xclip) as a person's paste would, is the scene's code shown in the panel.
final class ClipboardWindowTests: XCTestCase {
    var session: XSession?

    override func setUpWithError() throws { session = try XSession() }

    override func tearDown() { session?.close() }

    func code(_ state: [String: Any]) -> [String: Any] { state["code"] as? [String: Any] ?? [:] }

    func paste(_ s: XSession) -> String { XSession.run("xclip", ["-o", "-selection", "clipboard"], display: s.display) }

    func testCtrlCAndTheButtonPutTheCodeOnTheXClipboard() throws {
        let s = try XCTUnwrap(session)
        try TestEnvironment.require(tool: "xclip", package: "xclip")
        try s.launch(["--scene", "bars", "--size", "390x844"])
        let bars = try XCTUnwrap(s.waitForState { $0["scene"] as? String == "bars" && $0["code"] != nil })
        // Idle for a moment first: the copy must not depend on frames being drawn.
        usleep(1_000_000)
        s.key("ctrl+c")
        XCTAssertNotNil(s.waitForState { (self.code($0)["copies"] as? Double) == 1 }, "Ctrl+C was not seen")
        let text = try XCTUnwrap(code(bars)["text"] as? String)
        var pasted = ""
        XCTAssertTrue(XSession.waitUntil(5) { pasted = self.paste(s); return pasted == text.trimmingCharacters(in: .whitespacesAndNewlines) },
                      "xclip read \(pasted.count) characters, not the bars' code")
        XCTAssertTrue(pasted.contains("GridItem(.fixed(30), spacing: 1)"))

        // Another scene and its button: the clipboard follows.
        s.key("5")
        let feed = try XCTUnwrap(s.waitForState { $0["scene"] as? String == "feed" })
        let button = try XCTUnwrap(code(feed)["button"] as? [String: Double])
        s.click(button["x"]! + button["width"]! / 2, button["y"]! + button["height"]! / 2)
        XCTAssertNotNil(s.waitForState { (self.code($0)["copies"] as? Double) == 2 }, "the copy button was not seen: \(s.screenshot("copy.png"))")
        let feedCode = try XCTUnwrap(code(feed)["text"] as? String)
        XCTAssertTrue(XSession.waitUntil(5) { self.paste(s) == feedCode.trimmingCharacters(in: .whitespacesAndNewlines) })
        s.key("ctrl+q")
    }
}
