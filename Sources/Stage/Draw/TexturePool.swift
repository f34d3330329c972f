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
    /// How many textures `take` gave out again (the tests read it).
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
}
