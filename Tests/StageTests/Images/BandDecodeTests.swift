import CSDL2
import Foundation
import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage

/// A photo shown `.scaledToFill()` in a cell of another shape is decoded only in the band the cell
/// shows: the same pixels as that band of the whole decode, in every EXIF orientation, for a
/// fraction of the bytes.
final class BandDecodeTests: XCTestCase {
    static let width = 480, height = 360  // upright, 4:3

    /// Upright colour: red grows left to right, green top to bottom, so a misplaced band shows.
    static func color(x: Int, y: Int) -> UInt32 {
        0xFF00_0040 | UInt32(x * 255 / (width - 1)) << 16 | UInt32(y * 255 / (height - 1)) << 8
    }

    /// The photo as a camera holding it `orientation`-wise stores it, tagged so.
    static func write(_ orientation: Orientation, in files: ImageFixtures, sampling: (Int, Int)? = nil) throws -> String {
        let upright = try PixelBuffer.make(width: width, height: height)
        for y in 0..<height { for x in 0..<width { upright.row(y)[x] = color(x: x, y: y) } }
        let stored = try SyntheticPhoto.turn(upright, for: orientation)
        let path = files.path("band-\(orientation.rawValue)-\(sampling.map { "\($0.0)x\($0.1)" } ?? "default").jpg")
        var options = JPEGEncoder.Options(quality: 95, exif: ExifBlock(orientation: orientation.rawValue))
        options.lumaSampling = sampling
        try JPEGEncoder.encode(stored, options).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func channels(_ p: UInt32) -> (Int, Int) { (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF)) }

    /// Decodes `path` whole and as the band a cell of `aspect` shows, and checks the band holds what
    /// the cell shows, is a fraction of the bytes, and is pixel for pixel the whole's at its place.
    private func checkBand(_ path: String, cell: Size, aspect: Double, _ what: String) throws {
        let whole = try PhotoDecoder.decode(path: path, pixelSize: cell, maxSide: .max, limits: .standard)
        let band = try PhotoDecoder.decode(path: path, pixelSize: cell, maxSide: .max, limits: .standard, aspect: aspect)
        XCTAssertTrue(whole.part.isWhole)
        XCTAssertFalse(band.part.isWhole, what)
        XCTAssertTrue(band.part.contains(ImagePart.shown(aspect: aspect, sourceAspect: 4.0 / 3)), "\(what): \(band.part)")
        XCTAssertLessThan(band.byteCount, whole.byteCount * 45 / 100, "\(what): a band, not the whole")
        XCTAssertEqual(band.sourceWidth, Self.width)
        // The band at the whole's scale: each of its pixels is the whole's pixel at the same place.
        XCTAssertEqual(Double(band.pixelWidth) / band.part.width, Double(whole.pixelWidth), accuracy: 1.5, what)
        XCTAssertEqual(Double(band.pixelHeight) / band.part.height, Double(whole.pixelHeight), accuracy: 1.5, what)
        var worst = 0
        for by in stride(from: 2, to: band.pixelHeight - 2, by: 3) {
            for bx in stride(from: 2, to: band.pixelWidth - 2, by: 5) {
                let wx = Int((band.part.x * Double(whole.pixelWidth)).rounded()) + bx
                let wy = Int((band.part.y * Double(whole.pixelHeight)).rounded()) + by
                guard wx < whole.pixelWidth, wy < whole.pixelHeight else { continue }
                let (r0, g0) = channels(band.pixel(x: bx, y: by)), (r1, g1) = channels(whole.pixel(x: wx, y: wy))
                worst = max(worst, abs(r0 - r1), abs(g0 - g1))
            }
        }
        XCTAssertLessThanOrEqual(worst, 12, "\(what): the band's pixels are the whole's there")
    }

    func testABandIsThatPartOfTheWholeInEveryOrientation() throws {
        let files = try ImageFixtures()
        for o in Orientation.allCases {
            try checkBand(try Self.write(o, in: files), cell: Size(width: 360, height: 60), aspect: 6, "orientation \(o.rawValue)")
        }
    }

