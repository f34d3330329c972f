/// Light or dark mode, as SwiftUI's `ColorScheme`. Only `SystemColor.resolved` reads it: the
/// canvas itself draws whatever colour it is handed.
public enum Appearance: String, Hashable, Sendable, CaseIterable {
    case light, dark
}
