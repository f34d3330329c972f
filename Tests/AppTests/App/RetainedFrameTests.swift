import Foundation
import GridCore
@testable import PhotoLibrary
@testable import Stage
@testable import CoffeeGridApp
import XCTest
import StageInterface

/// A frame that keeps the last one's pixels (moving a scrolled region's, drawing again only what
/// changed) must show exactly what drawing it whole shows. Seeded random sequences in every scene
/// — wheel scrolls of every size both ways, animated notches, hovering, clicks, the scenes' keys
/// (variants, column toggles, flights), arrows, resizes, appearance changes, idle frames — and
/// after every frame the window is read, the same draw list drawn whole over it, and read again:
/// the two must be the same to the last byte. Photos decode beside, as in a real window, so
/// placeholders, photos landing and sharper decodes replacing smaller ones are all in the mix.
final class RetainedFrameTests: XCTestCase {
    private var stateHome: URL!

    override func setUpWithError() throws {
        stateHome = FileManager.default.temporaryDirectory.appendingPathComponent("retained-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: stateHome, withIntermediateDirectories: true)
        setenv("XDG_STATE_HOME", stateHome.path, 1)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: stateHome)
    }

    struct Tally {
        var frames = 0
        var kept = 0
        var moved = 0
    }

    func testRetainedFramesMatchWholeFrames() throws {
        var total = Tally()
        let scenes = ["feed", "cafes", "cells", "styles", "symbols", "dock", "playground", "stack", "bars"]
        // RETAINED_STEPS and RETAINED_SEED run it longer, or differently, by hand.
        let env = ProcessInfo.processInfo.environment
        let steps = env["RETAINED_STEPS"].flatMap(Int.init) ?? 70
        let seed = env["RETAINED_SEED"].flatMap(UInt64.init) ?? 101
        for (i, scene) in scenes.enumerated() {
            let t = try differential(scene: scene, seed: seed + UInt64(i), steps: steps)
            total.frames += t.frames
            total.kept += t.kept
            total.moved += t.moved
        }
        print("retained frames: \(total.kept) of \(total.frames) drawn in part, \(total.moved) moved by a scroll")
        // The comparison means something only if frames were kept and scrolls moved pixels.
        XCTAssertGreaterThan(total.kept, total.frames / 3, "frames drawn in part: \(total.kept) of \(total.frames)")
        XCTAssertGreaterThan(total.moved, 40, "frames whose scroll moved pixels: \(total.moved) of \(total.frames)")
    }

    /// At 2× (whole pixels are half points) the same must hold.
    func testRetainedFramesMatchWholeFramesAtTwiceTheScale() throws {
        let t = try differential(scene: "feed", seed: 7, steps: 40, scale: 2, size: Size(width: 640, height: 420))
        XCTAssertGreaterThan(t.moved, 5)
    }

    /// Rubber bands: pressed in a grid and dragged about it, out past its bottom and top edges (the
    /// grid autoscrolls under a band held there, rows joining the selection), in again, released,
    /// drawn again: every frame must equal the same list drawn whole, while the band's own pixels
    /// are kept where it did not change and the autoscroll moves the grid's.
    func testRubberBandsMatchWholeFrames() throws {
        var total = Tally()
        for (n, scene) in ["cells", "feed", "symbols"].enumerated() {
            let s = try HeadlessSession(scene: scene, size: Size(width: 900, height: 640))
            var rng = SplitMix64(seed: 31 + UInt64(n))
            for band in 0..<3 {
                let f = s.app.contentFrame
                let start = Point(x: (f.minX + Double.random(in: 20..<f.width / 2, using: &rng)).rounded(), y: (f.minY + Double.random(in: 60..<f.height / 2, using: &rng)).rounded())
                s.host.inject(.mouseMove(start))
                s.host.inject(.mouseDown(start, .left))
                for frame in 0..<70 {
                    // Inside, below the grid (autoscroll down), inside, above it (autoscroll up).
                    let phase = frame / 18 % 4
                    let y = phase == 1 ? f.maxY + 60 : phase == 3 ? f.minY - 40 : f.minY + Double.random(in: 40..<f.height - 40, using: &rng)
                    // Mostly whole points, as a pointer reports them; now and then anywhere between.
                    let p = Point(x: f.minX + Double.random(in: 10..<f.width - 10, using: &rng), y: y)
                    let whole = Int.random(in: 0..<4, using: &rng) > 0
                    s.host.inject(.mouseMove(whole ? Point(x: p.x.rounded(), y: p.y.rounded()) : p))
                    try advance(s, &total)
                    if let problem = try compare(s, scene: scene, step: band * 100 + frame) { return XCTFail(problem) }
                }
                s.host.inject(.mouseUp(start, .left))
                for frame in 0..<3 {
                    try advance(s, &total)
                    if let problem = try compare(s, scene: scene, step: band * 100 + 90 + frame) { return XCTFail(problem) }
                }
            }
        }
        print("rubber bands: \(total.kept) of \(total.frames) frames drawn in part, \(total.moved) moved by a scroll")
        XCTAssertGreaterThan(total.kept, total.frames / 2, "frames drawn in part: \(total.kept) of \(total.frames)")
        XCTAssertGreaterThan(total.moved, 60, "frames an autoscroll moved: \(total.moved) of \(total.frames)")
    }

