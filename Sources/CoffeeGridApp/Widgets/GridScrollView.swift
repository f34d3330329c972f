import GridCore
import GridMotion
import Stage

/// `ScrollView { LazyVGrid(…) { ForEach … } .padding() }`: a lazy grid inside a scroll view, in
/// window points. It owns the scroll position, caches the layout until its inputs change, answers
/// which items are on screen (and a prefetch margin beyond), hit-tests, and handles wheel, drag,
/// scrollbar and keyboard scrolling. Scenes say what the grid is and how to draw one item.
final class GridScrollView {
    struct Configuration {
        var axis: Axis = .vertical
        var items: [GridItem] = [GridItem()]
        /// Grid alignment as a fraction (leading/top 0, centre ½, trailing/bottom 1).
        var alignment = 0.5
        /// Gap between lines; nil means 8.
        var spacing: Double?
        var pinnedViews: PinnedScrollableViews = []
        var sections: [GridSection] = []
        var sizing = ItemSizing.square(50)
        var padding = EdgeInsets.zero
        /// Content above (vertical) or before (horizontal) the grid inside the scroll view, in points.
        var leadingContent = 0.0
    }

    /// Changing the configuration rebuilds the layout on the next update.
    var configuration: Configuration { didSet { layoutDirty = true } }
    var axis: Axis { configuration.axis }

    private(set) var layout: LazyGridLayout
    private var layoutDirty = true
    private var layoutExtent = -1.0

    var scroll = ScrollModel()
    /// Items moving from an earlier layout to this one.
    private(set) var transition = GridTransition()
    /// Set while a gesture holds the grid between two configurations (see `setBlend`).
    private(set) var blend: LayoutBlend?
    private var blendSource: (from: Configuration, to: Configuration, fraction: Double)?
    /// The viewport in window points.
    private(set) var frame = Rect.zero
    private(set) var time = 0.0

    var hovered: Int?
    var selected: Int?
    /// Keyboard focus on an item (arrows move it), nil when the grid is not focused.
    var focused: Int?
    /// Items drawn this frame, on screen or within the prefetch margin.
    private(set) var materialized = 0
    /// How far beyond the viewport items are prepared (and photos decoded), in viewports.
    var prefetchViewports = 0.5

    private var press: (point: Point, time: Double, moved: Bool)?
    private var scrollbarDrag: (pointer: Double, offset: Double)?
    private var lastScrollActivity = -10.0
    private var lastOffset = 0.0
    private var pointerInside = false
    /// An item to scroll to the start of the viewport once the grid has a size (a restored session).
    var pendingAnchor: Int?

    init(_ configuration: Configuration) {
        self.configuration = configuration
        layout = GridScrollView.makeLayout(configuration, extent: 0)
    }

    // MARK: - Layout

    static func makeLayout(_ c: Configuration, extent: Double) -> LazyGridLayout {
        LazyGridLayout(axis: c.axis, items: c.items, extent: extent, alignment: c.alignment, spacing: c.spacing,
                       pinnedViews: c.pinnedViews, sections: c.sections, sizing: c.sizing)
    }

    /// The cross-axis extent the grid is proposed: the viewport minus padding.
    var gridExtent: Double {
        let p = configuration.padding
        return axis == .vertical ? max(0, frame.width - p.leading - p.trailing) : max(0, frame.height - p.top - p.bottom)
    }

    /// What `layout` would be for another configuration at the current size (for transitions).
    func layout(for c: Configuration) -> LazyGridLayout { GridScrollView.makeLayout(c, extent: gridExtent) }

    /// Lays out for `frame` at `time`; returns true while scrolling moves.
    @discardableResult
    func update(frame newFrame: Rect, time t: Double) -> Bool {
        frame = newFrame
        time = t
        rebuildLayoutIfNeeded()
        scroll.setGeometry(content: contentLength, viewport: viewportLength, at: t)
        applyPendingAnchor()
        let moving = scroll.update(at: t)
        let offset = scroll.offset(at: t)
        if offset != lastOffset { lastScrollActivity = t; lastOffset = offset }
        let transitioning = transition.update(at: t)
        return moving || transitioning || scrollbarOpacity(at: t) > 0 && scrollbarOpacity(at: t) < 1
    }

