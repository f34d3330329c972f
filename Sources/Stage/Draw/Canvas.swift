import CSDL2
import GridCore
import SystemIO
import StageInterface

/// The drawing surface every scene uses. Callers speak points; the canvas multiplies by `scale`
/// and draws in pixels, anti-aliased. Plain shapes are batched into one geometry call until
/// something else (a texture, text, a clip change, a read-back) needs the queue drawn first.
/// Like the SDL renderer under it, a canvas belongs to the render thread.
public final class Canvas {
    public let renderer: OpaquePointer
    public let resources: ResourceLocator
    let log: (String) -> Void

    /// Pixels per point; the host sets it every frame (2 on HiDPI windows).
    public var scale: Double = 1 {
        didSet { if !(scale.isFinite && scale > 0) { log("Canvas: ignoring scale \(scale); using 1"); scale = 1 } }
    }

    /// Read by callers resolving `SystemColor`s; the canvas itself never looks at it.
    public var appearance: Appearance = .light

    /// How this renderer's rasterizer wants anti-aliasing fringes laid out.
    let raster: Mesh.Raster
    var batch: Mesh
    var clipStack: [SDL_Rect] = []
    var opacityStack: [Double] = []
    /// The product of every active `withOpacity`.
    var opacity: Double = 1

    lazy var fonts = FontLibrary(resources: resources, log: log)
    /// Rendered lines of text. What the last `textFramesKept` frames drew stays, whatever it costs;
    /// other text only while the cache is under `textFloor` (`endFrame`), so it holds what is on
    /// screen, not every line ever shown. The budget is a ceiling within a frame.
    let textCache = LRUCache<TextKey, TextLine>(capacity: Canvas.textBudget, countsFrames: true)
    /// The textures of lines the text cache let go, for the next lines (`TextLine`): about the
    /// text of a window's worth of new labels, what a frame that jumps a page lets go and makes.
    let textTextures = TexturePool(capacity: 4 << 20)
    static let textBudget = 24 << 20
    /// Frames whose text is kept whatever the floor: a frame's text survives a few frames that
    /// draw only part of the window (retained frames) or something else on top.
    static let textFramesKept = 4
    var truncations: [TruncationKey: PlacedLine] = [:]
    /// Advance widths in pixels by text, font and scale: shaping a line (SDL_ttf through HarfBuzz) is
    /// not free, and the same labels are measured every frame to place them.
    var advances: [MeasureKey: Int32] = [:]
    let symbolCache = LRUCache<SymbolKey, Texture>(capacity: 8 << 20)
    var missingSymbols: Set<String> = []
    let symbols = SymbolRasterizer()
    /// Headless runs wait for each symbol's rasterisation (bounded by its budget), so screenshots
    /// never depend on thread timing; a window draws without it and shows it a frame later.
    public var waitsForSymbols = true
    let shadowCache = LRUCache<ShadowKey, Texture>(capacity: 8 << 20)
    /// The shapes of those images, whatever their colours (`ShadowShape`).
    let shadowShapes = LRUCache<ShadowKey, ShadowShape>(capacity: 4 << 20)
    /// Render targets for scaling copies whole before they are clipped (`copy`), by pixel format.
    var scratch: [UInt32: Texture] = [:]
    /// Photos' parts scaled whole, kept to be cut again (`copy`): by each damage tile of a frame,
    /// and by later frames while the size holds.
    let scaledCopies = LRUCache<ScaledCopyKey, ScaledCopy>(capacity: 48 << 20)
    /// The kept scaled copies this frame drew from: the others go when it ends (`endFrame`).
    var scaledCopiesUsed: Set<ScaledCopyKey> = []
    /// Where the frame's time goes, when the frame bench profiles (nil otherwise).
    public var profile: FrameProfile?
    /// The window's memory while `DrawListRenderer.renderFrame` draws into it on the software
    /// renderer: opaque fills store into it directly (`storeOpaque`).
    var directTarget: SoftwareTarget?

