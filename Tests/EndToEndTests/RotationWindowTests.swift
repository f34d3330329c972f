import Foundation
import XCTest

/// Turning a real window keeps a person's place. After a second and a half idle, the window goes
/// from 390×844 to 844×390, and after another idle second and a half back: in the cafes the cafe
/// read at the top ends at the top of the grid, and in the dock the newest photo ends wholly in the
/// dock (and the grid's first photo at its top), as the `--trace` of what the window drew says,
/// with at least 10 frames drawn between the one layout and the other each way. An attempt the
/// machine starved of frames (see `DrawnMotion.starved`) is turned back and tried again, up to six times.
final class RotationWindowTests: XCTestCase {
    var session: XSession?

    override func setUpWithError() throws { session = try XSession() }

    override func tearDown() { session?.close() }

    static func rect(_ any: Any?) -> TracedFrame.Box? {
        guard let d = any as? [String: Any], let x = d["x"] as? Double, let y = d["y"] as? Double,
              let w = d["width"] as? Double, let h = d["height"] as? Double else { return nil }
        return TracedFrame.Box(x: x, y: y, width: w, height: h)
    }

    func atRest(_ s: XSession, width: Double) -> [String: Any]? {
        s.waitForState(15) { ($0["window"] as? [String: Double])?["width"] == width && $0["animating"] as? Bool == false }
    }

    /// Idle, turn to landscape and check, idle, turn back and check: `check` gets what was drawn
    /// and the state at the end. A starved attempt is turned back and tried again.
    func turns(_ s: XSession, _ trace: TraceReader, _ name: String, check: (DrawnMotion, [String: Any]) throws -> Void) throws {
        for (to, back) in [((844, 390), (390, 844)), ((390, 844), (844, 390))] {
            let label = "\(name), \(back.0)×\(back.1) → \(to.0)×\(to.1)"
            for attempt in 1...6 {
                let before = try XCTUnwrap(trace.waitIdle(quiet: 1.5), "\(label): the window never went idle: \(s.screenshot("idle.png"))")
                let start = try XCTUnwrap(before.last)
                s.resize(to.0, to.1)
                usleep(400_000)
                let end = try XCTUnwrap(atRest(s, width: Double(to.0)), "\(label): never at rest: \(s.screenshot("turned.png"))")
                let after = try XCTUnwrap(trace.waitIdle(quiet: 0.4), "\(label): kept drawing")
                let motion = DrawnMotion(name: label, start: start, after: Array(after.dropFirst(before.count)))
                print("RotationWindowTests: attempt \(attempt): \(motion)")
                if motion.passes || !motion.starved || attempt == 6 {
                    XCTAssertGreaterThanOrEqual(motion.between.count, 10, "\(motion)")
                    try check(motion, end)
                    break
                }
                s.resize(back.0, back.1)
                _ = atRest(s, width: Double(back.0))
            }
        }
    }

    func testTheCafeAtTheTopEndsAtTheTopInLandscape() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--scene", "cafes", "--size", "390x844", "--no-restore", "--trace", s.traceFile.path])
        let trace = TraceReader(s.traceFile)
        let first = try XCTUnwrap(s.waitForState { ($0["visible"] as? [Any])?.isEmpty == false })
        let viewport = try XCTUnwrap(RotationWindowTests.rect((first["grid"] as? [String: Any])?["viewport"]))
        // Twenty presses of Down, 40 pt each: a cafe that shares its landscape row with the one
        // before it (a turn there and back must come back to it, not to its neighbour).
        for _ in 0..<20 { s.key("Down") }
        let scrolled = try XCTUnwrap(s.waitForState { ($0["scroll"] as? [String: Double])?["offset"] == 800 && $0["animating"] as? Bool == false })
        // The cafe being read: the first of which at least half shows.
        let top = try XCTUnwrap((scrolled["visible"] as? [[String: Any]])?.first { v in
            guard let r = RotationWindowTests.rect(v) else { return false }
            return min(r.y + r.height, viewport.y + viewport.height) - max(r.y, viewport.y) >= r.height / 2
        }?["id"] as? String)
        try turns(s, trace, "cafes with \(top) at the top") { motion, end in
            let view = try XCTUnwrap(RotationWindowTests.rect((end["grid"] as? [String: Any])?["viewport"]))
            let drawn = try XCTUnwrap(motion.frames.last?.items[top], "\(top) drawn in the last frame")
            // At the top: starting within the padding below the viewport's top, wholly in view.
            XCTAssertGreaterThanOrEqual(drawn.y, view.y - 0.5, "\(top) at \(drawn), the grid from \(view.y): \(s.screenshot("turned.png"))")
            XCTAssertLessThanOrEqual(drawn.y, view.y + 12, "\(top) at \(drawn), the grid from \(view.y): \(s.screenshot("turned.png"))")
            XCTAssertLessThanOrEqual(drawn.y + drawn.height, view.y + view.height + 0.5, "\(top) shows whole")
        }
    }

    func testTheDocksNewestPhotoEndsInViewInLandscape() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--scene", "dock", "--size", "390x844", "--no-restore", "--trace", s.traceFile.path])
        let trace = TraceReader(s.traceFile)
        // Twelve photos clicked into the dock, the first grid photo each time (the grid closes the gap).
        for n in 1...12 {
            let state = try XCTUnwrap(s.waitForState { ($0["dock"] as? [Any])?.count == n - 1 && ($0["flying"] as? [Any])?.isEmpty == true })
            let photo = try XCTUnwrap((state["visible"] as? [[String: Any]])?.first { $0["in"] as? String == "grid" })
            let r = try XCTUnwrap(RotationWindowTests.rect(photo))
            s.click(r.x + r.width / 2, r.y + r.height / 2)
        }
        let docked = try XCTUnwrap(s.waitForState(15) { ($0["dock"] as? [Any])?.count == 12 && $0["animating"] as? Bool == false })
        let newest = try XCTUnwrap((docked["dock"] as? [String])?.last)
        let firstInGrid = try XCTUnwrap((docked["grid"] as? [String])?.first)
        XCTAssertGreaterThan((docked["dockScroll"] as? [String: Any])?["max"] as? Double ?? 0, 0, "the dock scrolls")
        try turns(s, trace, "dock with \(newest) newest") { motion, end in
            let last = try XCTUnwrap(motion.frames.last)
            let dock = try XCTUnwrap(RotationWindowTests.rect(end["dockViewport"]))
            let photo = try XCTUnwrap(last.items[newest], "the newest photo drawn in the last frame: \(s.screenshot("turned.png"))")
            XCTAssertGreaterThanOrEqual(photo.x, dock.x - 0.5, "\(newest) at \(photo) in the dock \(dock): \(s.screenshot("turned.png"))")
            XCTAssertLessThanOrEqual(photo.x + photo.width, dock.x + dock.width + 0.5, "\(newest) at \(photo) in the dock \(dock)")
            let grid = try XCTUnwrap(RotationWindowTests.rect((end["gridLayout"] as? [String: Any])?["viewport"]))
            let top = try XCTUnwrap(last.items[firstInGrid], "\(firstInGrid) drawn")
            XCTAssertLessThanOrEqual(top.y, grid.y + 60, "\(firstInGrid) at the top of the grid")
            XCTAssertGreaterThanOrEqual(top.y, grid.y - 0.5, "\(firstInGrid) at the top of the grid")
        }
    }
}
