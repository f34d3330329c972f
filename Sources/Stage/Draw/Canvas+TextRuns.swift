import CSDL2

/// Part of a line drawn in one font and one direction.
struct TextRun {
    var text: String
    var handle: OpaquePointer
    var rightToLeft: Bool
    var script: String
}

/// Characters the UI font has no glyph for (a file name in Chinese, Hebrew or Arabic, an emoji) drew
/// as boxes. A line is split into runs: what the UI font draws, and what each of the system's fallback
/// fonts (`FontLibrary.systemFallbacks`, asked in order) draws instead; a character none has is U+FFFD
/// in the first. Hebrew and Arabic runs are shaped right to left (HarfBuzz, in SDL_ttf), placed in a
/// left-to-right line: a neutral (a space, a dot) between two right-to-left letters joins their run,
/// else stays left to right — the Unicode bidi algorithm's result for a left-to-right paragraph in the
/// cases a file name has, without its embedding levels.
extension Canvas {
    /// nil when the UI font draws the whole line itself (every ASCII line is, checked first).
    func fallbackRuns(_ text: String, primary: OpaquePointer, pixelSize: Int) -> [TextRun]? {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        var scalars = Array(text.unicodeScalars)
        var keep = [Bool](repeating: true, count: scalars.count)
        // Opened (or found missing, said once) only when a character needs it.
        var chain = FallbackChain(fonts: fonts, pixelSize: pixelSize)
        // Per scalar: the font that draws it; its direction (nil: neutral).
        var handle = [OpaquePointer](repeating: primary, count: scalars.count)
        var strong = [Bool?](repeating: nil, count: scalars.count)
        var needed = false
        for (i, s) in scalars.enumerated() {
            if i > 0 && Canvas.attaches(s) {
                handle[i] = handle[i - 1]
                // A selector its base's font has no glyph for is left out, not boxed; so is a skin
                // tone, which a one-colour font draws as a swatch beside the hand. A combining mark
                // stays (HarfBuzz composes it with its base where the font can).
                let tone = (0x1F3FB...0x1F3FF).contains(s.value)
                keep[i] = !tone && (TTF_GlyphIsProvided32(handle[i], s.value) != 0 || Canvas.isMark(s))
                continue
            }
            strong[i] = Canvas.isRightToLeft(s) ? true : (s.properties.isAlphabetic || s.properties.numericType != nil ? false : nil)
            guard s.value >= 0x80, TTF_GlyphIsProvided32(primary, s.value) == 0 else { continue }
            if let f = chain.font(for: s.value) {
                handle[i] = f
            } else if let f = chain.first() {
                handle[i] = f
                scalars[i] = "\u{FFFD}"
            } else {
                continue
            }
            needed = true
        }
        guard needed else { return nil }
        // A neutral is right to left between two right-to-left strong characters; an attached mark
        // goes with the character before it.
        var rtl = [Bool](repeating: false, count: scalars.count)
        var previous: Bool? = nil
        for i in scalars.indices {
            if let d = strong[i] { rtl[i] = d; previous = d; continue }
            if i > 0 && Canvas.attaches(scalars[i]) { rtl[i] = rtl[i - 1]; continue }
            let next = strong[(i + 1)...].first(where: { $0 != nil }) ?? nil
            rtl[i] = previous == true && next == true
        }
        var runs: [TextRun] = []
        var current = String.UnicodeScalarView()
        var start = 0
        func flush(_ end: Int) {
            guard !current.isEmpty else { return }
            let arabic = scalars[start..<end].contains { (0x0600...0x08FF).contains($0.value) || (0xFB50...0xFEFF).contains($0.value) }
            runs.append(TextRun(text: String(current), handle: handle[start], rightToLeft: rtl[start],
                                script: rtl[start] ? (arabic ? "Arab" : "Hebr") : "Zzzz"))
            current = String.UnicodeScalarView()
            start = end
        }
        for i in scalars.indices {
            if i > 0 && (handle[i] != handle[i - 1] || rtl[i] != rtl[i - 1]) { flush(i) }
            if keep[i] { current.append(scalars[i]) }
        }
        flush(scalars.count)
        // A right-to-left stretch of several runs (two words and the space between, in two fonts)
        // reads from the right: its runs are placed in reverse.
        var placed: [TextRun] = []
        var stretch: [TextRun] = []
        for run in runs {
            if run.rightToLeft { stretch.append(run); continue }
            placed += stretch.reversed()
            stretch.removeAll()
            placed.append(run)
        }
        return placed + stretch.reversed()
    }

