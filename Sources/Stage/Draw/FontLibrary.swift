import CSDL2

/// Opens shipped fonts at pixel sizes and keeps them open: one `TTF_Font` per (file, pixel size).
/// A missing file falls back to another shipped font, logged once per file.
final class FontLibrary {
    let resources: ResourceLocator
    let log: (String) -> Void
    private var open: [FontKey: OpaquePointer] = [:]
    private var unusable: Set<String> = []
    private var ready = false

    struct FontKey: Hashable {
        var file: String
        var pixelSize: Int
    }

    init(resources: ResourceLocator, log: @escaping (String) -> Void) {
        self.resources = resources
        self.log = log
    }

    deinit {
        for f in open.values { TTF_CloseFont(f) }
    }

    /// The pixel size text of `font` is rasterized at: whole pixels, so glyphs stay on the grid.
    static func pixelSize(_ font: Font, scale: Double) -> Int {
        let p = (font.size * scale).rounded()
        return p.isFinite ? max(1, min(2000, Int(p))) : 12
    }

    /// The open font for a request, with the file that actually serves it; nil only when no
    /// shipped font can be opened at all.
    func font(_ font: Font, scale: Double) -> (handle: OpaquePointer, file: String)? {
        if !ready {
            if TTF_WasInit() == 0 && TTF_Init() != 0 {
                log("Canvas: TTF_Init failed: \(String(cString: SDL_GetError())); text will not draw")
                return nil
            }
            ready = true
        }
        let px = FontLibrary.pixelSize(font, scale: scale)
        let wanted = FontFiles.file(design: font.design, weight: font.weight)
        for file in [wanted] + FontFiles.fallbacks where !unusable.contains(file) {
            let key = FontKey(file: file, pixelSize: px)
            if let f = open[key] { return (f, file) }
            if let f = TTF_OpenFont(resources.path("Fonts/" + file), Int32(px)) {
                open[key] = f
                return (f, file)
            }
            unusable.insert(file)
            log("Canvas: cannot open font Fonts/\(file) (\(String(cString: SDL_GetError()))); using a fallback")
        }
        return nil
    }
}
