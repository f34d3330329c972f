import CSDL2
import Foundation
import GridCore
import TestEnvironment
import XCTest
@testable import PhotoLibrary
@testable import Stage

/// The libjpeg-turbo decoder: DCT scaling to the smallest covering size, every colour layout, the
/// progressive scan limit and the cancel flag.
final class JPEGDecoderTests: XCTestCase {
    private func channels(_ argb: UInt32) -> (r: Int, g: Int, b: Int) {
        (Int(argb >> 16 & 0xFF), Int(argb >> 8 & 0xFF), Int(argb & 0xFF))
    }

    private func jpeg(_ files: ImageFixtures, _ name: String, width: Int = 1600, height: Int = 1200,
                      _ options: JPEGEncoder.Options = .init()) throws -> String {
        let surface = ImageFixtures.quadrants(width: width, height: height, seed: 3)
        defer { SDL_FreeSurface(surface) }
        let path = files.path(name)
        try JPEGEncoder.encode(surface, options).write(to: URL(fileURLWithPath: path))
        return path
    }

    private static func decodeRaw(_ path: String, cover: (width: Int, height: Int)?, cancel: CancelFlag? = nil,
                           maxScans: Int = JPEGDecoder.maxScans) throws -> JPEGDecoder.Result {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return try bytes.withUnsafeBytes { try JPEGDecoder.decode($0, cover: cover, cancel: cancel, maxScans: maxScans) }
    }

    /// The decode picks the smallest n/8 whose size still covers the request, never less.
    func testDCTScaleIsTheSmallestThatCovers() throws {
        let files = try ImageFixtures()
        let path = try jpeg(files, "big.jpg")
        let cases: [((Int, Int), Int)] = [((200, 150), 1), ((201, 150), 2), ((200, 151), 2), ((400, 300), 2),
                                          ((401, 10), 3), ((800, 600), 4), ((1599, 1), 8), ((1, 1), 1)]
        for (cover, eighths) in cases {
            let r = try Self.decodeRaw(path, cover: cover)
            XCTAssertEqual(r.scaleEighths, eighths, "cover \(cover)")
            XCTAssertEqual(r.pixels.width, (1600 * eighths + 7) / 8)
            XCTAssertEqual(r.pixels.height, (1200 * eighths + 7) / 8)
            XCTAssertGreaterThanOrEqual(r.pixels.width, cover.0)
            XCTAssertGreaterThanOrEqual(r.pixels.height, cover.1)
        }
    }

    /// Through the pipeline's decode: scaled, then the exact downscale; quadrant colours intact.
    func testScaledDecodeKeepsColoursAndExactCoverSize() throws {
        let files = try ImageFixtures()
        for (name, options) in [("baseline.jpg", JPEGEncoder.Options()), ("progressive.jpg", .init(progressive: true)),
                                ("cmyk.jpg", .init(cmyk: true)), ("cmyk-progressive.jpg", .init(progressive: true, cmyk: true))] {
            let path = try jpeg(files, name, width: 800, height: 600, options)
            let image = try PhotoDecoder.decode(path: path, pixelSize: Size(width: 150, height: 150))
            XCTAssertEqual(image.pixelWidth, 200, name)
            XCTAssertEqual(image.pixelHeight, 150, name)
            XCTAssertEqual(image.sourceWidth, 800, name)
            let tl = channels(image.pixel(x: 20, y: 20)), tr = channels(image.pixel(x: 180, y: 20))
            let bl = channels(image.pixel(x: 20, y: 130))
            XCTAssertTrue(tl.r > 220 && tl.g < 40 && tl.b < 40, "\(name): top-left red, got \(tl)")
            XCTAssertTrue(tr.g > 220 && tr.r < 40 && tr.b < 40, "\(name): top-right green, got \(tr)")
            XCTAssertTrue(bl.b > 220 && bl.r < 40 && bl.g < 40, "\(name): bottom-left blue, got \(bl)")
            XCTAssertTrue(image.isOpaque, name)
        }
    }

