import XCTest
import GridCore
import Stage
@testable import CoffeeGridApp

/// Turning the window keeps a person's place: the item at the top of the viewport stays at the top
/// through any run of resizes, at any speed and during any animation, and a dock that showed its
/// newest photo still shows it. First the three places it was lost (each test failed before the
/// fix), then seeded resize storms in every scene the issue names.
final class ResizeAnchorTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        // The dock saves itself: into a temporary folder, never the real home.
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-anchor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        saved = getenv("XDG_STATE_HOME").map { String(cString: $0) }
        setenv("XDG_STATE_HOME", dir.path, 1)
    }

    override func tearDown() {
        if let v = saved { setenv("XDG_STATE_HOME", v, 1) } else { unsetenv("XDG_STATE_HOME") }
        try? FileManager.default.removeItem(at: dir)
    }
    var saved: String?

    static func state(_ s: HeadlessSession) throws -> State {
        State(json: try XCTUnwrap(JSONSerialization.jsonObject(with: Data(s.app.stateJSON().text.utf8)) as? [String: Any]))
    }

    /// The grid's viewport in a state (the dock's is its photo grid's).
    static func viewport(_ st: State) throws -> Rect {
        let grid = st.json["gridLayout"] as? [String: Any] ?? st.object("grid")
        return try SceneTracksTests.rect(grid["viewport"])
    }

    /// The item being read, by the test's own reckoning: the first one in the grid's viewport of
    /// which at least half shows (half the viewport's worth, for a taller one); with the row it is
    /// in, counting the distinct tops of the items in view.
    static func topItem(_ st: State) throws -> (id: String, row: Int, rows: [Double])? {
        let view = try viewport(st)
        let items = visible(st).filter { $0.frame.intersects(view) }
        let rows = Array(Set(items.map { ($0.frame.minY * 2).rounded() / 2 })).sorted()
        let shown = { (r: Rect) in min(r.maxY, view.maxY) - max(r.minY, view.minY) }
        guard let top = items.first(where: { shown($0.frame) >= min($0.frame.height, view.height) / 2 - 0.01 }) ?? items.first else { return nil }
        return (top.id, rows.firstIndex(of: (top.frame.minY * 2).rounded() / 2) ?? 0, rows)
    }

    /// The grid's visible items (ids as text; the dock's own photos left out), in order.
    static func visible(_ st: State) -> [(id: String, frame: Rect)] {
        (st.json["visible"] as? [[String: Any]] ?? []).compactMap { v in
            guard v["in"] as? String != "dock", let x = v["x"] as? Double, let y = v["y"] as? Double,
                  let w = v["width"] as? Double, let h = v["height"] as? Double else { return nil }
            let id = v["id"] as? String ?? (v["id"] as? Double).map { String(Int($0)) } ?? "?"
            return (id, Rect(x: x, y: y, width: w, height: h))
        }
    }

    /// `id` is drawn in the grid's viewport within one row of the item at the top.
    static func assertAtTop(_ st: State, _ id: String, _ label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let top = try XCTUnwrap(try topItem(st), label, file: file, line: line)
        let view = try viewport(st)
        guard let f = visible(st).first(where: { $0.id == id })?.frame, f.intersects(view) else {
            return XCTFail("\(label): \(id) is out of view; \(top.id) is at the top", file: file, line: line)
        }
        let row = top.rows.firstIndex(of: (f.minY * 2).rounded() / 2) ?? top.rows.firstIndex { $0 > f.minY }.map { $0 - 1 } ?? 0
        XCTAssertLessThanOrEqual(abs(row - top.row), 1, "\(label): \(id) is in row \(row), \(top.id) at the top in row \(top.row)", file: file, line: line)
    }

    // MARK: - The places it was lost

    /// Fast flips, each while the last one still animates, drifted the cafes by a cafe or two each
    /// way: a scroll of 800 came back at 479.
    func testFastFlipsKeepTheCafesWhereTheyWere() throws {
        for setup in [[], ["h"], ["e"]] {
            let s = try HeadlessSession(scene: "cafes", size: Size(width: 390, height: 844), scale: 0.5)
            for k in setup { try s.press(Character(k)) }
            s.runner.settle()
            try s.run(.scroll(dx: 0, dy: 800, modifiers: []))
            s.runner.settle()
            let before = try ResizeAnchorTests.state(s)
            let anchor = try XCTUnwrap(try ResizeAnchorTests.topItem(before)).id
            for _ in 0..<3 {
                try s.run(.resize(Size(width: 844, height: 390)))
                try s.run(.wait(milliseconds: 150))
                try s.run(.resize(Size(width: 390, height: 844)))
                try s.run(.wait(milliseconds: 150))
            }
            s.runner.settle()
            let after = try ResizeAnchorTests.state(s)
            XCTAssertEqual(after.scrollOffset ?? -1, before.scrollOffset ?? 0, accuracy: 0.5, "\(setup): back in portrait, back where it was")
            XCTAssertEqual(try ResizeAnchorTests.topItem(after)?.id, anchor, "\(setup)")
        }
    }

    /// A cafe read at the top in portrait was left a point's sliver under the navigation bar in
    /// landscape: the cafe that shows is the one at the top, and it shows whole.
    func testTheCafeAtTheTopInPortraitShowsWholeInLandscape() throws {
        let s = try HeadlessSession(scene: "cafes", size: Size(width: 390, height: 844), scale: 0.5)
        try s.run(.scroll(dx: 0, dy: 800, modifiers: []))
        s.runner.settle()
        // The cafe being read when the window first turns, and every turn after (nothing scrolled in between).
        let anchor = try XCTUnwrap(try ResizeAnchorTests.topItem(try ResizeAnchorTests.state(s))).id
        for (i, size) in [Size(width: 844, height: 390), Size(width: 390, height: 844), Size(width: 844, height: 390)].enumerated() {
            try s.run(.resize(size))
            try s.run(.wait(milliseconds: 150))
            s.runner.settle()
            let after = try ResizeAnchorTests.state(s)
            let view = try ResizeAnchorTests.viewport(after)
            let f = try XCTUnwrap(after.frame(anchor), "turn \(i): \(anchor) in view")
            XCTAssertGreaterThanOrEqual(f.minY, view.minY - 0.5, "turn \(i): \(anchor) starts in view")
            XCTAssertLessThanOrEqual(f.maxY, view.maxY + 0.5, "turn \(i): \(anchor) shows whole")
            // Nothing above it in the grid shows more than a sliver.
            for v in after.visible where v.frame.maxY <= f.minY + 0.5 {
                XCTAssertLessThan(v.frame.maxY - view.minY, 12, "turn \(i): \(v.id) above \(anchor)")
            }
        }
    }

    /// The dock scrolled to its newest photo (the ScrollViewReader promise) kept its offset through
    /// landscape and came back short of the newest: 1477 of 1477 → 1023 of 1477.
    func testTheDockShowsItsNewestPhotoAfterALandscapeRoundTrip() throws {
        let s = try HeadlessSession(scene: "dock", size: Size(width: 390, height: 844), scale: 0.5)
        try dockPhotos(s, 14)
        for size in [Size(width: 844, height: 390), Size(width: 390, height: 844), Size(width: 320, height: 320), Size(width: 1440, height: 900), Size(width: 390, height: 844)] {
            try s.run(.resize(size))
            s.runner.settle()
            try assertNewestInView(s, "at \(size)")
        }
    }

    /// Clicks `n` photos into the dock, one at a time (the grid closes each gap under the pointer).
    func dockPhotos(_ s: HeadlessSession, _ n: Int) throws {
        let scene = try XCTUnwrap(s.app.scene as? DockScene)
        for _ in 0..<n {
            let first = try XCTUnwrap(scene.grid.visibleItems().first)
            try s.run(.click(first.frame.center))
            try s.run(.wait(milliseconds: 400))
        }
        s.runner.settle()
        XCTAssertEqual(scene.model.dock.count, n)
        let dockScroll = try ResizeAnchorTests.state(s).object("dockScroll")
        XCTAssertGreaterThan(dockScroll["max"] as? Double ?? 0, 0, "the dock scrolls")
        try assertNewestInView(s, "after docking")
    }

    func assertNewestInView(_ s: HeadlessSession, _ label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let scene = try XCTUnwrap(s.app.scene as? DockScene)
        let newest = try XCTUnwrap(scene.model.dock.last)
        let st = try ResizeAnchorTests.state(s)
        let view = try SceneTracksTests.rect(st.json["dockViewport"])
        let f = try XCTUnwrap(st.frame(newest), "\(label): the newest photo is drawn", file: file, line: line)
        XCTAssertGreaterThanOrEqual(f.minX, view.minX - 0.5, "\(label): \(f) in \(view)", file: file, line: line)
        XCTAssertLessThanOrEqual(f.maxX, view.maxX + 0.5, "\(label): \(f) in \(view)", file: file, line: line)
    }

    // MARK: - Storms

    /// `count` resizes to random sizes between 320×320 and 1440×900 (every fourth one a plain turn
    /// between 390×844 and 844×390), 20–200 ms apart, each while the last one's animation runs.
    func storm(_ s: HeadlessSession, rng: inout SplitMix64, count: Int = 16, eachFrame: () throws -> Void = {}) throws {
        for i in 0..<count {
            let size = i % 4 == 3 ? (Bool.random(using: &rng) ? Size(width: 390, height: 844) : Size(width: 844, height: 390))
                                  : Size(width: Double(Int.random(in: 320...1440, using: &rng)), height: Double(Int.random(in: 320...900, using: &rng)))
            try s.run(.resize(size))
            try eachFrame()
            var frames = HeadlessRunner.frames(milliseconds: Double(Int.random(in: 20...200, using: &rng)))
            while frames > 0 {
                try s.run(.wait(milliseconds: 1000 / 60))
                try eachFrame()
                frames -= 1
            }
        }
    }

    /// Storms in a scene from a scrolled place; after each settles, the item that was at the top is
    /// at the top (± one row) at whatever size the storm ended on, and again back at the start size.
    func runStorms(_ scene: String, setup: [Character] = [], scrollBy dy: Double, seed: UInt64, storms: Int = 3,
                   eachFrame: (HeadlessSession, String) throws -> Void = { _, _ in }) throws {
        var rng = SplitMix64(seed: seed)
        let start = Size(width: 390, height: 844)
        let s = try HeadlessSession(scene: scene, size: start, scale: 0.5)
        for k in setup { try s.press(k) }
        s.runner.settle()
        try s.run(.scroll(dx: 0, dy: dy, modifiers: []))
        s.runner.settle()
        let before = try ResizeAnchorTests.state(s)
        let anchor = try XCTUnwrap(try ResizeAnchorTests.topItem(before), "\(scene): an item at the top").id
        for n in 0..<storms {
            var frame = 0
            try storm(s, rng: &rng) { frame += 1; try eachFrame(s, "\(scene) \(setup) storm \(n) frame \(frame)") }
            s.runner.settle()
            try ResizeAnchorTests.assertAtTop(try ResizeAnchorTests.state(s), anchor, "\(scene) \(setup) storm \(n) ended at \(s.app.env.windowSize)")
            try s.run(.resize(start))
            s.runner.settle()
            let back = try ResizeAnchorTests.state(s)
            try ResizeAnchorTests.assertAtTop(back, anchor, "\(scene) \(setup) storm \(n), back at \(start)")
            // Nothing scrolled in between: back at the first size is back at the very same place.
            XCTAssertEqual(back.scrollOffset ?? -1, before.scrollOffset ?? 0, accuracy: 0.5, "\(scene) \(setup) storm \(n), back at \(start)")
        }
    }

    func testStormsKeepTheFeedsPhotoAtTheTop() throws {
        // Scrolled to the end: a taller window holds fewer rows past the top, and the way back must not keep that.
        try runStorms("feed", scrollBy: 100_000, seed: 9)
        try runStorms("feed", scrollBy: 1500, seed: 1)
        try runStorms("feed", setup: ["g"], scrollBy: 700, seed: 2)
    }

    func testStormsKeepTheSymbolAtTheTop() throws {
        try runStorms("symbols", scrollBy: 3000, seed: 3)
        try runStorms("symbols", setup: ["c", "c"], scrollBy: 2000, seed: 4)
    }

    /// Both modes, coffee shown: and in every frame of every storm no coffee grid draws over another cafe.
    func testStormsKeepTheCafeAtTheTopAndNoCoffeeGridOverAnother() throws {
        var checked = 0
        let clips: (HeadlessSession, String) throws -> Void = { s, label in checked += try CafesSceneTests.checkCoffeeClips(s, label) }
        try runStorms("cafes", setup: ["h"], scrollBy: 900, seed: 5, eachFrame: clips)
        try runStorms("cafes", setup: ["e"], scrollBy: 900, seed: 6, eachFrame: clips)
        try runStorms("cafes", scrollBy: 600, seed: 7)
        XCTAssertGreaterThan(checked, 100, "coffee photos were checked mid-storm")
    }

    /// The dock's photo grid keeps its first photo at the top and the dock its newest photo in view.
    func testStormsKeepTheDocksNewestPhotoInView() throws {
        var rng = SplitMix64(seed: 8)
        let s = try HeadlessSession(scene: "dock", size: Size(width: 390, height: 844), scale: 0.5)
        try dockPhotos(s, 12)
        for n in 0..<3 {
            try storm(s, rng: &rng)
            s.runner.settle()
            try assertNewestInView(s, "storm \(n) ended at \(s.app.env.windowSize)")
            try ResizeAnchorTests.assertAtTop(try ResizeAnchorTests.state(s), "coffee-13", "storm \(n)")
        }
    }
}
