import CSDL2
import Foundation
import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage

/// The thumbnail a camera writes in EXIF IFD1 (issue 24): shown instead of the DCT-scaled decode
/// when it covers the cell, with the photo's orientation, cropped to the photo's shape; refused
/// when smaller than the cell, when not smaller than the photo, or of another shape unless a
/// letterbox (`EmbeddedThumbnailRule`); counted by the pipeline.
final class ExifThumbnailTests: XCTestCase {
    /// The thumbnail's bottom-right quadrant is this colour and the photo's another, so the test
    /// tells which one was decoded (a camera's would be the same picture).
    static let thumbnailSeed: UInt32 = 9, photoSeed: UInt32 = 2

    /// A camera JPEG of `width`×`height` (stored) whose IFD1 holds a JPEG of `thumbnail`; with
    /// `bands`, the thumbnail is the photo's picture letterboxed in black to 4:3, as cameras do.
    static func camera(width: Int, height: Int, thumbnail: (Int, Int), bands: Bool = false, orientation: Int? = nil) throws -> Data {
        let photo = ImageFixtures.quadrants(width: width, height: height, seed: photoSeed)
        defer { SDL_FreeSurface(photo) }
        let small = SDL_CreateRGBSurfaceWithFormat(0, Int32(thumbnail.0), Int32(thumbnail.1), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)!
        defer { SDL_FreeSurface(small) }
        SDL_FillRect(small, nil, 0xFF00_0000)
        let h = bands ? thumbnail.0 * height / width : thumbnail.1
        let picture = ImageFixtures.quadrants(width: thumbnail.0, height: h, seed: thumbnailSeed)
        defer { SDL_FreeSurface(picture) }
        var at = SDL_Rect(x: 0, y: Int32((thumbnail.1 - h) / 2), w: Int32(thumbnail.0), h: Int32(h))
        SDL_UpperBlit(picture, nil, small, &at)
        let jpeg = try JPEGEncoder.encode(small, .init(quality: 90))
        return try JPEGEncoder.encode(photo, .init(quality: 90, exif: ExifBlock(orientation: orientation, thumbnail: jpeg)))
    }

    private func decode(_ data: Data, _ size: Size, jpeg: PhotoDecoder.JPEGPath = .cameraThumbnail) throws -> DecodedImage {
        let files = try ImageFixtures()
        let path = try files.write("camera.jpg", [UInt8](data))
        return try PhotoDecoder.decode(path: path, pixelSize: size, maxSide: .max, limits: .standard, jpeg: jpeg)
    }

    private func bottomRight(_ image: DecodedImage) -> UInt32 {
        image.pixel(x: image.pixelWidth * 7 / 8, y: image.pixelHeight * 7 / 8)
    }

    private func close(_ a: UInt32, _ b: UInt32) -> Bool {
        for shift: UInt32 in [0, 8, 16] {
            let x = Int((a >> shift) & 0xFF), y = Int((b >> shift) & 0xFF)
            if abs(x - y) >= 40 { return false }
        }
        return true
    }

    private static func seedColour(_ seed: UInt32) -> UInt32 { 0xFF00_0000 | (seed &* 0x9E37_79B9) & 0x00FF_FFFF }

    func testThumbnailCoveringTheCellIsShownInsteadOfTheDecode() throws {
        let data = try Self.camera(width: 640, height: 480, thumbnail: (160, 120))
        let small = try decode(data, Size(width: 100, height: 75))
        XCTAssertTrue(small.fromEmbeddedThumbnail)
        XCTAssertEqual([small.pixelWidth, small.pixelHeight], [100, 75])
        XCTAssertTrue(close(bottomRight(small), Self.seedColour(Self.thumbnailSeed)), String(bottomRight(small), radix: 16))
        XCTAssertEqual([small.sourceWidth, small.sourceHeight], [640, 480], "the photo's own size, not the thumbnail's")
        XCTAssertFalse(small.isLargestPossible)
        let exact = try decode(data, Size(width: 160, height: 120))
        XCTAssertTrue(exact.fromEmbeddedThumbnail, "a thumbnail exactly the cell's size covers it")
    }

