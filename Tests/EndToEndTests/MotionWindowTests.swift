import Foundation
import XCTest

/// The headline motion in a real window, each change started after the window has been idle for a
/// second and a half (an idle window sleeps; the headless clock never does): the feed's four column steps,
/// the cafes' `g` and `h`, a symbols variant, a flight into the dock and back, a styles picker
/// click, and cafes turned to landscape. The app's `--trace` says what the window drew and when;
/// each change must show at least 10 frames strictly between its start and end layouts, spread
/// over at least 150 ms.
///
/// It asserts on frames drawn, not on speed, but a loaded machine can starve any window of frames.
/// An attempt during which the window got under 50 frames a second (or a frame was held for
/// over 60 ms) proves nothing either way: the change is undone and tried again after another
/// idle second, up to six times. An attempt that had its frames and still drew no motion fails
/// at once, which is what a transition starting at a stale frame time looks like.
final class MotionWindowTests: XCTestCase {
    var session: XSession?
    static let attempts = 6
    /// How long the window has drawn nothing before each change. An idle window wakes once a
    /// second with nothing to draw; half a second off that beat, a transition that starts at the
    /// last update's time instead of its event's is over before its first frame.
    static let idleSeconds = 1.5

    /// One change a person makes: `trigger` acts and returns what the state file says once the
    /// change is done; `undo` puts things back as they were before it (unmeasured).
    struct Change {
        var name: String
        var trigger: () throws -> ([String: Any]) -> Bool
        var undo: () throws -> Void
    }

    override func setUpWithError() throws { session = try XSession() }

    override func tearDown() { session?.close() }

    func testEveryChangeAnimatesAfterTheWindowWasIdle() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--size", "390x844", "--trace", s.traceFile.path])
        let trace = TraceReader(s.traceFile)
        XCTAssertNotNil(s.waitForState { $0["scene"] as? String == "feed" }, "the app should open on the feed")
        var results: [(change: String, attempts: [DrawnMotion])] = []
        func run(_ change: Change) throws {
            var attempts: [DrawnMotion] = []
            repeat {
                if !attempts.isEmpty { try change.undo() }
                attempts.append(try measure(s, trace, change))
            } while !attempts.last!.passes && attempts.last!.starved && attempts.count < MotionWindowTests.attempts
            results.append((change.name, attempts))
        }

        // Feed: the grid key walks 1 → 2 → 3 → 4 → 1 columns.
        for _ in 0..<4 { try run(feedStep(s)) }
        // Cafes: one column / two, the coffee photos shown / hidden.
        try switchScene(s, "cafes")
        try run(toggle(s, "cafes g", key: "g", scene: "cafes", flag: "twoColumns"))
        try run(toggle(s, "cafes h", key: "h", scene: "cafes", flag: "coffeeVisible"))
        // Symbols: the columns picker's key (Shift goes back).
        try switchScene(s, "symbols")
        try run(symbolsColumns(s))
        // Dock: a grid photo clicked flies into the dock; clicked there, it flies back.
        try switchScene(s, "dock")
        try run(dockFlight(s, home: false))
        try run(dockFlight(s, home: true))
        // Styles: a click on another segment of the style picker.
        try switchScene(s, "styles")
        try run(stylesPicker(s))
        // Cafes turned to landscape.
        try switchScene(s, "cafes")
        try run(resize(s, "cafes resized to landscape", to: (844, 390), back: (390, 844)))

