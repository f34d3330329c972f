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

    /// The fallback fonts this library asks, in order (`systemFallbacks`; a test names others).
    let fallbackFiles: [String]

    init(resources: ResourceLocator, log: @escaping (String) -> Void, fallbackFiles: [String] = FontLibrary.systemFallbacks) {
        self.resources = resources
        self.log = log
        self.fallbackFiles = fallbackFiles
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

    /// The system fonts that draw what the shipped ones have no glyph for, asked in this order for
    /// each character: DejaVu Sans (Hebrew, Arabic, Greek and Cyrillic beyond Inter's, many symbols,
    /// some emoticons; fonts-dejavu-core), WenQuanYi Micro Hei (Chinese, Japanese kana, Korean hangul —
    /// a person's file names, and the seeds' own language; fonts-wqy-microhei, 5 MB where Noto CJK is
    /// 91, and Droid Sans Fallback, which it extends, has no hangul) and
    /// Symbola (emoji through Unicode 9, drawn in one colour like the text; fonts-symbola). All three
    /// are in `make deps` and the package's Depends. Debian's one colour emoji font is bitmaps at one
    /// size that SDL_ttf does not scale. A character none has is drawn as U+FFFD, which DejaVu has.
    public static let systemFallbacks = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
        "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf",
    ]
    private var fallbackMissing: Set<String> = []

    /// The fallback font `file` at `px`; nil (said once per file) when it cannot be opened: the
    /// characters only it has then draw as U+FFFD, or as boxes when the first is missing too.
    func fallback(_ file: String, pixelSize px: Int) -> OpaquePointer? {
        guard !fallbackMissing.contains(file) else { return nil }
        let key = FontKey(file: file, pixelSize: px)
        if let f = open[key] { return f }
        do {
            let f = try openFont(file, pixelSize: px)
            open[key] = f
            return f
        } catch {
            fallbackMissing.insert(file)
            log("Canvas: fallback font \(file) \(error); characters only it has draw as U+FFFD (boxes without the first)")
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
