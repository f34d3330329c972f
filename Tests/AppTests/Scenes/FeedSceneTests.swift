import XCTest
import Foundation
import Stage
import StageInterface
import SystemIO
import GridCore
@testable import CoffeeGridApp

/// The Coffee Feed, driven like a user drives it: the grid button, Ctrl+wheel, a touchpad pinch.
final class FeedSceneTests: XCTestCase {
    var run: ScriptStates!

    override func setUpWithError() throws { run = try ScriptStates() }
    override func tearDown() { run.remove() }

    func testOpensOnTheFeedAsAOneColumnList() throws {
        let s = try run.run(["STATE"])[0]
        XCTAssertEqual(s.scene, "feed")
        XCTAssertEqual(s.tracks.count, 1)
        XCTAssertEqual(s.visible.first?.id, "coffee-1")
        // `.frame(height: 200)`, full width inside `.padding(.all, 10)`, rows 10 apart.
        let first = try XCTUnwrap(s.frame("coffee-1")), second = try XCTUnwrap(s.frame("coffee-2"))
        XCTAssertEqual(first.height, 200)
        XCTAssertEqual(first.width, 370)
        XCTAssertEqual(second.minY - first.maxY, 10)
    }

    func testGridButtonWalksOneToFourColumnsAndAnimatesEveryPhoto() throws {
        var lines = ["STATE"]
        for _ in 0..<4 { lines += ["key g", "wait 33", "STATE", "settle", "STATE"] }
        let s = try run.run(lines)
        let settled = [s[0], s[2], s[4], s[6], s[8]]
        XCTAssertEqual(settled.map(\.tracks.count), [1, 2, 3, 4, 1])
        XCTAssertEqual(settled.map { $0.object("feed")["columns"] as? Double }, [1, 2, 3, 4, 1])
        XCTAssertEqual(settled.map { $0.frame("coffee-1")?.height }, [200, 100, 100, 100, 200])
        for step in 0..<4 {
            let (before, mid, after) = (settled[step], s[2 * step + 1], settled[step + 1])
            XCTAssertFalse(before.animating)
            XCTAssertTrue(mid.animating, "step \(step)")
            XCTAssertFalse(after.animating, "step \(step)")
            // Mid-way every photo on screen in both layouts is strictly between its two frames.
            var checked = 0
            for (id, m) in mid.visible {
                guard let a = before.frame(id), let b = after.frame(id) else { continue }
                XCTAssertTrue(strictlyBetween(m.width, a.width, b.width), "\(id) width \(a.width) → \(m.width) → \(b.width)")
                XCTAssertTrue(strictlyBetween(m.height, a.height, b.height) || a.height == b.height, "\(id) height")
                if a.minX != b.minX { XCTAssertTrue(strictlyBetween(m.minX, a.minX, b.minX), "\(id) x") }
                checked += 1
            }
            XCTAssertGreaterThan(checked, 0, "step \(step)")
        }
    }

    func testThePhotoAtTheTopStaysAtTheTop() throws {
        // `wait 400`, not `settle`: the spring is done by then, the scroll bar's fade is not.
        let s = try run.run(["STATE", "scroll 0 1500", "STATE", "key g", "wait 400", "STATE",
                             "scroll 0 -200", "STATE", "key g", "wait 400", "STATE"])
        // At offset 0 the first photo sits 10 pt (the padding) below the viewport's top.
        let viewportTop = try XCTUnwrap(s[0].frame("coffee-1")).minY - 10
        for (before, after) in [(s[1], s[2]), (s[3], s[4])] {
            let top = try XCTUnwrap(before.visible.first)
            XCTAssertNotEqual(top.id, "coffee-1", "scrolled away from the start")
            let now = try XCTUnwrap(after.frame(top.id), "\(top.id) is still on screen")
            XCTAssertEqual(now.minY, after.visible.map(\.frame.minY).min()!, accuracy: 0.5, "\(top.id) is in the top row")
            // The same part of the photo is at the viewport's top: as much of it is hidden as before.
            let hiddenBefore = (viewportTop - top.frame.minY) / top.frame.height
            let hiddenAfter = (viewportTop - now.minY) / now.height
            XCTAssertGreaterThan(hiddenBefore, 0)
            XCTAssertEqual(hiddenBefore, hiddenAfter, accuracy: 0.01)
        }
    }

