import CSDL2
import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage

final class ImagePipelineTests: XCTestCase {
    private func texture(_ state: ImageState, file: StaticString = #filePath, line: UInt = #line) -> Texture? {
        guard case .ready(let t) = state else {
            XCTFail("expected a texture, got \(state)", file: file, line: line)
            return nil
        }
        return t
    }

    func testRequestsLoadThenServeDownscaledTextures() throws {
        let files = try ImageFixtures()
        let jpg = try files.saveJPG("flat-white.jpg", ImageFixtures.quadrants(width: 1200, height: 900))
        let png = try files.savePNG("cortado.png", ImageFixtures.quadrants(width: 600, height: 800, seed: 3))
        let pipeline = try makePipeline()
        let cell = Size(width: 150, height: 150)
        guard case .loading = pipeline.request(jpg, pixelSize: cell, priority: 0) else { return XCTFail("first answer is .loading") }
        _ = pipeline.request(png, pixelSize: cell, priority: 0)
        XCTAssertTrue(pipeline.isBusy)
        pipeline.drain()
        XCTAssertFalse(pipeline.isBusy)

        let a = try XCTUnwrap(texture(pipeline.request(jpg, pixelSize: cell, priority: 0)))
        XCTAssertGreaterThanOrEqual(a.pixelHeight, 150, "covers the cell")
        XCTAssertLessThan(a.pixelWidth, 600, "downscaled, not full size")
        XCTAssertEqual(Double(a.pixelWidth) / Double(a.pixelHeight), 4.0 / 3.0, accuracy: 0.01)
        let b = try XCTUnwrap(texture(pipeline.request(png, pixelSize: cell, priority: 0)))
        XCTAssertGreaterThanOrEqual(b.pixelWidth, 150)
        XCTAssertLessThan(b.pixelHeight, 400)
        XCTAssertEqual(Double(b.pixelWidth) / Double(b.pixelHeight), 3.0 / 4.0, accuracy: 0.01)

        let stats = pipeline.stats
        XCTAssertEqual(stats.decoded, 2)
        XCTAssertEqual(stats.uploads, 2)
        XCTAssertEqual(stats.textureCount, 2)
        XCTAssertEqual(stats.textureBytes, a.byteCount + b.byteCount)
    }

    /// A screen of small pictures (a warm thumbnail cache) is decoded without waiting for frames to
    /// take a few at a time, and one frame uploads them all; a large one goes up a band of
    /// rows a frame (`BandedUploadTests`).
    func testSmallPicturesAreNotHeldToAFewAFrame() throws {
        let files = try ImageFixtures()
        let small = try (0..<20).map { try files.savePNG("thumb-\($0).png", ImageFixtures.quadrants(width: 64, height: 48, seed: UInt32($0))) }
        let pipeline = try makePipeline()
        pipeline.beginFrame()
        for p in small { _ = pipeline.request(p, pixelSize: Size(width: 64, height: 48), priority: 0) }
        waitForDecodes(pipeline, small.count)
        pipeline.pump()
        XCTAssertEqual(pipeline.stats.uploads, small.count, "20 × 12 KB in one frame")

        let large = try (0..<3).map { try files.savePNG("large-\($0).png", ImageFixtures.quadrants(width: 1200, height: 900, seed: UInt32($0))) }
        pipeline.beginFrame()
        for p in large { _ = pipeline.request(p, pixelSize: Size(width: 1200, height: 900), priority: 0) }
        waitForDecodes(pipeline, large.count)
        pipeline.pump()
        XCTAssertEqual(pipeline.stats.uploads, small.count, "4.3 MB each: a band of the first (1 MB) this frame")
        for _ in 0..<4 {
            pipeline.beginFrame()
            for p in large { _ = pipeline.request(p, pixelSize: Size(width: 1200, height: 900), priority: 0) }
            pipeline.pump()
        }
        XCTAssertEqual(pipeline.stats.uploads, small.count + 1, "the first whole after five frames, the others still waiting")
    }

    func testByteBudgetHoldsAcrossFrames() throws {
        let files = try ImageFixtures()
        let paths = try (0..<8).map { try files.saveJPG("beans-\($0).jpg", ImageFixtures.quadrants(width: 640, height: 480, seed: UInt32($0))) }
        let budget = 1 << 20  // room for two 342×256 textures, not three
        let pipeline = try makePipeline(budget: budget)
        let cell = Size(width: 256, height: 256)
        for frame in 0..<paths.count {
            pipeline.beginFrame()
            let visible = [paths[frame], paths[(frame + 1) % paths.count]]
            for p in visible { _ = pipeline.request(p, pixelSize: cell, priority: 0) }
            pipeline.drain()
            pipeline.beginFrame()
            for p in visible { XCTAssertNotNil(texture(pipeline.request(p, pixelSize: cell, priority: 0))) }
            pipeline.pump()
            XCTAssertLessThanOrEqual(pipeline.stats.textureBytes, budget, "frame \(frame)")
        }
        XCTAssertGreaterThanOrEqual(pipeline.stats.evictions, paths.count - 2)
        XCTAssertLessThanOrEqual(pipeline.stats.textureCount, 2)
    }