    /// Every chroma sampling, rows and columns cut, at a scaled decode (libjpeg-turbo 2.1.5 cuts
    /// columns of a 4:1-sampled file wrongly at a scale under 8/8: those are cut after the decode).
    func testEverySamplingCutsTheSamePixels() throws {
        let files = try ImageFixtures()
        for sampling in [(1, 1), (2, 1), (1, 2), (2, 2), (4, 1), (4, 2), (2, 4), (3, 2)] {
            for o in [Orientation.up, .right] {
                let path = try Self.write(o, in: files, sampling: sampling)
                let what = "sampling \(sampling.0)x\(sampling.1), orientation \(o.rawValue)"
                try checkBand(path, cell: Size(width: 300, height: 50), aspect: 6, what + ", a wide cell")
                try checkBand(path, cell: Size(width: 50, height: 250), aspect: 0.2, what + ", a tall cell")
            }
        }
    }

    /// A cell the photo's own shape, and a cell asking for the whole (`.scaledToFit()`), decode it all.
    func testACellOfThePhotosShapeDecodesTheWhole() throws {
        let files = try ImageFixtures()
        let path = try Self.write(.up, in: files)
        let image = try PhotoDecoder.decode(path: path, pixelSize: Size(width: 120, height: 100), maxSide: .max, limits: .standard, aspect: 1.2)
        XCTAssertTrue(image.part.isWhole)
    }

    /// Through the pipeline: the band serves its cell and cells up to the margin less wide; a cell
    /// much less wide, and a `.scaledToFit()` one, decode again; drawn, the band is the whole's pixels.
    func testThePipelineKeepsBandsAndKnowsWhatTheyServe() throws {
        let files = try ImageFixtures()
        let path = try Self.write(.up, in: files)
        // Textures drawn by the renderer that made them (SDL draws no other's).
        let h = try Headless(.software, width: 500, height: 100)
        let pipeline = ImagePipeline(renderer: h.renderer, workerCount: 2, log: { _ in })
        defer { pipeline.shutdown() }
        let wide = Size(width: 480, height: 80)
        pipeline.beginFrame()
        _ = pipeline.request(path, pixelSize: wide, priority: 0, fill: true)
        pipeline.drain()
        guard case .ready(let band) = pipeline.request(path, pixelSize: wide, priority: 0, fill: true) else { return XCTFail("no band") }
        XCTAssertFalse(band.part.isWhole)
        XCTAssertEqual(pipeline.stats.decoded, 1)
        // 5:1 is within the margin of 6:1: the same texture, no decode.
        guard case .ready(let same) = pipeline.request(path, pixelSize: Size(width: 400, height: 80), priority: 0, fill: true) else { return XCTFail() }
        XCTAssertTrue(same === band)
        pipeline.drain()
        XCTAssertEqual(pipeline.stats.decoded, 1)
        // 2:1 shows more rows than the band holds: a stand-in now, a decode of its own after (of
        // the whole: a cell under `bandMinimumPixels` is not worth a band).
        let squat = Size(width: 160, height: 80)
        _ = pipeline.request(path, pixelSize: squat, priority: 0, fill: true)
        XCTAssertEqual(pipeline.photosBelowSize, 1, "the wide band only stands in")
        pipeline.drain()
        guard case .ready(let taller) = pipeline.request(path, pixelSize: squat, priority: 0, fill: true) else { return XCTFail() }
        XCTAssertFalse(taller === band)
        XCTAssertTrue(taller.part.isWhole)
        XCTAssertEqual(pipeline.stats.decoded, 2)
        // A large 3.2:1 cell (beyond the 6:1 band's margin) gets a band of its own, of more rows.
        let tall = Size(width: 512, height: 160)
        _ = pipeline.request(path, pixelSize: tall, priority: 0, fill: true)
        pipeline.drain()
        guard case .ready(let four) = pipeline.request(path, pixelSize: tall, priority: 0, fill: true) else { return XCTFail() }
        XCTAssertFalse(four.part.isWhole)
        XCTAssertGreaterThan(four.part.height, band.part.height)
        XCTAssertEqual(pipeline.stats.decoded, 3)
        // Fit shows all of it.
        _ = pipeline.request(path, pixelSize: wide, priority: 0)
        pipeline.drain()
        guard case .ready(let whole) = pipeline.request(path, pixelSize: wide, priority: 0) else { return XCTFail() }
        XCTAssertTrue(whole.part.isWhole)
        XCTAssertEqual(pipeline.stats.decoded, 4)

        // Drawn into the wide cell, the band and the whole give the same picture.
        let pictures = try [band, whole].map { t -> [UInt8] in
            h.canvas.clear(.clear)
            h.canvas.drawTexture(t, in: Rect(x: 10, y: 10, width: 480, height: 80), contentMode: .fill, cornerRadius: 10)
            return try h.canvas.readPixels().rgba
        }
        for (name, rgba) in zip(["band", "whole"], pictures) {
            let opaque = stride(from: 3, to: rgba.count, by: 4).filter { rgba[$0] == 255 }.count
            XCTAssertGreaterThan(opaque, 480 * 80 * 95 / 100, "the \(name) is drawn")
        }
        let worst = zip(pictures[0], pictures[1]).map { abs(Int($0) - Int($1)) }.max() ?? 0
        XCTAssertLessThanOrEqual(worst, 3, "the band drawn is the whole drawn")
    }

