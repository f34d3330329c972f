import CSDL2
import Foundation
import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage

/// A picture larger than a frame's upload budget goes up a band of rows a frame, is shown only once
/// whole, is the same picture as one uploaded at once, and is not decoded again meanwhile.
final class BandedUploadTests: XCTestCase {
    /// A 1000 × 800 JPEG (3.2 MB decoded) asked for at its size and decoded, waiting for upload.
    private func bigPictureDecoded(by pipeline: ImagePipeline, in files: ImageFixtures, seed: UInt32) throws -> (path: String, cell: Size) {
        let path = try files.saveJPG("big-\(seed).jpg", ImageFixtures.quadrants(width: 1000, height: 800, seed: seed))
        let cell = Size(width: 1000, height: 800)
        pipeline.beginFrame()
        _ = pipeline.request(path, pixelSize: cell, priority: 0)
        waitForDecodes(pipeline, 1)
        return (path, cell)
    }

    /// `t` drawn on `h`, the renderer that made it (SDL draws no other's), filling it.
    private func picture(_ t: Texture, on h: Headless) throws -> [UInt8] {
        h.canvas.clear(.clear)
        h.canvas.drawTexture(t, in: Rect(x: 0, y: 0, width: Double(t.pixelWidth), height: Double(t.pixelHeight)))
        let rgba = try h.canvas.readPixels().rgba
        let opaque = stride(from: 3, to: rgba.count, by: 4).filter { rgba[$0] == 255 }.count
        XCTAssertGreaterThan(opaque, rgba.count / 4 * 99 / 100, "drawn (all but the anti-aliased edge)")
        return rgba
    }

    func testALargePictureGoesUpInBandsAndIsShownWhole() throws {
        for backend in Headless.Backend.allCases { try largePictureGoesUpInBands(backend) }
    }

    private func largePictureGoesUpInBands(_ backend: Headless.Backend) throws {
        let files = try ImageFixtures()
        let h = try Headless(backend, width: 1000, height: 800)
        let pipeline = ImagePipeline(renderer: h.renderer, workerCount: 2, log: { _ in })
        defer { pipeline.shutdown() }
        let (path, cell) = try bigPictureDecoded(by: pipeline, in: files, seed: 5)
        var frames = 0
        while true {
            pipeline.beginFrame()
            let state = pipeline.request(path, pixelSize: cell, priority: 0)
            if case .ready = state { break }
            frames += 1
            pipeline.pump(maxUploads: 1, uploadBytes: 1 << 20)
            XCTAssertLessThan(frames, 20, "never shown")
            if frames >= 20 { return }
        }
        XCTAssertEqual(frames, 4, "\(backend): 3.2 MB at 1 MB a frame: four frames, shown on the fifth")
        XCTAssertEqual(pipeline.stats.decoded, 1, "asked for each frame, decoded once")
        XCTAssertFalse(pipeline.isBusy)
        guard case .ready(let banded) = pipeline.request(path, pixelSize: cell, priority: 0) else { return XCTFail() }

        // The same decode uploaded at once gives the same picture.
        let other = ImagePipeline(renderer: h.renderer, workerCount: 2, log: { _ in })
        defer { other.shutdown() }
        _ = other.request(path, pixelSize: cell, priority: 0)
        other.drain()
        guard case .ready(let whole) = other.request(path, pixelSize: cell, priority: 0) else { return XCTFail() }
        XCTAssertEqual(try picture(banded, on: h), try picture(whole, on: h), "\(backend)")
    }

    /// A file forgotten (rewritten on disk) while its picture goes up: the old picture never shows,
    /// and the pipeline is not left busy.
    func testAForgottenFilesBandsStop() throws {
        let pipeline = try makePipeline()
        let (path, _) = try bigPictureDecoded(by: pipeline, in: try ImageFixtures(), seed: 6)
        pipeline.pump(maxUploads: 1, uploadBytes: 1 << 20)
        XCTAssertTrue(pipeline.isBusy, "going up")
        pipeline.forget(path)
        XCTAssertFalse(pipeline.isBusy)
        for _ in 0..<6 { pipeline.beginFrame(); pipeline.pump(maxUploads: 1, uploadBytes: 1 << 20) }
        XCTAssertEqual(pipeline.stats.textureCount, 0)
    }

    /// Draining (headless frames) finishes a picture going up at once.
    func testDrainFinishesBands() throws {
        let pipeline = try makePipeline()
        let (path, cell) = try bigPictureDecoded(by: pipeline, in: try ImageFixtures(), seed: 7)
        pipeline.pump(maxUploads: 1, uploadBytes: 1 << 20)
        pipeline.drain()
        XCTAssertFalse(pipeline.isBusy)
        guard case .ready = pipeline.request(path, pixelSize: cell, priority: 0) else { return XCTFail("drained, yet not shown") }
    }

    /// Grey placeholders on screen (a first screen): a frame takes several pictures, up to 4 MB;
    /// pictures only prefetched (nothing grey) go one megabyte a frame.
    func testAFirstScreenFillsFasterThanAScroll() throws {
        let files = try ImageFixtures()
        let cell = Size(width: 500, height: 350)  // 700 KB a picture
        let shown = try (0..<6).map { try files.savePNG("shown-\($0).png", ImageFixtures.quadrants(width: 500, height: 350, seed: UInt32($0))) }
        let ahead = try (0..<6).map { try files.savePNG("ahead-\($0).png", ImageFixtures.quadrants(width: 500, height: 350, seed: UInt32(10 + $0))) }
        let pipeline = try makePipeline()
        pipeline.beginFrame()
        for p in shown { _ = pipeline.request(p, pixelSize: cell, priority: 0) }
        waitForDecodes(pipeline, shown.count)
        pipeline.beginFrame()
        pipeline.pump()
        XCTAssertGreaterThanOrEqual(pipeline.stats.uploads, 5, "six placeholders: five pictures (3.5 MB) in one frame")
        pipeline.drain()
        let before = pipeline.stats.uploads

        pipeline.beginFrame()
        for p in shown { _ = pipeline.request(p, pixelSize: cell, priority: 0) }
        for p in ahead { pipeline.prefetch(p, pixelSize: cell, priority: 1) }
        waitForDecodes(pipeline, ahead.count)
        pipeline.beginFrame()
        for p in shown { _ = pipeline.request(p, pixelSize: cell, priority: 0) }
        for p in ahead { pipeline.prefetch(p, pixelSize: cell, priority: 1) }
        pipeline.pump()
        XCTAssertEqual(pipeline.stats.uploads - before, 1, "nothing grey: one picture (700 KB) a frame")
    }
}
