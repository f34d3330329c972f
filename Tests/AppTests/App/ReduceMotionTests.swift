import Foundation
import GridCore
import Stage
import SystemIO
import XCTest
@testable import CoffeeGridApp
import StageInterface

/// Reduce motion (`--reduce-motion`, or the desktop's setting): a layout change lands at once and
/// the old picture cross-fades out in 0.2 s, where without it everything springs to its new place.
/// Headless, on the virtual 60 Hz clock, both modes side by side.
final class ReduceMotionTests: XCTestCase {
    /// The app headless at 390×844, settled, driven frame by frame.
    final class Harness {
        let host: StageHost
        let app: AppController
        let runner: HeadlessRunner

        init(scene: String, reduceMotion: Bool) throws {
            setenv("SDL_VIDEODRIVER", "dummy", 1)
            var hostOptions = HostOptions()
            hostOptions.headless = true
            hostOptions.size = HostOptions.defaultSize
            hostOptions.renderer = .software
            host = try StageHost(options: hostOptions)
            var options = Options()
            options.reduceMotion = reduceMotion
            options.restore = false
            app = try AppController(context: AppContext(options: options, resources: try ResourceLocator.locate(), log: { _ in }),
                                    initialScene: scene, windowSize: host.size, scale: host.scale)
            host.delegate = app
            app.waitsForImages = true
            app.recordsState = true
            runner = HeadlessRunner(host: host, app: app)
            runner.settle()
        }

        deinit { app.shutdown() }

        var state: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(app.stateJSON().text.utf8))) as? [String: Any] ?? [:] }
        /// The cross-fade's outgoing opacity, nil when none is under way.
        var crossfade: Double? { (state["motion"] as? [String: Any])?["crossfade"] as? Double }
        var visible: [String: [Double]] {
            var out: [String: [Double]] = [:]
            for v in state["visible"] as? [[String: Any]] ?? [] {
                let id = (v["id"] as? String) ?? "\(v["id"] ?? "")"
                out[id] = ["x", "y", "width", "height"].map { v[$0] as? Double ?? .nan }
            }
            return out
        }
        func pixels() throws -> PixelImage { try XCTUnwrap(app.canvas).readPixels() }
        func key(_ k: String) throws { try runner.execute(ScriptCommand.parse(script: "key \(k)")[0].command) }
        func click(_ x: Double, _ y: Double) throws { try runner.execute(.click(Point(x: x, y: y))) }
        func frames(_ n: Int) { for _ in 0..<n { host.step() } }
    }

    func testFeedColumnsSpringWithoutReduceMotion() throws {
        let h = try Harness(scene: "feed", reduceMotion: false)
        try h.key("g")
        XCTAssertNil(h.crossfade)
        XCTAssertEqual(h.state["motion"].flatMap { ($0 as? [String: Any])?["reduced"] as? Bool }, false)
        let first = h.visible
        h.runner.settle()
        let end = h.visible
        let moving = first.filter { id, f in end[id].map { $0 != f } ?? false }
        XCTAssertFalse(moving.isEmpty, "photos should be on their way, not at their new places, a frame after g")
        // And it takes a spring's time: still moving a third of a second later.
        let h2 = try Harness(scene: "feed", reduceMotion: false)
        try h2.key("g")
        h2.frames(20)
        XCTAssertTrue(h2.app.isAnimating)
    }

    func testFeedColumnsCrossFadeWithReduceMotion() throws {
        let h = try Harness(scene: "feed", reduceMotion: true)
        let before = try h.pixels()
        try h.key("g")
        // One frame after the key: every photo already at its new place, the old picture on top.
        let first = h.visible
        let o1 = try XCTUnwrap(h.crossfade, "no cross-fade after g")
        XCTAssertGreaterThan(o1, 0.8)
        XCTAssertLessThan(o1, 1)
        XCTAssertTrue(h.app.isAnimating)
        h.frames(5)
        let o2 = try XCTUnwrap(h.crossfade)
        XCTAssertLessThan(o2, o1)
        XCTAssertGreaterThan(o2, 0.05)
        let middle = try h.pixels()
        // Quick: over within 0.2 s (12 frames) and a frame or two.
        var n = 6
        while h.crossfade != nil && n < 60 { h.frames(1); n += 1 }
        XCTAssertLessThanOrEqual(n, 14, "the cross-fade took \(n) frames")
        XCTAssertFalse(h.app.isAnimating)
        let after = try h.pixels()
        XCTAssertEqual(first.count, h.visible.count)
        for (id, f) in first { XCTAssertEqual(h.visible[id], f, "photo \(id) moved after the change") }
        XCTAssertEqual((h.state["feed"] as? [String: Any])?["columns"] as? Double, 2)

        // The middle frame is the two pictures blended at the reported opacity, in the content area.
        let content = h.app.contentFrame
        var checked = 0, differing = 0
        for y in stride(from: Int(content.minY) + 20, to: Int(content.maxY) - 20, by: 37) {
            for x in stride(from: Int(content.minX) + 5, to: Int(content.maxX) - 5, by: 23) {
                let b = before.pixel(x: x, y: y), a = after.pixel(x: x, y: y), m = middle.pixel(x: x, y: y)
                for (pb, pa, pm) in [(b.r, a.r, m.r), (b.g, a.g, m.g), (b.b, a.b, m.b)] {
                    let expected = o2 * Double(pb) + (1 - o2) * Double(pa)
                    XCTAssertEqual(Double(pm), expected, accuracy: 4, "at \(x),\(y)")
                    if abs(Double(pb) - Double(pa)) > 30 { differing += 1 }
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 200)
        XCTAssertGreaterThan(differing, 50, "one and two columns should look different")
    }

    /// The dock's flights become a cross-fade too: the photo is in the dock at once, nothing flies.
    func testDockFlightsBecomeCrossFades() throws {
        for reduced in [false, true] {
            let h = try Harness(scene: "dock", reduceMotion: reduced)
            let photo = try XCTUnwrap((h.state["visible"] as? [[String: Any]])?.first { $0["in"] as? String == "grid" })
            let id = try XCTUnwrap(photo["id"] as? String)
            try h.click((photo["x"] as! Double) + 10, (photo["y"] as! Double) + 10)
            let flying = (h.state["flying"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            XCTAssertEqual(h.state["dock"] as? [String], [id])
            if reduced {
                XCTAssertEqual(flying, [], "nothing flies with reduce motion")
                XCTAssertNotNil(h.crossfade)
            } else {
                XCTAssertEqual(flying, [id])
                XCTAssertNil(h.crossfade)
            }
        }
    }

    /// A second change mid-fade starts a new fade from what is on screen; a resize does not fade.
    func testChangesDuringAFadeAndResizes() throws {
        let h = try Harness(scene: "feed", reduceMotion: true)
        try h.key("g")
        h.frames(4)
        try h.key("g")
        XCTAssertGreaterThan(try XCTUnwrap(h.crossfade), 0.8)
        h.runner.settle()
        XCTAssertNil(h.crossfade)
        XCTAssertEqual((h.state["feed"] as? [String: Any])?["columns"] as? Double, 3)
        h.host.resize(to: Size(width: 600, height: 700))
        h.frames(1)
        XCTAssertNil(h.crossfade, "a resize is not a layout change to fade")
    }
}