    @discardableResult
    func differential(scene: String, seed: UInt64, steps: Int, scale: Double = 1,
                      size: Size = Size(width: 900, height: 640)) throws -> Tally {
        let s = try HeadlessSession(scene: scene, size: size, scale: scale)
        var rng = SplitMix64(seed: seed)
        var history: [String] = []
        var tally = Tally()
        func point() -> Point {
            Point(x: Double.random(in: 0..<s.host.size.width, using: &rng), y: Double.random(in: 0..<s.host.size.height, using: &rng))
        }
        for n in 0..<steps {
            let roll = Int.random(in: 0..<100, using: &rng)
            let centre = s.app.contentFrame.center
            var frames = 1
            switch roll {
            case 0..<30:
                let dy = [37.0, -37, 13.5, -13.5, 120, -120, 1, -1, 400, -400, 0.25][Int.random(in: 0..<11, using: &rng)]
                let horizontal = Int.random(in: 0..<5, using: &rng) == 0
                history.append("wheel \(horizontal ? "dx" : "dy") \(dy)")
                s.host.inject(.wheel(dx: horizontal ? dy : 0, dy: horizontal ? 0 : dy, precise: true, at: centre, modifiers: []))
            case 30..<38:
                history.append("notch")
                s.host.inject(.wheel(dx: 0, dy: Bool.random(using: &rng) ? 40 : -40, precise: false, at: centre, modifiers: []))
                frames = Int.random(in: 1...12, using: &rng)
            case 38..<50:
                let p = point()
                history.append("move \(p)")
                s.host.inject(.mouseMove(p))
            case 50..<60:
                let p = point()
                history.append("click \(p)")
                s.host.inject(.mouseMove(p))
                s.host.inject(.mouseDown(p, .left))
                try advance(s, &tally)
                s.host.inject(.mouseUp(p, .left))
            case 60..<72:
                let c = InputStorm.sceneKeys[Int.random(in: 0..<InputStorm.sceneKeys.count, using: &rng)]
                history.append("key \(c)")
                s.host.inject(.key(.character(c), []))
                frames = Int.random(in: 1...20, using: &rng)
            case 72..<78:
                let k: [Key] = [.down, .up, .right, .left, .tab, .pageDown, .pageUp, .home, .end]
                let key = k[Int.random(in: 0..<k.count, using: &rng)]
                history.append("key \(key)")
                s.host.inject(.key(key, []))
            case 78..<81:
                let sizes = [size, Size(width: size.width * 0.8, height: size.height), Size(width: size.width, height: size.height * 1.2)]
                let z = sizes[Int.random(in: 0..<sizes.count, using: &rng)]
                history.append("resize \(z)")
                s.host.resize(to: z)
            case 81..<83:
                history.append("appearance")
                s.host.inject(.key(.character("d"), [.control]))
            default:
                frames = Int.random(in: 1...15, using: &rng)
                history.append("idle \(frames)")
            }
            for _ in 0..<frames {
                try advance(s, &tally)
                if let problem = try compare(s, scene: scene, step: n) {
                    XCTFail("\(problem) after: \(history.suffix(8).joined(separator: "; "))")
                    return tally
                }
            }
        }
        return tally
    }

    private func advance(_ s: HeadlessSession, _ tally: inout Tally) throws {
        s.host.step()
        guard let stats = s.app.painter?.renderer.lastFrame else { return }
        tally.frames += 1
        if !stats.whole { tally.kept += 1 }
        if stats.moved > 0 { tally.moved += 1 }
    }

    /// Reads the window, draws the last list whole over it, reads again; nil when they agree.
    private func compare(_ s: HeadlessSession, scene: String, step: Int) throws -> String? {
        guard let drawer = s.app.painter?.renderer else { return "no renderer" }
        let kept = try drawer.canvas.readPixels()
        let pending = drawer.pendingImages
        drawer.canvas.setClip(nil)
        drawer.canvas.clear(s.app.env.color(.background))
        drawer.render(s.app.lastDrawList, time: s.app.env.time)
        drawer.pendingImages = pending
        let whole = try drawer.canvas.readPixels()
        guard kept.rgba != whole.rgba else { return nil }
        // A symbol still being rasterised when the frame was planned may have arrived by the time
        // it was drawn whole: that frame shows it, the kept one rightly did not (the next does).
        let arrived = drawer.retained?.items.contains { item in
            guard case .pending = item.resource, case let .symbol(name, r, _) = item.command else { return false }
            return drawer.canvas.symbolResource(name, in: r) != .pending
        } ?? false
        if arrived { return nil }
        var differing = 0, first: (Int, Int)?
        for i in stride(from: 0, to: kept.rgba.count, by: 4) where kept.rgba[i..<i + 3] != whole.rgba[i..<i + 3] {
            differing += 1
            if first == nil { first = ((i / 4) % kept.width, (i / 4) / kept.width) }
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("retained-mismatch-\(scene)-\(step)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try? kept.savePNG(dir.appendingPathComponent("kept.png").path)
        try? whole.savePNG(dir.appendingPathComponent("whole.png").path)
        return "\(scene) step \(step): \(differing) pixels differ, first at \(first.map { "\($0)" } ?? "?") (stats \(drawer.lastFrame)); pictures in \(dir.path)"
    }
}
