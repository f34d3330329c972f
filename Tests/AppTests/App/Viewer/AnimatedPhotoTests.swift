import Foundation
import XCTest
import GridCore
import Stage
import TestEnvironment
@testable import CoffeeGridApp

/// Animated photos in the app, headless on the virtual clock: the viewer plays a GIF frame by frame
/// at its delays while the loop sleeps between frames (nothing animates, the next wake-up is the
/// next frame's time), an idle wait stops at every frame, reduce motion waits on the first frame
/// with a play button, closing stops the decoder, a broken file stops on its last good frame with
/// one line, and the Photos scene plays the photo under the pointer only when `p` asks.
final class AnimatedPhotoTests: XCTestCase {
    private var dir: URL!
    let window = Size(width: 844, height: 390)
    var lines: [String] = []

    override func setUpWithError() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("animated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        setenv("XDG_STATE_HOME", dir.path, 1)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    /// A 120×80 GIF with a frame per colour, each shown for its hundredths of a second.
    func gif(_ name: String, _ frames: [(String, Int)], loop: Int = 0) throws -> String {
        let convert = try TestEnvironment.require(tool: "convert", package: "imagemagick")
        let path = dir.appendingPathComponent(name).path
        var args = ["-size", "120x80"]
        for (colour, delay) in frames { args += ["-delay", String(delay), "xc:\(colour)"] }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: convert)
        p.arguments = args + ["-loop", String(loop), path]
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        return path
    }

    func session(_ paths: [String], reduceMotion: Bool = false) throws -> HeadlessSession {
        var options = Options()
        options.paths = paths
        options.reduceMotion = reduceMotion
        let s = try HeadlessSession(scene: "photos", size: window, options: options, waitsForImages: true, log: { [unowned self] in lines.append($0) })
        try s.run(.settle)
        return s
    }

    func open(_ s: HeadlessSession, _ i: Int = 0) throws {
        let grid = try XCTUnwrap((s.app.scene as? PhotosScene)?.grid)
        try s.run(.doubleClick(try XCTUnwrap(grid.drawnFrame(of: i)).center))
        XCTAssertNotNil(s.app.viewer)
        try s.run(.settle)
    }

    func testTheViewerPlaysAGIFAtItsDelaysAndSleepsBetweenFrames() throws {
        let path = try gif("timed.gif", [("red", 10), ("blue", 30), ("lime", 0)])
        let s = try session([path])
        try open(s)
        var changes: [(time: Double, frame: Int)] = []
        var last = s.app.animation?.state.frame
        var busyFrames = 0
        for _ in 0..<150 {
            s.host.step()
            let state = try XCTUnwrap(s.app.animation?.state)
            XCTAssertEqual(s.app.animation?.place, "viewer")
            if state.frame != last {
                changes.append((s.app.env.time, state.frame!))
                last = state.frame
            }
            if s.host.isAnimating { busyFrames += 1 }
        }
        XCTAssertEqual(busyFrames, 0, "nothing moves between frames: the window would sleep")
        XCTAssertGreaterThanOrEqual(changes.count, 10, "2.5 s of a 0.5 s loop")
        // Each frame stays for its delay (0 is 100 ms), to the 60 Hz frame that first reaches it.
        let delays = [0.1, 0.3, 0.1]
        for k in 1..<changes.count {
            XCTAssertEqual(changes[k].frame, (changes[k - 1].frame + 1) % 3, "\(changes)")
            XCTAssertEqual(changes[k].time - changes[k - 1].time, delays[changes[k - 1].frame], accuracy: 1.0 / 60 + 1e-9,
                           "frame \(changes[k - 1].frame): \(changes)")
        }
        let wake = try XCTUnwrap(s.app.nextWake, "the next frame's time is the next wake-up")
        XCTAssertGreaterThan(wake, s.app.env.time)
        XCTAssertEqual(s.app.animation?.state.frames, 3)
        XCTAssertLessThanOrEqual(s.app.animation?.state.peakFramesAlive ?? 99, AnimationPlayer.framesAhead + 2)
        XCTAssertTrue(lines.isEmpty, "\(lines)")
    }

