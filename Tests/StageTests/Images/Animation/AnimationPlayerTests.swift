import CGifLib
import CSDL2
import XCTest
import TestEnvironment
@testable import PhotoLibrary
@testable import Stage

/// The player over an injected clock: frames change when their delays say, loop as the file says,
/// never decode far ahead (a 1,000-frame GIF keeps a few frames alive, not 1,000), stop on the last
/// good frame of a broken file with one log line, and refuse a canvas over the caps before
/// allocating it.
final class AnimationPlayerTests: XCTestCase {
    var fixtures: ImageFixtures!
    var lines: [String] = []

    override func setUpWithError() throws { fixtures = try ImageFixtures() }

    func player(_ path: String, cover: (Int, Int) = (64, 64), playing: Bool = true, limits: ImageLimits = .standard) -> AnimationPlayer {
        AnimationPlayer(path: path, cover: cover, limits: limits, renderer: nil, playing: playing, wake: {}, log: { [unowned self] in lines.append($0) })
    }

    func gif(_ delays: [Int], repeats: Int? = 0, size: Int = 8) -> GIFWriter {
        var g = GIFWriter(width: size, height: size, palette: GIFCompositingTests.palette, repeats: repeats)
        for (i, d) in delays.enumerated() { g.frames.append(.init(width: size, height: size, pixels: [UInt8](repeating: UInt8(i % 4), count: size * size), delay: d)) }
        return g
    }

    func topLeft(_ p: AnimationPlayer) -> UInt32? {
        p.pixels?.pixel(x: 0, y: 0)
    }

    func testFramesChangeAtTheirDelaysAndLoopAsTheFileSays() throws {
        let path = fixtures.path("timed.gif")
        try gif([0, 5, 30], repeats: 1).write(to: path)
        let p = player(path)
        XCTAssertTrue(p.advance(to: 10, waiting: true))
        XCTAssertEqual(p.state.frame, 0)
        XCTAssertEqual(topLeft(p), GIFCompositingTests.red)
        XCTAssertEqual(try XCTUnwrap(p.nextChange), 10.1, accuracy: 1e-9, "a delay of 0 shows for 100 ms")
        XCTAssertFalse(p.advance(to: 10.05, waiting: true))
        var seen: [(Double, Int)] = []
        var t = 10.0
        while t < 12 {
            t += 0.01
            if p.advance(to: t, waiting: true) { seen.append(((t * 100).rounded() / 100, p.state.frame!)) }
        }
        let expected: [(Double, Int)] = [(10.1, 1), (10.15, 2), (10.45, 0), (10.55, 1), (10.6, 2)]
        XCTAssertEqual(seen.map(\.1), expected.map(\.1), "\(seen)")
        for (a, b) in zip(seen, expected) { XCTAssertEqual(a.0, b.0, accuracy: 0.011, "\(seen)") }
        XCTAssertEqual(p.state.frames, 3)
        XCTAssertTrue(p.state.isFinished, "one repeat: two showings, then the last frame stays")
        XCTAssertFalse(p.state.isPlaying, "its frames ran out: it no longer plays")
        XCTAssertNil(p.nextChange)
        XCTAssertEqual(topLeft(p), GIFCompositingTests.green)
        XCTAssertTrue(lines.isEmpty, "\(lines)")
    }

    func testPausedShowsTheFirstFrameAndResumesFromIt() throws {
        let path = fixtures.path("paused.gif")
        try gif([20, 20, 20]).write(to: path)
        let p = player(path, playing: false)
        XCTAssertTrue(p.advance(to: 0, waiting: true))
        XCTAssertNil(p.nextChange, "paused: nothing is due")
        XCTAssertFalse(p.advance(to: 5, waiting: true))
        XCTAssertEqual(p.state.frame, 0)
        XCTAssertEqual(p.state.isAnimated, true)
        p.setPlaying(true, at: 5)
        XCTAssertEqual(try XCTUnwrap(p.nextChange), 5.2, accuracy: 1e-9)
        XCTAssertTrue(p.advance(to: 5.2, waiting: true))
        XCTAssertEqual(p.state.frame, 1)
    }

    func testAThousandFrameGIFKeepsAFewFramesAlive() throws {
        let path = fixtures.path("thousand.gif")
        try gif([Int](repeating: 4, count: 1000), repeats: 0, size: 64).write(to: path)
        let p = player(path, cover: (64, 64))
        var t = 0.0
        var frames = 0
        p.advance(to: t, waiting: true)
        while frames < 1200 {
            t += 0.04
            if p.advance(to: t, waiting: true) { frames += 1 }
        }
        let s = p.state
        XCTAssertEqual(s.frames, 1000, "one whole pass was read")
        XCTAssertEqual(s.frame, 200, "1,200 changes after frame 0 of 1,000: frame 200 of the second pass")
        XCTAssertLessThanOrEqual(s.peakFramesAlive, AnimationPlayer.framesAhead + 2, "decoded ahead, shown, and the one being made")
        XCTAssertLessThanOrEqual(s.decoded, 1201 + AnimationPlayer.framesAhead + 1, "never far ahead of the clock")
    }

