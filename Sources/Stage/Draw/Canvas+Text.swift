import CSDL2
import GridCore
import StageInterface

/// A rendered line of text: white glyphs, tinted at draw time, so one texture serves every colour.
struct TextKey: Hashable {
    var text: String
    var file: String
    var pixelSize: Int
}

struct MeasureKey: Hashable {
    var text: String
    var font: Font
    var scale: Double
}

struct TruncationKey: Hashable {
    var text: String
    var font: Font
    var scale: Double
    var width: Int
}

/// A label as it is placed in a width: what is shown (cut short with "…" when it does not fit)
/// and that text's advance in points. Kept per label, so a label drawn every frame (a cell's
/// number, a photo's name) costs one lookup, not one to cut it and another to measure the cut.
struct PlacedLine {
    var shown: String
    var width: Double
}

extension Canvas {
    /// The line box in points: the advance width, and the font's line spacing as height.
    public func measure(_ text: String, font: Font) -> Size {
        guard let f = fonts.font(font, scale: scale) else { return .zero }
        let height = Double(TTF_FontLineSkip(f.handle)) / scale
        guard !text.isEmpty else { return Size(width: 0, height: height) }
        let key = MeasureKey(text: text, font: font, scale: scale)
        if let w = advances[key] { return Size(width: Double(w) / scale, height: height) }
        var w: Int32 = 0, h: Int32 = 0
        if let runs = fallbackRuns(text, primary: f.handle, pixelSize: FontLibrary.pixelSize(font, scale: scale)) {
            w = pixelWidth(of: runs)
        } else {
            TTF_SizeUTF8(f.handle, text, &w, &h)
        }
        if advances.count >= 8192 { advances.removeAll(keepingCapacity: true) }
        advances[key] = w
        return Size(width: Double(w) / scale, height: height)
    }

    /// A line's advance as its texture draws it, for a layout made before anything is drawn (a
    /// scene's body measures its items' text in `update`): `measure`'s width, which no longer
    /// depends on what was drawn before (every handle is light-hinted from the moment it opens).
    public func layoutAdvance(_ text: String, font: Font) -> Double {
        measure(text, font: font).width
    }

    /// One line with its line box's top-leading corner at `origin`.
    public func text(_ text: String, font: Font, color: Color, at origin: Point) {
        guard !text.isEmpty, !isClippedAway, let f = fonts.font(font, scale: scale) else { return }
        draw(text, font: font, handle: f, color: color, at: origin)
    }

    private func draw(_ text: String, font: Font, handle f: (handle: OpaquePointer, file: String), color: Color, at origin: Point) {
        guard let line = textLine(text, font: f, pixelSize: FontLibrary.pixelSize(font, scale: scale)) else { return }
        let texture = line.texture
        flush()
        let c = sdlColor(color)
        SDL_SetTextureColorMod(texture.handle, c.r, c.g, c.b)
        SDL_SetTextureAlphaMod(texture.handle, c.a)
        // Whole pixels: glyphs were rasterized on the pixel grid and stay sharp only there.
        let leading = (TTF_FontLineSkip(f.handle) - TTF_FontHeight(f.handle)) / 2
        var src = line.source
        var dst = SDL_Rect(x: Canvas.nearest(px(origin.x)),
                           y: Canvas.nearest(px(origin.y)) &+ leading,
                           w: src.w, h: src.h)
        SDL_RenderCopy(renderer, texture.handle, &src, &dst)
    }

    /// One line placed in `rect` by `alignment`, cut short with "…" when it does not fit.
    public func text(_ text: String, font: Font, color: Color, in rect: Rect, alignment: Alignment = .leading) {
        guard !text.isEmpty, rect.width > 0, !isClippedAway, let f = fonts.font(font, scale: scale) else { return }
        let line = placed(text, font: font, width: rect.width)
        guard !line.shown.isEmpty else { return }
        let height = Double(TTF_FontLineSkip(f.handle)) / scale
        let x = rect.minX + (rect.width - line.width) * alignment.horizontal.fraction
        let y = rect.minY + (rect.height - height) * alignment.vertical.fraction
        draw(line.shown, font: font, handle: f, color: color, at: Point(x: x, y: y))
    }

    /// The longest prefix of `text` (whole characters) that fits `width` points with "…" after
    /// it, or `text` itself when it fits.
    public func truncated(_ text: String, font: Font, width: Double) -> String {
        placed(text, font: font, width: width).shown
    }

    /// `text` cut to `width` as `truncated` cuts it, with the advance of what is shown.
    func placed(_ text: String, font: Font, width: Double) -> PlacedLine {
        let key = TruncationKey(text: text, font: font, scale: scale, width: Int((width * scale).rounded(.down)))
        if let hit = truncations[key] { return hit }
        let limit = Double(key.width) / scale
        var result = text
        if measure(text, font: font).width > limit {
            let chars = Array(text)
            var lo = 0, hi = chars.count - 1
            result = ""
            // Binary search on the prefix length: width grows with it.
            while lo <= hi {
                let mid = (lo + hi) / 2
                var candidate = String(chars[0..<mid])
                while candidate.last?.isWhitespace == true { candidate.removeLast() }
                candidate += "…"
                if measure(candidate, font: font).width <= limit {
                    result = candidate
                    lo = mid + 1
                } else {
                    hi = mid - 1
                }
            }
        }
        let line = PlacedLine(shown: result, width: result.isEmpty ? 0 : measure(result, font: font).width)
        if truncations.count > 4096 { truncations.removeAll(keepingCapacity: true) }
        truncations[key] = line
        return line
    }

    /// The text cache's key for `text` in `font` at the canvas's scale.
    func textKey(_ text: String, font: Font) -> TextKey? {
        guard let f = fonts.font(font, scale: scale) else { return nil }
        return TextKey(text: text, file: f.file, pixelSize: FontLibrary.pixelSize(font, scale: scale))
    }

    private func textLine(_ text: String, font: (handle: OpaquePointer, file: String), pixelSize: Int) -> TextLine? {
        let key = TextKey(text: text, file: font.file, pixelSize: pixelSize)
        if let t = textCache[key] { return t }
        let outer = profile?.enter(.textRaster)
        defer { if let p = profile { p.leave(outer) } }
        let runs = fallbackRuns(text, primary: font.handle, pixelSize: pixelSize)
        guard let surface = runs.map({ render($0, primary: font.handle) })
                ?? TTF_RenderUTF8_Blended(font.handle, text, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else {
            log("Canvas: cannot render text \"\(text.prefix(40))\": \(String(cString: SDL_GetError()))")
            return nil
        }
        defer { SDL_FreeSurface(surface) }
        do {
            let line = try TextLine(surface: surface, renderer: renderer, pool: textTextures)
            textCache.insert(line, for: key, cost: line.texture.byteCount)
            return line
        } catch {
            log("Canvas: \(error)")
            return nil
        }
    }
}
