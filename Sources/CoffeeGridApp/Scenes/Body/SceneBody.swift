import GridCore
import GridMotion
import ViewLayer
import StageInterface

/// A scene declared once: its body is SwiftUI source, run by the view layer, and the tree it makes
/// is the one source of the grid's configuration (columns, spacing, padding, sections, and how the
/// items size themselves, measured from their views), of what each item draws, and — printed back —
/// of the code panel's text. The scene's `GridScrollView` still scrolls, selects and animates the
/// grid it is configured with; the items it lays out draw as the tree's views laid out in their frames.
final class SceneBody {
    let program: SnippetProgram
    private(set) var tree: ViewNode
    /// The tree's grid as laid out at the last extent read, and that extent.
    private var facts: (extent: Double, measuring: String, grid: GridFacts, padding: EdgeInsets)?
    private var drawings = ItemDrawings()

    /// Reads and runs `source`; a mistake in it is a `SnippetError` with its line and column.
    init(_ source: String, environment: SnippetEnvironment = SnippetEnvironment()) throws {
        program = try SnippetProgram(try Snippet.parse(source), environment: environment)
        tree = try program.body()
    }

    /// A snippet run in the window's environment: its size classes and its size as the screen's.
    convenience init(_ source: String, sizeClasses: SizeClasses, screen: Size, seed: UInt64 = 1) throws {
        try self.init(source, environment: SnippetEnvironment(horizontalSizeClass: sizeClasses.horizontal,
                                                              verticalSizeClass: sizeClasses.vertical, screenSize: screen, seed: seed))
    }

    /// The body made again after its state changed (an action ran, a host set a `@State`): what
    /// was worked out from the old tree is forgotten. A body that no longer runs keeps its last tree.
    func refresh() throws {
        var before = tree.lifecycle
        tree = try program.body()
        // `.onChange` handlers whose value this body sees changed run, and the body is made again
        // (a few rounds at most: a handler that keeps changing what it watches stops there).
        for _ in 0..<4 {
            let changed = tree.lifecycle.changed(since: before)
            guard !changed.isEmpty else { break }
            changed.forEach { $0.perform() }
            before = tree.lifecycle
            tree = try program.body()
        }
        facts = nil
        configured = nil
        still = nil
        placed = nil
        drawings = ItemDrawings()
    }

    /// Starts from the items `other` drew: for a host that knows this body's grid items are the
    /// same views as `other`'s (the symbols' column sets: only the columns differ), so a variant
    /// shown for the first time does not make and lay out every item on screen again. Items are
    /// kept by index and size, so an item of another size is still laid out afresh.
    func drawsItems(like other: SceneBody) {
        guard facts == nil else { return }
        drawings = other.drawings
    }

    /// Images' natural sizes, as the scene read them from their files' headers: a photo that
    /// `scaledToFill`s a width is as tall as its shape makes it (the cafes). Empty: 100 × 100.
    var images: [String: Size] = [:] {
        didSet { facts = nil; configured = nil; still = nil; placed = nil; drawings = ItemDrawings() }
    }

    /// How this body's views are measured in `env`'s window (the estimate without one).
    func measuring(_ env: AppEnvironment?) -> CanvasMeasuring {
        (env.map { CanvasMeasuring($0) } ?? .estimate).knowing(images: images)
    }

    /// Item `index`'s views in the tree's grid as last laid out (`configuration(in:)`), nil before.
    func itemView(_ index: Int) -> ViewNode? { facts?.grid.view(ofItem: index) }

    /// The tree has a lazy grid to show.
    var hasGrid: Bool { SceneBody.gridPadding(tree) != nil }
    /// Modifiers the source uses that the view layer does not know (ignored).
    var unknownModifiers: [String] { program.unknownModifiers }

    /// The paints the tree's `ForEach` told without views matched its views each time they were checked.
    var toldPaintsHold: Bool { drawings.toldPaintsHold }
    /// Items drawn from the paints the tree's `ForEach` told, none of their views made.
    var itemsFilledFromTold: Int { drawings.filledFromTold }

    /// The code panel's text: the source that made the tree, each `@State` at its value now.
    var code: String { program.source() }

    /// The grid's configuration in a scroll view of `size`, from the tree: nil when the tree has no
    /// lazy grid. Read again when the extent across the grid changes (an item's length may follow
    /// its track's).
    func configuration(in size: Size, env: AppEnvironment?) -> GridScrollView.Configuration? {
        configuration(in: size, measuring: measuring(env))
    }