    func testAnIdleWaitDrawsEachFrameWhenItIsDueAndNoOther() throws {
        let path = try gif("even.gif", [("red", 20), ("blue", 20), ("lime", 20), ("yellow", 20)])
        let s = try session([path])
        try open(s)
        let start = s.host.frameCount
        let frameBefore = try XCTUnwrap(s.app.animation?.state.frame)
        try s.run(.wait(milliseconds: 2000))
        let drawn = s.host.frameCount - start
        XCTAssertEqual(try XCTUnwrap(s.app.animation?.state.frame), (frameBefore + 10) % 4, "2 s of 200 ms frames: ten changes")
        XCTAssertGreaterThanOrEqual(drawn, 10, "every frame change was drawn")
        XCTAssertLessThanOrEqual(drawn, 12, "and little else: the clock jumped between them (not 120 frames)")
        // Without an animation the same wait is one frame.
        try s.run(.key(.escape, []))
        try s.run(.settle)
        XCTAssertNil(s.app.animation, "closing the viewer stopped the player")
        XCTAssertNil(s.app.images?.animationState)
        XCTAssertNil(s.app.nextWake)
        let idle = s.host.frameCount
        try s.run(.wait(milliseconds: 2000))
        XCTAssertEqual(s.host.frameCount - idle, 1, "an idle viewer-less grid goes back to sleeping")
    }

