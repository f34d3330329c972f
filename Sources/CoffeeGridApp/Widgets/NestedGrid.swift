import GridCore
import GridMotion

/// A grid inside a grid cell: the seed's
///
///     LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))]) {
///         ForEach(cafe.coffeePhotos) { … .frame(minWidth: 0, maxWidth: .infinity).frame(height: 50) }
///     }
///     .frame(minHeight: 0, maxHeight: .infinity, alignment: .top)
///     .animation(.easeIn, value: gridLayout.count)
///
/// its columns and its photos' sizing read from the scene's tree (`Shape`). Laid out at its cell's
/// final width, as SwiftUI does; its photos' frames are relative to the cell's top-leading corner,
/// so they ride along with the cell's own (outer) animation and move to their new places with the
/// nested grid's own animation when the outer layout changes.
struct NestedGrid {
    /// What the tree says of the nested grid: its columns, alignment and spacing, and how each
    /// photo sizes itself; GridCore lays it out.
    struct Shape {
        var items: [GridItem]
        var alignment = 0.5
        var spacing: Double?
        var sizing: ItemSizing

        func layout(width: Double, count: Int) -> LazyGridLayout {
            LazyGridLayout(axis: .vertical, items: items, extent: width, alignment: alignment, spacing: spacing, pinnedViews: [],
                           sections: [GridSection(count: count)], sizing: sizing)
        }

        /// The nested grid's height at `width`: what the outer row must make room for.
        func height(count: Int, width: Double) -> Double { layout(width: width, count: count).mainExtent }
    }

    let count: Int
    let shape: Shape
    private(set) var width = -1.0
    private var rects: [AnimatedRect] = []

    init(count: Int, shape: Shape) {
        self.count = max(count, 0)
        self.shape = shape
    }

    /// Lays the photos out for a cell `width` wide, animated (an outer layout change) or at once
    /// (a first appearance, a live resize).
    mutating func layout(width w: Double, animation: Animation?, at time: Double) {
        guard w != width else { return }
        let layout = shape.layout(width: w, count: count)
        let frames = (0..<count).map { layout.frame(of: $0) ?? .zero }
        if let animation = animation, rects.count == count {
            for i in rects.indices { rects[i].set(frames[i], animation: animation, at: time) }
        } else {
            rects = frames.map(AnimatedRect.init)
        }
        width = w
    }

    /// Photo frames relative to the cell's top-leading corner at `time`.
    func frames(at time: Double) -> [Rect] { rects.map { $0.value(at: time) } }

    func isAnimating(at time: Double) -> Bool { rects.contains { $0.isAnimating(at: time) } }
}