    func configuration(in size: Size, measuring: CanvasMeasuring = .estimate) -> GridScrollView.Configuration? {
        guard let (grid, padding) = laidOutGrid(in: size, measuring) else { return nil }
        let d = grid.gridDescription
        var c = GridScrollView.Configuration()
        c.axis = d.axis
        c.items = d.items
        c.alignment = d.alignment
        c.spacing = d.spacing
        c.pinnedViews = d.pinnedViews
        c.sections = grid.sections
        c.sizing = grid.sizing
        c.padding = padding
        return c
    }

    /// Configures `grid` from the tree for a scroll view of `size`, when what the tree says now
    /// differs from what the grid has (a resize that changes nothing the tree measures leaves the
    /// grid's configuration, and so its animations, alone).
    func configure(_ grid: GridScrollView, for size: Size, env: AppEnvironment) {
        // What the tree says depends on the extent across the grid and the fonts alone (the tree is
        // made once): a scroll frame asks nothing more of it.
        let measuring = self.measuring(env)
        let asked = (extent: SceneBody.gridAxis(tree) == .horizontal ? size.height : size.width, measuring: measuring.signature)
        if let last = configured, last.grid === grid, last.extent == asked.extent, last.measuring == asked.measuring { return }
        configured = (grid, asked.extent, asked.measuring)
        guard let c = configuration(in: size, measuring: measuring), !SceneBody.same(c, grid.configuration) else { return }
        grid.configuration = c
    }
    private var configured: (grid: GridScrollView, extent: Double, measuring: String)?

    static func same(_ a: GridScrollView.Configuration, _ b: GridScrollView.Configuration) -> Bool {
        guard a.axis == b.axis, a.items == b.items, a.alignment == b.alignment, a.spacing == b.spacing,
              a.pinnedViews == b.pinnedViews, a.sections == b.sections, a.padding == b.padding,
              a.leadingContent == b.leadingContent, a.sizing.fillsRow == b.sizing.fillsRow else { return false }
        switch (a.sizing.cross, b.sizing.cross) {
        case (.fill, .fill): break
        case let (.fixed(x), .fixed(y)) where x == y: break
        default: return false
        }
        if case .fixed(let x) = a.sizing.main, case .fixed(let y) = b.sizing.main { return x == y }
        return false
    }

    private func laidOutGrid(in size: Size, _ measuring: CanvasMeasuring) -> (GridFacts, EdgeInsets)? {
        guard let padding = SceneBody.gridPadding(tree) else { return nil }
        let vertical = SceneBody.gridAxis(tree) != .horizontal
        let extent = vertical ? size.width : size.height
        if let f = facts, f.extent == extent, f.measuring == measuring.signature { return (f.grid, f.padding) }
        // The grid's facts alone: its items are drawn one by one (`drawer`), not from this layout.
        var layout = ViewLayout(measuring: measuring)
        layout.placesGridItems = false
        let frame = layout.frame(for: tree, in: size)
        guard let grid = frame.grids.first else { return nil }
        // Another extent: what was drawn at the last one is let go (a body's first layout keeps what
        // it was given by `drawsItems(like:)`).
        if facts != nil { drawings = ItemDrawings() }
        facts = (extent, measuring.signature, grid, padding)
        return (grid, padding)
    }

    /// The whole tree laid out at rest in `size`, every view placed: for a scene whose body has no
    /// lazy grid (seed 001's stacks make every view at once), whose views' frames it reads and draws.
    /// Laid out again only for another size.
    /// Laid out once: a scroll moves what it holds (`WholeTree`), it does not lay the views out again.
    func stillFrame(in size: Size, measuring: CanvasMeasuring = .estimate) -> ViewFrame {
        wholeTree(in: size, measuring: measuring).frame
    }

    /// `stillFrame` with what its scroll views hold worked out, unscrolled.
    func wholeTree(in size: Size, measuring: CanvasMeasuring = .estimate) -> WholeTree {
        if let s = still, s.size == size, s.measuring == measuring.signature { return s.tree }
        let t = WholeTree(ViewLayout(measuring: measuring).frame(for: tree, in: size))
        still = (size, measuring.signature, t)
        return t
    }
    private var still: (size: Size, measuring: String, tree: WholeTree)?
    /// `gridPlacement`'s last answer.
    var placed: (size: Size, measuring: String, placement: GridPlacement?)?
    /// How many images, colours and texts the last whole layout placed (not its stacks and modifiers).
    var stillFrameViewCount: Int { still?.tree.leafCount ?? 0 }

    /// Lays the tree's grid out in `size` with the window's fonts, if it was not, so that its items
    /// can be drawn: for a scene that configures its grid itself (the feed, from its state).
    func prepareDrawing(in size: Size, env: AppEnvironment) {
        _ = laidOutGrid(in: size, measuring(env))
    }

