import GridCore
import ViewLayer
import StageInterface

/// Where a tree puts its lazy grid in an area, and what it draws around it: seed 002's photo grid
/// sits inside the VStack's `.padding()` under a "Photos" heading that scrolls with it, with the
/// dock below. Laid out with the grid's facts alone (its items are the grid's to draw). For the
/// playground, which shows a pasted tree's grid where the tree puts it.
struct GridPlacement {
    let frame: ViewFrame
    /// The grid's scroll view, in the area's coordinates.
    let viewport: Rect
    /// How far into its scroll view's content the grid starts (the heading and the stack's spacing
    /// above it), along the grid's axis, before the grid's own padding (`padding`).
    let leadingContent: Double
    /// The grid's origin in the tree, unscrolled: where content scrolling with it is measured from.
    let gridOrigin: Point
    private let scrollView: Int

    init?(_ frame: ViewFrame, padding: EdgeInsets) {
        guard let g = frame.grids.first, let port = g.viewport else { return nil }
        self.frame = frame
        viewport = port
        gridOrigin = g.origin
        leadingContent = g.gridDescription.axis == .horizontal ? g.origin.x - port.minX - padding.leading : g.origin.y - port.minY - padding.top
        scrollView = frame.scrollViews.firstIndex { $0.viewport == port } ?? -1
    }

    /// Draws what the tree draws besides the grid's items, the area's top-leading corner at `origin`:
    /// what lies in the grid's scroll view moves with the grid (whose content origin is now
    /// `gridAt`) and is cut to its viewport; the rest stays.
    func drawSurroundings(at origin: GridCore.Point, gridAt: GridCore.Point, _ list: inout DrawList, env: AppEnvironment) {
        let port = viewport.offsetBy(dx: origin.x, dy: origin.y)
        let scrolled = GridCore.Point(x: gridAt.x - gridOrigin.x, y: gridAt.y - gridOrigin.y)
        for d in frame.drawing {
            let scrolls = scrollView >= 0 && frame.placed[d.owner].scrollView == scrollView
            guard scrolls else { d.draw(at: origin, &list, env: env, tint: nil); continue }
            list.clipped(to: port) { list in d.draw(at: scrolled, &list, env: env, tint: nil) }
        }
    }
}

extension SceneBody {
    /// The tree laid out in `size` with the window's fonts, where its first lazy grid is; nil when it
    /// has none (or it is in no scroll view). Laid out again only for another size.
    func gridPlacement(in size: Size, env: AppEnvironment) -> GridPlacement? {
        let m = measuring(env)
        if let p = placed, p.size == size, p.measuring == m.signature { return p.placement }
        var layout = ViewLayout(measuring: m)
        layout.placesGridItems = false
        let placement = GridPlacement(layout.frame(for: tree, in: size), padding: SceneBody.gridPadding(tree) ?? .zero)
        placed = (size, m.signature, placement)
        return placement
    }
}
