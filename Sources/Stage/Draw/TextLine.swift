import CSDL2

/// A rendered line of text in a texture of the pool's (`TexturePool`): its pixels are the
/// top-leading `width` × `height` of a texture whose width is rounded up, so lines of about the same
/// length share textures. Going, it gives the texture back to the pool.
final class TextLine {
    let texture: Texture
    let width: Int
    let height: Int
    private let shape: TexturePool.Shape
    private weak var pool: TexturePool?

    /// Widths are rounded up to this many pixels: a few sizes serve every label of a font.
    static let widthStep = 32

    /// `surface`'s pixels in a texture of `pool`'s, or a new one.
    init(surface: UnsafeMutablePointer<SDL_Surface>, renderer: OpaquePointer, pool: TexturePool) throws {
        let s = surface.pointee
        guard s.w > 0, s.h > 0, let format = s.format?.pointee.format else { throw SDLError("TextLine: an empty surface") }
        width = Int(s.w)
        height = Int(s.h)
        shape = TexturePool.Shape(format: format, width: (width + TextLine.widthStep - 1) / TextLine.widthStep * TextLine.widthStep,
                                  height: height)
        texture = try pool.take(shape) ?? Texture(renderer: renderer, width: shape.width, height: shape.height, format: format)
        var rect = SDL_Rect(x: 0, y: 0, w: s.w, h: s.h)
        guard SDL_UpdateTexture(texture.handle, &rect, s.pixels, s.pitch) == 0 else {
            throw SDLError("SDL_UpdateTexture")
        }
        self.pool = pool
    }

    /// The line's pixels within the texture.
    var source: SDL_Rect { SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height)) }

    deinit { pool?.give(texture, as: shape) }
}
