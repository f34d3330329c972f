import GridCore
import GridMotion
import StageInterface

/// The seed's dock, a horizontal scroll view of one lazy row:
///
///     ScrollViewReader { proxy in
///         ScrollView(.horizontal) { LazyHGrid(rows: [GridItem()]) { ForEach(selectedPhotos) { … } } }
///             .frame(height: 100).padding().background(Color(.systemGray6)).cornerRadius(5)
///     }
///
/// Each photo is `.frame(minWidth: 0, maxWidth: .infinity).frame(height: 100)` and `scaledToFill`.
/// In a LazyHGrid the column's width is the photo's ideal width, so SwiftUI makes it 100 × its
/// aspect ratio: portraits narrow, landscapes wide. The strip does the same, reading aspect ratios
/// from the files' headers. As the seed writes it, the scroll view is the 100-point frame inside the
/// grey panel's `.padding()`: photos scroll and clip there, with no scroll indicator
/// (`showsIndicators: false`).
final class DockStrip {
    /// What occupies one column: a photo, or the gap a drag opens under the pointer.
    enum Slot: Equatable {
        case photo(String)
        case gap(width: Double)
    }

    /// How the seed's dock looks, read from its views (`DockViews`): a photo's height (the one row)
    /// and corner radius, the space between photos, the panel's corner radius.
    struct Look: Equatable {
        var photoHeight = 0.0
        var photoCornerRadius = 0.0
        /// nil: the row grid's default spacing, as the seed writes none.
        var spacing: Double?
        var cornerRadius = 0.0
    }

    var look = Look() {
        didSet {
            guard look != oldValue else { return }
            scrollView.configuration.spacing = look.spacing
            let s = slots
            slots = []
            setSlots(s)
        }
    }

    let scrollView: GridScrollView
    /// The grey panel, in window points: the scroll view and its padding.
    private(set) var panel = Rect.zero
    private(set) var slots: [Slot] = []
    /// Width over height of a photo (1 for one that cannot be read).
    let aspect: (String) -> Double

    init(aspect: @escaping (String) -> Double) {
        self.aspect = aspect
        var c = GridScrollView.Configuration()
        c.axis = .horizontal
        c.items = [GridItem()]
        c.sections = [GridSection(count: 0)]
        c.sizing = ItemSizing(cross: .fill, main: .fixed(0))
        scrollView = GridScrollView(c)
    }

    func width(of slot: Slot) -> Double {
        switch slot {
        case .photo(let id): return (look.photoHeight * aspect(id)).rounded()
        case .gap(let w): return w
        }
    }

    func photoWidth(_ id: String) -> Double { width(of: .photo(id)) }

    /// New columns; takes effect in the layout at the next `update`.
    func setSlots(_ new: [Slot]) {
        guard new != slots else { return }
        slots = new
        let widths = new.map(width(of:))
        var c = scrollView.configuration
        c.sections = [GridSection(count: new.count)]
        c.sizing = ItemSizing(cross: .fill, main: .perItem { index, _ in index < widths.count ? widths[index] : 0 })
        scrollView.configuration = c
    }

    /// Lays the strip out in the grey `panel`; the scroll view is `viewport`, its 100-point frame inside the padding.
    /// A dock that showed its newest photo shows it still at its new width (a window turned to
    /// landscape and back): `scrollTo(newest)` holds across a resize, where keeping the offset, or
    /// the photo at the leading edge, would leave it out of view.
    /// `changes` runs once the strip stands at this frame's time and size, before it is measured.
    @discardableResult
    func update(panel: Rect, viewport: Rect, time: Double, scale: Double, applying changes: () -> Void = {}) -> Bool {
        let keepsNewest = viewport.size != scrollView.frame.size && newestInView
        self.panel = panel
        let moving = scrollView.update(frame: viewport, time: time, scale: scale, applying: changes)
        if keepsNewest, let last = slots.indices.last { reveal(last, animation: nil) }
        return moving
    }

    /// The last slot lies wholly in the scroll view where it is heading.
    var newestInView: Bool {
        let sv = scrollView
        guard let last = slots.indices.last, let f = layoutFrame(of: last), sv.frame.width > 0 else { return false }
        let content = sv.toContent(f)
        let heading = sv.scroll.targetOffset(at: sv.time)
        return content.minX >= heading - 0.5 && content.maxX <= heading + sv.frame.width + 0.5
    }

    func index(of id: String) -> Int? { slots.firstIndex(of: .photo(id)) }

    /// Slot `index`'s frame in layout coordinates.
    func layoutFrame(of index: Int) -> Rect? { scrollView.layout.frame(of: index) }

    /// `proxy.scrollTo(id)` with a nil anchor: the least movement that shows the slot wholly in the
    /// scroll view, judged from where the dock is already heading so quick clicks do not overshoot.
    /// `start`: when the scroll begins, if not now (a flight recorded at an earlier event, which the
    /// scroll keeps pace with).
    func reveal(_ index: Int, animation: Animation?, from start: Double? = nil) {
        guard let f = layoutFrame(of: index) else { return }
        let sv = scrollView
        let at = start ?? sv.time
        let content = sv.toContent(f)
        let heading = sv.scroll.targetOffset(at: at)
        let viewport = Rect(x: heading, y: 0, width: sv.frame.width, height: sv.frame.height)
        let size = Size(width: sv.contentLength, height: sv.frame.height)
        let target = scrollOffset(toReveal: content, anchor: nil, viewport: viewport, contentSize: size).x
        if target != heading { sv.scroll.scroll(to: target, animation: animation, at: at) }
    }

    /// Where a photo dropped at `p` would go, counted among `photos` (the dock without the dragged
    /// photo). Measured on the dock as it would be without a gap, so opening the gap never moves
    /// the boundary under the pointer and the gap does not flicker.
    func insertionIndex(at p: Point, among photos: [String]) -> Int {
        var x = scrollView.frame.minX - scrollView.drawnOffset
        var count = 0
        for id in photos {
            let w = photoWidth(id)
            if x + w / 2 < p.x { count += 1 } else { break }
            x += w + (look.spacing ?? GridItem.defaultSpacing)
        }
        return count
    }

    func drawBackground(_ list: inout DrawList, env: AppEnvironment) {
        list.fill(panel, env.color(.systemGray6), cornerRadius: look.cornerRadius)
    }

    /// The slot a drag would drop into: a faint outline where the photo will land.
    func drawGap(_ list: inout DrawList, at index: Int, env: AppEnvironment) {
        guard let f = layoutFrame(of: index) else { return }
        let r = scrollView.toWindow(f)
        list.fill(r, env.color(.systemGray4).opacity(0.6), cornerRadius: look.photoCornerRadius)
        list.stroke(r, env.color(.accent).opacity(0.6), cornerRadius: look.photoCornerRadius, lineWidth: 1.5)
    }
}
