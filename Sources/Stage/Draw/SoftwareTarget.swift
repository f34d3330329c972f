import CSDL2
import Glibc

/// The window's pixels as SDL's software renderer draws them: the same memory, read and written
/// directly, for what the renderer does slowly or not at all — moving a scrolled region's pixels,
/// opaque fills with ordinary stores (SDL's use non-temporal ones, which send every small fill to
/// memory and make the next blend read it back).
///
/// Only for the software renderer drawing into its window (not into a texture), 32 bits a pixel.
/// Anything drawn through SDL must be flushed before the memory is touched, and is.
struct SoftwareTarget: Equatable {
    let surface: UnsafeMutablePointer<SDL_Surface>
    let pixels: UnsafeMutableRawPointer
    let width: Int
    let height: Int
    /// Bytes from one row to the next.
    let pitch: Int
    let format: UInt32

    var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }

    static func == (a: SoftwareTarget, b: SoftwareTarget) -> Bool {
        a.surface == b.surface && a.pixels == b.pixels && a.width == b.width && a.height == b.height && a.pitch == b.pitch && a.format == b.format
    }

    /// The window surface `renderer` draws into right now, or nil (another renderer, a texture
    /// target, an unusual pixel format). `known` is the one found last time: a surface that is not
    /// it is first proven to be the renderer's by drawing a pixel through SDL and reading it here.
    static func current(_ renderer: OpaquePointer, known: SoftwareTarget?) -> SoftwareTarget? {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0,
              SDL_GetRenderTarget(renderer) == nil, let window = SDL_RenderGetWindow(renderer) else { return nil }
        // Reading a pixel makes the renderer take up the window's current surface first (after a
        // resize it lets go of the old one), so the surface asked for next is the one it draws on.
        var first: UInt32 = 0
        var corner = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
        guard SDL_RenderReadPixels(renderer, &corner, SDL_PIXELFORMAT_ARGB8888.rawValue, &first, 4) == 0,
              let s = SDL_GetWindowSurface(window), let pixels = s.pointee.pixels,
              s.pointee.format.pointee.BytesPerPixel == 4, s.pointee.w > 0, s.pointee.h > 0 else { return nil }
        let target = SoftwareTarget(surface: s, pixels: pixels, width: Int(s.pointee.w), height: Int(s.pointee.h),
                                    pitch: Int(s.pointee.pitch), format: s.pointee.format.pointee.format)
        if target == known { return target }
        return target.isDrawnOn(by: renderer, restoring: first) ? target : nil
    }

    /// Draws one pixel through SDL and checks it arrived here, then puts back what was there.
    private func isDrawnOn(by renderer: OpaquePointer, restoring original: UInt32) -> Bool {
        var mode = SDL_BLENDMODE_NONE
        var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0, a: UInt8 = 0
        SDL_GetRenderDrawBlendMode(renderer, &mode)
        SDL_GetRenderDrawColor(renderer, &r, &g, &b, &a)
        var clip = SDL_Rect()
        SDL_RenderGetClipRect(renderer, &clip)
        let clipped = SDL_RenderIsClipEnabled(renderer) == SDL_TRUE
        defer {
            SDL_SetRenderDrawBlendMode(renderer, mode)
            SDL_SetRenderDrawColor(renderer, r, g, b, a)
            if clipped { SDL_RenderSetClipRect(renderer, &clip) }
        }
        let before = row(0)[0]
        // A colour the pixel does not have.
        let probe: (UInt8, UInt8, UInt8) = (original >> 16) & 0xFF == 0x5A ? (0xA5, 0x3C, 0x96) : (0x5A, 0xC3, 0x69)
        SDL_RenderSetClipRect(renderer, nil)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, probe.0, probe.1, probe.2, 255)
        SDL_RenderDrawPoint(renderer, 0, 0)
        SDL_RenderFlush(renderer)
        let drawn = row(0)[0] == SDL_MapRGBA(surface.pointee.format, probe.0, probe.1, probe.2, 255)
        row(0)[0] = before
        return drawn
    }

    func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        (pixels + y * pitch).assumingMemoryBound(to: UInt32.self)
    }

    /// The value SDL stores for an opaque colour in this format.
    func value(r: UInt8, g: UInt8, b: UInt8) -> UInt32 { SDL_MapRGBA(surface.pointee.format, r, g, b, 255) }

    /// Stores `value` in every pixel of `rect` (clipped to the surface).
    func fill(_ rect: PixelRect, value: UInt32) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y0..<r.y1 {
            (row(y) + r.x0).update(repeating: value, count: r.width)
        }
    }

    /// Every pixel of `rect` takes the colour of the pixel (dx, dy) before it; `rect` and its
    /// source must lie inside the surface. Rows are copied in the order that reads each before
    /// it is overwritten.
    func move(_ rect: PixelRect, dx: Int, dy: Int) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty, bounds.contains(r.offsetBy(dx: -dx, dy: -dy)) else { return }
        let bytes = r.width * 4
        let rows = dy > 0 ? Array(stride(from: r.y1 - 1, through: r.y0, by: -1)) : Array(r.y0..<r.y1)
        for y in rows {
            memmove(row(y) + r.x0, row(y - dy) + r.x0 - dx, bytes)
        }
    }
}
