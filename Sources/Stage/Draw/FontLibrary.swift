import CSDL2
import Foundation
import SystemIO
import StageInterface

/// Opens shipped fonts at pixel sizes and keeps them open: one `TTF_Font` per (file, pixel size).
/// A missing file falls back to another shipped font, logged once per file.
final class FontLibrary {
    let resources: ResourceLocator
    let log: (String) -> Void
    private var open: [FontKey: OpaquePointer] = [:]
    /// Each font file read once into memory: FreeType then loads glyphs without a seek and a read
    /// system call per glyph, which showed up as a quarter of a scrolling frame's time.
    private var bytes: [String: UnsafeMutableRawBufferPointer] = [:]
    private var unusable: Set<String> = []
    private var ready = false
    private var reportedNoFont = false
    /// Font files are read whole into memory; none shipped is near this.
    static let maxFileBytes = 32 << 20

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
        for b in bytes.values { b.deallocate() }
    }

    /// The font file's bytes, kept for the library's lifetime (TTF fonts read from them lazily).
    /// `file` is a shipped file's name, or an absolute path (the system's fallback font).
    private func data(_ file: String) throws -> UnsafeMutableRawBufferPointer {
        if let b = bytes[file] { return b }
        let d = try BoundedFile.read(file.hasPrefix("/") ? file : resources.path("Fonts/" + file), maxBytes: FontLibrary.maxFileBytes)
        guard !d.isEmpty else { throw BoundedFile.Problem(kind: .unreadable, description: "is empty") }
        let b = UnsafeMutableRawBufferPointer.allocate(byteCount: d.count, alignment: 16)
        b.copyBytes(from: d)
        bytes[file] = b
        return b
    }

    /// Opens a font; throws a reason in a few words (never an older, unrelated SDL error).
    private func openFont(_ file: String, pixelSize px: Int) throws -> OpaquePointer {
        let b = try data(file)
        SDL_ClearError()
        guard let rw = SDL_RWFromConstMem(b.baseAddress, Int32(b.count)), let f = TTF_OpenFontRW(rw, 1, Int32(px)) else {
            let detail = String(cString: SDL_GetError())
            throw BoundedFile.Problem(kind: .unreadable, description: "is not a font" + (detail.isEmpty ? "" : " (\(detail))"))
        }
        // Light hinting from the start, as every texture is drawn: a handle measures exactly as it
        // draws whatever was asked of it before (a body measuring its items in layout before anything
        // is drawn measures what the drawn-by-hand scenes measure). Set once: SDL_ttf empties the
        // handle's glyph cache each time hinting is set.
        TTF_SetFontHinting(f, TTF_HINTING_LIGHT)
        return f
    }

    /// The system font that draws what the shipped ones have no glyph for (Hebrew, Arabic, Greek
    /// and Cyrillic beyond Inter's, many symbols, monochrome emoticons): DejaVu Sans, from
    /// fonts-dejavu-core (the package's Depends and `make test-deps`). Debian has no colour emoji
    /// font in either; a character neither has is drawn as U+FFFD, which DejaVu has.
    public static let fallbackFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    private var fallbackMissing = false

    /// The fallback font at `px`; nil (said once) when it cannot be opened: text then draws as before.
    func fallback(pixelSize px: Int) -> OpaquePointer? {
        guard !fallbackMissing else { return nil }
        let key = FontKey(file: FontLibrary.fallbackFile, pixelSize: px)
        if let f = open[key] { return f }
        do {
            let f = try openFont(FontLibrary.fallbackFile, pixelSize: px)
            open[key] = f
            return f
        } catch {
            fallbackMissing = true
            log("Canvas: fallback font \(FontLibrary.fallbackFile) \(error); characters the UI font lacks draw as boxes")
            return nil
        }
    }

    /// The pixel size text of `font` is rasterized at: whole pixels, so glyphs stay on the grid.
    static func pixelSize(_ font: Font, scale: Double) -> Int { font.pixelSize(scale: scale) }

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
            do {
                let f = try openFont(file, pixelSize: px)
                open[key] = f
                return (f, file)
            } catch {
                unusable.insert(file)
                log("Canvas: font \(resources.path("Fonts/" + file)) \(error); trying the next font")
            }
        }
        if !reportedNoFont {
            reportedNoFont = true
            log("Canvas: no usable font in \(resources.path("Fonts")) (tried \(([wanted] + FontFiles.fallbacks).joined(separator: ", "))); no text will be drawn")
        }
        return nil
    }
}
