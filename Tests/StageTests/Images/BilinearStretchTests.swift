import CSDL2
import XCTest
@testable import PhotoLibrary
@testable import Stage

/// The photo library's own bilinear scaling gives SDL_SoftStretchLinear's pixels, which every
/// photo on screen and the goldens were made with before the library left SDL.
final class BilinearStretchTests: XCTestCase {
    func testMatchesSDLSoftStretchLinearPixelForPixel() throws {
        var state: UInt32 = 12345
        let sizes = [(37, 22, 20, 13), (64, 48, 33, 47), (10, 10, 10, 10), (5, 3, 17, 11), (1, 7, 4, 3), (9, 1, 2, 5), (300, 200, 229, 151)]
        for (sw, sh, dw, dh) in sizes {
            let src = SDL_CreateRGBSurfaceWithFormat(0, Int32(sw), Int32(sh), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)!
            defer { SDL_FreeSurface(src) }
            for y in 0..<sh {
                let row = (src.pointee.pixels! + y * Int(src.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
                for x in 0..<sw { state = state &* 1_664_525 &+ 1_013_904_223; row[x] = state }
            }
            let expected = SDL_CreateRGBSurfaceWithFormat(0, Int32(dw), Int32(dh), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)!
            defer { SDL_FreeSurface(expected) }
            XCTAssertEqual(SDL_SoftStretchLinear(src, nil, expected, nil), 0)
            let want = PixelBuffer(copying: expected)
            for vectorized in [false, true] {
                let got = try XCTUnwrap(PixelBuffer(width: dw, height: dh))
                PixelBuffer(copying: src).withView { BilinearStretch.stretch($0, into: got, vectorized: vectorized) }
                var differing = 0
                for y in 0..<dh { for x in 0..<dw where got.pixel(x: x, y: y) != want.pixel(x: x, y: y) { differing += 1 } }
                XCTAssertEqual(differing, 0, "\(sw)×\(sh) → \(dw)×\(dh), vectorized \(vectorized)")
            }
        }
    }
}