    public init(renderer: OpaquePointer, resources: ResourceLocator, log: @escaping (String) -> Void = { print($0) }) {
        self.renderer = renderer
        self.resources = resources
        self.log = log
        raster = Mesh.Raster.of(renderer)
        batch = Mesh(raster)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    /// A texture of `surface` (freed here), kept in `cache` under `key` at its size in bytes: how
    /// rasterised symbols become textures (lines of text go into pooled ones, `TextLine`).
    func keepTexture<Key>(of surface: UnsafeMutablePointer<SDL_Surface>, in cache: LRUCache<Key, Texture>, for key: Key) throws -> Texture {
        defer { SDL_FreeSurface(surface) }
        let t = try Texture(renderer: renderer, surface: surface)
        cache.insert(t, for: key, cost: t.byteCount)
        return t
    }

    /// Lets go of the photos' textures the canvas holds (kept scaled copies), before the image
    /// pipeline drops its own and the renderer that made them goes.
    public func releasePhotoTextures() {
        scaledCopies.removeAll()
        scaledCopiesUsed.removeAll()
    }

    /// A frame is drawn: scaled copies it did not draw from are let go (a photo that changed size,
    /// scrolled out of the cut, or left), so they hold memory only while they are on screen; and
    /// text the last frames did not draw goes, down to the floor.
    func endFrame() {
        scaledCopies.removeAll { scaledCopiesUsed.contains($0) }
        scaledCopiesUsed.removeAll(keepingCapacity: true)
        let (w, h) = pixelSize
        textCache.endFrame(keepingFrames: Canvas.textFramesKept, floor: Canvas.textFloor(width: w, height: h))
    }

    /// How much text is kept whether or not the last frames drew it: text covering the window
    /// once (its pixels' bytes: 4 MB at 1280 × 800, 16 MB at 2560 × 1600), at least 1 MB, at most
    /// the cache's budget. What scrolled out just now or sits under a partial redraw stays.
    static func textFloor(width: Int, height: Int) -> Int {
        min(textBudget, max(1 << 20, width * height * 4))
    }

    // MARK: Units

    /// Points to pixels, on a 1/1024-pixel grid. Layout works in points that are seldom exact in
    /// binary (thirds, tenths), so the same shape at two places could round differently on its
    /// way to pixels — its size as a difference of two edges, say, landing on either side of a
    /// half. On the grid, positions, sizes and their sums are exact, and a shape moved by whole
    /// pixels is drawn on pixels moved by exactly as many: what retained frames rely on. A 1/1024
    /// pixel step is far below what anything drawn can show; floats hold it exactly up to 8192.
    func px(_ v: Double) -> Double { Canvas.snap(v * scale) }

    static func snap(_ p: Double) -> Double {
        guard p.isFinite, abs(p) < 1e12 else { return p }
        return (p * 1024 + 0.5).rounded(.down) / 1024
    }

    /// The nearest whole pixel, halves rounding up (the same way left of zero as right of it, so
    /// moving by whole pixels never changes which way a half goes).
    static func nearest(_ p: Double) -> Int32 {
        guard p.isFinite else { return 0 }
        return Int32(clamping: Int(max(-1e15, min(1e15, (p + 0.5).rounded(.down)))))
    }

    /// The colour as vertex bytes, with the active `withOpacity` folded in.
    func sdlColor(_ c: Color) -> SDL_Color {
        let b = c.opacity(opacity).bytes
        return SDL_Color(r: b.r, g: b.g, b: b.b, a: b.a)
    }

    /// Nothing can show: an empty clip is active.
    var isClippedAway: Bool {
        guard let top = clipStack.last else { return false }
        return top.w <= 0 || top.h <= 0
    }

    // MARK: Queue

    /// Draws the queued shapes. Anything that draws by other means calls this first so the
    /// painter's order holds.
    func flush() {
        guard !batch.isEmpty else { return }
        if isClippedAway {
            batch.removeAll()
            return
        }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        draw(batch, texture: nil)
        batch.removeAll()
    }

    func draw(_ mesh: Mesh, texture: OpaquePointer?) {
        guard !mesh.isEmpty else { return }
        let rc = mesh.vertices.withUnsafeBufferPointer { v in
            mesh.indices.withUnsafeBufferPointer { i in
                i.baseAddress!.withMemoryRebound(to: Int32.self, capacity: i.count) { ip in
                    SDL_RenderGeometry(renderer, texture, v.baseAddress, Int32(v.count), ip, Int32(i.count))
                }
            }
        }
        if rc != 0 { log("Canvas: SDL_RenderGeometry failed: \(String(cString: SDL_GetError()))") }
    }

    // MARK: Whole target

    /// Replaces every pixel of the target (inside the clip), ignoring blending.
    public func clear(_ color: Color) {
        flush()
        let outer = profile?.enter(.clear)
        defer { if let p = profile { p.leave(outer) } }
        let b = color.bytes
        if clipStack.isEmpty {
            if b.a == 255, let t = storeTarget() { return t.fill(t.bounds, value: t.value(r: b.r, g: b.g, b: b.b)) }
            SDL_SetRenderDrawColor(renderer, b.r, b.g, b.b, b.a)
            SDL_RenderClear(renderer)
        } else if !isClippedAway {
            // Blending off whatever the alpha, as a clear.
            if b.a == 255 { return storeOpaque([clipStack.last!], SDL_Color(r: b.r, g: b.g, b: b.b, a: b.a)) }
            SDL_SetRenderDrawColor(renderer, b.r, b.g, b.b, b.a)
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
            var r = clipStack.last!
            SDL_RenderFillRect(renderer, &r)
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        }
    }

    /// The current render target's size in pixels (the window, or a target texture).
    public var pixelSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        if let target = SDL_GetRenderTarget(renderer) {
            SDL_QueryTexture(target, nil, nil, &w, &h)
        } else {
            SDL_GetRendererOutputSize(renderer, &w, &h)
        }
        return (Int(w), Int(h))
    }

    /// The size in points, for laying out a frame.
    public var size: Size {
        let p = pixelSize
        return Size(width: Double(p.width) / scale, height: Double(p.height) / scale)
    }

    /// Everything drawn so far, read back from the whole render target.
    public func readPixels() throws -> PixelImage {
        flush()
        let (w, h) = pixelSize
        guard w > 0, h > 0 else { throw SDLError("SDL_RenderReadPixels (empty render target)") }
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        // The read must cover the whole target whatever clip a scene left active.
        let saved = clipStack.last
        if saved != nil { SDL_RenderSetClipRect(renderer, nil) }
        defer { if var r = saved { SDL_RenderSetClipRect(renderer, &r) } }
        var full = SDL_Rect(x: 0, y: 0, w: Int32(w), h: Int32(h))
        let rc = bytes.withUnsafeMutableBytes {
            SDL_RenderReadPixels(renderer, &full, SDL_PIXELFORMAT_RGBA32.rawValue, $0.baseAddress, Int32(w * 4))
        }
        guard rc == 0 else { throw SDLError("SDL_RenderReadPixels") }
        return PixelImage(width: w, height: h, rgba: bytes)
    }

    public func savePNG(_ path: String) throws {
        let image = try readPixels()
        try image.savePNG(path)
    }
}