    /// Draws item `index` of the grid as its views lay out in `frame`; `tint` recolours its fills
    /// and text (a selected item, drawn as a desktop grid draws one).
    func drawItem(_ index: Int, in frame: Rect, _ list: inout DrawList, env: AppEnvironment, tint: ItemTint? = nil) {
        drawer(env).draw(index, in: frame, &list, tint: tint)
    }

    /// What draws a frame's items: the fonts they are measured with are read once a frame, not
    /// once an item.
    func drawer(_ env: AppEnvironment) -> ItemDrawer {
        let measuring = self.measuring(env)
        let current = facts?.measuring == measuring.signature
        if !current { drawings = ItemDrawings() }
        // The grid's facts are a large value (its layout, its items): taken into one closure once
        // a frame, not copied out of an optional once an item (that copy was a fifth of drawing the cells).
        let grid = current ? facts?.grid : nil
        return ItemDrawer(body: self, env: env, layout: ViewLayout(measuring: measuring), view: { grid?.freshView(ofItem: $0) },
                          paints: { grid?.paints(ofItem: $0) }, line: { grid?.view(of: $0, section: $1) }, hasGrid: grid != nil)
    }

    struct ItemDrawer {
        let body: SceneBody
        let env: AppEnvironment
        let layout: ViewLayout
        /// Item i's views; `hasGrid` false: the tree has no grid laid out at this frame's measuring.
        let view: (Int) -> ViewNode?
        /// Item i's paints without its views, when its `ForEach` can tell them.
        let paints: (Int) -> [ElementSignature.Paint]?
        /// A section's header or footer view.
        let line: (SupplementaryView.Kind, Int) -> ViewNode?
        let hasGrid: Bool

        /// Draws a section's header or footer as its view lays out in the frame GridCore gave it
        /// (pinned or in place).
        func draw(_ v: SupplementaryView, _ list: inout DrawList) {
            guard hasGrid else { return }
            let size = v.frame.size
            let shapes = body.drawings.lineShapes(v.kind, section: v.section, size: size, env: env) {
                guard let node = line(v.kind, v.section) else { return [] }
                return layOut(node, in: size).drawn
            }
            for shape in shapes { shape.draw(at: v.frame.origin, &list, env: env, tint: nil) }
        }

        /// `node` laid out filling `size`: layout's drawing, and the drawing as drawn (simplified).
        private func layOut(_ node: ViewNode, in size: Size) -> (raw: [Drawing], drawn: [Drawing]) {
            let raw = SceneBody.filling(layout.frame(for: node, in: size), size)
            return (raw, ItemDrawings.simplified(raw, in: size))
        }

        /// Draws every item `grid` shows this frame, each laid out at its resting size while the
        /// grid springs (a scene whose items are drawn as they are, no tint, no photo).
        func drawItems(of grid: GridScrollView, _ list: inout DrawList) {
            for item in grid.itemsToDraw() { draw(item.index, in: item.frame, laidOut: grid.restingSize(of: item.index), &list) }
        }

        /// Draws item `index` in `frame`. `laidOut`: the size its views are laid out in when that is
        /// not the frame's — the item's size in the grid's layout while the grid animates to it, so
        /// an item is laid out once for the animation and its drawing stretched with its frame.
        func draw(_ index: Int, in frame: Rect, laidOut: Size? = nil, _ list: inout DrawList, tint: ItemTint? = nil,
                  photos: PhotoDrawing = PhotoDrawing()) {
            guard hasGrid else { return }
            let size = laidOut ?? frame.size
            let shapes = body.drawings.shapes(of: index, size: size, env: env) { drawings in
                // Its paints alone, when the closure can tell them: no views made, no layout.
                let told = paints(index)
                if let told, let drawn = drawings.filled(told, size: size, layout: layout) { return drawn }
                guard let node = view(index) else { return [] }
                guard let (signature, paints) = layout.signature(of: node) else { return layOut(node, in: size).drawn }
                return drawings.drawing(signature, paints: paints, told: told, size: size) { layOut(node, in: size) }
            }
            // Read in place: `for d in shapes` copies each drawing (its strings and colours retained)
            // for every item of every frame.
            if size == frame.size {
                shapes.withUnsafeBufferPointer { drawn in
                    for i in drawn.indices { drawn[i].draw(at: frame.origin, &list, env: env, tint: tint, photos: photos) }
                }
            } else {
                for shape in shapes { shape.mapped(from: size, to: frame).draw(at: .zero, &list, env: env, tint: tint, photos: photos) }
            }
        }
    }
}

/// What a selected item draws in instead of its own colours.
struct ItemTint {
    var fill: StageInterface.Color
    var text: StageInterface.Color
}