    /// A cell growing from 6:1 to 3:1 (the feed from two columns to one, or a photo opening) asks
    /// each frame for its size now and prefetches the size it grows to: the one decode at that size
    /// serves every frame between, as a whole picture did before bands (the first version of bands
    /// decoded it 2–5 times, once per quarter step of shape; found by a helper).
    func testAGrowingCellDecodesOnce() throws {
        let files = try ImageFixtures()
        let path = try Self.write(.up, in: files)
        let pipeline = try makePipeline()
        let end = Size(width: 480, height: 160)
        for frame in 0...12 {
            let cell = Size(width: 480, height: 80 + 80 * Double(frame) / 12)
            // A frame's asks take well under a millisecond; held still meanwhile, so that a worker
            // does not start the first ask's decode before the second makes it pointless.
            pipeline.isSuspended = true
            pipeline.beginFrame()
            _ = pipeline.request(path, pixelSize: cell, priority: 0, fill: true)
            pipeline.prefetch(path, pixelSize: end, priority: 0, fill: true)
            pipeline.isSuspended = false
            pipeline.pump()
            usleep(16_000)
        }
        pipeline.drain()
        XCTAssertEqual(pipeline.stats.decoded, 1, "one decode, at the size grown to")
        guard case .ready(let t) = pipeline.request(path, pixelSize: end, priority: 0, fill: true) else { return XCTFail() }
        XCTAssertTrue(t.part.contains(ImagePart.shown(aspect: 3, sourceAspect: 4.0 / 3)), "\(t.part)")
        XCTAssertEqual(pipeline.photosBelowSize, 0)
    }

    /// A band that does not hold what a cell shows stands in filling the cell, never leaving it
    /// part empty.
    func testABandStandingInFillsTheCell() throws {
        let h = try Headless(.software, width: 100, height: 100)
        let t = try TestResources.texture(h.renderer, width: 60, height: 10) { _, _ in (200, 100, 50, 255) }
        t.part = ImagePart.centred(width: 1, height: 0.2)
        h.canvas.drawTexture(t, in: Rect(x: 0, y: 0, width: 100, height: 100), contentMode: .fill)
        let img = try h.canvas.readPixels()
        for (x, y) in [(2, 2), (50, 2), (97, 97), (50, 50)] { XCTAssertEqual(img.pixel(x: x, y: y).a, 255, "(\(x), \(y))") }
    }
}
