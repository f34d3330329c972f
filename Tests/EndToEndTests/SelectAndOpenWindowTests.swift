import Foundation
import XCTest

/// Click, select, open — in a real window under Xvfb, driven with xdotool after the window has been
/// idle for over a second: a double-clicked feed photo flies to the whole window (at least ten
/// drawn frames strictly between its cell and the window, from `--trace`) and Esc flies it back
/// the same way; a rubber band dragged with the mouse selects the photos it crossed.
final class SelectAndOpenWindowTests: XCTestCase {
    var session: XSession?

    override func setUpWithError() throws { session = try XSession() }

    override func tearDown() { session?.close() }

    static let idleSeconds = 1.2

    /// The viewer's photo frame in each traced frame after `start` (nil where none was open).
    static func viewerFrames(_ trace: URL, after start: Int) -> [(frame: Int, box: TracedFrame.Box?)] {
        guard let text = try? String(contentsOf: trace, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let o = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                  let n = o["frame"] as? Double, Int(n) > start else { return nil }
            let f = ((o["viewer"] as? [String: Any])?["frame"] as? [String: Double])
            return (Int(n), f.map { TracedFrame.Box(x: $0["x"]!, y: $0["y"]!, width: $0["width"]!, height: $0["height"]!) })
        }
    }

    func waitIdle(_ s: XSession, _ trace: TraceReader, quiet: Double) -> Int? {
        var count = -1, since = Date()
        let idle = XSession.waitUntil(30) {
            let frames = trace.read()
            if frames.count != count { count = frames.count; since = Date(); return false }
            return Date().timeIntervalSince(since) >= quiet && frames.last?.animating == false
        }
        return idle ? trace.frames.last?.frame ?? 0 : nil
    }

    func box(_ o: [String: Any]) -> TracedFrame.Box {
        TracedFrame.Box(x: o["x"] as! Double, y: o["y"] as! Double, width: o["width"] as! Double, height: o["height"] as! Double)
    }

    func testADoubleClickedPhotoFliesOpenAndEscFliesItBack() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--size", "1000x800", "--no-restore", "--trace", s.traceFile.path])
        let trace = TraceReader(s.traceFile)
        XCTAssertNotNil(s.waitForState { $0["scene"] as? String == "feed" })
        s.key("g")
        let state = try XCTUnwrap(s.waitForState { ($0["feed"] as? [String: Any])?["columns"] as? Double == 2 && $0["animating"] as? Bool == false })
        let cellObject = try XCTUnwrap((state["visible"] as? [[String: Any]])?.dropFirst(2).first, "no third photo on screen")
        let cell = box(cellObject)
        var results: [String] = []
        for attempt in 1...4 {
            let start = try XCTUnwrap(waitIdle(s, trace, quiet: Self.idleSeconds), "the window never went idle")
            s.xdotool(["mousemove", "--window", s.window, String(Int(cell.x + cell.width / 2)), String(Int(cell.y + cell.height / 2)),
                       "click", "--repeat", "2", "--delay", "60", "1"])
            let open = try XCTUnwrap(s.waitForState(10) { ($0["viewer"] as? [String: Any])?["animating"] as? Bool == false },
                                     "the double-click opened no viewer: \(s.screenshot("open.png"))")
            let window = box(try XCTUnwrap((open["viewer"] as? [String: Any])?["frame"] as? [String: Any]))
            XCTAssertEqual(window.height, 800, accuracy: 0.5, "the photo fills the window's height")
            _ = waitIdle(s, trace, quiet: 0.4)
            let opened = Self.viewerFrames(s.traceFile, after: start).compactMap(\.box)
            let openBetween = opened.filter { $0.distance(to: cell) > 0.01 && $0.distance(to: window) > 0.01 }.count
            let closeStart = try XCTUnwrap(waitIdle(s, trace, quiet: Self.idleSeconds))
            s.key("Escape")
            XCTAssertNotNil(s.waitForState(10) { $0["viewer"] is NSNull && $0["animating"] as? Bool == false },
                            "Esc did not close the viewer: \(s.screenshot("close.png"))")
            _ = waitIdle(s, trace, quiet: 0.4)
            let closed = Self.viewerFrames(s.traceFile, after: closeStart).compactMap(\.box)
            let closeBetween = closed.filter { $0.distance(to: cell) > 0.01 && $0.distance(to: window) > 0.01 }.count
            results.append("attempt \(attempt): opening \(openBetween) frames between cell and window (of \(opened.count)), closing \(closeBetween) (of \(closed.count))")
            if openBetween >= 10 && closeBetween >= 10 { break }
        }
        print("SelectAndOpenWindowTests: " + results.joined(separator: "; "))
        let last = results.last ?? ""
        let numbers = last.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        XCTAssertGreaterThanOrEqual(numbers.count, 5, last)
        XCTAssertGreaterThanOrEqual(numbers[1], 10, "opening: \(last)")
        XCTAssertGreaterThanOrEqual(numbers[3], 10, "closing: \(last)")
    }

    func testAMouseDragDrawsARubberBandThatSelectsThePhotosItCrosses() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--size", "1000x800", "--no-restore"])
        XCTAssertNotNil(s.waitForState { $0["scene"] as? String == "feed" })
        s.key("g"); s.key("g")
        let state = try XCTUnwrap(s.waitForState { ($0["feed"] as? [String: Any])?["columns"] as? Double == 3 && $0["animating"] as? Bool == false })
        let visible = try XCTUnwrap(state["visible"] as? [[String: Any]])
        XCTAssertGreaterThanOrEqual(visible.count, 6)
        let a = box(visible[0]), b = box(visible[4])
        usleep(1_200_000)
        let from = (Int(a.x + a.width / 2), Int(a.y + a.height / 2)), to = (Int(b.x + b.width / 2), Int(b.y + b.height / 2))
        s.xdotool(["mousemove", "--window", s.window, String(from.0), String(from.1), "mousedown", "1"])
        for k in 1...8 {
            let x = from.0 + (to.0 - from.0) * k / 8, y = from.1 + (to.1 - from.1) * k / 8
            s.xdotool(["mousemove", "--window", s.window, String(x), String(y)])
            usleep(30_000)
        }
        let mid = s.screenshot("rubber-band.png")
        s.xdotool(["mouseup", "1"])
        let done = try XCTUnwrap(s.waitForState { (($0["selection"] as? [String: Any])?["count"] as? Double ?? 0) > 0 && $0["animating"] as? Bool == false },
                                 "the drag selected nothing: \(mid)")
        let ids = ((done["selection"] as? [String: Any])?["ids"] as? [String]) ?? []
        // The band from the middle of photo 1 to the middle of photo 5 crosses 1, 2, 4 and 5.
        XCTAssertEqual(Set(ids), Set([0, 1, 3, 4].map { visible[$0]["id"] as! String }), "selected \(ids); mid-drag: \(mid)")
        XCTAssertEqual(((done["feed"] as? [String: Any])?["columns"] as? Double), 3)
        XCTAssertEqual((done["scroll"] as? [String: Any])?["offset"] as? Double, 0, "a mouse drag does not scroll the feed")
    }
}
