/// A vertical lazy grid's description, as SwiftUI's `LazyVGrid(columns:alignment:spacing:pinnedViews:)`.
/// It is only a description; `layout(width:…)` answers geometry for a given width and content.
public struct LazyVGrid: Hashable, Sendable {
    public var columns: [GridItem]
    public var alignment: HorizontalAlignment
    /// The gap between rows; nil means 8.
    public var spacing: Double?
    public var pinnedViews: PinnedScrollableViews

    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: Double? = nil,
                pinnedViews: PinnedScrollableViews = []) {
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing
        self.pinnedViews = pinnedViews
    }

    public func layout(width: Double, sections: [GridSection], sizing: ItemSizing) -> LazyGridLayout {
        LazyGridLayout(axis: .vertical, items: columns, extent: width, alignment: alignment.fraction,
                       spacing: spacing, pinnedViews: pinnedViews, sections: sections, sizing: sizing)
    }

    public func layout(width: Double, count: Int, sizing: ItemSizing) -> LazyGridLayout {
        layout(width: width, sections: [GridSection(count: count)], sizing: sizing)
    }
}

/// A horizontal lazy grid's description, as SwiftUI's `LazyHGrid(rows:alignment:spacing:pinnedViews:)`.
public struct LazyHGrid: Hashable, Sendable {
    public var rows: [GridItem]
    public var alignment: VerticalAlignment
    /// The gap between columns; nil means 8.
    public var spacing: Double?
    public var pinnedViews: PinnedScrollableViews

    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: Double? = nil,
                pinnedViews: PinnedScrollableViews = []) {
        self.rows = rows
        self.alignment = alignment
        self.spacing = spacing
        self.pinnedViews = pinnedViews
    }

    public func layout(height: Double, sections: [GridSection], sizing: ItemSizing) -> LazyGridLayout {
        LazyGridLayout(axis: .horizontal, items: rows, extent: height, alignment: alignment.fraction,
                       spacing: spacing, pinnedViews: pinnedViews, sections: sections, sizing: sizing)
    }

    public func layout(height: Double, count: Int, sizing: ItemSizing) -> LazyGridLayout {
        layout(height: height, sections: [GridSection(count: count)], sizing: sizing)
    }
}
