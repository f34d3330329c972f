/// A run of items under an optional header and above an optional footer, as SwiftUI's `Section`
/// inside a lazy grid. Headers and footers each take a whole line of the grid.
public struct GridSection: Hashable, Sendable {
    public var count: Int
    /// Main-axis extent of the header line, or nil for none.
    public var header: Double?
    /// Main-axis extent of the footer line, or nil for none.
    public var footer: Double?

    public init(count: Int, header: Double? = nil, footer: Double? = nil) {
        self.count = max(count, 0)
        self.header = header
        self.footer = footer
    }
}

/// Which section views stick to the edges of the scroll view, as SwiftUI's `pinnedViews:`.
public struct PinnedScrollableViews: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// A section header or footer placed for one viewport.
public struct SupplementaryView: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case header, footer }
    public var kind: Kind
    public var section: Int
    public var frame: Rect
    /// True when the frame was moved from its natural place to stay pinned to the viewport.
    public var isPinned: Bool
}