    func testAHugeCanvasWithManyFramesDecodesAFewAtATime() throws {
        let path = fixtures.path("huge.gif")
        // 2048 × 2048 (16 MB a canvas) × 40 frames: 640 MB if every frame were kept.
        var g = GIFWriter(width: 2048, height: 2048, palette: GIFCompositingTests.palette)
        g.frames.append(.init(width: 2048, height: 2048, pixels: [UInt8](repeating: 0, count: 2048 * 2048), delay: 5))
        for i in 1..<40 { g.frames.append(.init(left: i * 8, top: i * 8, width: 64, height: 64, pixels: [UInt8](repeating: UInt8(i % 4), count: 4096), delay: 5)) }
        try g.write(to: path)
        let p = player(path, cover: (256, 256))
        p.advance(to: 0, waiting: true)
        var t = 0.0
        for _ in 0..<20 { t += 0.05; p.advance(to: t, waiting: true) }
        let s = p.state
        XCTAssertEqual(s.frame, 20)
        XCTAssertLessThanOrEqual(s.peakFramesAlive, AnimationPlayer.framesAhead + 2)
        XCTAssertLessThanOrEqual(s.decoded, 24)
        let shown = try XCTUnwrap(p.pixels)
        XCTAssertEqual(shown.width, 256, "frames are made at the size they are shown, not the canvas's")
    }