    func testPressingAgainMidAnimationRetargetsFromWhereThePhotosAre() throws {
        let s = try run.run(["scroll 0 700", "key g", "wait 33", "STATE", "wait 17", "STATE",
                             "key g", "STATE", "wait 17", "STATE", "wait 400", "STATE"])
        let (a, b, c, d, end) = (s[0], s[1], s[2], s[3], s[4])
        XCTAssertTrue(c.animating)
        XCTAssertEqual(end.tracks.count, 3)
        XCTAssertFalse(end.animating)
        var compared = 0
        for (id, f1) in b.visible {
            guard let f0 = a.frame(id), let f2 = c.frame(id), let f3 = d.frame(id), let target = end.frame(id) else { continue }
            // No jump: the frame after the second press is one ordinary step from the frame before.
            let stepBefore = distance(f0, f1), stepAcross = distance(f1, f2), stepAfter = distance(f2, f3)
            XCTAssertLessThan(stepAcross, max(stepBefore, stepAfter) * 1.6 + 2, id)
            XCTAssertGreaterThan(distance(f2, target), 0.5, "\(id) did not jump to its end frame")
            compared += 1
        }
        XCTAssertGreaterThan(compared, 2)
    }

    func testCtrlWheelZoomsThroughFractionalColumnsAndSettlesOnAWholeCount() throws {
        // Far enough down that the content leaves room to hold the photo under the pointer.
        let s = try run.run(["scroll 0 1500", "STATE",
                             "scroll 0 40 200 400 Ctrl", "STATE", "scroll 0 10 200 400 Ctrl", "STATE", "wait 150", "STATE",
                             "wait 500", "STATE",
                             "scroll 0 60 200 400 Ctrl", "wait 650", "STATE"])
        let (start, first, second, waiting, settled, more) = (s[0], s[1], s[2], s[3], s[4], s[5])
        XCTAssertEqual(first.object("feed")["pinch"] as? Double, 1.5)
        XCTAssertEqual(second.object("feed")["pinch"] as? Double, 1.625)
        XCTAssertEqual(waiting.object("feed")["pinch"] as? Double, 1.625, "a wheel gesture lasts 250 ms past its last notch")
        XCTAssertTrue(second.animating)
        XCTAssertTrue(settled.object("feed")["pinch"] is NSNull)
        XCTAssertEqual(settled.object("feed")["columns"] as? Double, 2)
        XCTAssertEqual(settled.tracks.count, 2)
        // Mid-gesture a photo is between its one- and two-column sizes.
        let w = try XCTUnwrap(first.visible.first?.frame.width)
        XCTAssertTrue(strictlyBetween(w, 181, 370), "\(w)")
        // The photo under the pointer is still under it (along the scroll axis).
        let under = try XCTUnwrap(start.visible.first { $0.frame.minY <= 400 && $0.frame.maxY > 400 })
        let now = try XCTUnwrap(settled.frame(under.id))
        XCTAssertTrue(now.minY <= 400 && now.maxY > 400, "\(under.id) at \(now)")
        // 2 + 60/80 = 2.75 rounds to 3.
        XCTAssertEqual(more.object("feed")["columns"] as? Double, 3)
    }

    func testCtrlEqualsAndMinusStepTheCount() throws {
        let s = try run.run(["key Ctrl+-", "STATE", "key Ctrl+-", "STATE", "key Ctrl+=", "STATE",
                             "key Ctrl+=", "key Ctrl+=", "STATE"])
        XCTAssertEqual(s.map(\.tracks.count), [2, 3, 2, 1])
    }

