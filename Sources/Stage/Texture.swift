import CSDL2
import PhotoLibrary

/// A GPU texture owned by Swift: destroyed when the last reference goes. Created on the render
/// thread only (SDL renderers are not thread-safe); `byteCount` is what the image cache budgets.
public final class Texture {
    public let handle: OpaquePointer
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Every pixel has full alpha (a JPEG photo): copies of it need no blending.
    public var isOpaque = false
    /// The part of its photo a photo's texture holds (a band a `.scaledToFill()` cell shows).
    public var part = ImagePart.whole

    /// The renderer that made it and that renderer's generation (`RendererLife`), when registered.
    private let owner: (renderer: OpaquePointer, generation: UInt64)?

    /// Takes ownership of `handle`, made by `renderer` (nil: a renderer the app does not register).
    public init(handle: OpaquePointer, pixelWidth: Int, pixelHeight: Int, renderer: OpaquePointer? = nil) {
        self.handle = handle
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        owner = renderer.flatMap { r in RendererLife.generation(of: r).map { (r, $0) } }
    }

    /// Uploads a surface; the caller keeps ownership of the surface.
    public convenience init(renderer: OpaquePointer, surface: UnsafeMutablePointer<SDL_Surface>) throws {
        guard let t = SDL_CreateTextureFromSurface(renderer, surface) else {
            throw SDLError("SDL_CreateTextureFromSurface")
        }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
        self.init(handle: t, pixelWidth: Int(surface.pointee.w), pixelHeight: Int(surface.pointee.h), renderer: renderer)
    }

    /// Uploads decoded pixels through a surface that only points at them (no copy): the same one
    /// upload SDL_CreateTextureFromSurface made when decoders handed out SDL surfaces.
    convenience init(renderer: OpaquePointer, pixels: PixelBuffer) throws {
        guard let made = pixels.withSurface({ SDL_CreateTextureFromSurface(renderer, $0) }), let t = made else {
            throw SDLError("SDL_CreateTextureFromSurface")
        }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
        self.init(handle: t, pixelWidth: pixels.width, pixelHeight: pixels.height, renderer: renderer)
    }

    /// An empty texture (ARGB8888 unless told), blending, to be filled a part at a time: a band of
    /// rows (`update(from:rows:)`), a line of text in its top-leading corner (`TextLine`).
    convenience init(renderer: OpaquePointer, width: Int, height: Int, format: UInt32 = SDL_PIXELFORMAT_ARGB8888.rawValue) throws {
        guard let t = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                        Int32(width), Int32(height)) else {
            throw SDLError("SDL_CreateTexture")
        }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
        self.init(handle: t, pixelWidth: width, pixelHeight: height, renderer: renderer)
    }

    /// Copies `rows` of `pixels` (the texture's size) into the texture.
    func update(from pixels: PixelBuffer, rows: Range<Int>) throws {
        guard !rows.isEmpty else { return }
        var rect = SDL_Rect(x: 0, y: Int32(rows.lowerBound), w: Int32(pixelWidth), h: Int32(rows.count))
        let status = withExtendedLifetime(pixels) {
            SDL_UpdateTexture(handle, &rect, pixels.pixels + rows.lowerBound * pixels.stride, Int32(pixels.stride))
        }
        if status != 0 { throw SDLError("SDL_UpdateTexture") }
    }

    /// Four bytes per pixel: what the texture costs in memory.
    public var byteCount: Int { pixelWidth * pixelHeight * 4 }

    deinit {
        // A texture outliving its renderer was freed with it.
        if let owner, !RendererLife.isAlive(owner.renderer, generation: owner.generation) { return }
        SDL_DestroyTexture(handle)
    }
}