    func testATruncatedGIFStopsOnTheLastGoodFrameWithOneLine() throws {
        let path = fixtures.path("cut.gif")
        var bytes = gif([10, 10, 10, 10], size: 16).data()
        bytes.removeLast(12)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let p = player(path)
        var t = 0.0
        p.advance(to: t, waiting: true)
        for _ in 0..<20 { t += 0.1; p.advance(to: t, waiting: true) }
        XCTAssertEqual(p.state.frame, 2, "frames 0–2 were whole; the fourth was cut")
        XCTAssertNotNil(p.state.failure)
        XCTAssertFalse(p.state.isPlaying, "stopped on the last good frame, not playing")
        XCTAssertNil(p.nextChange, "nothing more is due")
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.contains("cut.gif: truncated GIF") == true, "\(lines)")
        XCTAssertTrue(lines.first?.contains("stops at frame 3") == true, "\(lines)")
    }

    func testACanvasOverThePixelCapIsRefusedBeforeAllocation() throws {
        let path = fixtures.path("wide.gif")
        // A 2 × 2 frame on a declared 20,000 × 20,000 screen: 1.6 GB of canvas if it were believed.
        var bytes = gif([10, 10], size: 2).data()
        bytes[6] = UInt8(20000 & 0xFF); bytes[7] = UInt8(20000 >> 8); bytes[8] = bytes[6]; bytes[9] = bytes[7]
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let before = DecodeMemory.shared.held
        let p = player(path)
        XCTAssertFalse(p.advance(to: 0, waiting: true))
        XCTAssertNil(p.pixels)
        XCTAssertEqual(p.state.decoded, 0)
        XCTAssertTrue(p.state.failure?.contains("too large") == true, "\(String(describing: p.state.failure))")
        XCTAssertEqual(DecodeMemory.shared.held, before)
        XCTAssertTrue(lines.isEmpty, "the still decode of the file says it is too large, once: \(lines)")
        // Within the pixel cap but over the animation's own (16 MP): shown still, said once.
        let big = fixtures.path("big.gif")
        var b = gif([10, 10], size: 2).data()
        b[6] = UInt8(5000 & 0xFF); b[7] = UInt8(5000 >> 8); b[8] = b[6]; b[9] = b[7]
        try Data(b).write(to: URL(fileURLWithPath: big))
        let q = player(big)
        XCTAssertFalse(q.advance(to: 0, waiting: true))
        XCTAssertTrue(q.state.failure?.contains("animations play up to 16 megapixels") == true, "\(String(describing: q.state.failure))")
        XCTAssertEqual(lines.count, 1, "the animation's own limit is said: \(lines)")
        // A file gone, or broken from its first frame: the still decode's line is the only one.
        lines = []
        let gone = player(fixtures.path("gone.gif"))
        XCTAssertFalse(gone.advance(to: 0, waiting: true))
        XCTAssertNotNil(gone.state.failure)
        var broken = gif([10, 10], size: 16).data()
        // Cut in the first frame's pixels: the global table ends at 781, the loop and control
        // blocks take 27 bytes, the frame's descriptor 10 more.
        XCTAssertEqual(broken[808], 0x2C)
        broken.removeLast(broken.count - 822)
        let first = fixtures.path("first.gif")
        try Data(broken).write(to: URL(fileURLWithPath: first))
        let f = player(first)
        XCTAssertFalse(f.advance(to: 0, waiting: true))
        XCTAssertNotNil(f.state.failure)
        XCTAssertTrue(lines.isEmpty, "\(lines)")
    }

    func testStillFilesAreNotPlayed() throws {
        let path = fixtures.path("one.gif")
        try gif([10]).write(to: path)
        let p = player(path)
        XCTAssertTrue(p.advance(to: 0, waiting: true))
        XCTAssertFalse(p.advance(to: 5, waiting: true))
        XCTAssertEqual(p.state.isAnimated, false)
        XCTAssertNil(p.nextChange)
        let png = fixtures.path("still.png")
        let s = ImageFixtures.quadrants(width: 8, height: 8)
        defer { SDL_FreeSurface(s) }
        XCTAssertEqual(IMG_SavePNG(s, png), 0)
        let q = player(png)
        XCTAssertFalse(q.advance(to: 0, waiting: true))
        XCTAssertEqual(q.state.isAnimated, false)
        XCTAssertNil(q.pixels)
    }

    func testStoppingEndsTheWorkerPromptly() throws {
        let path = fixtures.path("stop.gif")
        var g = GIFWriter(width: 4000, height: 4000, palette: GIFCompositingTests.palette)
        for i in 0..<3 { g.frames.append(.init(width: 4000, height: 4000, pixels: [UInt8](repeating: UInt8(i), count: 16_000_000), delay: 10)) }
        try g.write(to: path)
        let held = DecodeMemory.shared.held
        let p = player(path)
        usleep(50_000)
        let start = Date()
        p.stop()
        let deadline = Date(timeIntervalSinceNow: 2)
        while DecodeMemory.shared.held != held && Date() < deadline { usleep(5_000) }
        XCTAssertEqual(DecodeMemory.shared.held, held, "the worker gave its memory back")
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
    }

    func testAnAnimatedWebPPlaysItsDurationsAndComposites() throws {
        let img2webp = try TestEnvironment.require(tool: "img2webp", package: "webp")
        let convert = try TestEnvironment.require(tool: "convert", package: "imagemagick")
        let frames = [("a", "-fill red -draw 'rectangle 0,0 15,15'"), ("b", "-fill red -draw 'rectangle 0,0 15,15' -fill blue -draw 'rectangle 4,4 7,7'"),
                      ("c", "-fill red -draw 'rectangle 0,0 15,15' -fill blue -draw 'rectangle 4,4 7,7' -fill lime -draw 'rectangle 12,12 15,15'")]
        for (name, draw) in frames {
            try run("/bin/sh", ["-c", "'\(convert)' -size 16x16 xc:white \(draw) '\(fixtures.path(name + ".png"))'"])
        }
        let path = fixtures.path("anim.webp")
        try run(img2webp, ["-loop", "2", "-lossless", "-d", "40", fixtures.path("a.png"), "-d", "250", fixtures.path("b.png"),
                           "-d", "5", fixtures.path("c.png"), "-o", path])
        // The grid's still: SDL_image 2.6 decodes no animated WebP; the first frame comes from libwebp.
        let still = try PhotoDecoder.decode(path: path, pixelSize: nil)
        XCTAssertEqual([still.pixelWidth, still.pixelHeight], [16, 16])
        XCTAssertEqual(still.pixel(x: 0, y: 0), 0xFFFF_0000)
        XCTAssertEqual(still.pixel(x: 5, y: 5), 0xFFFF_0000, "frame 0 has no blue square")
        let p = player(path, cover: (16, 16))
        p.advance(to: 0, waiting: true)
        XCTAssertEqual(p.state.frames, 3, "a WebP says its frame count up front")
        var changes: [(Double, Int)] = []
        var t = 0.0
        while t < 2 {
            t += 0.005
            if p.advance(to: t, waiting: true) { changes.append(((t * 1000).rounded() / 1000, p.state.frame!)) }
        }
        XCTAssertEqual(changes.map(\.1), [1, 2, 0, 1, 2], "\(changes)")
        let times = [0.04, 0.29, 0.39, 0.43, 0.68]
        for (a, b) in zip(changes.map(\.0), times) { XCTAssertEqual(a, b, accuracy: 0.006, "\(changes): 5 ms shows for 100 ms") }
        XCTAssertTrue(p.state.isFinished, "loop count 2: two showings")
        let s = try XCTUnwrap(p.pixels)
        XCTAssertEqual(s.pixel(x: 0, y: 0), 0xFFFF_0000)
        XCTAssertEqual(s.pixel(x: 5, y: 5), 0xFF00_00FF)
        XCTAssertEqual(s.pixel(x: 13, y: 13), 0xFF00_FF00)
    }

    private func run(_ tool: String, _ args: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "\(tool) \(args)")
    }
}
