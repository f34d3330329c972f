import CSDL2
import Foundation
import TestEnvironment
import XCTest
@testable import PhotoLibrary
@testable import Stage

/// Still WebPs (libwebp) and GIFs (giflib) decode to the pixels SDL_image gave for them before the
/// photo library stopped using it.
final class StillFormatTests: XCTestCase {
    var fixtures: ImageFixtures!
    override func setUpWithError() throws { fixtures = try ImageFixtures() }

    /// SDL_image's reading of the file at `path`, as ARGB8888 words.
    func sdlImage(_ path: String) throws -> [UInt32] {
        let s = try XCTUnwrap(IMG_Load(path), String(cString: SDL_GetError()))
        defer { SDL_FreeSurface(s) }
        let c = try XCTUnwrap(SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888.rawValue, 0))
        defer { SDL_FreeSurface(c) }
        return words(PixelBuffer(copying: c))
    }

    func words(_ p: PixelBuffer) -> [UInt32] { (0..<p.height).flatMap { y in (0..<p.width).map { p.pixel(x: $0, y: y) } } }

    func testStillWebPsDecodeAsSDLImageDecodedThem() throws {
        let cwebp = try TestEnvironment.require(tool: "cwebp", package: "webp")
        let png = try fixtures.savePNG("q.png", ImageFixtures.quadrants(width: 37, height: 23, seed: 4))
        for (name, args) in [("lossless.webp", ["-lossless"]), ("lossy.webp", ["-q", "80"]), ("alpha.webp", ["-q", "80", "-alpha_q", "100"])] {
            let path = fixtures.path(name)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: cwebp)
            p.arguments = args + ["-quiet", png, "-o", path]
            try p.run()
            p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, 0)
            let ours = try PhotoDecoder.decode(path: path, pixelSize: nil)
            XCTAssertEqual(words(ours.pixels), try sdlImage(path), name)
        }
    }

    func testAGIFsFirstFrameDecodesAsSDLImageDecodedIt() throws {
        var g = GIFWriter(width: 9, height: 5, palette: GIFCompositingTests.palette, repeats: nil)
        g.frames.append(.init(width: 9, height: 5, pixels: (0..<45).map { UInt8($0 % 4) }, delay: 10, transparent: 2))
        g.frames.append(.init(width: 9, height: 5, pixels: [UInt8](repeating: 1, count: 45), delay: 10))
        let path = fixtures.path("two.gif")
        try g.write(to: path)
        let ours = try PhotoDecoder.decode(path: path, pixelSize: nil)
        // SDL_image kept the key colour under alpha 0; the canvas, as the player composites it, is
        // transparent black there. Both draw nothing.
        XCTAssertEqual(words(ours.pixels), try sdlImage(path).map { $0 >> 24 == 0 ? 0 : $0 })
        XCTAssertEqual(ours.pixel(x: 2, y: 0) >> 24, 0, "the transparent index is transparent")
    }
}
