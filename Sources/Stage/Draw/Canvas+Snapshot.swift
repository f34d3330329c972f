import CSDL2
import GridCore
import StageInterface

/// A frame drawn into a texture instead of the window, kept to be drawn back later at any opacity:
/// the outgoing picture of a cross-fade.
final class FrameSnapshot {
    let texture: OpaquePointer
    /// Pixels per point when it was drawn.
    let scale: Double

    init(texture: OpaquePointer, scale: Double) {
        self.texture = texture
        self.scale = scale
    }

    deinit { SDL_DestroyTexture(texture) }
}

extension Canvas {
    /// Runs `body` drawing into a new texture the size of the output, then draws on the window
    /// again. Nil when the renderer cannot draw into textures.
    public func snapshot(_ body: () -> Void) -> KeptPicture? {
        flush()
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        guard w > 0, h > 0,
              let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), w, h) else { return nil }
        let previous = SDL_GetRenderTarget(renderer)
        guard SDL_SetRenderTarget(renderer, texture) == 0 else {
            SDL_DestroyTexture(texture)
            return nil
        }
        let clips = clipStack
        clipStack.removeAll()
        applyClip()
        body()
        flush()
        SDL_SetRenderTarget(renderer, previous)
        clipStack = clips
        applyClip()
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        return KeptPicture(FrameSnapshot(texture: texture, scale: scale))
    }

    /// Draws the part of `snapshot` under `rect` (points) at `opacity`, where it was.
    func draw(_ snapshot: FrameSnapshot, in rect: Rect, opacity: Double) {
        let alpha = max(0, min(1, (opacity.isFinite ? opacity : 0) * self.opacity))
        guard alpha > 0, !isClippedAway, rect.width > 0, rect.height > 0 else { return }
        flush()
        let s = snapshot.scale
        let src = SDL_Rect(x: Int32((rect.minX * s).rounded()), y: Int32((rect.minY * s).rounded()),
                           w: Int32((rect.width * s).rounded()), h: Int32((rect.height * s).rounded()))
        let dst = SDL_Rect(x: Canvas.nearest(px(rect.minX)), y: Canvas.nearest(px(rect.minY)),
                           w: Int32(px(rect.width).rounded()), h: Int32(px(rect.height).rounded()))
        SDL_SetTextureAlphaMod(snapshot.texture, UInt8((alpha * 255).rounded()))
        copy(snapshot.texture, src, to: dst)
    }
}
