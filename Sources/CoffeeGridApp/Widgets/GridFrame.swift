import GridCore

/// One grid as measured for one frame: the immutable value that drawing, hit testing, the state
/// file, the inspector, the invariants and the scenes all read, so none of them lays the grid out
/// again (the shape of Compose's lazy-grid measure result). Window points throughout.
struct GridFrame {
    /// What the frame was measured from: the layout (or a blend), items in motion, the viewport and
    /// the layout's origin in it, the time.
    let measure: GridMeasure
    /// The scroll offset, its largest value and the scrollable length (padding, leading content, grid).
    let offset, maxOffset, contentLength: Double
    /// Items to draw, in index order with their drawn frames (the viewport plus the prefetch
    /// margin, and items still moving through that band), and those of them inside the viewport.
    let items, visible: [PlacedItem]
    /// Section headers and footers on screen (pinned ones stuck to the edges).
    let supplementary: [SupplementaryView]
    let scrollbar: Scrollbar?
    /// The viewport holds more items than a frame makes (`LazyGridLayout.maxItemsPerQuery`): only
    /// the first of them are drawn.
    var isLimited = false

    var axis: Axis { measure.axis }
    var viewport: Rect { measure.viewport }
    /// Window position of the layout's origin at this frame's scroll offset.
    var origin: Point { measure.origin }
    /// The layout the items come from (its tracks and count; hit testing at rest).
    var layout: LazyGridLayout { measure.layout }
    /// Items move (a transition or a pinch blend): hit testing reads drawn frames, not the layout.
    var isMoving: Bool { !measure.transition.isEmpty || measure.blend != nil }

    /// How many items were prepared this frame: what laziness is measured by.
    var materialized: Int { items.count }

    /// The item drawn under `p` (its animated frame while it moves).
    func index(at p: Point) -> Int? {
        guard viewport.contains(p) else { return nil }
        if isMoving { return visible.last { $0.frame.contains(p) }?.index }
        return layout.index(at: Point(x: p.x - origin.x, y: p.y - origin.y))
    }

    /// Where item `index` is drawn in this frame, if it is among the items drawn.
    func drawnFrame(of index: Int) -> Rect? {
        var lo = 0, hi = items.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if items[mid].index < index { lo = mid + 1 } else { hi = mid }
        }
        return lo < items.count && items[lo].index == index ? items[lo].frame : nil
    }

    /// Distance from the viewport along the main axis (0 when visible): decoding priority.
    func priority(of r: Rect) -> Double {
        if axis == .vertical {
            return r.maxY < viewport.minY ? viewport.minY - r.maxY : (r.minY > viewport.maxY ? r.minY - viewport.maxY : 0)
        }
        return r.maxX < viewport.minX ? viewport.minX - r.maxX : (r.minX > viewport.maxX ? r.minX - viewport.maxX : 0)
    }
}
