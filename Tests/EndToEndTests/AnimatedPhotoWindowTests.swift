import Foundation
import XCTest
import TestEnvironment

/// An animated GIF in the real window under Xvfb: opened in the viewer after the window has slept
/// for over 1.5 s, it changes frame at the file's pace (from `--trace`: each frame shown is traced
/// with the monotonic time it reached the screen), and the window draws little besides the frame
/// changes: it sleeps between them rather than drawing at 60 Hz. The display's own pixels, grabbed
/// from the X server, show the frames' colours in turn.
final class AnimatedPhotoWindowTests: XCTestCase {
    var session: XSession?

    override func setUpWithError() throws { session = try XSession() }

    override func tearDown() { session?.close() }

    /// Four 300×200 frames of 250 ms each, looping.
    func makeGIF(_ path: String) throws {
        let convert = try TestEnvironment.require(tool: "convert", package: "imagemagick")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: convert)
        p.arguments = ["-size", "300x200", "-delay", "25", "xc:red", "-delay", "25", "xc:blue", "-delay", "25", "xc:lime",
                       "-delay", "25", "xc:yellow", "-loop", "0", path]
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
    }

    /// The viewer's animation in each traced line: (frame number, when shown in ms, animation frame,
    /// whether the viewer itself was still flying).
    static func playback(_ trace: URL) -> [(frame: Int, shownMs: Double, index: Int?, flying: Bool)] {
        guard let text = try? String(contentsOf: trace, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let o = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                  let n = o["frame"] as? Double, let shown = o["monotonicMs"] as? Double else { return nil }
            let v = o["viewer"] as? [String: Any]
            let a = v?["animation"] as? [String: Any]
            return (Int(n), shown, (a?["frame"] as? Double).map(Int.init), v?["animating"] as? Bool ?? false)
        }
    }

    func testAnAnimatedGIFPlaysInTheViewerAtItsPace() throws {
        let s = try XCTUnwrap(session)
        let gif = s.dir.appendingPathComponent("spinner.gif").path
        try makeGIF(gif)
        try s.launch(["--size", "800x600", "--no-restore", "--trace", s.traceFile.path, gif])
        let ready = try XCTUnwrap(s.waitForState(20) { $0["scene"] as? String == "photos" && ($0["pendingPhotos"] as? Double) == 0
            && ($0["animating"] as? Bool) == false && !(($0["visible"] as? [Any]) ?? []).isEmpty }, "the photo was not shown: \(s.screenshot("gif-grid.png"))")
        let cell = try XCTUnwrap((ready["visible"] as? [[String: Any]])?.first)
        // Idle first: no frame drawn for 1.5 s.
        let trace = TraceReader(s.traceFile)
        var count = -1, since = Date()
        XCTAssertTrue(XSession.waitUntil(20) {
            let n = trace.read().count
            if n != count { count = n; since = Date() }
            return Date().timeIntervalSince(since) >= 1.5
        }, "the window never went idle")
        let start = trace.frames.last?.frame ?? 0
        let x = (cell["x"] as! Double) + (cell["width"] as! Double) / 2, y = (cell["y"] as! Double) + (cell["height"] as! Double) / 2
        s.xdotool(["mousemove", "--window", s.window, String(Int(x)), String(Int(y)), "click", "--repeat", "2", "--delay", "60", "1"])
        XCTAssertNotNil(s.waitForState(10) { (($0["viewer"] as? [String: Any])?["animation"] as? [String: Any])?["frames"] as? Double == 4 },
                        "the viewer did not play the GIF: \(s.screenshot("gif-viewer.png")); \(s.appOutput())")
        usleep(1_000_000)
        // What the display shows at the photo's centre, grabbed from the X server a dozen times
        // about a frame's length apart: the file's colours come and go.
        let w = 800
        var seen: [String] = []
        for _ in 0..<12 {
            if let rgb = s.grab(), rgb.count >= w * 600 * 3 {
                let i = (300 * w + 400) * 3
                seen.append(String(format: "%02x%02x%02x", rgb[i], rgb[i + 1], rgb[i + 2]))
            }
            usleep(120_000)
        }
        let colours = Set(seen).intersection(["ff0000", "0000ff", "00ff00", "ffff00"])
        XCTAssertGreaterThanOrEqual(colours.count, 3, "grabbed at the centre: \(seen)")
        usleep(500_000)
        let shot = s.screenshot("gif-playing.png")
        let lines = Self.playback(s.traceFile).filter { $0.frame > start }
        // The moments the animation's frame changed, once the viewer's flight had landed.
        var changes: [(ms: Double, index: Int)] = []
        var last: Int?
        for l in lines where l.index != nil {
            if l.index != last { changes.append((l.shownMs, l.index!)); last = l.index }
        }
        XCTAssertGreaterThanOrEqual(changes.count, 10, "3 s of 250 ms frames: \(changes); \(shot)")
        let gaps = zip(changes.dropFirst(), changes).map { $0.ms - $1.ms }.dropFirst()
        let mean = gaps.reduce(0, +) / Double(max(gaps.count, 1))
        print("AnimatedPhotoWindowTests: \(changes.count) frame changes, mean \(String(format: "%.1f", mean)) ms apart (\(gaps.map { Int($0.rounded()) }))")
        XCTAssertEqual(mean, 250, accuracy: 25, "the file's pace: \(gaps)")
        // Each frame near its 250 ms, but for one hitch in ten: on a shared 2-core machine (this test's
        // own grabs of the display included) a frame was seen 355 ms after the last, the next 218.
        let median = gaps.sorted()[gaps.count / 2]
        XCTAssertEqual(median, 250, accuracy: 15, "the file's pace: \(gaps)")
        let off = gaps.filter { abs($0 - 250) > 90 }
        XCTAssertLessThanOrEqual(off.count, gaps.count / 10, "frames far from their 250 ms: \(off) of \(gaps)")
        for (a, b) in zip(changes, changes.dropFirst()) { XCTAssertEqual(b.index, (a.index + 1) % 4, "in order, looping: \(changes)") }
        // Once the viewer has landed the window sleeps between frame changes: it draws the changes
        // (and perhaps a frame for the pointer), not 60 frames a second.
        let landed = try XCTUnwrap(lines.firstIndex { $0.index != nil && !$0.flying })
        let resting = lines[landed...]
        let restingChanges = Set(changes.map(\.ms)).intersection(resting.map(\.shownMs)).count
        print("AnimatedPhotoWindowTests: \(resting.count) frames drawn after landing for \(restingChanges) frame changes")
        XCTAssertGreaterThanOrEqual(restingChanges, 8)
        XCTAssertLessThanOrEqual(resting.count, restingChanges + 2, "drawn while playing at rest: \(resting.count) for \(restingChanges) changes")
    }
}
