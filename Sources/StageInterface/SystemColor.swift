/// SwiftUI's named and semantic colours, with the light and dark values Apple publishes for iOS.
public enum SystemColor: String, CaseIterable, Sendable {
    case red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown, gray
    case systemGray2, systemGray3, systemGray4, systemGray5, systemGray6
    /// `label`
    case primary
    /// `secondaryLabel`
    case secondary
    /// `tertiaryLabel`
    case tertiary
    /// `systemBackground`
    case background
    /// `secondarySystemBackground`
    case secondaryBackground
    /// `systemGroupedBackground`
    case groupedBackground
    case separator
    /// The default tint, which is blue.
    case accent

    public func resolved(_ appearance: Appearance) -> Color {
        let (light, dark) = values
        return appearance == .light ? light : dark
    }

    private static func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> Color {
        Color(red: r / 255, green: g / 255, blue: b / 255, opacity: a)
    }

    private var values: (light: Color, dark: Color) {
        let c = SystemColor.rgb
        switch self {
        case .red: return (c(255, 59, 48, 1), c(255, 69, 58, 1))
        case .orange: return (c(255, 149, 0, 1), c(255, 159, 10, 1))
        case .yellow: return (c(255, 204, 0, 1), c(255, 214, 10, 1))
        case .green: return (c(52, 199, 89, 1), c(48, 209, 88, 1))
        case .mint: return (c(0, 199, 190, 1), c(102, 212, 207, 1))
        case .teal: return (c(48, 176, 199, 1), c(64, 200, 224, 1))
        case .cyan: return (c(50, 173, 230, 1), c(100, 210, 255, 1))
        case .blue, .accent: return (c(0, 122, 255, 1), c(10, 132, 255, 1))
        case .indigo: return (c(88, 86, 214, 1), c(94, 92, 230, 1))
        case .purple: return (c(175, 82, 222, 1), c(191, 90, 242, 1))
        case .pink: return (c(255, 45, 85, 1), c(255, 55, 95, 1))
        case .brown: return (c(162, 132, 94, 1), c(172, 142, 104, 1))
        case .gray: return (c(142, 142, 147, 1), c(142, 142, 147, 1))
        case .systemGray2: return (c(174, 174, 178, 1), c(99, 99, 102, 1))
        case .systemGray3: return (c(199, 199, 204, 1), c(72, 72, 74, 1))
        case .systemGray4: return (c(209, 209, 214, 1), c(58, 58, 60, 1))
        case .systemGray5: return (c(229, 229, 234, 1), c(44, 44, 46, 1))
        case .systemGray6: return (c(242, 242, 247, 1), c(28, 28, 30, 1))
        case .primary: return (c(0, 0, 0, 1), c(255, 255, 255, 1))
        case .secondary: return (c(60, 60, 67, 0.6), c(235, 235, 245, 0.6))
        case .tertiary: return (c(60, 60, 67, 0.3), c(235, 235, 245, 0.3))
        case .background: return (c(255, 255, 255, 1), c(0, 0, 0, 1))
        case .secondaryBackground: return (c(242, 242, 247, 1), c(28, 28, 30, 1))
        case .groupedBackground: return (c(242, 242, 247, 1), c(0, 0, 0, 1))
        case .separator: return (c(60, 60, 67, 0.29), c(84, 84, 88, 0.6))
        }
    }
}
