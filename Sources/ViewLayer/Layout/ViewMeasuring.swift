import GridCore

/// What the layer asks of its host about content it cannot size alone: how wide and tall text is
/// in a font, and the natural size of a symbol or an image. The app answers with its fonts and its
/// photos' headers; `EstimatedMeasuring` answers without either (tests, headless tools).
public protocol ViewMeasuring {
    /// The size of `text` in `font`, wrapped to `maxWidth` when given.
    func size(of text: String, font: Font, maxWidth: Double?) -> Size
    /// An SF Symbol's natural size in `font` (symbols scale with the font, as SwiftUI's do).
    func naturalSize(ofSymbol name: String, font: Font) -> Size
    /// A named image's natural size in points, nil when unknown.
    func naturalSize(ofImage name: String) -> Size?
}

/// Sizes from the font's numbers alone: 0.6 em a character (0.62 monospaced, as the app's
/// `TextMeasure.estimate`), lines 1.2 em tall rounded up to whole points (34 for `.title`'s 28), a
/// symbol as wide and tall as its point size. Images come from `images` or are `placeholder` (100×100).
public struct EstimatedMeasuring: ViewMeasuring {
    public var images: [String: Size]
    public var placeholder: Size

    public init(images: [String: Size] = [:], placeholder: Size = Size(width: 100, height: 100)) {
        self.images = images
        self.placeholder = placeholder
    }

    public static func lineHeight(_ font: Font) -> Double { (font.size * 1.2).rounded(.up) }

    static func advance(_ font: Font) -> Double { font.size * (font.design == .monospaced ? 0.62 : 0.6) }

    public func size(of text: String, font: Font, maxWidth: Double?) -> Size {
        let advance = EstimatedMeasuring.advance(font), line = EstimatedMeasuring.lineHeight(font)
        let whole = Double(text.count) * advance
        guard let limit = maxWidth, limit.isFinite, whole > limit, limit > 0 else { return Size(width: whole, height: line) }
        // Greedy word wrap on the estimated advances; a word longer than the line breaks between its
        // characters, never inside one: a line holds at least one, however narrow (as Core Text
        // wraps; breaking anywhere made a 9-digit number in a 0.09-pt column 900 lines tall).
        var lines = 1, current = 0.0, widest = 0.0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let w = Double(word.count) * advance
            let candidate = current == 0 ? w : current + advance + w
            if candidate <= limit || current == 0 && w <= limit {
                current = candidate
            } else if w <= limit {
                widest = max(widest, current); lines += 1; current = w
            } else {
                if current > 0 { widest = max(widest, current); lines += 1 }
                let perLine = max(1, Int((limit / advance).rounded(.down)))
                let extra = (word.count + perLine - 1) / perLine - 1
                lines += extra
                current = Double(word.count - extra * perLine) * advance
                widest = limit
            }
        }
        widest = max(widest, current)
        return Size(width: min(widest, limit), height: Double(lines) * line)
    }

    public func naturalSize(ofSymbol name: String, font: Font) -> Size {
        // SF Symbols are drawn on their point size's square (a 30-point symbol is about 30 points
        // tall); the app's symbols fill that square.
        Size(width: font.size, height: font.size)
    }

    public func naturalSize(ofImage name: String) -> Size? { images[name] }
}