    /// A JPEG's picture is taken as opaque without a scan of its pixels (`DecodedImage(opaque:)`):
    /// every pixel's alpha really is 255, whatever the layout, the DCT scale, the halvings and the
    /// final bilinear pass made of it.
    func testJPEGsAreOpaqueWithoutLooking() throws {
        let files = try ImageFixtures()
        let paths = [try jpeg(files, "colour.jpg"), try jpeg(files, "gray.jpg", .init(grayscale: true)),
                     try jpeg(files, "odd.jpg", width: 333, height: 97)]
        for path in paths {
            for size in [Size(width: 260, height: 260), Size(width: 37, height: 91), Size(width: 5000, height: 10)] {
                for route in [PhotoDecoder.JPEGPath.cameraThumbnail, .dctScaled, .fullSize] {
                    let image = try PhotoDecoder.decode(path: path, pixelSize: size, maxSide: 4096, limits: .standard, jpeg: route)
                    XCTAssertTrue(image.isOpaque)
                    var alphaBelow255 = 0
                    for y in 0..<image.pixelHeight { for x in 0..<image.pixelWidth where image.pixel(x: x, y: y) >> 24 != 0xFF { alphaBelow255 += 1 } }
                    XCTAssertEqual(alphaBelow255, 0, "\(path) at \(size) by \(route)")
                }
            }
        }
    }

    func testGrayscaleComesOutGrey() throws {
        let files = try ImageFixtures()
        let path = try jpeg(files, "gray.jpg", .init(grayscale: true))
        let image = try PhotoDecoder.decode(path: path, pixelSize: Size(width: 100, height: 75))
        for (x, y) in [(10, 10), (90, 10), (10, 70), (90, 70)] {
            let c = channels(image.pixel(x: x, y: y))
            XCTAssertEqual(c.r, c.g)
            XCTAssertEqual(c.g, c.b)
        }
        // Red is darker than green in luma: the quadrants still differ.
        XCTAssertLessThan(channels(image.pixel(x: 10, y: 10)).r + 40, channels(image.pixel(x: 90, y: 10)).r)
    }

    /// CMYK written by another program (ImageMagick, Adobe marker) reads as the colours it was made from.
    func testImageMagickCMYKReadsRight() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { throw TestEnvironment.missing("ImageMagick is not installed (package imagemagick; make test-deps installs it)") }
        let files = try ImageFixtures()
        let path = files.path("im-cmyk.jpg")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        p.arguments = ["-size", "64x32", "xc:#E02010", "-colorspace", "CMYK", "-quality", "95", path]
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        let image = try PhotoDecoder.decode(path: path, pixelSize: nil)
        let c = channels(image.pixel(x: 32, y: 16))
        XCTAssertEqual(Double(c.r), 0xE0, accuracy: 12, "\(c)")
        XCTAssertEqual(Double(c.g), 0x20, accuracy: 12, "\(c)")
        XCTAssertEqual(Double(c.b), 0x10, accuracy: 12, "\(c)")
    }

    func testCorruptDataIsARefusalNotACrash() throws {
        let files = try ImageFixtures()
        let path = try jpeg(files, "ok.jpg", width: 256, height: 256)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // Keep the headers and the end marker; garble the frame header's component count.
        let sof = try XCTUnwrap((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes[sof + 9] = 7
        let broken = try files.write("broken.jpg", bytes)
        XCTAssertThrowsError(try PhotoDecoder.decode(path: broken, pixelSize: Size(width: 64, height: 64))) { error in
            let e = error as? ImageLoadError
            XCTAssertTrue(e?.reason.hasPrefix("corrupt JPEG (") == true, "\(error)")
            XCTAssertEqual(e?.isCancellation, false)
        }
    }

    // MARK: - Scan limit and cancel flag

    /// A progressive file whose one nearly empty AC scan is repeated 20,000 times (about 2 MB):
    /// every repeat walks every block, so without a limit it decodes for a long time.
    func testProgressiveBombStopsAtTheScanLimit() throws {
        let files = try ImageFixtures()
        let bomb = try JPEGBomb.make(in: files, repeats: 20_000)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: bomb)[.size] as? Int)
        XCTAssertGreaterThan(size, 1_000_000)
        XCTAssertThrowsError(try PhotoDecoder.decode(path: bomb, pixelSize: Size(width: 100, height: 100))) { error in
            XCTAssertEqual((error as? ImageLoadError)?.reason, "refused JPEG: too many progressive scans (more than \(JPEGDecoder.maxScans))")
        }
        // The same file with its repeats cut out is an ordinary progressive JPEG.
        let plain = try JPEGBomb.make(in: files, repeats: 0, name: "plain.jpg")
        let r = try Self.decodeRaw(plain, cover: (100, 100))
        XCTAssertLessThan(r.scans, 30)
    }

    /// With no scan limit the bomb runs on; its cancel flag, set from another thread, stops it.
    func testCancelFlagStopsADecodeInProgress() throws {
        let files = try ImageFixtures()
        let bomb = try JPEGBomb.make(in: files, repeats: 20_000)
        let flag = CancelFlag()
        let done = expectation(description: "decode returned")
        let outcome = Outcome()
        Thread.detachNewThread {
            do { _ = try Self.decodeRaw(bomb, cover: (100, 100), cancel: flag, maxScans: 0) } catch { outcome.set(error) }
            done.fulfill()
        }
        usleep(50_000)
        flag.cancel()
        wait(for: [done], timeout: 120)
        XCTAssertTrue(outcome.error is DecodeCancelled, "\(String(describing: outcome.error))")
    }

    func testACancelledDecodeIsACancellationNotAFailure() throws {
        let files = try ImageFixtures()
        let path = try jpeg(files, "any.jpg", width: 512, height: 512)
        let flag = CancelFlag()
        flag.cancel()
        XCTAssertThrowsError(try PhotoDecoder.decode(path: path, pixelSize: nil, maxSide: .max, limits: .standard, cancel: flag)) { error in
            XCTAssertEqual((error as? ImageLoadError)?.isCancellation, true, "\(error)")
        }
    }
}