    func testThumbnailSmallerThanTheCellIsRefused() throws {
        let data = try Self.camera(width: 640, height: 480, thumbnail: (160, 120))
        let large = try decode(data, Size(width: 161, height: 120))
        XCTAssertFalse(large.fromEmbeddedThumbnail)
        XCTAssertTrue(close(bottomRight(large), Self.seedColour(Self.photoSeed)), String(bottomRight(large), radix: 16))
        let off = try decode(data, Size(width: 100, height: 75), jpeg: .dctScaled)
        XCTAssertFalse(off.fromEmbeddedThumbnail, "the path can be turned off (the benchmark's other side)")
    }

    /// Orientation 6: the thumbnail is stored as the photo is and turned with it.
    func testThumbnailTakesThePhotosOrientation() throws {
        let data = try Self.camera(width: 640, height: 480, thumbnail: (160, 120), orientation: 6)
        let thumb = try decode(data, Size(width: 60, height: 80))
        let photo = try decode(data, Size(width: 60, height: 80), jpeg: .dctScaled)
        XCTAssertTrue(thumb.fromEmbeddedThumbnail)
        XCTAssertEqual([thumb.pixelWidth, thumb.pixelHeight], [60, 80])
        XCTAssertEqual([photo.pixelWidth, photo.pixelHeight], [60, 80])
        // Turned a quarter clockwise: blue top left, red top right, green bottom right; the fourth
        // corner (the stored bottom right, now bottom left) differs by design.
        for (fx, fy) in [(0.15, 0.15), (0.85, 0.15), (0.85, 0.85)] {
            let a = thumb.pixel(x: Int(60 * fx), y: Int(80 * fy)), b = photo.pixel(x: Int(60 * fx), y: Int(80 * fy))
            XCTAssertTrue(close(a, b), "at \(fx),\(fy): \(String(a, radix: 16)) vs \(String(b, radix: 16))")
        }
    }

    /// A 3:2 photo's 160×120 thumbnail is letterboxed: the black bands are cropped away (never
    /// stretched into the cell), and the crop is what must cover the cell.
    func testThumbnailAspectIsNeverTrusted() throws {
        let data = try Self.camera(width: 600, height: 400, thumbnail: (160, 120), bands: true)
        let image = try decode(data, Size(width: 150, height: 100))
        XCTAssertTrue(image.fromEmbeddedThumbnail)
        XCTAssertEqual([image.pixelWidth, image.pixelHeight], [150, 100])
        func brightest(_ p: UInt32) -> UInt32 { max(p >> 16 & 0xFF, p >> 8 & 0xFF, p & 0xFF) }
        for x in [10, 75, 140] {
            XCTAssertGreaterThan(brightest(image.pixel(x: x, y: 1)), 0x80, "top row at \(x) is picture, not band")
            XCTAssertGreaterThan(brightest(image.pixel(x: x, y: 98)), 0x80, "bottom row at \(x) is picture, not band")
        }
        // 160×107 of picture: a cell of 160×120 needs 180×120 of a 3:2 photo.
        XCTAssertFalse(try decode(data, Size(width: 160, height: 120)).fromEmbeddedThumbnail)
    }

    /// An IFD1 JPEG as large as the photo or larger is not a thumbnail of it (a hostile pass: a
    /// 640×480 photo carrying a 1024×768 one showed the other picture in every cell): the photo is
    /// decoded, in the cell, as a placeholder, and through the shared thumbnail cache.
    func testThumbnailNotSmallerThanThePhotoIsRefused() throws {
        for thumbnail in [(1024, 768), (640, 480)] {
            let data = try Self.camera(width: 640, height: 480, thumbnail: thumbnail)
            let image = try decode(data, Size(width: 400, height: 300))
            XCTAssertFalse(image.fromEmbeddedThumbnail, "\(thumbnail)")
            XCTAssertTrue(close(bottomRight(image), Self.seedColour(Self.photoSeed)), "\(thumbnail): " + String(bottomRight(image), radix: 16))
            XCTAssertEqual([image.pixelWidth, image.pixelHeight], [400, 300])
            let files = try ImageFixtures()
            let path = try files.write("camera.jpg", [UInt8](data))
            XCTAssertNil(PhotoDecoder.cameraPlaceholder(path: path, pixelSize: Size(width: 1200, height: 900), cancel: nil),
                         "\(thumbnail): no stand-in of another picture either")
            let cache = ThumbnailCache(root: files.path("cache/thumbnails"), version: "9.9")
            let cached = try PhotoDecoder.decode(path: path, pixelSize: Size(width: 200, height: 150), maxSide: .max, limits: .standard,
                                                  cancel: nil, cache: cache)
            XCTAssertFalse(cached.fromEmbeddedThumbnail, "\(thumbnail): through the cache")
            XCTAssertTrue(close(bottomRight(cached), Self.seedColour(Self.photoSeed)), String(bottomRight(cached), radix: 16))
        }
    }

