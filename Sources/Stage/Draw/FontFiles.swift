import StageInterface

/// Which shipped file (under `Resources/Fonts/`) draws each design and weight. Inter stands in
/// for SF Pro, Quicksand for SF Pro Rounded, DejaVu Sans Mono for SF Mono.
enum FontFiles {
    static func file(design: Font.Design, weight: Font.Weight) -> String {
        switch design {
        case .default:
            switch weight {
            case .regular: return "Inter-Regular.otf"
            case .medium: return "Inter-Medium.otf"
            case .semibold: return "Inter-SemiBold.otf"
            case .bold: return "Inter-Bold.otf"
            case .heavy: return "Inter-ExtraBold.otf"
            case .black: return "Inter-Black.otf"
            }
        case .rounded:
            switch weight {
            case .regular: return "Quicksand-Regular.ttf"
            case .medium: return "Quicksand-Medium.ttf"
            case .semibold, .bold, .heavy, .black: return "Quicksand-Bold.ttf"
            }
        case .monospaced:
            switch weight {
            case .regular, .medium: return "DejaVuSansMono.ttf"
            case .semibold, .bold, .heavy, .black: return "DejaVuSansMono-Bold.ttf"
            }
        }
    }

    /// Tried in order when a file is missing or unreadable.
    static let fallbacks = ["Inter-Regular.otf", "DejaVuSansMono.ttf", "Quicksand-Regular.ttf"]
}
