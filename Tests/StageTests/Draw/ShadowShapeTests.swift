import CSDL2
import GridCore
import StageInterface
import XCTest
@testable import Stage

/// Rounded cells and shadows come from images of their shape in their colour (`ShadowImage`). The
/// shape is worked out once for every colour (`ShadowShape`): a grid of a hundred colours makes one,
/// and each colour's texels are exactly what working the shape out for it alone gave.
final class ShadowShapeTests: SoftwareCanvasTestCase {
    func testCellsOfManyColoursShareOneShape() {
        for i in 0..<30 {
            let c = Color(red: Double(i) / 30, green: 0.6, blue: 1 - Double(i) / 30)
            canvas.fillRoundedRect(Rect(x: Double(i % 6) * 58, y: Double(i / 6) * 54, width: 50, height: 46), cornerRadius: 8, c)
        }
        canvas.flush()
        XCTAssertEqual(canvas.shadowCache.count, 30, "an image a colour")
        XCTAssertEqual(canvas.shadowShapes.count, 1, "one shape for all of them")
    }

    func testEachColoursTexelsAreItsCoverageTimesItsAlpha() throws {
        let key = ShadowKey(corner: 8, blur: 3, width: 0, height: 0, downscale: 1, rgba: 0)
        let shape = ShadowImage.shape(key)
        for rgba: UInt32 in [0x3366_99FF, 0xFF80_0080, 0x0000_004D] {
            var k = key
            k.rgba = rgba
            let texture = try ShadowImage.make(k, shape: shape, renderer: host.renderer)
            let texels = try read(texture)
            XCTAssertEqual(texels.count, shape.coverage.count)
            let alpha = Float(rgba & 0xFF)
            for (i, t) in texels.enumerated() {
                let expected = UInt32(max(0, min(255, (shape.coverage[i] * alpha).rounded()))) << 24 | rgba >> 8
                guard t == expected else { return XCTFail("texel \(i) of \(String(rgba, radix: 16)): \(String(t, radix: 16)), not \(String(expected, radix: 16))") }
            }
        }
    }

    /// The texture's ARGB8888 texels, read back through a render target.
    private func read(_ texture: Texture) throws -> [UInt32] {
        let w = Int32(texture.pixelWidth), h = Int32(texture.pixelHeight)
        let target = try XCTUnwrap(SDL_CreateTexture(host.renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), w, h))
        defer { SDL_DestroyTexture(target) }
        SDL_SetRenderTarget(host.renderer, target)
        defer { SDL_SetRenderTarget(host.renderer, nil) }
        SDL_SetRenderDrawBlendMode(host.renderer, SDL_BLENDMODE_NONE)
        SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_NONE)
        defer { SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_BLEND) }
        SDL_RenderCopy(host.renderer, texture.handle, nil, nil)
        var texels = [UInt32](repeating: 0, count: Int(w * h))
        let read = texels.withUnsafeMutableBytes { SDL_RenderReadPixels(host.renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, $0.baseAddress, w * 4) }
        XCTAssertEqual(read, 0)
        return texels
    }
}
