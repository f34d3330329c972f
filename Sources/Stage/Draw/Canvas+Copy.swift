import CSDL2

extension Canvas {
    /// `SDL_RenderCopy`, drawing the same pixels however the clip cuts `dst`. SDL's software
    /// renderer scales a clipped copy from a source rectangle rounded to the visible part, so a
    /// photo cut by a scroll view's edge was resampled differently from the same photo uncut — its
    /// pixels shifted as it crossed the edge, and a frame kept and moved could not match one drawn
    /// anew. Here such a copy is scaled whole first, as SDL itself does when `dst` leaves the
    /// window, and the visible part copied 1:1. A copy that leaves the window comes here too: SDL
    /// would scale it whole again in every frame that draws a strip of it (a photo half above the
    /// window as a scroll reveals the row under it: three such photos cost 2 ms a frame), where the
    /// picture kept here is scaled once. Uncut or unscaled copies go straight to SDL.
    ///
    /// `source`, the texture's owner, lets the whole scaled picture be kept (`scaledCopies`) and
    /// copied from again: by every damage tile of a retained frame the picture reaches into, and
    /// by the next frames while it keeps its size (a photo across a scroll view's edge).
    func copy(_ texture: OpaquePointer, _ src: SDL_Rect?, to dst: SDL_Rect, source: Texture? = nil) {
        var d = dst
        var sw: Int32 = 0, sh: Int32 = 0, format: UInt32 = 0
        SDL_QueryTexture(texture, &format, nil, &sw, &sh)
        var s = src ?? SDL_Rect(x: 0, y: 0, w: sw, h: sh)
        let clip = clipStack.last
        let scaled = s.w != d.w || s.h != d.h
        let cut = clip.map { c in d.x < c.x || d.y < c.y || d.x + d.w > c.x + c.w || d.y + d.h > c.y + c.h } ?? false
        guard scaled && cut, d.w > 0, d.h > 0 else {
            SDL_RenderCopy(renderer, texture, &s, &d)
            return
        }
        guard !isClippedAway, let c = clip, d.x < c.x + c.w, c.x < d.x + d.w, d.y < c.y + c.h, c.y < d.y + d.h else { return }
        var mode = SDL_ScaleModeNearest
        SDL_GetTextureScaleMode(texture, &mode)
        let key = source.map { ScaledCopyKey(source: ObjectIdentifier($0), src: [s.x, s.y, s.w, s.h], width: d.w, height: d.h, mode: mode.rawValue) }
        var whole = SDL_Rect(x: 0, y: 0, w: d.w, h: d.h)
        let picture: OpaquePointer
        if let key = key { scaledCopiesUsed.insert(key) }
        if let key = key, let kept = scaledCopies[key], kept.source === source {
            picture = kept.picture.handle
        } else {
            let kept = key.flatMap { _ in SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), d.w, d.h) }
                .map { Texture(handle: $0, pixelWidth: Int(d.w), pixelHeight: Int(d.h), renderer: renderer) }
            guard let target = kept?.handle ?? scratchTexture(format: format, width: d.w, height: d.h) else {
                SDL_RenderCopy(renderer, texture, &s, &d)
                return
            }
            scale(texture, s, into: target, size: whole)
            if let key = key, let kept = kept, let source = source {
                // The source counts too: a kept picture keeps its photo's texture alive.
                scaledCopies.insert(ScaledCopy(source: source, picture: kept), for: key, cost: kept.byteCount + source.byteCount)
            }
            picture = target
        }
        // …then copied 1:1 with the texture's blending and modulation, cut by the clip.
        TextureLook(of: texture).apply(to: picture)
        SDL_RenderCopy(renderer, picture, &whole, &d)
    }

    /// Draws `texture`'s `src` part scaled to `size` into the render target `target`: whole,
    /// unblended and unmodulated, as SDL's own intermediate surface is…
    private func scale(_ texture: OpaquePointer, _ src: SDL_Rect, into target: OpaquePointer, size: SDL_Rect) {
        let look = TextureLook(of: texture)
        TextureLook.plain.apply(to: texture)
        let previous = SDL_GetRenderTarget(renderer)
        SDL_SetRenderTarget(renderer, target)
        var s = src, whole = size
        SDL_RenderCopy(renderer, texture, &s, &whole)
        SDL_SetRenderTarget(renderer, previous)
        applyClip()
        look.apply(to: texture)
    }

    /// A render target of `format` at least `width`×`height`, kept for the next scaled copy.
    private func scratchTexture(format: UInt32, width: Int32, height: Int32) -> OpaquePointer? {
        if let t = scratch[format], t.pixelWidth >= Int(width) && t.pixelHeight >= Int(height) { return t.handle }
        scratch[format] = nil
        let (ow, oh) = pixelSize
        let w = max(width, Int32(ow)), h = max(height, Int32(oh))
        guard let t = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), w, h) else { return nil }
        scratch[format] = Texture(handle: t, pixelWidth: Int(w), pixelHeight: Int(h), renderer: renderer)
        return t
    }
}

/// A texture's part scaled whole to a size (`Canvas.copy`). The source is held, so it cannot be
/// freed and another texture made under its identity while the picture is kept.
struct ScaledCopyKey: Hashable {
    var source: ObjectIdentifier
    var src: [Int32]
    var width: Int32
    var height: Int32
    var mode: UInt32
}

final class ScaledCopy {
    let source: Texture
    let picture: Texture
    init(source: Texture, picture: Texture) { self.source = source; self.picture = picture }
}

/// How SDL draws a texture besides its pixels: blend mode and colour/alpha modulation, read from one
/// texture to be given to another (a scaled copy) or put back after drawing it plain.
struct TextureLook {
    var blend = SDL_BLENDMODE_NONE
    var r: UInt8 = 255, g: UInt8 = 255, b: UInt8 = 255, a: UInt8 = 255

    /// Unblended and unmodulated, as SDL's own intermediate surface of a scaled copy is.
    static let plain = TextureLook()

    init() {}

    init(of texture: OpaquePointer) {
        SDL_GetTextureBlendMode(texture, &blend)
        SDL_GetTextureColorMod(texture, &r, &g, &b)
        SDL_GetTextureAlphaMod(texture, &a)
    }

    func apply(to texture: OpaquePointer) {
        SDL_SetTextureBlendMode(texture, blend)
        SDL_SetTextureColorMod(texture, r, g, b)
        SDL_SetTextureAlphaMod(texture, a)
    }
}
