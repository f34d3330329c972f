import XCTest
import Foundation
import GridCore
import Stage
@testable import CoffeeGridApp

/// The motion test of the real window (MotionWindowTests), headless: the same changes, each after
/// the virtual clock has idled two seconds without frames, as a window sleeps. Read back from the
/// app's `--trace` lines, every change draws at least 10 frames strictly between its start and end
/// layouts over at least 150 ms. Before events advanced the app to their own time, every one of
/// these started its animation at the last frame's time and drew none.
final class IdleMotionTests: XCTestCase {
    var dir: URL!
    var session: HeadlessSession!
    var traceURL: URL { dir.appendingPathComponent("trace.jsonl") }

    override func setUpWithError() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-idle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        session = try HeadlessSession(scene: "feed", size: Size(width: 390, height: 844))
        session.app.trace = try FrameTrace(path: traceURL.path)
    }

    override func tearDownWithError() throws {
        session = nil
        try? FileManager.default.removeItem(at: dir)
    }

    var host: StageHost { session.host }

    func state() throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(session.app.stateJSON().text.utf8)) as? [String: Any])
    }

    func lines() throws -> [[String: Any]] {
        try String(contentsOf: traceURL, encoding: .utf8).split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func click(_ f: [String: Any]) {
        let p = Point(x: (f["x"] as! Double) + (f["width"] as! Double) / 2, y: (f["y"] as! Double) + (f["height"] as! Double) / 2)
        host.inject(.mouseMove(p))
        host.inject(.mouseDown(p, .left))
        host.inject(.mouseUp(p, .left))
    }

    /// Settles, idles two seconds, triggers, and steps until motion ends; returns the frames drawn
    /// strictly between the start and end layouts and the time they span.
    func measure(_ name: String, _ trigger: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) throws {
        session.runner.settle()
        let before = try lines()
        host.idle(seconds: 2)
        try trigger()
        var n = 0
        repeat { host.step(); n += 1 } while (host.isAnimating || n < 2) && n < 600
        let after = Array(try lines().dropFirst(before.count))
        func boxes(_ l: [String: Any]) -> [String: [Double]] {
            var r: [String: [Double]] = [:]
            for i in l["items"] as! [[String: Any]] { r["\(i["id"]!)"] = ["x", "y", "width", "height"].map { i[$0] as! Double } }
            return r
        }
        let start = boxes(try XCTUnwrap(before.last)), end = boxes(try XCTUnwrap(after.last))
        let ids = Set(start.keys).intersection(end.keys).filter { start[$0]! != end[$0]! }
        XCTAssertFalse(ids.isEmpty, "\(name): nothing moved", file: file, line: line)
        let far = { (a: [Double], b: [Double]) in zip(a, b).contains { abs($0 - $1) > 0.01 } }
        let between = after.dropLast().filter { l in
            let f = boxes(l).filter { ids.contains($0.key) }
            return f.contains { far($0.value, start[$0.key]!) } && f.contains { far($0.value, end[$0.key]!) }
        }
        let span = ((between.last?["ms"] as? Double) ?? 0) - ((between.first?["ms"] as? Double) ?? 0)
        XCTAssertGreaterThanOrEqual(between.count, 10, "\(name): \(between.count) frames between start and end", file: file, line: line)
        XCTAssertGreaterThanOrEqual(span, 150, "\(name): motion over \(span) ms", file: file, line: line)
    }

    func switchScene(_ name: String) throws {
        try session.app.switchScene(to: name)
        host.step()
    }

    func testEveryChangeAnimatesAfterAnIdleClock() throws {
        for _ in 0..<4 { try measure("feed g") { host.inject(.key(.character("g"), [])) } }
        try switchScene("cafes")
        try measure("cafes g") { host.inject(.key(.character("g"), [])) }
        try measure("cafes h") { host.inject(.key(.character("h"), [])) }
        try switchScene("symbols")
        try measure("symbols c") { host.inject(.key(.character("c"), [])) }
        try switchScene("dock")
        var id = ""
        try measure("dock flight") {
            let photo = try XCTUnwrap((try state()["visible"] as? [[String: Any]])?.first { $0["in"] as? String == "grid" })
            id = photo["id"] as! String
            click(photo)
        }
        try measure("dock return") {
            click(try XCTUnwrap((try state()["visible"] as? [[String: Any]])?.first { $0["id"] as? String == id }))
        }
        try switchScene("styles")
        try measure("styles picker") {
            let segments = try XCTUnwrap((try state()["styles"] as? [String: Any])?["segments"] as? [[String: Any]])
            click(try XCTUnwrap(segments.first { $0["option"] as? String == "fixed" }))
        }
        try switchScene("cafes")
        try measure("cafes landscape") { host.resize(to: Size(width: 844, height: 390)) }
    }

    /// The idle clock is what makes the test above mean something: without it every event would
    /// land one frame after the last, as it did before, and stale frame times would go unseen.
    func testIdleAdvancesTheClockWithoutFrames() {
        session.runner.settle()
        let frames = host.frameCount, time = host.now
        host.idle(seconds: 3)
        XCTAssertEqual(host.frameCount, frames)
        XCTAssertEqual(host.now, time + 3, accuracy: 1e-9)
        host.step()
        XCTAssertEqual(host.time, time + 3 + 1 / 60, accuracy: 1e-9)
    }

    /// After a scroll the bar stands at full strength for 0.8 s: the window sleeps through it (the
    /// app's next wake is when the fade starts), then draws the 0.3 s fade, and the bar is gone.
    func testTheScrollBarsPauseIsSleptThroughAndItsFadeDrawn() throws {
        session.runner.settle()
        try session.run(.scroll(dx: 0, dy: 300, modifiers: []))
        session.runner.settle()
        let grid = try XCTUnwrap(session.app.scene.mainGrid)
        XCTAssertEqual(grid.measured.scrollbar?.opacity, 1, "the bar is shown after the scroll")
        XCTAssertFalse(host.isAnimating || session.app.needsDisplay, "nothing moves while it stands")
        // When the fade starts: 0.8 s after the scroll's last move, which may be a few frames back
        // (settling also waits for photos still decoding).
        let wake = try XCTUnwrap(session.app.nextWake)
        XCTAssertTrue(wake > host.now && wake <= host.now + Scrollbar.shownSeconds + 1e-9, "\(wake) at \(host.now)")
        let frames = host.frameCount
        try session.run(.wait(milliseconds: 2000))
        XCTAssertEqual(grid.measured.scrollbar?.opacity ?? 0, 0, "the bar is gone")
        let drawn = host.frameCount - frames
        XCTAssertTrue((12...30).contains(drawn), "the 0.3 s fade drawn (about 18 frames), not the 0.8 s before it: \(drawn) frames")
    }
}
