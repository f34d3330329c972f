/// A font request as SwiftUI spells it: size in points, weight and design. Which file draws it is
/// `FontFiles`' business.
public struct Font: Hashable, Sendable {
    public enum Weight: Hashable, Sendable, CaseIterable {
        case regular, medium, semibold, bold, heavy, black
    }

    public enum Design: Hashable, Sendable, CaseIterable {
        case `default`, rounded, monospaced
    }

    public var size: Double
    public var weight: Weight
    public var design: Design

    public init(size: Double, weight: Weight = .regular, design: Design = .default) {
        self.size = size
        self.weight = weight
        self.design = design
    }

    public static func system(size: Double, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(size: size, weight: weight, design: design)
    }

    // The text styles at iOS's default Dynamic Type size ("Large").
    public static let largeTitle = Font(size: 34)
    public static let title = Font(size: 28)
    public static let title2 = Font(size: 22)
    public static let title3 = Font(size: 20)
    public static let headline = Font(size: 17, weight: .semibold)
    public static let body = Font(size: 17)
    public static let callout = Font(size: 16)
    public static let subheadline = Font(size: 15)
    public static let footnote = Font(size: 13)
    public static let caption = Font(size: 12)

    public func weight(_ w: Weight) -> Font {
        var f = self
        f.weight = w
        return f
    }

    public func design(_ d: Design) -> Font {
        var f = self
        f.design = d
        return f
    }
}

extension Font {
    /// The whole pixel size text of this font is rasterized at, `scale` pixels per point (a
    /// non-finite size draws at 12, any other between 1 and 2000).
    public func pixelSize(scale: Double) -> Int {
        let p = (size * scale).rounded()
        return p.isFinite ? max(1, min(2000, Int(p))) : 12
    }

    /// For a monospaced font: the most one character can advance, in points, at `scale` pixels per
    /// point. DejaVu Sans Mono (SF Mono's stand-in) advances every glyph 1233/2048 em, which hinting
    /// rounds to whole pixels at the pixel size text is rasterized at; text can be laid out by this
    /// bound without a renderer and never be wider when drawn.
    public func monospacedAdvance(scale: Double) -> Double {
        let s = scale.isFinite && scale > 0 ? scale : 1
        let pixels = Double(pixelSize(scale: s))
        return (pixels * 1233 / 2048).rounded(.up) / s
    }
}