private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Error?
    func set(_ e: Error) { lock.lock(); stored = e; lock.unlock() }
    var error: Error? { lock.lock(); defer { lock.unlock() }; return stored }
}

/// Builds the progressive "bomb" with libjpeg-turbo's own cjpeg: a legal multi-scan file whose
/// luma AC scan at point transform 10 (all zeros: a few bytes of end-of-band runs) is then
/// repeated. libjpeg accepts repeated scans with a warning and walks every block each time.
enum JPEGBomb {
    static func make(in files: ImageFixtures, repeats: Int, name: String = "bomb.jpg") throws -> String {
        guard let cjpeg = ["/usr/bin/cjpeg", "/usr/local/bin/cjpeg"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw TestEnvironment.missing("cjpeg (libjpeg-turbo-progs) is not installed; make test-deps installs it")
        }
        // Noise, so the real scans are large and the file is a plausible photo.
        let w = 1600, h = 1200
        var ppm = Array("P6\n\(w) \(h)\n255\n".utf8)
        var seed: UInt32 = 12345
        ppm.reserveCapacity(ppm.count + w * h * 3)
        for _ in 0..<(w * h * 3) {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            ppm.append(UInt8(truncatingIfNeeded: seed >> 24))
        }
        let input = try files.write("noise.ppm", ppm)
        var script = "0 1 2: 0-0, 0, 0;\n0: 1-63, 0, 10;\n"
        for al in stride(from: 9, through: 0, by: -1) { script += "0: 1-63, \(al + 1), \(al);\n" }
        script += "1: 1-63, 0, 0;\n2: 1-63, 0, 0;\n"
        let scans = try files.write("scans.txt", Array(script.utf8))
        let base = files.path("progressive-\(name)")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: cjpeg)
        p.arguments = ["-quality", "90", "-scans", scans, "-outfile", base, input]
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw JPEGEncoder.Failure(description: "cjpeg failed") }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: base)))
        // The chunk to repeat: the DHT just before the Al=10 luma scan, its SOS and entropy data.
        var i = 2, chunkStart: Int?, chunk: Range<Int>?
        while i + 4 < bytes.count, chunk == nil {
            guard bytes[i] == 0xFF else { i += 1; continue }
            let marker = bytes[i + 1], length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if marker == 0xC4 { chunkStart = i }
            if marker == 0xDA {
                let header = Array(bytes[(i + 4)..<(i + 2 + length)])
                var end = i + 2 + length
                while end + 1 < bytes.count && !(bytes[end] == 0xFF && bytes[end + 1] != 0 && !(0xD0...0xD7).contains(bytes[end + 1])) { end += 1 }
                if header == [1, 1, 0, 1, 63, 0x0A] { chunk = (chunkStart ?? i)..<end }
                chunkStart = nil
                i = end
                continue
            }
            i += 2 + length
        }
        guard let c = chunk else { throw JPEGEncoder.Failure(description: "no Al=10 scan in cjpeg's output") }
        var out = Array(bytes[..<c.upperBound])
        for _ in 0..<repeats { out += bytes[c] }
        out += bytes[c.upperBound...]
        return try files.write(name, out)
    }
}
