import XCTest
import Foundation
@testable import CoffeeGridApp

/// Runs the real app in-process, headless, with scripts, and reads what it wrote.
final class HeadlessRunTests: XCTestCase {
    var runs: ScriptStates!

    override func setUpWithError() throws { runs = try ScriptStates() }
    override func tearDownWithError() throws { runs.remove() }

    func path(_ name: String) -> String { runs.path(name) }
    func json(_ name: String) throws -> [String: Any] { try runs.json(name) }
    func run(_ script: String, _ args: [String] = []) throws -> Int32 {
        try runs.launch(script.components(separatedBy: "\n"), args: args).exitCode
    }

    func testScrollingKeepsMaterializedNearTheVisibleCount() throws {
        let rc = try run("""
        scene cells
        state \(path("top.json"))
        scroll 0 3000
        state \(path("middle.json"))
        scroll 0 1000000
        wait 100
        state \(path("end.json"))
        """)
        XCTAssertEqual(rc, 0)
        for name in ["top.json", "middle.json", "end.json"] {
            let s = try json(name)
            let items = try XCTUnwrap(s["items"] as? [String: Any])
            let visible = try XCTUnwrap(s["visible"] as? [[String: Any]])
            XCTAssertEqual(items["total"] as? Double, 10_000)
            let materialized = try XCTUnwrap(items["materialized"] as? Double)
            XCTAssertGreaterThan(visible.count, 50, name)
            // On screen plus half a viewport of prefetch on each side: at most about twice the visible count.
            XCTAssertLessThanOrEqual(materialized, Double(visible.count) * 2 + 12, name)
            XCTAssertGreaterThanOrEqual(materialized, Double(visible.count), name)
        }
        let middle = try json("middle.json")
        let first = try XCTUnwrap((middle["visible"] as? [[String: Any]])?.first?["id"] as? Double)
        XCTAssertGreaterThan(first, 250)
        let end = try json("end.json")
        let last = try XCTUnwrap((end["visible"] as? [[String: Any]])?.last?["id"] as? Double)
        XCTAssertEqual(last, 9999)
    }

    /// `--items` and `--columns` reach the cells scene: a million cells in three columns, lazily, and
    /// the last one is reachable.
    func testCellsTakeItemsAndColumns() throws {
        let rc = try run("""
        state \(path("top.json"))
        key End
        wait 1500
        state \(path("end.json"))
        """, ["--scene", "cells", "--items", "1000000", "--columns", "Array(repeating: GridItem(.flexible()), count: 3)",
              "--size", "1280x800"])
        XCTAssertEqual(rc, 0)
        let top = try json("top.json")
        XCTAssertEqual((top["items"] as? [String: Any])?["total"] as? Double, 1_000_000)
        XCTAssertEqual((top["tracks"] as? [Any])?.count, 3)
        let materialized = try XCTUnwrap((top["items"] as? [String: Any])?["materialized"] as? Double)
        XCTAssertLessThan(materialized, 100)
        XCTAssertEqual(top["renderer"] as? String, "software")
        let last = try XCTUnwrap((try json("end.json")["visible"] as? [[String: Any]])?.last?["id"] as? Double)
        XCTAssertEqual(last, 999_999)
        // No items at all is a valid, empty grid.
        XCTAssertEqual(try run("state \(path("empty.json"))", ["--scene", "cells", "--items", "0"]), 0)
        XCTAssertEqual(((try json("empty.json"))["items"] as? [String: Any])?["total"] as? Double, 0)
    }

    func testResizeReportsSizeClasses() throws {
        XCTAssertEqual(try run("resize 844 390\nstate \(path("land.json"))\nresize 1024 1366\nstate \(path("ipad.json"))"), 0)
        let land = try json("land.json")
        XCTAssertEqual((land["sizeClass"] as? [String: String])?["vertical"], "compact")
        // An iPhone 13 Pro in landscape: compact both ways (only the Plus and Max phones are regular wide there).
        XCTAssertEqual((land["sizeClass"] as? [String: String])?["horizontal"], "compact")
        XCTAssertEqual((land["window"] as? [String: Double])?["width"], 844)
        let ipad = try json("ipad.json")
        XCTAssertEqual(ipad["sizeClass"] as? [String: String], ["horizontal": "regular", "vertical": "regular"])
    }

    func testScreenshotIsWrittenAtTheRequestedScale() throws {
        XCTAssertEqual(try run("screenshot \(path("a.png"))", ["--scale", "2", "--size", "320x400"]), 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: path("a.png")))
        // PNG IHDR: width and height, big-endian, at bytes 16…23.
        let w = data[16..<20].reduce(0) { $0 << 8 | Int($1) }, h = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertEqual(w, 640)
        XCTAssertEqual(h, 800)
    }

    func testClickSelectsTheItemUnderThePointer() throws {
        XCTAssertEqual(try run("scene symbols\nstate \(path("before.json"))"), 0)
        let before = try json("before.json")
        let item = try XCTUnwrap((before["visible"] as? [[String: Double]])?[7])
        let x = item["x"]! + item["width"]! / 2, y = item["y"]! + item["height"]! / 2
        XCTAssertEqual(try run("scene symbols\nclick \(x) \(y)\nstate \(path("after.json"))"), 0)
        XCTAssertEqual(try json("after.json")["selected"] as? Double, item["id"])
    }

    func testBadScriptLineFailsWithItsNumber() throws {
        XCTAssertEqual(try run("wait 10\nscene nowhere\n"), 2)
        XCTAssertEqual(try run("wait 10\nclick 1\n"), 2)
    }

    func testUnknownFlagsAndScenesExitTwo() {
        XCTAssertEqual(CoffeeGrid.main(["--headless", "--scene", "nowhere"]), 2)
        XCTAssertEqual(CoffeeGrid.main(["--wat"]), 2)
        XCTAssertEqual(CoffeeGrid.main(["--headless", "--resources", "/nonexistent/dir"]), 1)
    }
}
