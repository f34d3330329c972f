import CSDL2

/// Textures let go of, kept by pixel format and size to be written again rather than destroyed and
/// made anew. SDL 2 keeps, on the window's surface, a list of every texture ever copied onto it,
/// and destroying one searches that list from the newest: the text cache lets its oldest lines go,
/// which sit at the list's far end behind every line kept (a thousand at 1280 × 800), so a frame
/// that brought a page of new labels spent a fifth of its time in those searches (`perf` of the
/// peers' traverse of 10⁴ cells: `SDL_ListRemove` 19 %). A texture taken from here again keeps its
/// place in that list, and its memory is already touched.
final class TexturePool {
    struct Shape: Hashable {
        var format: UInt32
        var width: Int
        var height: Int
    }

    private var free: [Shape: [Texture]] = [:]
    private(set) var byteCount = 0
    /// How many textures `take` gave out again, for tests and the profile.
    private(set) var reused = 0
    /// What is kept at most; a texture given beyond it is destroyed.
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// A kept texture of exactly `shape`, no longer kept; nil when there is none.
    func take(_ shape: Shape) -> Texture? {
        guard let t = free[shape]?.popLast() else { return nil }
        byteCount -= t.byteCount
        reused += 1
        return t
    }

    /// Keeps `texture` (of `shape`) for `take`, unless that would pass the capacity.
    func give(_ texture: Texture, as shape: Shape) {
        guard byteCount + texture.byteCount <= capacity else { return }
        free[shape, default: []].append(texture)
        byteCount += texture.byteCount
    }

    func removeAll() {
        free.removeAll()
        byteCount = 0
    }
}

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
        if let kept = pool.take(shape) {
            texture = kept
        } else {
            guard let t = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                            Int32(shape.width), Int32(shape.height)) else {
                throw SDLError("SDL_CreateTexture")
            }
            texture = Texture(handle: t, pixelWidth: shape.width, pixelHeight: shape.height, renderer: renderer)
        }
        SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_BLEND)
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