    func testAnImageBiggerThanTheBudgetIsShownAlone() throws {
        let files = try ImageFixtures()
        let small = try files.savePNG("small.png", ImageFixtures.quadrants(width: 64, height: 64))
        let big = try files.savePNG("big.png", ImageFixtures.quadrants(width: 640, height: 480))
        let pipeline = try makePipeline(budget: 100_000)
        pipeline.beginFrame()
        _ = pipeline.request(small, pixelSize: Size(width: 64, height: 64), priority: 0)
        pipeline.drain()
        XCTAssertEqual(pipeline.stats.textureCount, 1)
        pipeline.beginFrame()
        _ = pipeline.request(big, pixelSize: Size(width: 400, height: 300), priority: 0)
        pipeline.drain()
        pipeline.beginFrame()
        let t = try XCTUnwrap(texture(pipeline.request(big, pixelSize: Size(width: 400, height: 300), priority: 0)))
        pipeline.pump()
        XCTAssertGreaterThan(t.byteCount, 100_000)
        XCTAssertEqual(pipeline.stats.textureCount, 1, "alone")
        XCTAssertEqual(pipeline.stats.textureBytes, t.byteCount)
        XCTAssertEqual(pipeline.stats.evictions, 1)
    }

    func testBrokenFilesFailOnceWithOneLogLineEach() throws {
        let files = try ImageFixtures()
        let good = try files.saveJPG("good.jpg", ImageFixtures.quadrants(width: 320, height: 240))
        let goodBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: good)))
        var random = SystemRandomNumberGenerator()
        var noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }
        noise[0] = 0x00  // never an accidental signature
        try files.write("truncated.jpg", Array(goodBytes.prefix(goodBytes.count / 2)))
        try files.write("noise.jpg", noise)
        try files.write("empty.jpg", [])
        try files.write("giant.png", ImageFixtures.pngHeader(width: 60000, height: 60000))
        try files.write("giant-sof.jpg", ImageFixtures.jpegHeader(width: 60000, height: 60000))
        try files.write("notes.jpg", Array("espresso, two sugars\n".utf8))
        try FileManager.default.createDirectory(atPath: files.path("coffee-3.jpg"), withIntermediateDirectories: false)
        XCTAssertEqual(mkfifo(files.path("pipe.jpg"), 0o644), 0)
        let huge = open(files.path("huge.png"), O_CREAT | O_WRONLY, 0o644)
        XCTAssertEqual(ftruncate(huge, 65 << 20), 0)  // sparse: costs no disk
        close(huge)
        let expected = [
            "truncated.jpg": "truncated JPEG (no end-of-image marker)",
            "noise.jpg": "not an image file (unknown format)",
            "empty.jpg": "empty file",
            "giant.png": "image too large (60000×60000 px; limit 16384 px a side, 64 megapixels)",
            "giant-sof.jpg": "image too large (60000×60000 px; limit 16384 px a side, 64 megapixels)",
            "notes.jpg": "not an image file (text)",
            "coffee-3.jpg": "not an image file (directory)",
            "pipe.jpg": "not an image file (not a regular file)",
            "huge.png": "file too large (65 MB, limit 64 MB)",
            "missing.jpg": "file not found",
            "cut.png": "truncated PNG (no end chunk)",
        ]
        // Broken past the header: refused by the header walk or by the decoder itself (whose words vary).
        let pngBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try files.savePNG("whole.png", ImageFixtures.quadrants(width: 320, height: 240)))))
        try files.write("cut.png", Array(pngBytes.prefix(pngBytes.count / 2)))
        try files.write("magic-noise.jpg", [0xFF, 0xD8, 0xFF] + noise)
        let decoderFailures = ["magic-noise.jpg"]
        // A real PNG under a JPEG name decodes: content decides, not the extension.
        let disguised = try files.savePNG("disguised.jpg", ImageFixtures.quadrants(width: 200, height: 100))

        let log = LogRecorder()
        let pipeline = try makePipeline(log: log.record)
        let cell = Size(width: 100, height: 100)
        for name in expected.keys.sorted() + decoderFailures { _ = pipeline.request(files.path(name), pixelSize: cell, priority: 0) }
        _ = pipeline.request(disguised, pixelSize: cell, priority: 0)
        pipeline.drain()

        for (name, reason) in expected {
            guard case .failed(let got) = pipeline.request(files.path(name), pixelSize: cell, priority: 0) else {
                XCTFail("\(name) should fail"); continue
            }
            XCTAssertEqual(got, reason, name)
        }
        for name in decoderFailures {
            guard case .failed(let got) = pipeline.request(files.path(name), pixelSize: cell, priority: 0) else {
                XCTFail("\(name) should fail"); continue
            }
            XCTAssertFalse(got.isEmpty)
        }
        XCTAssertNotNil(texture(pipeline.request(disguised, pixelSize: cell, priority: 0)))
        XCTAssertEqual(log.lines.count, expected.count + decoderFailures.count)
        XCTAssertTrue(log.lines.contains("image coffee-3.jpg: not an image file (directory)"), "\(log.lines)")
        for name in Array(expected.keys) + decoderFailures {
            XCTAssertEqual(log.lines.filter { $0.hasPrefix("image \(name): ") }.count, 1, name)
        }

        // Asking again, frame after frame, neither decodes nor logs again.
        for _ in 0..<5 {
            pipeline.beginFrame()
            for name in Array(expected.keys) + decoderFailures { _ = pipeline.request(files.path(name), pixelSize: Size(width: 300, height: 300), priority: 0) }
            pipeline.pump()
        }
        pipeline.drain()
        XCTAssertEqual(log.lines.count, expected.count + decoderFailures.count)
        XCTAssertEqual(pipeline.stats.failed, expected.count + decoderFailures.count)
        XCTAssertFalse(pipeline.isBusy)
    }

    func testAGrowingCellKeepsTheSmallTextureUntilTheLargeOneIsReady() throws {
        let files = try ImageFixtures()
        let path = try files.saveJPG("pour-over.jpg", ImageFixtures.quadrants(width: 1200, height: 900))
        let pipeline = try makePipeline()
        _ = pipeline.request(path, pixelSize: Size(width: 100, height: 100), priority: 0)
        pipeline.drain()
        let small = try XCTUnwrap(texture(pipeline.request(path, pixelSize: Size(width: 100, height: 100), priority: 0)))

        let grown = Size(width: 400, height: 400)
        let meanwhile = try XCTUnwrap(texture(pipeline.request(path, pixelSize: grown, priority: 0)))
        XCTAssertTrue(meanwhile === small, "the small texture is served while the large one decodes")
        XCTAssertTrue(pipeline.isBusy)
        pipeline.drain()
        let large = try XCTUnwrap(texture(pipeline.request(path, pixelSize: grown, priority: 0)))
        XCTAssertGreaterThanOrEqual(large.pixelWidth, 400)
        XCTAssertGreaterThanOrEqual(large.pixelHeight, 400)
        XCTAssertGreaterThan(large.pixelWidth, small.pixelWidth)
        XCTAssertEqual(pipeline.stats.textureCount, 1, "the large texture replaced the small one")

        // Shrinking back needs no new decode: the large texture covers it.
        XCTAssertTrue(texture(pipeline.request(path, pixelSize: Size(width: 120, height: 120), priority: 0)) === large)
        XCTAssertFalse(pipeline.isBusy)
    }

    func testVisibleRequestsAreDecodedBeforeFarPrefetches() throws {
        let files = try ImageFixtures()
        let paths = try (0..<6).map { try files.saveJPG("cup-\($0).jpg", ImageFixtures.quadrants(width: 320, height: 240, seed: UInt32($0))) }
        let pipeline = try makePipeline(workers: 1)
        pipeline.isSuspended = true  // queue everything first, so order is decided by priority alone
        let cell = Size(width: 80, height: 80)
        pipeline.beginFrame()
        for (i, p) in paths.prefix(4).enumerated() { pipeline.prefetch(p, pixelSize: cell, priority: 500 + Double(i) * 100) }
        _ = pipeline.request(paths[4], pixelSize: cell, priority: 0)
        _ = pipeline.request(paths[5], pixelSize: cell, priority: 0)
        pipeline.isSuspended = false
        pipeline.drain()
        XCTAssertEqual(pipeline.finishOrder, [paths[4], paths[5], paths[0], paths[1], paths[2], paths[3]])
    }

    func testAPrefetchNeverEvictsWhatIsOnScreen() throws {
        let files = try ImageFixtures()
        let paths = try (0..<5).map { try files.saveJPG("roast-\($0).jpg", ImageFixtures.quadrants(width: 640, height: 480, seed: UInt32($0))) }
        let pipeline = try makePipeline(budget: 1 << 20)  // two 342×256 textures
        let cell = Size(width: 256, height: 256)
        let visible = [paths[0], paths[1]]
        pipeline.beginFrame()
        for p in visible { _ = pipeline.request(p, pixelSize: cell, priority: 0) }
        pipeline.drain()
        pipeline.beginFrame()
        let onScreen = visible.map { pipeline.request($0, pixelSize: cell, priority: 0).texture }
        for (i, p) in paths.dropFirst(2).enumerated() { pipeline.prefetch(p, pixelSize: cell, priority: 300 + Double(i)) }
        pipeline.drain()
        pipeline.beginFrame()
        for (p, t) in zip(visible, onScreen) {
            XCTAssertTrue(pipeline.request(p, pixelSize: cell, priority: 0).texture === t, "still the same texture")
        }
        pipeline.pump()
        XCTAssertEqual(pipeline.stats.evictions, 0)
        XCTAssertEqual(pipeline.stats.discarded, 3)
        XCTAssertEqual(pipeline.stats.textureCount, 2)
        // Declined prefetches are not retried every frame.
        for p in paths.dropFirst(2) { pipeline.prefetch(p, pixelSize: cell, priority: 300) }
        XCTAssertFalse(pipeline.isBusy)
    }

    func testQueuedWorkNobodyWantsAnyMoreIsDropped() throws {
        let files = try ImageFixtures()
        let path = try files.saveJPG("gone.jpg", ImageFixtures.quadrants(width: 320, height: 240))
        let pipeline = try makePipeline(workers: 1)
        pipeline.isSuspended = true
        pipeline.beginFrame()
        _ = pipeline.request(path, pixelSize: Size(width: 50, height: 50), priority: 0)
        XCTAssertEqual(pipeline.stats.queued, 1)
        for _ in 0..<4 {
            pipeline.beginFrame()
            pipeline.pump()
        }
        XCTAssertEqual(pipeline.stats.queued, 0)
        XCTAssertFalse(pipeline.isBusy)
        XCTAssertEqual(pipeline.stats.decoded, 0)
    }

    func testDrainMakesResultsIndependentOfWorkerCount() throws {
        let files = try ImageFixtures()
        let paths = try (0..<5).map { try files.savePNG("bag-\($0).png", ImageFixtures.quadrants(width: 300 + 40 * $0, height: 260, seed: UInt32($0))) }
        var outcomes: [[String]] = []
        for workers in [1, 3] {
            let pipeline = try makePipeline(workers: workers)
            for p in paths { _ = pipeline.request(p, pixelSize: Size(width: 120, height: 90), priority: 0) }
            pipeline.drain()
            XCTAssertFalse(pipeline.isBusy)
            XCTAssertEqual(pipeline.stats.queued + pipeline.stats.inFlight + pipeline.stats.waitingForUpload, 0)
            outcomes.append(paths.map { p in
                pipeline.request(p, pixelSize: Size(width: 120, height: 90), priority: 0).texture
                    .map { "\($0.pixelWidth)×\($0.pixelHeight)" } ?? "none"
            })
        }
        XCTAssertEqual(outcomes[0], outcomes[1])
        XCTAssertFalse(outcomes[0].contains("none"))
    }

    /// A scroll through a strip of photos, frame by frame, with prefetching ahead and cell sizes that
    /// wobble: the budget holds every frame and the visible cells end up drawn. (Also the workload
    /// that `swift test --sanitize=thread` checks for races.)
    func testScrollingHoldsTheBudgetAndSettles() throws {
        let files = try ImageFixtures()
        let paths = try (0..<16).map { try files.savePNG("strip-\($0).png", ImageFixtures.quadrants(width: 240, height: 180, seed: UInt32($0))) }
        // A 96…99×76 cell rounds up to a 108×77 bucket: a 4:3 photo covers it at 108×81.
        let budget = 6 * 108 * 81 * 4
        let pipeline = try makePipeline(budget: budget)
        var first = 0
        for frame in 0..<48 {
            if frame % 3 == 0 { first = min(first + 1, paths.count - 4) }
            pipeline.beginFrame()
            let cell = Size(width: 96 + Double(frame % 4), height: 76)
            for i in first..<(first + 4) { _ = pipeline.request(paths[i], pixelSize: cell, priority: 0) }
            for i in (first + 4)..<min(first + 8, paths.count) {
                pipeline.prefetch(paths[i], pixelSize: cell, priority: Double(i - first - 3) * 80)
            }
            pipeline.pump(maxUploads: 2)
            XCTAssertLessThanOrEqual(pipeline.stats.textureBytes, budget, "frame \(frame)")
            usleep(3000)  // a frame's worth of drawing, so decodes overlap frames as in the app
        }
        pipeline.drain()
        pipeline.beginFrame()
        for i in first..<(first + 4) {
            XCTAssertNotNil(pipeline.request(paths[i], pixelSize: Size(width: 99, height: 76), priority: 0).texture)
        }
        pipeline.pump()
        XCTAssertLessThanOrEqual(pipeline.stats.textureBytes, budget)
        XCTAssertEqual(pipeline.stats.failed, 0)
    }
}
