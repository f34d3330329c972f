import XCTest
import GridCore
@testable import CoffeeGridApp

/// When what a person did changes the code the panel prints (the feed's button sets its
/// `@State`), the panel brings the changed line into view; code that changes by itself, or
/// another scene's code, opens at its top.
final class CodePanelFollowTests: XCTestCase {
    let content = Rect(x: 0, y: 0, width: 390, height: 800)
    let before = (0..<40).map { "line \($0)" }.joined(separator: "\n")
    var after: String { before.replacingOccurrences(of: "line 20", with: "line twenty") }

    func testAChangeAPersonMadeIsBroughtIntoView() {
        let panel = CodePanel()
        _ = panel.layout(code: before, in: content, scale: 1, time: 0)
        XCTAssertEqual(panel.offset, 0)
        panel.followsNextChange = true
        _ = panel.layout(code: after, in: content, scale: 1, time: 0)
        // Line 20 changed: line 19 (the line above it) at the top.
        XCTAssertEqual(panel.offset, 19 * CodePanel.lineHeight)
        XCTAssertFalse(panel.followsNextChange, "followed once")
    }

    func testAChangeNobodyAskedForOpensAtTheTop() {
        let panel = CodePanel()
        _ = panel.layout(code: before, in: content, scale: 1, time: 0)
        _ = panel.wheel(dy: 50, at: Point(x: 100, y: 100))
        _ = panel.layout(code: after, in: content, scale: 1, time: 0)
        XCTAssertEqual(panel.offset, 0)
    }

    func testAFollowedChangeNearTheTopOrOnlyAddingLinesStaysAtTheTop() {
        XCTAssertEqual(CodePanel.offset(showingChangeFrom: "a\nb\nc", to: "a\nB\nc", columns: 40), 0)
        XCTAssertEqual(CodePanel.offset(showingChangeFrom: "a\nb", to: "a\nb\nc\nd", columns: 40), 0)
        XCTAssertEqual(CodePanel.offset(showingChangeFrom: "", to: "a\nb", columns: 40), 0)
        // Wrapped lines above the change count as the panel draws them.
        let long = String(repeating: "word ", count: 20)
        XCTAssertEqual(CodePanel.offset(showingChangeFrom: "\(long)\nx\ny\nz", to: "\(long)\nx\ny\nZ", columns: 40),
                       Double(CodePanel.wrap("\(long)\nx", columns: 40).count) * CodePanel.lineHeight)
    }

    func testTheFeedsButtonShowsTheStateItSet() throws {
        let run = try ScriptStates()
        defer { run.remove() }
        let s = try run.run(["STATE", "key g", "settle", "STATE"])
        let panel0 = s[0].object("code"), panel1 = s[1].object("code")
        XCTAssertEqual(panel0["offset"] as? Double, 0, "the chapter's code opens at its top")
        XCTAssertGreaterThan(panel1["offset"] as? Double ?? 0, 0, "scrolled to `@State var gridLayout` after the button")
    }
}
