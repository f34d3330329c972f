import CSDL2
import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage

final class ImageDecodeTests: XCTestCase {
    private func channels(_ argb: UInt32) -> (r: Int, g: Int, b: Int) {
        (Int(argb >> 16 & 0xFF), Int(argb >> 8 & 0xFF), Int(argb & 0xFF))
    }

    func testJPEGIsDownscaledToCoverTheCellKeepingAspect() throws {
        let files = try ImageFixtures()
        let path = try files.saveJPG("latte.jpg", ImageFixtures.quadrants(width: 1200, height: 900))
        let image = try PhotoDecoder.decode(path: path, pixelSize: Size(width: 150, height: 150))
        // Covering 150×150 with a 4:3 photo needs 200×150; nothing bigger.
        XCTAssertEqual(image.pixelWidth, 200)
        XCTAssertEqual(image.pixelHeight, 150)
        XCTAssertEqual(image.sourceWidth, 1200)
        XCTAssertEqual(image.sourceHeight, 900)
        XCTAssertFalse(image.isLargestPossible)
        let topLeft = channels(image.pixel(x: 20, y: 20)), bottomLeft = channels(image.pixel(x: 20, y: 130))
        XCTAssertGreaterThan(topLeft.r, 200, "top-left stays red")
        XCTAssertLessThan(topLeft.b, 60)
        XCTAssertGreaterThan(bottomLeft.b, 200, "bottom-left stays blue")
    }

    func testPNGIsNeverUpscaled() throws {
        let files = try ImageFixtures()
        let path = try files.savePNG("mocha.png", ImageFixtures.quadrants(width: 640, height: 480))
        let image = try PhotoDecoder.decode(path: path, pixelSize: Size(width: 2000, height: 2000))
        XCTAssertEqual(image.pixelWidth, 640)
        XCTAssertEqual(image.pixelHeight, 480)
        XCTAssertTrue(image.isLargestPossible)
    }

    func testTextureLimitCapsTheDecode() throws {
        let files = try ImageFixtures()
        let path = try files.savePNG("wide.png", ImageFixtures.quadrants(width: 800, height: 200))
        let image = try PhotoDecoder.decode(path: path, pixelSize: Size(width: 800, height: 200), maxSide: 400, limits: .standard)
        XCTAssertEqual(image.pixelWidth, 400)
        XCTAssertEqual(image.pixelHeight, 100)
        XCTAssertTrue(image.isLargestPossible, "a bigger decode would break the renderer's limit")
    }

    /// A one-pixel checkerboard shrunk about tenfold must come out uniform grey; sampling without
    /// filtering gives black, white or moiré, and bilinear alone at an uneven ratio gives bands.
    func testLargeReductionDoesNotAlias() throws {
        let files = try ImageFixtures()
        let path = try files.savePNG("checks.png", ImageFixtures.checkerboard(width: 1000, height: 750))
        let image = try PhotoDecoder.decode(path: path, pixelSize: Size(width: 97, height: 73))
        XCTAssertEqual(image.pixelWidth, 98)
        XCTAssertEqual(image.pixelHeight, 73)
        var worst = 0
        for y in 0..<image.pixelHeight {
            for x in 0..<image.pixelWidth {
                let c = channels(image.pixel(x: x, y: y))
                worst = max(worst, abs(c.r - 128), abs(c.g - 128), abs(c.b - 128))
            }
        }
        XCTAssertLessThanOrEqual(worst, 4, "every pixel is mid grey")
    }

    func testBoxHalvingAveragesEachBlock() throws {
        let s = SDL_CreateRGBSurfaceWithFormat(0, 4, 2, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)!
        let values: [UInt32] = [0xFF00_0000, 0xFFFF_FFFF, 0xFF10_2030, 0xFF10_2030,
                                0xFFFF_FFFF, 0xFF00_0000, 0xFF10_2030, 0xFF30_4050]
        for (i, v) in values.enumerated() {
            (s.pointee.pixels! + (i / 4) * Int(s.pointee.pitch)).assumingMemoryBound(to: UInt32.self)[i % 4] = v
        }
        let half = try PixelBuffer(copying: s).withView(Downscale.halve)
        SDL_FreeSurface(s)
        let image = DecodedImage(pixels: half, sourceWidth: 4, sourceHeight: 2, isLargestPossible: false)
        XCTAssertEqual(image.pixelWidth, 2)
        XCTAssertEqual(image.pixelHeight, 1)
        XCTAssertEqual(image.pixel(x: 0, y: 0), 0xFF80_8080)  // (0+255+0+255+2)/4 = 128
        XCTAssertEqual(image.pixel(x: 1, y: 0), 0xFF18_2838)
    }