    /// A thumbnail of another shape whose picture fills it (a 4:3 camera thumbnail left in a photo
    /// since cropped to 3:2) is stale: its picture is not the photo's, so the photo is decoded.
    /// The letterboxed one of `testThumbnailAspectIsNeverTrusted` (black bands) is still used.
    func testThumbnailOfAnotherShapeIsRefusedUnlessLetterboxed() throws {
        let stale = try Self.camera(width: 600, height: 400, thumbnail: (160, 120))
        let image = try decode(stale, Size(width: 150, height: 100))
        XCTAssertFalse(image.fromEmbeddedThumbnail)
        XCTAssertTrue(close(bottomRight(image), Self.seedColour(Self.photoSeed)), String(bottomRight(image), radix: 16))
        let files = try ImageFixtures()
        let path = try files.write("stale.jpg", [UInt8](try Self.camera(width: 1800, height: 1200, thumbnail: (160, 120))))
        XCTAssertNil(PhotoDecoder.cameraPlaceholder(path: path, pixelSize: Size(width: 600, height: 400), cancel: nil))
        // Sideways (orientation 6) the shapes are compared as stored: the same answer.
        let turned = try decode(try Self.camera(width: 600, height: 400, thumbnail: (160, 120), orientation: 6), Size(width: 100, height: 150))
        XCTAssertFalse(turned.fromEmbeddedThumbnail)
        // Within the tolerance: a 4000×2992-like photo's 160×120 is its shape.
        XCTAssertTrue(try decode(try Self.camera(width: 640, height: 478, thumbnail: (160, 120)), Size(width: 100, height: 75)).fromEmbeddedThumbnail)
        XCTAssertTrue(try decode(try Self.camera(width: 600, height: 400, thumbnail: (160, 120), bands: true),
                                 Size(width: 150, height: 100)).fromEmbeddedThumbnail)
    }

    /// A thumbnail whose IFD1 offset or length points past the segment, or at no JPEG, is ignored.
    func testBrokenThumbnailPointersAreIgnored() throws {
        var bytes = [UInt8](try Self.camera(width: 640, height: 480, thumbnail: (160, 120)))
        // The thumbnail's own SOI (the second FF D8 in the file) overwritten: not a JPEG any more.
        let second = (2..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xD8 }!
        bytes[second + 1] = 0x00
        let image = try decode(Data(bytes), Size(width: 100, height: 75))
        XCTAssertFalse(image.fromEmbeddedThumbnail)
        XCTAssertTrue(close(bottomRight(image), Self.seedColour(Self.photoSeed)))
        bytes.withUnsafeBytes { raw in
            XCTAssertNil(ExifThumbnail.locate(UnsafeRawBufferPointer(rebasing: raw[0..<20])))
        }
    }

    /// The pipeline counts each path: thumbnails shown for small cells, the file decoded for large.
    func testPipelineCountsEachPath() throws {
        let files = try ImageFixtures()
        let a = try files.write("a.jpg", [UInt8](try Self.camera(width: 640, height: 480, thumbnail: (160, 120))))
        let b = try files.write("b.jpg", [UInt8](try Self.camera(width: 640, height: 480, thumbnail: (160, 120))))
        let pipeline = try makePipeline()
        _ = pipeline.request(a, pixelSize: Size(width: 120, height: 90), priority: 0)
        _ = pipeline.request(b, pixelSize: Size(width: 400, height: 300), priority: 0)
        pipeline.drain()
        XCTAssertEqual(pipeline.stats.decoded, 2)
        XCTAssertEqual(pipeline.stats.embeddedThumbnails, 1)
    }
}

