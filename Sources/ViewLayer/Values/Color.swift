import GridCore

/// A colour as SwiftUI spells it: a named colour (`.blue`, `.primary`, `Color(.systemGray6)`), which
/// the app resolves for light or dark, or sRGB components; either with an opacity.
public struct Color: Hashable, Sendable {
    public enum Storage: Hashable, Sendable {
        /// SwiftUI's own spelling: `blue`, `primary`, `systemGray6`, `secondarySystemBackground`.
        case named(String)
        case rgb(red: Double, green: Double, blue: Double)
    }

    public var storage: Storage
    public var opacity: Double

    public init(_ name: Name, opacity: Double = 1) {
        storage = .named(name.rawValue)
        self.opacity = opacity
    }

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        storage = .rgb(red: red, green: green, blue: blue)
        self.opacity = opacity
    }

    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// HSB as SwiftUI takes it (every component 0…1), stored as sRGB.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let h = (hue - hue.rounded(.down)) * 6, s = min(max(saturation, 0), 1), v = min(max(brightness, 0), 1)
        let k = { (n: Double) -> Double in
            let t = (n + h).truncatingRemainder(dividingBy: 6)
            return v - v * s * max(0, min(1, min(t, 4 - t)))
        }
        self.init(red: k(5), green: k(3), blue: k(1), opacity: opacity)
    }

    /// Like SwiftUI's `.opacity(_:)` on a colour: multiplies.
    public func opacity(_ o: Double) -> Color {
        var c = self
        c.opacity *= o
        return c
    }

    /// The name, for a named colour.
    public var name: String? {
        if case .named(let n) = storage { return n }
        return nil
    }

    /// A name SwiftUI gives a colour (`Color.blue`) or UIKit a system colour (`Color(.systemGray6)`).
    public struct Name: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let systemGray = Name(rawValue: "systemGray")
        public static let systemGray2 = Name(rawValue: "systemGray2")
        public static let systemGray3 = Name(rawValue: "systemGray3")
        public static let systemGray4 = Name(rawValue: "systemGray4")
        public static let systemGray5 = Name(rawValue: "systemGray5")
        public static let systemGray6 = Name(rawValue: "systemGray6")
        public static let systemBackground = Name(rawValue: "systemBackground")
        public static let secondarySystemBackground = Name(rawValue: "secondarySystemBackground")
        public static let systemGroupedBackground = Name(rawValue: "systemGroupedBackground")
        public static let label = Name(rawValue: "label")
        public static let secondaryLabel = Name(rawValue: "secondaryLabel")
        public static let separator = Name(rawValue: "separator")

        /// Every name `Color(.name)` accepts (UIKit's system colours the seeds and scenes use).
        public static let systemNames: [Name] = [.systemGray, .systemGray2, .systemGray3, .systemGray4, .systemGray5, .systemGray6,
                                                 .systemBackground, .secondarySystemBackground, .systemGroupedBackground,
                                                 .label, .secondaryLabel, .separator]
    }

    public static let black = Color(Name(rawValue: "black"))
    public static let white = Color(Name(rawValue: "white"))
    public static let clear = Color(Name(rawValue: "clear"))
    public static let red = Color(Name(rawValue: "red"))
    public static let orange = Color(Name(rawValue: "orange"))
    public static let yellow = Color(Name(rawValue: "yellow"))
    public static let green = Color(Name(rawValue: "green"))
    public static let mint = Color(Name(rawValue: "mint"))
    public static let teal = Color(Name(rawValue: "teal"))
    public static let cyan = Color(Name(rawValue: "cyan"))
    public static let blue = Color(Name(rawValue: "blue"))
    public static let indigo = Color(Name(rawValue: "indigo"))
    public static let purple = Color(Name(rawValue: "purple"))
    public static let pink = Color(Name(rawValue: "pink"))
    public static let brown = Color(Name(rawValue: "brown"))
    public static let gray = Color(Name(rawValue: "gray"))
    public static let primary = Color(Name(rawValue: "primary"))
    public static let secondary = Color(Name(rawValue: "secondary"))
    public static let accentColor = Color(Name(rawValue: "accentColor"))

    /// `Color.blue`, `Color.primary` …: the names SwiftUI's `Color` itself declares.
    public static let named: [String: Color] = Dictionary(uniqueKeysWithValues: [
        black, white, clear, red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown, gray,
        primary, secondary, accentColor,
    ].map { ($0.name!, $0) })
}
