import GridCore

/// What flows down the tree while it is laid out: the font, colours and weight set by modifiers
/// above a view (the innermost setting wins, as in SwiftUI).
struct LayoutEnvironment {
    var font = Font.body
    var fontWeight: Font.Weight?
    var foreground: Color?
    var tint: Color?
    /// Distinguishes environments in one pass, for the pass's memo of sizes.
    var generation = 0

    /// The font text and symbols are drawn in.
    var resolvedFont: Font {
        guard let w = fontWeight else { return font }
        return font.weight(w)
    }

    /// Text and symbols draw in the foreground colour, else the primary label colour.
    var resolvedForeground: Color { foreground ?? .primary }
}