/// A camera thumbnail smaller than the cell stands in, blurred, for the grey placeholder.
final class CameraPlaceholderTests: XCTestCase {
    func testSmallThumbnailIsShownBlurredWhileTheFileDecodes() throws {
        let files = try ImageFixtures()
        let path = try files.write("big.jpg", [UInt8](try ExifThumbnailTests.camera(width: 1600, height: 1200, thumbnail: (160, 120), orientation: 6)))
        let cell = Size(width: 300, height: 400)
        let placeholder = try XCTUnwrap(PhotoDecoder.cameraPlaceholder(path: path, pixelSize: cell, cancel: nil))
        XCTAssertEqual([placeholder.pixelWidth, placeholder.pixelHeight], [120, 160], "upright, at its own size")
        XCTAssertEqual([placeholder.sourceWidth, placeholder.sourceHeight], [1200, 1600])
        // Blurred: the edge between the quadrants is a ramp, not a step.
        let y = 40, mid = placeholder.pixelWidth / 2
        let ramp = (mid - 3...mid + 2).map { placeholder.pixel(x: $0, y: y) }
        XCTAssertGreaterThanOrEqual(Set(ramp).count, 4, ramp.map { String($0, radix: 16) }.joined(separator: " "))
        XCTAssertNil(PhotoDecoder.cameraPlaceholder(path: path, pixelSize: Size(width: 90, height: 120), cancel: nil),
                     "a thumbnail that covers the cell is the decode's, not a placeholder")

        let pipeline = try makePipeline(workers: 1, placeholders: true)
        guard case .loading = pipeline.request(path, pixelSize: cell, priority: 0) else { return XCTFail("first answer is .loading") }
        let deadline = Date(timeIntervalSinceNow: 30)
        var sawPlaceholder = false
        while Date() < deadline {
            _ = pipeline.pump()
            pipeline.beginFrame()
            if case .ready(let t) = pipeline.request(path, pixelSize: cell, priority: 0) {
                if t.pixelHeight == 160 { sawPlaceholder = true }
                if t.pixelHeight >= 400 { break }
            }
            usleep(1000)
        }
        XCTAssertTrue(sawPlaceholder, "the blurred thumbnail came first")
        guard case .ready(let final) = pipeline.request(path, pixelSize: cell, priority: 0) else { return XCTFail("decoded") }
        XCTAssertGreaterThanOrEqual(final.pixelHeight, 400, "then the photo at the cell's size")
        XCTAssertFalse(final.pixelHeight == 160)
        XCTAssertEqual(pipeline.stats.embeddedPlaceholders, 1)
        XCTAssertEqual(pipeline.stats.embeddedThumbnails, 0)
    }

    /// A file rewritten on disk is forgotten whole: its camera placeholder too, so the new file's own
    /// thumbnail stands in while it decodes (before, the first file's one try was remembered for ever).
    func testAForgottenFileHasItsPlaceholderReadAgain() throws {
        let files = try ImageFixtures()
        let path = try files.write("big.jpg", [UInt8](try ExifThumbnailTests.camera(width: 1600, height: 1200, thumbnail: (160, 120))))
        let cell = Size(width: 400, height: 300)
        let pipeline = try makePipeline(workers: 1, placeholders: true)
        _ = pipeline.request(path, pixelSize: cell, priority: 0)
        pipeline.drain()
        XCTAssertEqual(pipeline.stats.embeddedPlaceholders, 1)
        try Data(try ExifThumbnailTests.camera(width: 1200, height: 1600, thumbnail: (120, 160))).write(to: URL(fileURLWithPath: path))
        pipeline.forget(path)
        pipeline.beginFrame()
        guard case .loading = pipeline.request(path, pixelSize: cell, priority: 0) else { return XCTFail("forgotten: nothing to show") }
        pipeline.drain()
        XCTAssertEqual(pipeline.stats.embeddedPlaceholders, 2, "the rewritten file's thumbnail is read for the placeholder")
        XCTAssertEqual(pipeline.stats.decoded, 2)
    }
}