    func testAStillPhotoInTheViewerLeavesTheLoopAsleep() throws {
        let convert = try TestEnvironment.require(tool: "convert", package: "imagemagick")
        let jpeg = dir.appendingPathComponent("still.jpg").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: convert)
        p.arguments = ["-size", "120x80", "xc:orange", jpeg]
        try p.run()
        p.waitUntilExit()
        let s = try session([jpeg])
        try open(s)
        XCTAssertEqual(s.app.animation?.state.isAnimated, false, "a JPEG is not played")
        XCTAssertTrue(try XCTUnwrap(s.app.viewer).state(at: s.app.env.time).text.contains("\"animation\":null"), "the viewer says none plays")
        XCTAssertNil(s.app.nextWake)
        let before = s.host.frameCount
        try s.run(.wait(milliseconds: 2000))
        XCTAssertEqual(s.host.frameCount - before, 1, "an idle viewer sleeps")
    }

    func testReduceMotionWaitsOnTheFirstFrameWithAPlayButton() throws {
        let path = try gif("calm.gif", [("red", 10), ("blue", 10), ("lime", 10)])
        let s = try session([path], reduceMotion: true)
        try open(s)
        try s.run(.wait(milliseconds: 1000))
        let viewer = try XCTUnwrap(s.app.viewer)
        XCTAssertEqual(s.app.animation?.state.frame, 0)
        XCTAssertEqual(s.app.animation?.state.isPlaying, false)
        XCTAssertTrue(viewer.showsPlayButton)
        XCTAssertNil(s.app.nextWake, "a paused animation wakes nothing")
        XCTAssertTrue(s.app.buildDrawList().commands.contains { if case .symbol("play.fill", _, _) = $0 { return true } else { return false } })
        // Space plays, and pauses again.
        try s.run(.key(.space, []))
        try s.run(.wait(milliseconds: 150))
        XCTAssertEqual(s.app.animation?.state.frame, 1)
        XCTAssertFalse(viewer.showsPlayButton)
        try s.run(.key(.space, []))
        try s.run(.wait(milliseconds: 500))
        XCTAssertEqual(s.app.animation?.state.frame, 1)
        // A click on the play button plays too.
        // Paused 50 ms into frame 1's 100: frame 2 comes 50 ms after the click.
        try s.run(.click(viewer.playButtonFrame.center))
        try s.run(.wait(milliseconds: 80))
        XCTAssertEqual(s.app.animation?.state.frame, 2)
        XCTAssertNotNil(s.app.viewer, "the click on the button did not close the viewer")
    }

    func testABrokenGIFStopsOnItsLastGoodFrameWithOneLine() throws {
        let whole = try gif("whole.gif", [("red", 10), ("blue", 10), ("lime", 10), ("yellow", 10)])
        var bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        bytes.removeLast(10)
        let cut = dir.appendingPathComponent("cut.gif").path
        try bytes.write(to: URL(fileURLWithPath: cut))
        try FileManager.default.removeItem(atPath: whole)
        let s = try session([cut])
        try open(s)
        try s.run(.wait(milliseconds: 2000))
        let state = try XCTUnwrap(s.app.animation?.state)
        XCTAssertNotNil(state.failure)
        XCTAssertEqual(state.frame, 2, "frames 1–3 were whole")
        XCTAssertNil(s.app.nextWake)
        // The state file says it stopped (it said "playing": true for ever), with no play button
        // offering to play what cannot.
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(s.app.stateJSON().text.utf8)) as? [String: Any])
        let animation = try XCTUnwrap((json["viewer"] as? [String: Any])?["animation"] as? [String: Any], "\(json)")
        XCTAssertEqual(animation["playing"] as? Bool, false, "\(animation)")
        XCTAssertEqual(animation["playButton"] as? Bool, false, "\(animation)")
        XCTAssertFalse(state.isPlaying)
        XCTAssertFalse(try XCTUnwrap(s.app.viewer).showsPlayButton)
        XCTAssertEqual(lines.filter { $0.contains("cut.gif") && $0.contains("animation stops") }.count, 1, "\(lines)")
        try s.run(.key(.right, []))
        try s.run(.key(.escape, []))
        try s.run(.settle)
        XCTAssertNil(s.app.viewer, "the app goes on")
    }

    func testTheGridPlaysThePhotoUnderThePointerOnlyWhenAsked() throws {
        let a = try gif("a.gif", [("red", 10), ("blue", 10)])
        let b = try gif("b.gif", [("lime", 10), ("yellow", 10)])
        let s = try session([a, b])
        let scene = try XCTUnwrap(s.app.scene as? PhotosScene)
        let first = try XCTUnwrap(scene.grid.drawnFrame(of: 0)), second = try XCTUnwrap(scene.grid.drawnFrame(of: 1))
        try s.run(.move(first.center))
        try s.run(.wait(milliseconds: 300))
        XCTAssertNil(s.app.animation, "off by default")
        try s.press("p")
        XCTAssertTrue(scene.playsOnHover)
        try s.run(.move(first.center))
        try s.run(.wait(milliseconds: 250))
        XCTAssertEqual(s.app.animation?.place, "grid")
        XCTAssertEqual(s.app.animation?.state.path, a)
        XCTAssertEqual(s.app.animation?.state.frame, 0, "two 100 ms frames: frame 0 again after 200 ms")
        // The second photo's top, which is on screen.
        try s.run(.move(Point(x: second.midX, y: second.minY + 20)))
        try s.run(.wait(milliseconds: 150))
        XCTAssertEqual(s.app.animation?.state.path, b, "one at a time: the other stopped")
        XCTAssertEqual(s.app.animation?.state.frame, 1)
        try s.run(.move(Point(x: 2, y: 2)))
        try s.run(.wait(milliseconds: 100))
        XCTAssertNil(s.app.animation)
        // Remembered with the other view options.
        let saved = scene.restorableState
        let again = try session([a, b])
        let other = try XCTUnwrap(again.app.scene as? PhotosScene)
        other.restore(saved)
        XCTAssertTrue(other.playsOnHover)
        other.restore(RestorableState(selections: [2, 1], anchor: nil))
        XCTAssertFalse(other.playsOnHover, "a session saved before p existed restores with it off")
        XCTAssertTrue(other.showsNames)
    }
}
