import XCTest
import Foundation
@testable import CoffeeGridApp

/// The dock scene run headless in-process with scripts, read back from the state file; and the
/// saved dock across launches. XDG_STATE_HOME points into a temporary folder, never the real home.
final class DockSceneTests: XCTestCase {
    var runs: ScriptStates!

    override func setUpWithError() throws {
        runs = try ScriptStates("dock")
        setenv("XDG_STATE_HOME", path("state"), 1)
    }

    override func tearDownWithError() throws { runs.remove() }

    var dir: URL { runs.dir }
    func path(_ name: String) -> String { runs.path(name) }
    var dockFile: String { path("state/coffeegrid/dock.json") }
    func json(_ name: String) throws -> [String: Any] { try runs.json(name) }

    @discardableResult
    func run(_ lines: [String], _ args: [String] = []) throws -> Int32 {
        let r = try runs.launch(["scene dock"] + lines, size: "390x844", args: args)
        XCTAssertEqual(r.exitCode, 0, r.log.joined(separator: "\n"))
        return r.exitCode
    }

    struct Box: Equatable { var x, y, width, height: Double }

    func frame(_ entry: [String: Any]) throws -> Box {
        Box(x: try XCTUnwrap(entry["x"] as? Double), y: try XCTUnwrap(entry["y"] as? Double),
            width: try XCTUnwrap(entry["width"] as? Double), height: try XCTUnwrap(entry["height"] as? Double))
    }

    func visible(_ state: [String: Any], _ id: String) throws -> Box {
        let list = try XCTUnwrap(state["visible"] as? [[String: Any]])
        return try frame(try XCTUnwrap(list.first { $0["id"] as? String == id }, "\(id) not visible"))
    }

    func flying(_ state: [String: Any], _ id: String) throws -> Box {
        let list = try XCTUnwrap(state["flying"] as? [[String: Any]])
        return try frame(try XCTUnwrap(list.first { $0["id"] as? String == id }, "\(id) not flying"))
    }

    func ids(_ state: [String: Any], _ key: String) -> [String] { state[key] as? [String] ?? [] }

    func centre(_ b: Box) -> String { "\(b.x + b.width / 2) \(b.y + b.height / 2)" }

    /// Each coordinate strictly between its start and end values (or equal to both if they match).
    func assertBetween(_ mid: Box, _ a: Box, _ b: Box, file: StaticString = #filePath, line: UInt = #line) {
        for (m, s, e) in [(mid.x, a.x, b.x), (mid.y, a.y, b.y), (mid.width, a.width, b.width), (mid.height, a.height, b.height)] {
            if s == e { XCTAssertEqual(m, s, file: file, line: line) } else {
                XCTAssertGreaterThan(m, min(s, e), "\(mid) between \(a) and \(b)", file: file, line: line)
                XCTAssertLessThan(m, max(s, e), "\(mid) between \(a) and \(b)", file: file, line: line)
            }
        }
    }

    func testClickFliesThePhotoToTheEndOfTheDockAndBack() throws {
        try run(["state \(path("before.json"))"])
        let start = try visible(try json("before.json"), "coffee-5")
        try run(["click \(centre(start))", "state \(path("mid.json"))", "wait 500", "state \(path("after.json"))"])
        let mid = try json("mid.json"), after = try json("after.json")
        XCTAssertEqual(ids(mid, "dock"), ["coffee-5"], "the model changes at once")
        XCTAssertEqual(ids(after, "dock").last, "coffee-5")
        XCTAssertFalse(ids(after, "grid").contains("coffee-5"))
        XCTAssertEqual(ids(after, "grid").count, 19)
        XCTAssertEqual((after["flying"] as? [Any])?.count, 0)
        let end = try visible(after, "coffee-5")
        assertBetween(try flying(mid, "coffee-5"), start, end)
        // Landed inside the dock's viewport, and the grid closed the gap: coffee-6 took its cell.
        let dock = try frame(try XCTUnwrap(after["dockScroll"] as? [String: Any]))
        XCTAssertGreaterThanOrEqual(end.x, dock.x)
        XCTAssertLessThanOrEqual(end.x + end.width, dock.x + dock.width)
        XCTAssertEqual(try visible(after, "coffee-6"), start)
        XCTAssertEqual(after["animating"] as? Bool, false)

        // The next launch restores the dock; a click there sends the photo to the end of the grid.
        try run(["click \(centre(end))", "state \(path("back-mid.json"))", "wait 500", "state \(path("back.json"))"])
        let backMid = try json("back-mid.json"), back = try json("back.json")
        XCTAssertEqual(ids(back, "dock"), [])
        XCTAssertEqual(ids(back, "grid").last, "coffee-5")
        XCTAssertEqual(ids(back, "grid").count, 20)
        assertBetween(try flying(backMid, "coffee-5"), end, try visible(back, "coffee-5"))
    }

    func testTenSelectionsKeepTheNewestWhollyInView() throws {
        // The first cell each time: the grid refills it as the gap closes. It starts at the grid
        // scroll view's leading edge, inside the VStack's 16-point `.padding()`, under the heading.
        try run(["state \(path("s0.json"))"])
        let first = try visible(try json("s0.json"), "coffee-1")
        let grid = try frame(try XCTUnwrap((try json("s0.json")["gridLayout"] as? [String: Any])?["viewport"] as? [String: Any]))
        XCTAssertEqual(first, Box(x: 16, y: grid.y + 34 + 8, width: 53, height: 60))
        let clicks = (0..<10).flatMap { _ in ["click \(first.x + first.width / 2) \(first.y + first.height / 2)", "wait 100"] }
        try run(clicks + ["wait 500", "state \(path("s1.json"))"])
        let s = try json("s1.json")
        let dock = ids(s, "dock")
        XCTAssertEqual(dock, (1...10).map { "coffee-\($0)" })
        let newest = try visible(s, "coffee-10")
        let viewport = try frame(try XCTUnwrap(s["dockScroll"] as? [String: Any]))
        XCTAssertGreaterThanOrEqual(newest.x, viewport.x)
        XCTAssertLessThanOrEqual(newest.x + newest.width, viewport.x + viewport.width)
        let scroll = try XCTUnwrap(s["dockScroll"] as? [String: Double])
        XCTAssertGreaterThan(scroll["offset"]!, 0, "ten photos overflow a phone-wide dock")
    }
}
