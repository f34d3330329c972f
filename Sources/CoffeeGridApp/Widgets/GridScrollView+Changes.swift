import GridCore
import GridMotion
import StageInterface

/// Animated changes of configuration (a column toggle, a variant, a window turned to landscape),
/// which keep the reader's place, and the pinch's interactive blend between two configurations.
extension GridScrollView {

    var isTransitioning: Bool { !transition.isEmpty }

    /// Item `index`'s size where the layout it springs to puts it, while the grid springs; nil when
    /// settled (its drawn frame is that size). A body's item is laid out at it and stretched with its
    /// frame (`SceneBody.ItemDrawer.draw(_:in:laidOut:…)`). Asked only while springing: an item's
    /// place can cost a walk along its line.
    func restingSize(of index: Int) -> Size? { isTransitioning ? layout.frame(of: index)?.size : nil }

    /// Another grid in its place (turned on its side, a pasted snippet's): no place carries over, so
    /// it starts at its beginning, and a change still springing ends there — its frames were the old
    /// grid's (setting the configuration alone left them flying: `f` then `a` in the symbols, `p`
    /// then `a` in the playground drew column cells stretched across the rows).
    func replace(with c: Configuration) {
        setConfiguration(c, animation: nil)
        scroll.settle(at: 0)
    }

    /// How the items of an old configuration correspond to a new one that inserted or removed some.
    struct IndexMapping {
        /// Old index → new index, nil for an item that was removed.
        var newIndex: (Int) -> Int?
        /// New index → old index, nil for an item that was inserted.
        var oldIndex: (Int) -> Int?
    }

    /// Where the anchor sits: an item and a point inside it (unit coordinates) that stays put on
    /// screen across a layout change.
    struct Anchor {
        var index: Int
        var unit: UnitPoint
    }

    /// Applies a new configuration, animated like SwiftUI's `.animation(_:value:)`: every item on
    /// screen before or after moves and resizes from where it is drawn to its new frame, and the
    /// item at the top of the viewport (or `anchor`) keeps its place, so the reader does not lose it.
    /// With `mapping`, items keep their identity across inserted and removed items; the removed
    /// ones that were on screen are returned (old index, drawn window frame) for the caller to fade.
    /// With `keepingTop`, the item at the top stays put even at the very top of the content (files
    /// appearing above it in a folder slide in above, out of view, rather than pushing it down).
    /// With `newFrame`, the viewport changes too (a window turned to landscape): items move from
    /// where they were drawn in the old viewport to their places in the new one.
    @discardableResult
    func setConfiguration(_ c: Configuration, animation: Animation?, anchor: Anchor? = nil, keepingTop: Bool = false,
                          mapping: IndexMapping? = nil, resizingTo newFrame: Rect? = nil) -> [PlacedItem] {
        let newIndex = mapping?.newIndex ?? { $0 }
        let oldIndex = mapping?.oldIndex ?? { $0 }
        // Reduce motion: everything lands at once (the anchor still kept) and the app cross-fades.
        let crossfade = animation != nil && MotionPolicy.resolve(animation) == nil
        guard let animation = animation, frame.width > 0, frame.height > 0 else {
            let removed = mapping == nil ? [] : measure.visibleItems().filter { newIndex($0.index) == nil }
            let place = newFrame.flatMap { placeToKeep(resizingTo: $0) }
            if let f = newFrame { frame = f }
            configuration = c
            endBlend()
            transition.cancel()
            if var place = place, let n = newIndex(place.index) {
                fitScrollToLayout()
                place.index = n
                hold(place)
            }
            return removed
        }
        let oldOrigin = layoutOrigin
        let oldLayout = layout
        // Everything drawn in view, plus items still flying from an earlier change (retargeted too).
        let drawnBefore = measure.drawnItems(margin: 0)
        // Items still flying off screen land at once (unseen) rather than toward a stale target.
        transition.keepOnly(Set(drawnBefore.map(\.index)))
        // A resize keeps the place its run of resizes keeps, read from the layout, not from frames
        // drawn mid-flight (fast turns would drift by a row each time).
        let place = anchor == nil ? newFrame.flatMap { placeToKeep(resizingTo: $0) } : nil
        // At the very top it stays at the top (what the grid scrolls under stays in view).
        let atTop = anchor == nil && !keepingTop && offset <= 0.5
        let keep = place == nil && !atTop ? anchor ?? topAnchor(newIndex: newIndex) : nil
        let anchorWas = keep.flatMap { drawnFrame(of: $0.index) }
        // The anchor keeps its distance from the viewport's start, wherever the viewport now is.
        let oldStart = axis == .vertical ? frame.minY : frame.minX
        if let f = newFrame { frame = f }
        configuration = c
        endBlend()
        rebuildLayoutIfNeeded()
        transition.remap(newIndex)
        scroll.setGeometry(content: contentLength, viewport: viewportLength, at: time)
        if var place = place, let n = newIndex(place.index) {
            place.index = n
            hold(place)
        } else if let keep = keep, let was = anchorWas, let n = newIndex(keep.index), let now = layout.frame(of: n) {
            scroll.settle(at: offsetKeeping(now, unit: keep.unit, at: was, viewportStart: oldStart))
        } else {
            scroll.settle(at: atTop ? 0 : offset)
        }
        // Holding the anchor in place is not scrolling: the scroll bar stays as it was.
        lastOffset = offset
        if crossfade {
            transition.cancel()
            return drawnBefore.filter { newIndex($0.index) == nil && $0.frame.intersects(frame) }
        }
        var moving: [(index: Int, current: Rect)] = []
        var removed: [PlacedItem] = []
        for item in drawnBefore {
            if let n = newIndex(item.index) { moving.append((n, item.frame)) } else if item.frame.intersects(frame) { removed.append(item) }
        }
        let known = Set(moving.map(\.index))
        let view = frame
        for item in layout.items(in: frame.offsetBy(dx: -layoutOrigin.x, dy: -layoutOrigin.y)) where !known.contains(item.index) {
            // Entering items start from their old place, but no farther than just beyond the edge;
            // inserted items have no old place and appear where they belong.
            guard let o = oldIndex(item.index),
                  var from = oldLayout.frame(of: o).map({ $0.offsetBy(dx: oldOrigin.x, dy: oldOrigin.y) }) else { continue }
            from = GridScrollView.nearEdge(from, of: view, axis: axis)
            moving.append((item.index, from))
        }
        transition.begin(items: moving, target: { [layout] in layout.frame(of: $0) }, origin: layoutOrigin,
                         oldOrigin: oldOrigin, animation: animation, at: time)
        return removed
    }

