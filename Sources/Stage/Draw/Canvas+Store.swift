import CSDL2

extension Canvas {
    /// Replaces the pixels of `rects` (whole pixels, cut by the clip) with the opaque colour `c`,
    /// ignoring blending: SDL's rectangle fill with blending off, or plain stores into the window's
    /// memory while a frame is drawn into it on the software renderer (`storeTarget`). SDL fills
    /// with non-temporal stores and a scalar head and tail on each row: for the narrow bands of a
    /// rounded cell, each row's tail waits on the streamed stores before it (styles' tall cells
    /// spent most of a frame there), and the pixels leave the cache just before the blends over
    /// them read them back. The value stored is SDL's own (`SDL_MapRGBA`), so the pixels are the same.
    func storeOpaque(_ rects: [SDL_Rect], _ c: SDL_Color) {
        guard !isClippedAway else { return }
        if c.a == 255, let t = storeTarget() {
            let value = t.value(r: c.r, g: c.g, b: c.b)
            let clip = clipStack.last.map(PixelRect.init) ?? t.bounds
            for r in rects where r.w > 0 && r.h > 0 { t.fill(PixelRect(r).intersection(clip), value: value) }
            return
        }
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
        if c.a == 255 { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE) }
        for var r in rects where r.w > 0 && r.h > 0 { SDL_RenderFillRect(renderer, &r) }
        if c.a == 255 { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND) }
    }

    /// The window's memory, ready to be written (what SDL queued is drawn first), when the frame is
    /// drawn into it on the software renderer; nil otherwise (another renderer, a render target such
    /// as a snapshot's or a scaled copy's, outside `DrawListRenderer.renderFrame`).
    func storeTarget() -> SoftwareTarget? {
        guard let t = directTarget, SDL_GetRenderTarget(renderer) == nil else { return nil }
        SDL_RenderFlush(renderer)
        return t
    }
}