    func testTouchpadPinchFollowsTheFingersAndSettlesOnRelease() throws {
        let s = try run.run(["pinch 0.8 200 400", "STATE", "pinch 0.5 200 400", "STATE", "pinchend 200 400", "settle", "STATE",
                             "pinch 1.6 200 400", "pinchend 200 400", "settle", "STATE"])
        XCTAssertEqual(try XCTUnwrap(s[0].object("feed")["pinch"] as? Double), 1.25, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(s[1].object("feed")["pinch"] as? Double), 2.5, accuracy: 1e-9)
        // 2.5 rounds away from zero, to 3; then spreading the fingers zooms in: 3 / 1.6 = 1.875 → 2.
        XCTAssertEqual(s[2].tracks.count, 3)
        XCTAssertEqual(s[3].tracks.count, 2)
    }

    private func strictlyBetween(_ v: Double, _ a: Double, _ b: Double) -> Bool { v > min(a, b) && v < max(a, b) }

    private func distance(_ a: Rect, _ b: Rect) -> Double {
        max(abs(a.minX - b.minX), abs(a.minY - b.minY), abs(a.width - b.width), abs(a.height - b.height))
    }
}

/// The feed's draw list, built without a window.
final class FeedDrawListTests: XCTestCase {
    func testGrowingPhotosAskForTheirFinalSizeOnce() throws {
        let context = AppContext(options: Options(), resources: ResourceLocator(root: URL(fileURLWithPath: "/nonexistent")), log: { _ in })
        let app = try AppController(context: context, initialScene: "feed", windowSize: Size(width: 390, height: 844), scale: 1)
        var t = 0.0
        func frame() { t += 1.0 / 60; _ = app.update(at: t) }
        frame()
        for _ in 0..<3 { app.handle(.key(.character("g"), []), at: t); for _ in 0..<40 { frame() } }
        // Four columns now; the next press grows every photo to the full width.
        app.handle(.key(.character("g"), []), at: t)
        frame(); frame()
        let commands = app.buildDrawList().commands
        let drawn = commands.compactMap { c -> Rect? in if case let .image(_, r, _, _, _, _, _) = c { return r }; return nil }
        let asked = commands.compactMap { c -> Rect? in if case let .prefetch(_, r, _) = c { return r }; return nil }
        XCTAssertFalse(asked.isEmpty)
        XCTAssertTrue(asked.allSatisfy { $0.width == 370 && $0.height == 200 }, "\(asked)")
        XCTAssertTrue(drawn.contains { $0.width < 370 }, "mid-animation photos are still smaller")
        for _ in 0..<40 { frame() }
        XCTAssertTrue(app.buildDrawList().commands.allSatisfy { if case .prefetch = $0 { return false }; return true })
    }

    /// Photos in motion are resampled from the nearest texel; the frame on which they settle draws
    /// every one bilinear again (and, its commands differing, a retained frame draws them anew).
    func testMovingPhotosSampleFastAndSettledOnesExactly() throws {
        let context = AppContext(options: Options(), resources: ResourceLocator(root: URL(fileURLWithPath: "/nonexistent")), log: { _ in })
        let app = try AppController(context: context, initialScene: "feed", windowSize: Size(width: 390, height: 844), scale: 1)
        var t = 0.0
        var moving = true
        func frame() { t += 1.0 / 60; moving = app.update(at: t) }
        func samplings() -> [ImageSampling] {
            app.buildDrawList().commands.compactMap { c -> ImageSampling? in if case let .image(_, _, _, _, _, _, s) = c { return s }; return nil }
        }
        for _ in 0..<10 { frame() }
        XCTAssertFalse(moving)
        XCTAssertEqual(Set(samplings()), [.exact], "at rest")
        app.handle(.key(.character("g"), []), at: t)
        frame(); frame()
        XCTAssertTrue(moving)
        XCTAssertEqual(Set(samplings()), [.fast], "every photo moves in a column toggle")
        var frames = 0
        while moving && frames < 300 { frame(); frames += 1 }
        XCTAssertFalse(moving, "the toggle settles")
        XCTAssertEqual(Set(samplings()), [.exact], "the settling frame draws them exactly")
        // A scroll moves photos without resizing them: they stay exact.
        app.handle(.wheel(dx: 0, dy: 120, precise: false, at: Point(x: 195, y: 400), modifiers: []), at: t)
        frame(); frame()
        XCTAssertTrue(moving)
        XCTAssertEqual(Set(samplings()), [.exact], "a scroll resamples nothing")
    }
}