    /// Halving straight from the decoder's layout gives the same pixels as converting first.
    func testHalvingFromDecoderLayoutsMatchesConvertingFirst() throws {
        let argb = ImageFixtures.quadrants(width: 37, height: 22, seed: 9)
        defer { SDL_FreeSurface(argb) }
        for y in 0..<22 {  // some texture, so every channel varies
            let row = (argb.pointee.pixels! + y * Int(argb.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<37 { row[x] ^= UInt32(truncatingIfNeeded: (x * 7 + y * 13) * 0x0001_0307) & 0x00FF_FFFF }
        }
        let expected = DecodedImage(pixels: try PixelBuffer(copying: argb).withView(Downscale.halve), sourceWidth: 37, sourceHeight: 22, isLargestPossible: false)
        for (format, layout) in [(SDL_PIXELFORMAT_RGB24, PixelView.Layout.rgb24), (SDL_PIXELFORMAT_ABGR8888, .rgba)] {
            let source = try XCTUnwrap(SDL_ConvertSurfaceFormat(argb, format.rawValue, 0))
            defer { SDL_FreeSurface(source) }
            let view = PixelView(base: UnsafeRawPointer(source.pointee.pixels!), width: 37, height: 22, stride: Int(source.pointee.pitch), layout: layout)
            let got = DecodedImage(pixels: try Downscale.halve(view), sourceWidth: 37, sourceHeight: 22, isLargestPossible: false)
            XCTAssertEqual(got.pixelWidth, 18)
            XCTAssertEqual(got.pixelHeight, 11)
            for y in 0..<11 {
                for x in 0..<18 { XCTAssertEqual(got.pixel(x: x, y: y), expected.pixel(x: x, y: y), "\(format) at \(x),\(y)") }
            }
        }
    }

    func testCoverSizeRoundsUpOnlyWhenNeeded() {
        let exact = Downscale.coverSize(sourceWidth: 1600, sourceHeight: 1200, target: Size(width: 800, height: 600), maxSide: .max)
        XCTAssertEqual(exact.width, 800)
        XCTAssertEqual(exact.height, 600)
        let tall = Downscale.coverSize(sourceWidth: 1600, sourceHeight: 1200, target: Size(width: 100, height: 300), maxSide: .max)
        XCTAssertEqual(tall.width, 400)
        XCTAssertEqual(tall.height, 300)
        let nonsense = Downscale.coverSize(sourceWidth: 10, sourceHeight: 10, target: Size(width: .nan, height: -5), maxSide: .max)
        XCTAssertEqual(nonsense.width, 1)
        XCTAssertEqual(nonsense.height, 1)
    }

    func testHeadersGiveFormatAndSizeFromContent() throws {
        func parse(_ bytes: [UInt8]) throws -> ImageHeader { try bytes.withUnsafeBytes { try ImageHeader.parse($0) } }
        XCTAssertEqual(try parse(ImageFixtures.pngHeader(width: 60000, height: 3)), ImageHeader(format: .png, width: 60000, height: 3))
        XCTAssertEqual(try parse(ImageFixtures.jpegHeader(width: 640, height: 60000)), ImageHeader(format: .jpeg, width: 640, height: 60000))
        // 800×600 screen, a 2-colour table, a comment extension, then a frame claiming 40000×600.
        let gif: [UInt8] = Array("GIF89a".utf8) + [0x20, 0x03, 0x58, 0x02, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
            + [0x21, 0xFE, 3, 0x61, 0x62, 0x63, 0] + [0x2C, 0, 0, 0, 0, 0x40, 0x9C, 0x58, 0x02, 0]
        XCTAssertEqual(try parse(gif), ImageHeader(format: .gif, width: 40000, height: 600))
        XCTAssertThrowsError(try parse(Array(gif.prefix(20))))
        var bmp = [UInt8](repeating: 0, count: 26)
        bmp[0] = 0x42; bmp[1] = 0x4D; bmp[14] = 40; bmp[18] = 0x20; bmp[19] = 0x03
        bmp[22] = 0xA8; bmp[23] = 0xFD; bmp[24] = 0xFF; bmp[25] = 0xFF  // height −600: top-down
        XCTAssertEqual(try parse(bmp), ImageHeader(format: .bmp, width: 800, height: 600))
        XCTAssertThrowsError(try parse(Array("just some words".utf8))) { error in
            XCTAssertEqual((error as? ImageRefusal)?.reason, "not an image file (text)")
        }
        XCTAssertThrowsError(try parse(Array(ImageFixtures.jpegHeader(width: 64, height: 64).dropLast(2)))) { error in
            XCTAssertEqual((error as? ImageRefusal)?.reason, "truncated JPEG (no end-of-image marker)")
        }
    }

    func testEnormousHeadersAreRefusedBeforeDecoding() throws {
        let files = try ImageFixtures()
        let png = try files.write("giant.png", ImageFixtures.pngHeader(width: 60000, height: 60000))
        let jpg = try files.write("giant.jpg", ImageFixtures.jpegHeader(width: 60000, height: 60000))
        let long = try files.write("long.png", ImageFixtures.pngHeader(width: 9000, height: 9000))
        for path in [png, jpg, long] {
            XCTAssertThrowsError(try PhotoDecoder.decode(path: path, pixelSize: nil)) { error in
                XCTAssertTrue((error as? ImageLoadError)?.reason.hasPrefix("image too large") == true, "\(error)")
            }
        }
    }

    func testSizeBucketsRoundUpInSmallSteps() {
        XCTAssertEqual(SizeBucket.roundUp(256), 256)
        XCTAssertEqual(SizeBucket.roundUp(100), 108)
        XCTAssertEqual(SizeBucket.roundUp(0), 1)
        XCTAssertEqual(SizeBucket.roundUp(.infinity), 1)
        var x = 1.0
        while x < 5000 {
            let b = SizeBucket.roundUp(x)
            XCTAssertGreaterThanOrEqual(Double(b), x)
            XCTAssertLessThanOrEqual(Double(b), max(x * 1.19 + 1, 2), "step too coarse at \(x)")
            x *= 1.07
        }
        let a = SizeBucket(covering: Size(width: 100, height: 103))
        XCTAssertEqual(a, SizeBucket(covering: Size(width: 104, height: 100)), "small changes share a bucket")
        XCTAssertTrue(SizeBucket(covering: Size(width: 400, height: 400)).covers(a))
    }
}

/// Issue 21, case 1: the format our header check read is the loader that runs, never SDL_image's
/// own sniffing (which tries SVG, anywhere in the first 4 KB, before WebP).
final class LoaderChoiceTests: XCTestCase {
    /// A WebP container holding a small SVG: a WebP that does not decode, not a 64×64 picture.
    func testAnSVGInAWebPContainerIsACorruptWebP() throws {
        let files = try ImageFixtures()
        let svg = Array(" <svg width=\"64\" height=\"64\" xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"64\" height=\"64\" fill=\"red\"/></svg>".utf8)
        let bytes = Array("RIFF".utf8) + [1, 1, 1, 1] + Array("WEBPVP8L".utf8) + [1, 1, 1, 1] + [0x2F, 0x11, 0x11, 0x11, 0x11] + svg
        for name in ["svg.webp", "svg.jpg", "svg.png"] {
            let path = try files.write(name, bytes)
            XCTAssertThrowsError(try PhotoDecoder.decode(path: path, pixelSize: Size(width: 64, height: 64)), name) { error in
                XCTAssertTrue("\(error)".contains("corrupt WEBP"), "\(name): \(error)")
            }
        }
    }
}
