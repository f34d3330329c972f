import XCTest
import GridCore
@testable import CoffeeGridApp

final class GestureScriptTests: XCTestCase {
    func testGestureCommands() throws {
        let commands = try ScriptCommand.parse(script: """
        scroll 0 40 200 400 Ctrl
        scroll 0 -40 Ctrl+Shift
        scroll 0 -40
        pinch 1.5 10 20
        pinch 0.8
        pinchend
        pinchend 3 4
        settle
        """).map(\.command)
        XCTAssertEqual(commands, [
            .scrollAt(dx: 0, dy: 40, at: Point(x: 200, y: 400), modifiers: .control),
            .scroll(dx: 0, dy: -40, modifiers: [.control, .shift]), .scroll(dx: 0, dy: -40, modifiers: []),
            .pinch(scale: 1.5, at: Point(x: 10, y: 20)), .pinch(scale: 0.8, at: nil),
            .pinchEnd(at: nil), .pinchEnd(at: Point(x: 3, y: 4)), .settle,
        ])
    }

    func testBadGestureLines() {
        for (text, fragment) in [("scroll 0 1 Hyper", "unknown modifiers"), ("scroll 1 2 3", "2 or 4 numbers"),
                                 ("pinch 0", "above 0"), ("pinch", "1 or 3 numbers"), ("pinchend 1", "0 or 2 numbers"),
                                 ("settle now", "no arguments")] {
            XCTAssertThrowsError(try ScriptCommand.parse(script: text), text) { error in
                XCTAssertTrue("\(error)".contains(fragment), "\(error) lacks \(fragment)")
            }
        }
    }
}
