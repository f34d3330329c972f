import GridCore
import StageInterface
import Stage

/// The advance width of a line of text in points. The app measures with the renderer's fonts when
/// it has one (`Canvas.measure`); without one (unit tests of layout) it estimates generously.
struct TextMeasure {
    let width: (String, Font) -> Double
    /// The width a view layout made before drawing measures with (`Canvas.layoutAdvance`).
    let layoutWidth: (String, Font) -> Double
    /// Changes whenever widths may (the canvas's scale): what a cached layout is keyed by.
    private let signatureOf: () -> String

    init(signature: @escaping () -> String = { "fixed" }, layoutWidth: ((String, Font) -> Double)? = nil,
         width: @escaping (String, Font) -> Double) {
        self.signatureOf = signature
        self.width = width
        self.layoutWidth = layoutWidth ?? width
    }

    var signature: String { signatureOf() }

    /// 0.62 em a character for monospaced text (DejaVu Sans Mono advances 0.602 em), 0.6 em for Inter:
    /// wider than the real advance, so estimated layouts never clip.
    static var estimate: TextMeasure { TextMeasure(signature: { "estimate" }) { text, font in
        Double(text.count) * font.size * (font.design == .monospaced ? 0.62 : 0.6)
    } }

    static func canvas(_ canvas: Canvas) -> TextMeasure {
        TextMeasure(signature: { "canvas@\(canvas.scale)" }, layoutWidth: { canvas.layoutAdvance($0, font: $1) }) {
            canvas.measure($0, font: $1).width
        }
    }

    /// Greedy word wrap to `width`: words break at spaces; a word wider than a line breaks between
    /// characters. Continuation lines are `indent` points narrower (the caller indents them).
    func wrap(_ text: String, font: Font, width: Double, indent: Double = 0) -> [String] {
        guard width > 0 else { return [text] }
        var lines: [String] = []
        var current = ""
        func limit() -> Double { lines.isEmpty ? width : max(width - indent, 1) }
        func fits(_ s: String) -> Bool { self.width(s, font) <= limit() }
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if fits(candidate) { current = candidate; continue }
            if !current.isEmpty { lines.append(current); current = "" }
            if fits(word) { current = word; continue }
            // A single word longer than the line: as many characters as fit, then the rest.
            for ch in word {
                if fits(current + String(ch)) || current.isEmpty { current.append(ch) } else { lines.append(current); current = String(ch) }
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