    /// The fallback fonts at one pixel size, each opened the first time a character reaches it.
    struct FallbackChain {
        let fonts: FontLibrary
        let pixelSize: Int
        private var opened: [OpaquePointer?] = []

        init(fonts: FontLibrary, pixelSize: Int) {
            self.fonts = fonts
            self.pixelSize = pixelSize
        }

        private mutating func handle(_ index: Int) -> OpaquePointer? {
            while opened.count <= index {
                opened.append(fonts.fallback(fonts.fallbackFiles[opened.count], pixelSize: pixelSize))
            }
            return opened[index]
        }

        /// The first fallback font with a glyph for `scalar`.
        mutating func font(for scalar: UInt32) -> OpaquePointer? {
            for i in fonts.fallbackFiles.indices {
                if let f = handle(i), TTF_GlyphIsProvided32(f, scalar) != 0 { return f }
            }
            return nil
        }

        /// The first fallback font that opens: it draws U+FFFD for what none has.
        mutating func first() -> OpaquePointer? {
            for i in fonts.fallbackFiles.indices { if let f = handle(i) { return f } }
            return nil
        }
    }

    /// Combining marks, joiners, variation selectors and skin tones stay with the character they modify.
    static func attaches(_ s: Unicode.Scalar) -> Bool {
        isMark(s) || s.value == 0x200D || (0xFE00...0xFE0F).contains(s.value) || (0x1F3FB...0x1F3FF).contains(s.value)
    }

    static func isMark(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms.
    static func isRightToLeft(_ s: Unicode.Scalar) -> Bool {
        (0x0590...0x08FF).contains(s.value) || (0xFB1D...0xFDFF).contains(s.value) || (0xFE70...0xFEFF).contains(s.value)
    }

    /// `body` with the run's font set to its direction and script, put back after (the handle is shared).
    func shaping<T>(_ run: TextRun, _ body: () -> T) -> T {
        guard run.rightToLeft else { return body() }
        TTF_SetFontDirection(run.handle, TTF_DIRECTION_RTL)
        TTF_SetFontScriptName(run.handle, run.script)
        defer {
            TTF_SetFontDirection(run.handle, TTF_DIRECTION_LTR)
            TTF_SetFontScriptName(run.handle, "Zzzz")
        }
        return body()
    }

    /// The runs' advance, side by side, in pixels.
    func pixelWidth(of runs: [TextRun]) -> Int32 {
        runs.reduce(Int32(0)) { sum, run in
            var w: Int32 = 0, h: Int32 = 0
            shaping(run) { _ = TTF_SizeUTF8(run.handle, run.text, &w, &h) }
            return sum + w
        }
    }

    /// White glyphs of every run on one transparent surface, on the UI font's baseline and line height.
    func render(_ runs: [TextRun], primary: OpaquePointer) -> UnsafeMutablePointer<SDL_Surface>? {
        var parts: [UnsafeMutablePointer<SDL_Surface>] = []
        defer { parts.forEach { SDL_FreeSurface($0) } }
        for run in runs {
            guard let s = shaping(run, { TTF_RenderUTF8_Blended(run.handle, run.text, SDL_Color(r: 255, g: 255, b: 255, a: 255)) }) else { return nil }
            parts.append(s)
        }
        let width = max(1, parts.reduce(Int32(0)) { $0 + $1.pointee.w })
        guard let out = SDL_CreateRGBSurfaceWithFormat(0, width, TTF_FontHeight(primary), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        _ = SDL_FillRect(out, nil, 0)
        var x: Int32 = 0
        for (run, part) in zip(runs, parts) {
            SDL_SetSurfaceBlendMode(part, SDL_BLENDMODE_NONE)
            var dst = SDL_Rect(x: x, y: TTF_FontAscent(primary) - TTF_FontAscent(run.handle), w: part.pointee.w, h: part.pointee.h)
            _ = SDL_UpperBlit(part, nil, out, &dst)
            x += part.pointee.w
        }
        return out
    }
}
