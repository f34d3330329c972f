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
/// Laid out at its cell's final width, as SwiftUI does; its photos' frames are relative to the
/// cell's top-leading corner, so they ride along with the cell's own (outer) animation and move
/// to their new places with the nested grid's own animation when the outer layout changes.
struct NestedGrid {
    static let grid = LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))])
    /// `.frame(height: 50)`.
    static let photoHeight = 50.0
    static let sizing = ItemSizing.fill(photoHeight)

    let count: Int
    private(set) var width = -1.0
    private var rects: [AnimatedRect] = []

    init(count: Int) { self.count = max(count, 0) }

    /// The nested grid's height at `width`: what the outer row must make room for.
    static func height(count: Int, width: Double) -> Double {
        grid.layout(width: width, count: count, sizing: sizing).mainExtent
    }

    /// Lays the photos out for a cell `width` wide, animated (an outer layout change) or at once
    /// (a first appearance, a live resize).
    mutating func layout(width w: Double, animation: Animation?, at time: Double) {
        guard w != width else { return }
        let layout = NestedGrid.grid.layout(width: w, count: count, sizing: NestedGrid.sizing)
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
