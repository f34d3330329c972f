import GridCore

/// A font as SwiftUI spells it: a text style (`.title`) or `.system(size:weight:design:)`, with a
/// weight and a design. Which file draws it is the app's business.
public struct Font: Hashable, Sendable {
    public enum Weight: String, Hashable, Sendable, CaseIterable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
    }

    public enum Design: String, Hashable, Sendable, CaseIterable {
        case `default`, serif, rounded, monospaced
    }

    public enum TextStyle: String, Hashable, Sendable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

        /// Points at iOS's default Dynamic Type size (Large).
        public var size: Double {
            switch self {
            case .largeTitle: return 34
            case .title: return 28
            case .title2: return 22
            case .title3: return 20
            case .headline, .body: return 17
            case .callout: return 16
            case .subheadline: return 15
            case .footnote: return 13
            case .caption: return 12
            case .caption2: return 11
            }
        }
    }

    public var size: Double
    public var weight: Weight
    public var design: Design
    /// The text style it was made from, nil for `.system(size:)`: how it prints.
    public var style: TextStyle?

    public init(size: Double, weight: Weight = .regular, design: Design = .default, style: TextStyle? = nil) {
        self.size = size.isFinite && size > 0 ? size : TextStyle.body.size
        self.weight = weight
        self.design = design
        self.style = style
    }

    public static func system(size: Double, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(size: size, weight: weight, design: design)
    }

    public static func system(_ style: TextStyle, design: Design = .default, weight: Weight? = nil) -> Font {
        Font(size: style.size, weight: weight ?? (style == .headline ? .semibold : .regular), design: design, style: style)
    }

    public static let largeTitle = system(.largeTitle)
    public static let title = system(.title)
    public static let title2 = system(.title2)
    public static let title3 = system(.title3)
    public static let headline = system(.headline)
    public static let subheadline = system(.subheadline)
    public static let body = system(.body)
    public static let callout = system(.callout)
    public static let footnote = system(.footnote)
    public static let caption = system(.caption)
    public static let caption2 = system(.caption2)

    public func weight(_ w: Weight) -> Font {
        var f = self
        f.weight = w
        return f
    }

    public func bold() -> Font { weight(.bold) }
}
