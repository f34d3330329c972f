import XCTest
import GridCore
import Stage
@testable import CoffeeGridApp
import StageInterface

/// Thousands of random clicks, keys, wheel scrolls, drags and resizes at random moments (seeded, so
/// a failure replays), with the twenty-photo invariant checked after every event, and every photo
/// resting in its own slot once things settle.
final class DockFuzzTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-dockfuzz-\(UUID().uuidString)")
        setenv("XDG_STATE_HOME", dir.path, 1)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// The first broken rule after an event, or nil. Plain checks (not one XCTAssert each) keep
    /// thousands of events fast; the test fails with the event's number and what it was.
    func brokenRule(_ d: DockDriver) -> String? {
        let s = d.scene
        guard s.model.isConsistent else { return "grid \(s.model.grid) dock \(s.model.dock) do not hold each photo once" }
        // The dock as drawn is the model's dock, less a lifted photo, plus at most one gap.
        let shown = s.dock.slots.compactMap { slot -> String? in if case .photo(let id) = slot { return id }; return nil }
        guard shown == s.model.dock.filter({ $0 != s.liftedId }) else { return "dock drawn as \(shown), model \(s.model.dock)" }
        guard s.dock.slots.count - shown.count <= 1 else { return "more than one gap in \(s.dock.slots)" }
        for id in s.model.photos {
            guard s.drawnFrame(of: id) != nil else { return "\(id) is drawn nowhere" }
            // A photo moved since the last frame is retargeted by the next update (its flight starts there).
            if let e = s.motion.entries[id], e.place != s.model.place(of: id), s.pendingFlights?.before[id] == nil {
                return "\(id) flies to the wrong place"
            }
        }
        return nil
    }

    func testRandomEventsNeverLoseDuplicateOrStrandAPhoto() throws {
        let d = try DockDriver()
        var rng = SplitMix64(seed: 2024)
        func uniform(_ r: ClosedRange<Double>) -> Double { Double.random(in: r, using: &rng) }
        func pick<T>(_ a: [T]) -> T { a[Int.random(in: 0..<a.count, using: &rng)] }
        let sizes = [Size(width: 390, height: 844), Size(width: 844, height: 390), Size(width: 1280, height: 800), Size(width: 320, height: 480)]
        var pressed = false
        var lastPoint = Point(x: 100, y: 300)
        func randomPoint() -> Point {
            if rng.next() % 3 != 0, let id = Optional(pick(d.scene.model.photos)), let f = d.frame(of: id) {
                return Point(x: f.minX + uniform(0...max(f.width - 0.01, 0)), y: f.minY + uniform(0...max(f.height - 0.01, 0)))
            }
            return Point(x: uniform(0...d.app.env.windowSize.width), y: uniform(0...d.app.env.windowSize.height))
        }
        for step in 0..<4000 {
            let roll = Int(rng.next() % 100)
            var what = ""
            if pressed, roll < 45 {
                let p = roll < 30 ? Point(x: lastPoint.x + uniform(-40...40), y: lastPoint.y + uniform(-40...40)) : randomPoint()
                d.send(.mouseMove(p)); lastPoint = p; what = "move"
            } else if pressed, roll < 60 {
                let p = roll < 52 ? lastPoint : randomPoint()
                d.send(.mouseUp(p, .left)); pressed = false; what = "up"
            } else if roll < 30 {
                let p = randomPoint()
                d.send(.mouseMove(p)); d.send(.mouseDown(p, .left)); pressed = true; lastPoint = p; what = "down"
                if rng.next() % 2 == 0 { d.send(.mouseUp(p, .left)); pressed = false; what = "click" }
            } else if roll < 70 {
                let keys: [(Key, KeyModifiers)] = [(.left, []), (.right, []), (.up, []), (.down, []), (.enter, []), (.space, []),
                                                   (.tab, []), (.tab, .shift), (.character("u"), []), (.escape, []), (.pageDown, [])]
                let (k, m) = pick(keys)
                d.send(.key(k, m)); what = "key \(k.name)"
            } else if roll < 85 {
                d.send(.wheel(dx: uniform(-60...60), dy: uniform(-120...120), precise: rng.next() % 2 == 0, at: randomPoint(), modifiers: [])); what = "wheel"
            } else if roll < 88 {
                d.send(.resize(rng.next() % 2 == 0 ? pick(sizes) : Size(width: uniform(300...1400).rounded(), height: uniform(300...1000).rounded()))); what = "resize"
            } else {
                what = "wait"
            }
            // Often several events in one frame; sometimes a pause long enough for flights to land.
            let frames = [0, 0, 1, 1, 2, 5, 20][Int(rng.next() % 7)]
            if frames > 0 { d.advance(Double(frames) / 60) }
            if let broken = brokenRule(d) { XCTFail("event \(step) (\(what)): \(broken)"); return }
            // Return or a click on the tab bar may switch scenes; come back, as a user would.
            if d.app.currentName != "dock" { try d.app.switchScene(to: "dock"); d.advance(1.0 / 60) }
            if step % 250 == 0 { _ = d.app.buildDrawList() }
        }
        if pressed { d.send(.mouseUp(lastPoint, .left)) }
        d.settle()
        d.advance(1)
        let s = d.scene
        XCTAssertTrue(s.motion.isEmpty, "every flight landed")
        XCTAssertNil(s.press)
        for (i, id) in s.model.grid.enumerated() { XCTAssertEqual(s.drawnFrame(of: id), s.grid.windowFrame(of: i), "\(id) rests in its grid cell") }
        for (i, id) in s.model.dock.enumerated() {
            XCTAssertEqual(s.drawnFrame(of: id), s.dock.layoutFrame(of: i).map(s.dock.scrollView.toWindow), "\(id) rests in its dock slot")
        }
        let saved = DockStore().load(known: s.model.photos)
        XCTAssertEqual(saved.ids, s.model.dock, "the saved dock follows every change")
    }
}
