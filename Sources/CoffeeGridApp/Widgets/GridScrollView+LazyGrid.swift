import GridCore
import GridMotion

extension GridScrollView.Configuration {
    /// `ScrollView { LazyVGrid(columns:alignment:spacing:pinnedViews:) { ForEach … } .padding(…) }`:
    /// a scene writes its grid as the seed does, and beside it what SwiftUI leaves to the views
    /// (the sections, each item's frame, the padding, content above the grid).
    init(_ grid: LazyVGrid, sections: [GridSection], sizing: ItemSizing, padding: EdgeInsets = .zero, leadingContent: Double = 0) {
        self.init(axis: .vertical, items: grid.columns, alignment: grid.alignment.fraction, spacing: grid.spacing,
                  pinnedViews: grid.pinnedViews, sections: sections, sizing: sizing, padding: padding, leadingContent: leadingContent)
    }

    /// `ScrollView(.horizontal) { LazyHGrid(rows:alignment:spacing:pinnedViews:) { ForEach … } }`.
    init(_ grid: LazyHGrid, sections: [GridSection], sizing: ItemSizing, padding: EdgeInsets = .zero, leadingContent: Double = 0) {
        self.init(axis: .horizontal, items: grid.rows, alignment: grid.alignment.fraction, spacing: grid.spacing,
                  pinnedViews: grid.pinnedViews, sections: sections, sizing: sizing, padding: padding, leadingContent: leadingContent)
    }
}