    private func rebuildLayoutIfNeeded() {
        guard layoutDirty || gridExtent != layoutExtent else { return }
        let resized = !layoutDirty
        layout = GridScrollView.makeLayout(configuration, extent: gridExtent)
        layoutExtent = gridExtent
        layoutDirty = false
        // A live resize mid-animation: moving items head for their frames at the new size.
        if resized, !transition.isEmpty { transition.retarget { [layout] in layout.frame(of: $0) } }
        if let b = blendSource {
            blend = LayoutBlend(from: layout(for: b.from), to: layout(for: b.to), fraction: b.fraction)
        }
    }

    // MARK: - Animated changes

    var isTransitioning: Bool { !transition.isEmpty }

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
    /// With `newFrame`, the viewport changes too (a window turned to landscape): items move from
    /// where they were drawn in the old viewport to their places in the new one.
    @discardableResult
    func setConfiguration(_ c: Configuration, animation: Animation?, anchor: Anchor? = nil,
                          mapping: IndexMapping? = nil, resizingTo newFrame: Rect? = nil) -> [PlacedItem] {
        let newIndex = mapping?.newIndex ?? { $0 }
        let oldIndex = mapping?.oldIndex ?? { $0 }
        // Reduce motion: everything lands at once (the anchor still kept) and the app cross-fades.
        let crossfade = animation != nil && MotionPolicy.resolve(animation) == nil
        guard let animation = animation, frame.width > 0, frame.height > 0 else {
            let removed = mapping == nil ? [] : visibleDrawnItems().filter { newIndex($0.index) == nil }
            if let f = newFrame { frame = f }
            configuration = c
            endBlend()
            transition.cancel()
            return removed
        }
        let oldOrigin = layoutOrigin
        let oldLayout = layout
        // Everything drawn in view, plus items still flying from an earlier change (retargeted too).
        let drawnBefore = drawnItems(margin: 0)
        // Items still flying off screen land at once (unseen) rather than toward a stale target.
        transition.keepOnly(Set(drawnBefore.map(\.index)))
        let keep = anchor ?? topAnchor(newIndex: newIndex)
        let anchorWas = keep.flatMap { drawnFrame(of: $0.index) }
        // The anchor keeps its distance from the viewport's start, wherever the viewport now is.
        let oldStart = axis == .vertical ? frame.minY : frame.minX
        if let f = newFrame { frame = f }
        configuration = c
        endBlend()
        rebuildLayoutIfNeeded()
        transition.remap(newIndex)
        scroll.setGeometry(content: contentLength, viewport: viewportLength, at: time)
        if let keep = keep, let was = anchorWas, let n = newIndex(keep.index), let now = layout.frame(of: n) {
            scroll.settle(at: offsetKeeping(now, unit: keep.unit, at: was, viewportStart: oldStart))
        } else {
            scroll.settle(at: offset)
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
        for item in layout.items(in: visibleLayoutRect) where !known.contains(item.index) {
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
        guard let first = visibleDrawnItems().first(where: { newIndex($0.index) != nil }) else { return nil }
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
        let items = visibleDrawnItems()
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

    private func endBlend() {
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

    /// Where item `index` is drawn now, in window points (animated if it is moving).
    func drawnFrame(of index: Int) -> Rect? {
        currentFrame(of: index, target: nil).map(toWindow)
    }

    /// Item `index` as drawn now, in layout coordinates: blended mid-gesture, else its animated
    /// frame while it moves, else `target` (its layout frame, looked up when not given).
    private func currentFrame(of index: Int, target: Rect?) -> Rect? {
        if let b = blend {
            guard let f = target ?? b.frame(of: index) else { return nil }
            guard let d = transition.residual(of: index, at: time) else { return f }
            return Rect(x: f.minX + d.minX, y: f.minY + d.minY, width: f.width + d.width, height: f.height + d.height)
        }
        if let r = transition.frame(of: index, at: time) { return r }
        return target ?? layout.frame(of: index)
    }

    /// Items drawn inside the viewport now, in index order, with their drawn frames.
    func visibleDrawnItems() -> [PlacedItem] {
        drawnItems(margin: 0).filter { $0.frame.intersects(frame) }
    }

    /// Layout items within `margin` of the viewport plus the items moving through that band.
    private func drawnItems(margin: Double) -> [PlacedItem] {
        // The origin once, not per item: it evaluates the scroll animation.
        let origin = layoutOrigin
        let place = { (r: Rect) in r.offsetBy(dx: origin.x, dy: origin.y) }
        let visible = frame.offsetBy(dx: -origin.x, dy: -origin.y)
        let placed = blend?.items(in: visible, margin: margin) ?? layout.items(in: visible, margin: margin)
        var result = placed.map { item in
            PlacedItem(index: item.index, frame: place(currentFrame(of: item.index, target: item.frame) ?? item.frame))
        }
        if !transition.isEmpty {
            let listed = Set(result.map(\.index))
            // A flying item far outside the band is not drawn: after scrolling away mid-animation the
            // band would otherwise hold every item that ever flew, however far off screen.
            let band = frame.insetBy(dx: -margin, dy: -margin)
            for i in transition.indices where !listed.contains(i) {
                if let r = currentFrame(of: i, target: nil).map(place), r.intersects(band) { result.append(PlacedItem(index: i, frame: r)) }
            }
            result.sort { $0.index < $1.index }
        }
        return result
    }

    var viewportLength: Double { axis == .vertical ? frame.height : frame.width }

    /// Scrollable length: padding, leading content and the grid.
    var contentLength: Double {
        let p = configuration.padding
        let main = blend?.mainExtent ?? layout.mainExtent
        return axis == .vertical ? p.top + configuration.leadingContent + main + p.bottom
                                 : p.leading + configuration.leadingContent + main + p.trailing
    }

    var offset: Double { scroll.offset(at: time) }

    /// Window position of the layout's origin at the current scroll offset.
    var layoutOrigin: Point {
        let p = configuration.padding
        if axis == .vertical {
            return Point(x: frame.minX + p.leading, y: frame.minY + p.top + configuration.leadingContent - offset)
        }
        return Point(x: frame.minX + p.leading + configuration.leadingContent - offset, y: frame.minY + p.top)
    }

    func toWindow(_ r: Rect) -> Rect { r.offsetBy(dx: layoutOrigin.x, dy: layoutOrigin.y) }
    func toLayout(_ p: Point) -> Point { Point(x: p.x - layoutOrigin.x, y: p.y - layoutOrigin.y) }

    /// The viewport in layout coordinates.
    var visibleLayoutRect: Rect { toLayoutRect(frame) }
    func toLayoutRect(_ r: Rect) -> Rect { r.offsetBy(dx: -layoutOrigin.x, dy: -layoutOrigin.y) }

    /// Items drawn on screen, in window points (their animated frames while they move).
    func visibleItems() -> [PlacedItem] { visibleDrawnItems() }

    /// Items to draw this frame: the viewport plus the prefetch margin, and anything still moving.
    /// Counts `materialized`.
    func itemsToDraw() -> [PlacedItem] {
        let items = drawnItems(margin: viewportLength * prefetchViewports)
        materialized = items.count
        return items
    }

    func windowFrame(of index: Int) -> Rect? { (blend?.frame(of: index) ?? layout.frame(of: index)).map(toWindow) }

    /// The item drawn under `p` (its animated frame while it moves).
    func index(at p: Point) -> Int? {
        guard frame.contains(p) else { return nil }
        if !transition.isEmpty || blend != nil {
            return visibleDrawnItems().last { $0.frame.contains(p) }?.index
        }
        return layout.index(at: toLayout(p))
    }

    /// Section headers and footers on screen (pinned ones stuck to the edges), in window points.
    func supplementaryViews() -> [SupplementaryView] {
        layout.supplementaryViews(in: visibleLayoutRect).map {
            var v = $0
            v.frame = toWindow(v.frame)
            return v
        }
    }

    /// Distance from the viewport along the main axis (0 when visible): decoding priority.
    func priority(of r: Rect) -> Double {
        if axis == .vertical {
            return r.maxY < frame.minY ? frame.minY - r.maxY : (r.minY > frame.maxY ? r.minY - frame.maxY : 0)
        }
        return r.maxX < frame.minX ? frame.minX - r.maxX : (r.minX > frame.maxX ? r.minX - frame.maxX : 0)
    }

    // MARK: - Scrolling

    /// `ScrollViewReader.scrollTo(index, anchor:)`, animated unless `animation` is nil.
    func scrollTo(_ index: Int, anchor: UnitPoint? = nil, animation: Animation? = .spring) {
        guard let f = layout.frame(of: index) else { return }
        let content = toContent(f)
        let viewport = axis == .vertical ? Rect(x: 0, y: offset, width: frame.width, height: frame.height)
                                         : Rect(x: offset, y: 0, width: frame.width, height: frame.height)
        let size = axis == .vertical ? Size(width: frame.width, height: contentLength) : Size(width: contentLength, height: frame.height)
        let target = scrollOffset(toReveal: content, anchor: anchor, viewport: viewport, contentSize: size)
        scroll.scroll(to: axis == .vertical ? target.y : target.x, animation: animation, at: time)
    }

    /// Layout rect → scroll-content coordinates (independent of the scroll offset).
    func toContent(_ r: Rect) -> Rect {
        let p = configuration.padding
        return axis == .vertical ? r.offsetBy(dx: p.leading, dy: p.top + configuration.leadingContent)
                                 : r.offsetBy(dx: p.leading + configuration.leadingContent, dy: p.top)
    }

    func wheel(dx: Double, dy: Double, precise: Bool) {
        // A vertical wheel scrolls a horizontal scroll view too, as desktop users expect.
        let delta = axis == .vertical ? dy : (dx != 0 ? dx : dy)
        scroll.scroll(by: delta, animated: !precise, at: time)
        lastScrollActivity = time
    }

    /// Arrows, PageUp/PageDown, Home/End and Space scroll; returns true when used.
    func handleScrollKey(_ key: Key, _ mods: KeyModifiers) -> Bool {
        let page = max(viewportLength - 40, viewportLength * 0.5)
        let forward: (Key) -> Bool = { [axis] k in axis == .vertical ? k == .down : k == .right }
        let backward: (Key) -> Bool = { [axis] k in axis == .vertical ? k == .up : k == .left }
        let target: Double
        switch key {
        case let k where forward(k): target = scroll.targetOffset(at: time) + 40
        case let k where backward(k): target = scroll.targetOffset(at: time) - 40
        case .pageDown: target = scroll.targetOffset(at: time) + page
        case .pageUp: target = scroll.targetOffset(at: time) - page
        case .space: target = scroll.targetOffset(at: time) + (mods.contains(.shift) ? -page : page)
        case .home: target = 0
        case .end: target = scroll.maxOffset
        default: return false
        }
        scroll.scroll(to: target, animation: .easeOut(duration: 0.25), at: time)
        lastScrollActivity = time
        return true
    }

    // MARK: - Pointer

    /// Returns the clicked item index on a click (press and release without dragging), else nil.
    /// `clickedBackground` is set when a click landed on no item.
    @discardableResult
    func handlePointer(_ event: PointerEvent, clickedBackground: inout Bool) -> Int? {
        switch event {
        case .down(let p):
            guard frame.contains(p) else { return nil }
            if let thumb = scrollbarHitArea(), thumb.contains(p), scroll.maxOffset > 0 {
                scrollbarDrag = (axis == .vertical ? p.y : p.x, offset)
                scroll.settle(at: offset)
                return nil
            }
            press = (p, time, false)
            return nil
        case .move(let p):
            pointerInside = frame.contains(p)
            if let drag = scrollbarDrag {
                let track = scrollbarTrack()
                let thumbLength = scrollbarThumbLength(track)
                let travel = (axis == .vertical ? track.height : track.width) - thumbLength
                let moved = (axis == .vertical ? p.y : p.x) - drag.pointer
                if travel > 0 { scroll.settle(at: drag.offset + moved / travel * scroll.maxOffset) }
                lastScrollActivity = time
                return nil
            }
            if var pr = press {
                let d = max(abs(p.x - pr.point.x), abs(p.y - pr.point.y))
                if !pr.moved && d > 4 {
                    pr.moved = true
                    press = pr
                    scroll.beginDrag(pointer: axis == .vertical ? pr.point.y : pr.point.x, at: time)
                }
                if pr.moved {
                    scroll.drag(pointer: axis == .vertical ? p.y : p.x, at: time)
                    lastScrollActivity = time
                }
                return nil
            }
            hovered = pointerInside ? index(at: p) : nil
            return nil
        case .up(let p):
            if scrollbarDrag != nil { scrollbarDrag = nil; return nil }
            guard let pr = press else { return nil }
            press = nil
            if pr.moved {
                scroll.endDrag(at: time)
                return nil
            }
            let hit = index(at: p)
            if hit == nil { clickedBackground = frame.contains(p) }
            return hit
        case let .wheel(dx, dy, precise, at, _):
            guard frame.contains(at) else { return nil }
            wheel(dx: dx, dy: dy, precise: precise)
            hovered = nil
            return nil
        case .exit:
            pointerInside = false
            hovered = nil
            return nil
        case .pinch, .pinchEnded:
            return nil
        }
    }


    // MARK: - Scrollbar

    func scrollbarTrack() -> Rect {
        axis == .vertical ? Rect(x: frame.maxX - 8, y: frame.minY + 3, width: 8, height: max(0, frame.height - 6))
                          : Rect(x: frame.minX + 3, y: frame.maxY - 8, width: max(0, frame.width - 6), height: 8)
    }

    func scrollbarThumbLength(_ track: Rect) -> Double {
        let length = axis == .vertical ? track.height : track.width
        guard contentLength > 0 else { return length }
        return min(length, max(28, length * viewportLength / contentLength))
    }

    func scrollbarThumb() -> Rect? {
        guard scroll.maxOffset > 0 else { return nil }
        let track = scrollbarTrack()
        let thumb = scrollbarThumbLength(track)
        let travel = (axis == .vertical ? track.height : track.width) - thumb
        let pos = travel * offset / scroll.maxOffset
        return axis == .vertical ? Rect(x: track.minX, y: track.minY + pos, width: track.width, height: thumb)
                                 : Rect(x: track.minX + pos, y: track.minY, width: thumb, height: track.height)
    }

    private func scrollbarHitArea() -> Rect? { scroll.maxOffset > 0 ? scrollbarTrack() : nil }

    /// Shown while scrolling and for a moment after, while hovering the window, or while dragged.
    func scrollbarOpacity(at t: Double) -> Double {
        if scrollbarDrag != nil { return 1 }
        let since = t - lastScrollActivity
        if since < 0.8 { return 1 }
        if since < 1.1 { return 1 - (since - 0.8) / 0.3 }
        return 0
    }

    func drawScrollbar(_ list: inout DrawList, env: AppEnvironment) {
        let alpha = max(scrollbarOpacity(at: env.time), pointerInside ? 0.35 : 0)
        guard alpha > 0, let thumb = scrollbarThumb() else { return }
        let slim = axis == .vertical ? Rect(x: thumb.maxX - 5, y: thumb.minY, width: 3.5, height: thumb.height)
                                     : Rect(x: thumb.minX, y: thumb.maxY - 5, width: thumb.width, height: 3.5)
        let bar = scrollbarDrag != nil ? thumb.insetBy(dx: 1, dy: 1) : slim
        list.fill(bar, env.color(.primary).opacity(0.35 * alpha), cornerRadius: min(bar.width, bar.height) / 2)
    }
}
