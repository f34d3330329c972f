import GridCore
import GridMotion
import StageInterface

/// `ScrollView { LazyVGrid(…) { ForEach … } .padding() }`: a lazy grid inside a scroll view, in
/// window points. It holds the grid's state — its configuration and cached layout, the scroll
/// position (`ScrollModel`), items in motion (`GridTransition`, a pinch's `LayoutBlend`), pointer
/// gestures (`GridGestures`), selection and focus — and once a frame measures it (`GridMeasure`)
/// into a `GridFrame`, the value drawing, hit testing, the state file and the inspector read.
/// Scenes say what the grid is and how to draw one item.
package final class GridScrollView {
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
    var configuration: Configuration {
        didSet {
            layoutDirty = true
            // Other items are another grid: a run of resizes reads its place afresh. (Content above
            // the grid, or padding, only moves the same items.)
            if oldValue.items != configuration.items || oldValue.sections != configuration.sections || oldValue.axis != configuration.axis {
                keptPlace = nil
            }
            changed()
        }
    }
    var axis: Axis { configuration.axis }

    package private(set) var layout: LazyGridLayout { didSet { changed() } }
    private var layoutDirty = true
    private var layoutExtent = -1.0

    package internal(set) var scroll = ScrollModel() { didSet { changed() } }
    /// Items moving from an earlier layout to this one.
    var transition = GridTransition() { didSet { changed() } }
    /// Set while a gesture holds the grid between two configurations (see `setBlend`).
    var blend: LayoutBlend? { didSet { changed() } }
    var blendSource: (from: Configuration, to: Configuration, fraction: Double)?
    /// The viewport in window points.
    var frame = Rect.zero { didSet { changed() } }
    private(set) var time = 0.0 { didSet { changed() } }

    /// Which items are selected, the anchor of a Shift range and the keyboard's item (see
    /// GridScrollView+Selection.swift).
    var selection = GridSelection() { didSet { changed() } }
    /// While a rubber band is drawn: what it adds to (empty unless Ctrl was held) and what was
    /// selected before it (what Esc puts back).
    var bandBase: (base: GridSelection, before: GridSelection)?
    /// The item a double-click or Return opened (GTK's "activate"), until a scene takes it.
    var activated: Int?
    /// Which items can be selected, nil for all (see `keepSelectable`).
    var isSelectable: ((Int) -> Bool)?
    /// The grid holds the keyboard focus: the focus ring shows on `selection.focus`.
    var hasFocus = false
    /// The item the focus ring is drawn on, nil when the grid is not focused.
    var focused: Int? { hasFocus ? selection.focus : nil }
    /// The focused item when it is selected: the one selected item of a plain click.
    var selected: Int? { selection.focus.flatMap { selection.contains($0) ? $0 : nil } }
    /// How far beyond the viewport items are prepared (and photos decoded), in viewports.
    var prefetchViewports = 0.5

    var gestures = GridGestures() { didSet { changed() } }
    /// The item under the hovering pointer.
    var hovered: Int? { gestures.hovered }
    var lastScrollActivity = -10.0 { didSet { changed() } }
    var lastOffset = 0.0
    /// An item to scroll to the start of the viewport once the grid has a size (a restored session).
    var pendingAnchor: Int?
    /// The place a run of live resizes keeps (`GridScrollView+Resize.swift`).
    var keptPlace: ReadingPlace?

    private var measuredFrame: GridFrame?

    init(_ configuration: Configuration) {
        self.configuration = configuration
        layout = GridScrollView.makeLayout(configuration, extent: 0)
    }

    // MARK: - The frame

    /// Anything the frame is measured from changed: measure again before it is next read.
    private func changed() { measuredFrame = nil }

    /// The grid as measured at `time`: `update` measures it for the frame; an event that changes
    /// the grid between frames (a scroll, a new configuration) has it measured again when next read.
    var measured: GridFrame {
        if let f = measuredFrame { return f }
        let f = measure.frame(prefetch: viewportLength * prefetchViewports, offset: offset, maxOffset: scroll.maxOffset,
                              contentLength: contentLength, scrollbar: scrollbar)
        measuredFrame = f
        return f
    }

    /// The measure pass over the grid's state now.
    var measure: GridMeasure {
        GridMeasure(layout: layout, blend: blend, transition: transition, viewport: frame, origin: layoutOrigin, time: time)
    }

    private var scrollbar: Scrollbar {
        let fade = gestures.scrollbarDrag != nil ? 1 : Scrollbar.opacity(since: time - lastScrollActivity)
        return Scrollbar(viewport: frame, axis: axis, contentLength: contentLength, offset: offset, maxOffset: scroll.maxOffset,
                         opacity: max(fade, gestures.pointerInside ? 0.35 : 0), isDragged: gestures.scrollbarDrag != nil)
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

    /// Advances the grid to `time` in viewport `frame` on a display of `scale` pixels a point and
    /// measures it; returns true while scrolling, an animation or the scroll bar's fade moves.
    /// `changes` runs once the grid stands at this frame's time and size, before it is measured:
    /// what the scene decided since the last frame (photos that came, a pinch that timed out) starts
    /// its animation now and is measured with the rest, once.
    @discardableResult
    func update(frame newFrame: Rect, time t: Double, scale: Double, applying changes: () -> Void = {}) -> Bool {
        let place = placeToKeep(resizingTo: newFrame)
        frame = newFrame
        time = t
        if scale != pixelScale { pixelScale = scale }
        fitScrollToLayout()
        if let place = place { hold(place) }
        changes()
        // What the changes did to the content (photos joining, a new column count) sets the scroll's
        // range in this frame, not the next: a folder's photos arriving are scrollable at once.
        fitScrollToLayout()
        applyPendingAnchor()
        let banding = updateBand()
        let moving = scroll.update(at: t) || banding
        let offset = scroll.offset(at: t)
        if offset != lastOffset { lastScrollActivity = t; lastOffset = offset }
        let transitioning = transition.update(at: t)
        let fade = gestures.scrollbarDrag != nil ? 1 : Scrollbar.opacity(since: t - lastScrollActivity)
        // The bar shows at full strength for a moment after scrolling, then fades: the window sleeps
        // through the moment and wakes when the fade starts; only the fade counts as motion.
        // The fade starts at the very time the window is woken for (`fadeStart`, summed the same way):
        // `t - lastScrollActivity` can come out a hair under the pause at that time (1.15 − 0.35 is
        // 0.7999…), and the bar would then wait for a wake that is already now, and never fade.
        let fadeStart = lastScrollActivity + Scrollbar.shownSeconds
        let fading = gestures.scrollbarDrag == nil && fade > 0 && t >= fadeStart
        if gestures.scrollbarDrag == nil && fade > 0 && !fading { MotionPolicy.wake(at: fadeStart) }
        _ = measured
        return moving || transitioning || fading
    }

    /// The layout made for the current configuration and size, and the scroll's range set from it
    /// at the grid's time.
    func fitScrollToLayout() {
        rebuildLayoutIfNeeded()
        scroll.setGeometry(content: contentLength, viewport: viewportLength, at: time)
    }

    func rebuildLayoutIfNeeded() {
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

    // MARK: - Geometry

    var viewportLength: Double { axis == .vertical ? frame.height : frame.width }

    /// Scrollable length: padding, leading content and the grid.
    var contentLength: Double {
        let p = configuration.padding
        let main = blend?.mainExtent ?? layout.mainExtent
        return axis == .vertical ? p.top + configuration.leadingContent + main + p.bottom
                                 : p.leading + configuration.leadingContent + main + p.trailing
    }

    /// The scroll offset now (live: it moves as soon as an event scrolls).
    package var offset: Double { scroll.offset(at: time) }

    /// Device pixels a point on the display the grid was last updated for.
    private(set) var pixelScale = 1.0 { didSet { changed() } }

    /// Where the content is drawn (and hit): `offset` on a whole device pixel.
    var drawnOffset: Double { PixelSnapping.snap(offset, scale: pixelScale) }

    /// Window position of the layout's origin at the current scroll offset, as drawn.
    var layoutOrigin: Point {
        let p = configuration.padding, offset = drawnOffset
        if axis == .vertical {
            return Point(x: frame.minX + p.leading, y: frame.minY + p.top + configuration.leadingContent - offset)
        }
        return Point(x: frame.minX + p.leading + configuration.leadingContent - offset, y: frame.minY + p.top)
    }

    func toWindow(_ r: Rect) -> Rect { r.offsetBy(dx: layoutOrigin.x, dy: layoutOrigin.y) }

    /// Layout rect → scroll-content coordinates (independent of the scroll offset).
    func toContent(_ r: Rect) -> Rect {
        let p = configuration.padding
        return axis == .vertical ? r.offsetBy(dx: p.leading, dy: p.top + configuration.leadingContent)
                                 : r.offsetBy(dx: p.leading + configuration.leadingContent, dy: p.top)
    }

    /// Where item `index` is drawn now, in window points (animated if it is moving).
    func drawnFrame(of index: Int) -> Rect? { measure.drawnFrame(of: index) }

    /// Where item `index` is headed: its frame in the layout (or the blend), in window points.
    func windowFrame(of index: Int) -> Rect? { (blend?.frame(of: index) ?? layout.frame(of: index)).map(toWindow) }

    // MARK: - What the frame shows (read from the measured frame)

    /// Items to draw this frame: the viewport plus the prefetch margin, and anything still moving.
    func itemsToDraw() -> [PlacedItem] { measured.items }
    /// Items drawn inside the viewport, in index order, with their drawn frames.
    package func visibleItems() -> [PlacedItem] { measured.visible }
    /// Section headers and footers on screen (pinned ones stuck to the edges), in window points.
    func supplementaryViews() -> [SupplementaryView] { measured.supplementary }
    /// Items prepared this frame.
    var materialized: Int { measured.materialized }
    /// The item drawn under `p`.
    func index(at p: Point) -> Int? { measured.index(at: p) }
    /// Distance from the viewport along the main axis (0 when visible): decoding priority.
    func priority(of r: Rect) -> Double { measured.priority(of: r) }

    func drawScrollbar(_ list: inout DrawList, env: AppEnvironment) { measured.scrollbar?.draw(&list, env: env) }

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

    /// A pointer event on the grid: scrolls (wheel, drags, the scroll bar) and returns a click on an
    /// item or on the background.
    @discardableResult
    func handlePointer(_ event: PointerEvent) -> GridGesture? {
        var scroll = self.scroll
        let (gesture, scrolled) = gestures.handle(event, in: measured, scroll: &scroll, time: time)
        self.scroll = scroll
        if scrolled { lastScrollActivity = time }
        return gesture
    }
}
