import GridCore
import GridMotion

/// The measure pass of one grid: a pure function of its layout (or a pinch's blend of two), the
/// items in motion, the viewport, where the layout's origin is at this scroll offset and the
/// frame's time. `frame(…)` is the frame's `GridFrame`; the scroll view also asks it where single
/// items are drawn while it changes configuration.
struct GridMeasure {
    let layout: LazyGridLayout
    let blend: LayoutBlend?
    let transition: GridTransition
    /// The scroll view's viewport, and where the layout's origin is at this scroll offset.
    let viewport: Rect, origin: Point
    let time: Double

    var axis: Axis { layout.axis }

    /// Item `index` as drawn now, in layout coordinates: blended mid-gesture, else its animated
    /// frame while it moves, else `target` (its layout frame, looked up when not given).
    func currentFrame(of index: Int, target: Rect?) -> Rect? {
        if let b = blend {
            guard let f = target ?? b.frame(of: index) else { return nil }
            guard let d = transition.residual(of: index, at: time) else { return f }
            return Rect(x: f.minX + d.minX, y: f.minY + d.minY, width: f.width + d.width, height: f.height + d.height)
        }
        if let r = transition.frame(of: index, at: time) { return r }
        return target ?? layout.frame(of: index)
    }

    /// Where item `index` is drawn now, in window points.
    func drawnFrame(of index: Int) -> Rect? {
        currentFrame(of: index, target: nil).map { $0.offsetBy(dx: origin.x, dy: origin.y) }
    }

    /// Layout items within `margin` of the viewport plus the items moving through that band, in
    /// index order, in window points.
    func drawnItems(margin: Double) -> [PlacedItem] {
        let place = { (r: Rect) in r.offsetBy(dx: origin.x, dy: origin.y) }
        let visible = viewport.offsetBy(dx: -origin.x, dy: -origin.y)
        // A frame makes at most LazyGridLayout.maxItemsPerQuery items: when the prefetch band would
        // hold more, the viewport alone is made (the first items of it, if even that is more).
        let band = blend == nil && layout.candidateCount(in: visible, margin: margin) > LazyGridLayout.maxItemsPerQuery ? 0 : margin
        let placed = blend?.items(in: visible, margin: band) ?? layout.items(in: visible, margin: band)
        var result = placed.map { item in
            PlacedItem(index: item.index, frame: place(currentFrame(of: item.index, target: item.frame) ?? item.frame))
        }
        if !transition.isEmpty {
            let listed = Set(result.map(\.index))
            // A flying item far outside the band is not drawn: after scrolling away mid-animation the
            // band would otherwise hold every item that ever flew, however far off screen.
            let band = viewport.insetBy(dx: -margin, dy: -margin)
            for i in transition.indices where !listed.contains(i) {
                if let r = currentFrame(of: i, target: nil).map(place), r.intersects(band) { result.append(PlacedItem(index: i, frame: r)) }
            }
            result.sort { $0.index < $1.index }
        }
        return result
    }

    /// Items drawn inside the viewport now.
    func visibleItems() -> [PlacedItem] { drawnItems(margin: 0).filter { $0.frame.intersects(viewport) } }

    /// The frame: items within `prefetch` points of the viewport (and those inside it), the
    /// section views, and the scroll bar.
    func frame(prefetch: Double, offset: Double, maxOffset: Double, contentLength: Double, scrollbar: Scrollbar?) -> GridFrame {
        let items = drawnItems(margin: prefetch)
        let supplementary = layout.supplementaryViews(in: viewport.offsetBy(dx: -origin.x, dy: -origin.y)).map { v -> SupplementaryView in
            var v = v
            v.frame = v.frame.offsetBy(dx: origin.x, dy: origin.y)
            return v
        }
        let limited = layout.candidateCount(in: viewport.offsetBy(dx: -origin.x, dy: -origin.y)) > LazyGridLayout.maxItemsPerQuery
        return GridFrame(measure: self, offset: offset, maxOffset: maxOffset, contentLength: contentLength, items: items,
                         visible: items.filter { $0.frame.intersects(viewport) }, supplementary: supplementary, scrollbar: scrollbar,
                         isLimited: limited && items.count >= LazyGridLayout.maxItemsPerQuery)
    }
}