        print("MotionWindowTests: what the window drew after \(MotionWindowTests.idleSeconds) s idle (trace \(s.traceFile.path)):")
        for r in results {
            for (i, a) in r.attempts.enumerated() {
                print("  " + (r.attempts.count > 1 ? "[attempt \(i + 1)\(a.starved ? ", starved" : "")] " : "") + a.description)
            }
        }
        for r in results {
            let a = r.attempts.last!
            XCTAssertGreaterThan(a.travel, 1, "\(r.change): the traced items did not move at all (\(a))")
            XCTAssertGreaterThanOrEqual(a.between.count, 10, "\(a)")
            XCTAssertGreaterThanOrEqual(a.betweenSpanMs, 150, "\(a)")
            // Xvfb has no vsync: frames are still paced to the display's refresh, not drawn flat out.
            XCTAssertGreaterThanOrEqual(a.medianIntervalMs, 12, "\(r.change): frames came faster than a 60 Hz display shows them (\(a))")
        }
        // Each line after the first says the CPU spent since: the render thread's within the process's.
        // Frame by frame the two clocks, read a moment apart, may disagree by a fraction of a
        // millisecond (the process clock can lag the running thread's: 6.33 against 6.39 ms once);
        // over the whole trace those moments cancel out but at its two ends.
        let frames = trace.read()
        XCTAssertNil(frames.first?.cpu)
        let costs = frames.dropFirst().compactMap(\.cpu)
        XCTAssertEqual(costs.count, frames.count - 1, "every line after the first has cpuMs")
        for c in costs { XCTAssertTrue(c.thread >= 0 && c.process >= 0, "cpuMs \(c)") }
        let thread = costs.map(\.thread).reduce(0, +), process = costs.map(\.process).reduce(0, +)
        XCTAssertGreaterThan(thread, 0)
        XCTAssertGreaterThanOrEqual(process, thread - 0.1, "the process's CPU holds the render thread's")
    }

    /// The frames between reach the screen: grabbed from the X server while the styles grid
    /// springs to another style (about a second), some picture is neither the one before nor the
    /// one after. And without vsync (Xvfb has none) the loop still draws about 60 frames a second.
    func testFramesInMotionReachTheScreen() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--scene", "styles", "--size", "390x844", "--trace", s.traceFile.path])
        let trace = TraceReader(s.traceFile)
        let change = try stylesPicker(s)
        let idle = try XCTUnwrap(waitIdle(s, trace, quiet: MotionWindowTests.idleSeconds), "the window never went idle")
        let before = try XCTUnwrap(s.grab(), "import could not grab the window")
        let done = try change.trigger()
        var during: [Data] = []
        let end = Date().addingTimeInterval(0.8)
        while Date() < end, let g = s.grab() { during.append(g) }
        try waitAtRest(s, change.name, done)
        let frames = try XCTUnwrap(waitIdle(s, trace, quiet: 0.4))
        let after = try XCTUnwrap(s.grab())
        XCTAssertNotEqual(before, after, "the screen did not change: \(s.screenshot("after.png"))")
        let between = during.filter { $0 != before && $0 != after }
        XCTAssertFalse(between.isEmpty, "none of \(during.count) grabs in motion showed a frame between: \(s.screenshot("after.png"))")
        // Pacing: the motion's frames, one display refresh apart (16.7 ms), not drawn flat out.
        let moving = frames.dropFirst(idle.count).filter(\.animating)
        let intervals = zip(moving.dropFirst(), moving).map { $0.shownMs - $1.shownMs }.sorted()
        let median = intervals.isEmpty ? 0 : intervals[intervals.count / 2]
        print("MotionWindowTests: \(during.count) grabs in motion, \(between.count) between; \(moving.count) frames a median \(String(format: "%.1f", median)) ms apart")
        XCTAssertGreaterThanOrEqual(median, 14, "frames drawn faster than a 60 Hz display shows them")
    }

    // MARK: - The changes

    func feedColumns(_ state: [String: Any]?) -> Int? {
        ((state?["feed"] as? [String: Any])?["columns"] as? Double).map { Int($0) }
    }

    func feedStep(_ s: XSession) throws -> Change {
        let from = try XCTUnwrap(feedColumns(s.state()))
        let to = from % 4 + 1
        return Change(name: "feed g \(from) → \(to) columns", trigger: {
            s.key("g")
            return { self.feedColumns($0) == to }
        }, undo: {
            // Around the cycle back to where it started, each step at rest.
            while let c = self.feedColumns(s.state()), c != from {
                s.key("g")
                try self.waitAtRest(s, "feed back to \(from) columns") { self.feedColumns($0) == c % 4 + 1 }
            }
        })
    }

    func boolean(_ state: [String: Any]?, _ scene: String, _ name: String) -> Bool? {
        (state?[scene] as? [String: Any])?[name] as? Bool
    }

    /// A key that flips `scene.flag` in the state file.
    func toggle(_ s: XSession, _ name: String, key: String, scene: String, flag: String) throws -> Change {
        let was = try XCTUnwrap(boolean(s.state(), scene, flag), "no \(scene).\(flag) in the state file")
        return Change(name: name, trigger: {
            s.key(key)
            return { self.boolean($0, scene, flag) == !was }
        }, undo: {
            s.key(key)
            try self.waitAtRest(s, "\(name) undone") { self.boolean($0, scene, flag) == was }
        })
    }

    func symbolsColumns(_ s: XSession) throws -> Change {
        let read = { (state: [String: Any]?) in (state?["symbols"] as? [String: Any])?["columns"] as? String }
        let was = try XCTUnwrap(read(s.state()))
        return Change(name: "symbols c (columns from \(was))", trigger: {
            s.key("c")
            return { read($0).map { $0 != was } ?? false }
        }, undo: {
            s.key("shift+c")
            try self.waitAtRest(s, "symbols columns back") { read($0) == was }
        })
    }

    /// A click on a photo in the grid (or, with `home`, on the last photo in the dock), which
    /// flies to the other container. A return needs a photo in the dock: the previous change put one there.
    func dockFlight(_ s: XSession, home: Bool) throws -> Change {
        var id = ""
        /// Photo `pick`, or the first in the grid (the farthest from the dock), or the last in the dock.
        func photo(_ place: String, _ pick: String?) throws -> [String: Any] {
            let here = ((s.state()?["visible"] as? [[String: Any]]) ?? []).filter { $0["in"] as? String == place }
            let found = pick.map { p in here.first { $0["id"] as? String == p } } ?? (place == "grid" ? here.first : here.last)
            return try XCTUnwrap(found, "no photo \(pick ?? "") in the \(place)")
        }
        let flown = { (state: [String: Any], place: String) -> Bool in
            (state[place] as? [String])?.contains(id) == true && (state["flying"] as? [Any])?.isEmpty == true
        }
        let from = home ? "dock" : "grid", to = home ? "grid" : "dock"
        return Change(name: home ? "dock: a docked photo clicked flies home" : "dock: a grid photo clicked flies into the dock", trigger: {
            let p = try photo(from, nil)
            id = p["id"] as! String
            self.click(s, p)
            return { flown($0, to) }
        }, undo: {
            self.click(s, try photo(to, id))
            try self.waitAtRest(s, "photo \(id) back") { flown($0, from) }
        })
    }

    func stylesPicker(_ s: XSession) throws -> Change {
        let read = { (state: [String: Any]?) in state?["styles"] as? [String: Any] }
        let styles = try XCTUnwrap(s.waitForState { read($0)?["segments"] != nil }.flatMap(read), "no styles picker in the state file")
        let was = try XCTUnwrap(styles["style"] as? String)
        let segments = try XCTUnwrap(styles["segments"] as? [[String: Any]])
        let segment = { (option: String) in segments.first { $0["option"] as? String == option } }
        let target = was == "fixed" ? "flexible" : "fixed"
        let on = try XCTUnwrap(segment(target)), off = try XCTUnwrap(segment(was))
        return Change(name: "styles picker \(was) → \(target)", trigger: {
            self.click(s, on)
            return { read($0)?["style"] as? String == target }
        }, undo: {
            self.click(s, off)
            try self.waitAtRest(s, "styles back to \(was)") { read($0)?["style"] as? String == was }
        })
    }

    func resize(_ s: XSession, _ name: String, to: (Int, Int), back: (Int, Int)) -> Change {
        let width = { (state: [String: Any]) in (state["window"] as? [String: Double])?["width"] }
        return Change(name: name, trigger: {
            s.resize(to.0, to.1)
            return { width($0) == Double(to.0) && ($0["sizeClass"] as? [String: String])?["vertical"] == (to.1 < to.0 ? "compact" : "regular") }
        }, undo: {
            s.resize(back.0, back.1)
            try self.waitAtRest(s, "window back to \(back)") { width($0) == Double(back.0) }
        })
    }

    // MARK: - Measuring

    /// Lets the window go idle (no frame drawn for `idleSeconds`, the last one at rest), triggers the
    /// change, waits until it is done and the window idle again, and returns what was drawn from
    /// the last idle frame to the frame where motion ended.
    func measure(_ s: XSession, _ trace: TraceReader, _ change: Change) throws -> DrawnMotion {
        let before = try XCTUnwrap(waitIdle(s, trace, quiet: MotionWindowTests.idleSeconds), "\(change.name): the window never went idle: \(s.screenshot("idle.png"))")
        let start = try XCTUnwrap(before.last, "\(change.name): nothing drawn yet")
        let done = try change.trigger()
        // Hands off while it moves: polling the state file would take CPU from the window.
        usleep(400_000)
        try waitAtRest(s, change.name, done)
        let after = try XCTUnwrap(waitIdle(s, trace, quiet: 0.4), "\(change.name): the window kept drawing after the change")
        return DrawnMotion(name: change.name, start: start, after: Array(after.dropFirst(before.count)))
    }

    func waitAtRest(_ s: XSession, _ what: String, _ done: @escaping ([String: Any]) -> Bool) throws {
        guard s.waitForState(15, { done($0) && $0["animating"] as? Bool == false }) != nil else {
            throw s.failure("\(what): never happened")
        }
    }

    /// The trace once nothing has been drawn for `quiet` seconds and the last frame was at rest.
    func waitIdle(_ s: XSession, _ trace: TraceReader, quiet: Double, timeout: Double = 30) -> [TracedFrame]? {
        trace.waitIdle(quiet: quiet, timeout: timeout)
    }

    // MARK: - Acting

    /// Clicks the centre of a frame read from the state file.
    func click(_ s: XSession, _ f: [String: Any]) {
        s.click((f["x"] as! Double) + (f["width"] as! Double) / 2, (f["y"] as! Double) + (f["height"] as! Double) / 2)
    }

    /// Switches scene with its number key (read from the switcher's order) and waits for it.
    func switchScene(_ s: XSession, _ name: String) throws {
        let names = (s.state()?["switcher"] as? [[String: Any]])?.compactMap { $0["scene"] as? String } ?? []
        let n = try XCTUnwrap(names.firstIndex(of: name), "no scene \(name) in \(names)") + 1
        s.key(String(n))
        try waitAtRest(s, "key \(n) opens \(name)") { $0["scene"] as? String == name }
    }
}