    /// `setConfiguration` keeping the top of item `anchor` where it is drawn now.
    @discardableResult
    func setConfiguration(_ c: Configuration, animation: Animation?, anchor: Int) -> [PlacedItem] {
        setConfiguration(c, animation: animation, anchor: Anchor(index: anchor, unit: .topLeading))
    }

    /// The first item drawn in view that survives the change, and the point of it at the top edge
    /// of the viewport (its top, when the whole item is in view): the same part of the same photo
    /// stays at the top, however much the item grows or shrinks.
    private func topAnchor(newIndex: (Int) -> Int?) -> Anchor? {
        guard let first = measure.visibleItems().first(where: { newIndex($0.index) != nil }) else { return nil }
        let f = first.frame
        let along = axis == .vertical ? (frame.minY - f.minY) / max(f.height, 1) : (frame.minX - f.minX) / max(f.width, 1)
        let u = min(max(along, 0), 1)
        return Anchor(index: first.index, unit: axis == .vertical ? UnitPoint(x: 0.5, y: u) : UnitPoint(x: u, y: 0.5))
    }

    /// The scroll offset that puts point `unit` of an item whose new layout frame is `now` as far
    /// into the viewport as that point of `was` (window points) was into a viewport starting at
    /// `viewportStart`.
    private func offsetKeeping(_ now: Rect, unit: UnitPoint, at was: Rect, viewportStart: Double) -> Double {
        let content = toContent(now)
        if axis == .vertical {
            return content.minY + unit.y * content.height - (was.minY + unit.y * was.height - viewportStart)
        }
        return content.minX + unit.x * content.width - (was.minX + unit.x * was.width - viewportStart)
    }

    // MARK: - Interactive blends (pinch)

    /// The item under `p` (or, between items, the nearest one drawn in view) and where `p` lies
    /// inside it: what a pinch at `p` keeps in place.
    func anchor(at p: Point) -> Anchor? {
        let items = measure.visibleItems()
        func distance(_ r: Rect) -> Double {
            let dx = max(r.minX - p.x, 0, p.x - r.maxX), dy = max(r.minY - p.y, 0, p.y - r.maxY)
            return dx * dx + dy * dy
        }
        guard let hit = items.min(by: { distance($0.frame) < distance($1.frame) }) else { return nil }
        let f = hit.frame
        let ux = f.width > 0 ? min(max((p.x - f.minX) / f.width, 0), 1) : 0.5
        let uy = f.height > 0 ? min(max((p.y - f.minY) / f.height, 0), 1) : 0.5
        return Anchor(index: hit.index, unit: UnitPoint(x: ux, y: uy))
    }

    /// Holds the grid `fraction` of the way from configuration `from` to `to` (both with the same
    /// items), every item at its interpolated frame, with point `anchor.unit` of the anchor item
    /// kept at `p` along the scroll axis. `setConfiguration` ends the blend, animating from it.
    /// Motion still in flight when the gesture began keeps decaying on top of the blended frames.
    func setBlend(from: Configuration, to: Configuration, fraction: Double, anchor: Anchor, at p: Point) {
        blendSource = (from, to, fraction)
        blend = LayoutBlend(from: layout(for: from), to: layout(for: to), fraction: fraction)
        scroll.setGeometry(content: contentLength, viewport: viewportLength, at: time)
        guard let f = blend?.frame(of: anchor.index) else { return }
        let content = toContent(f)
        let target = axis == .vertical ? content.minY + anchor.unit.y * content.height - (p.y - frame.minY)
                                       : content.minX + anchor.unit.x * content.width - (p.x - frame.minX)
        scroll.settle(at: target)
        lastOffset = offset
    }

    func endBlend() {
        blend = nil
        blendSource = nil
    }

    /// Pulls a far-away frame to just outside the viewport, on the same side.
    static func nearEdge(_ r: Rect, of view: Rect, axis: Axis) -> Rect {
        if axis == .vertical {
            if r.minY > view.maxY + r.height { return Rect(x: r.minX, y: view.maxY + 1, width: r.width, height: r.height) }
            if r.maxY < view.minY - r.height { return Rect(x: r.minX, y: view.minY - r.height - 1, width: r.width, height: r.height) }
        } else {
            if r.minX > view.maxX + r.width { return Rect(x: view.maxX + 1, y: r.minY, width: r.width, height: r.height) }
            if r.maxX < view.minX - r.width { return Rect(x: view.minX - r.width - 1, y: r.minY, width: r.width, height: r.height) }
        }
        return r
    }
}

extension GridScrollView {
    /// How the grid's photos are resampled this frame: the nearest texel while items move or a pinch
    /// blends (half the cost of a resized photo, unseen in motion), bilinear once they rest: the frame
    /// on which they settle draws every photo exactly again.
    var imageSampling: ImageSampling { measured.isMoving ? .fast : .exact }
}
