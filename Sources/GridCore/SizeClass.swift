/// SwiftUI's `UserInterfaceSizeClass`: how much room there is along one axis.
public enum UserInterfaceSizeClass: String, Hashable, Sendable {
    case compact, regular
}

/// The horizontal and vertical size classes of a window, derived from its size in points the way
/// iOS assigns them: a phone in portrait is compact × regular, a phone turned to landscape is
/// vertically compact, an iPad-sized window is regular × regular.
public struct SizeClasses: Hashable, Sendable {
    public var horizontal: UserInterfaceSizeClass
    public var vertical: UserInterfaceSizeClass

    /// Narrower than this is horizontally compact.
    public static let compactWidthLimit = 700.0
    /// Lower than this is vertically compact.
    public static let compactHeightLimit = 500.0

    public init(horizontal: UserInterfaceSizeClass, vertical: UserInterfaceSizeClass) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public init(windowSize: Size) {
        horizontal = windowSize.width < SizeClasses.compactWidthLimit ? .compact : .regular
        vertical = windowSize.height < SizeClasses.compactHeightLimit ? .compact : .regular
    }
}
