import GridCore
import GridMotion
import ViewLayer

/// What the dock scene reads of its seed (`DockScene.source`) laid out in the scene's area: where
/// the photo grid's scroll view and the dock's are, the grey panel around the dock, the heading, and
/// the looks and the motion its views declare. Read once per size, after the seed's own first tap
/// (`onTapGesture` on the first grid photo: `selectedPhotos.append(photo)`), so the dock holds a
/// photo whose view can be read.
struct DockViews {
    /// The photo grid's scroll view, and where the grid starts in its content: under the heading
    /// and the scroll view's stack spacing.
    var gridViewport: Rect
    var leadingContent: Double
    var gridItems: [GridItem]
    var gridSpacing: Double?
    /// A grid photo's height (`.frame(height: 60)`) and corner radius.
    var photoHeight: Double
    var photoCornerRadius: Double
    /// "Photos", its font and its frame in the grid's scroll content.
    var heading: String
    var headingFont: ViewLayer.Font
    var headingFrame: Rect
    /// The grey panel (`.padding().background(Color(.systemGray6)).cornerRadius(5)`) and the dock's
    /// scroll view inside it (`.frame(height: 100)`).
    var panel: Rect
    var panelCornerRadius: Double
    var dockViewport: Rect
    /// A dock photo's height (the LazyHGrid's one row), the space between photos, their corner radius.
    var dockPhotoHeight: Double
    var dockSpacing: Double?
    var dockPhotoCornerRadius: Double
    /// The `.animation(_:value:)` a moved photo flies with, when its grid image and its dock image
    /// share a `matchedGeometryEffect` namespace (nil: it would jump).
    var flight: Animation?

    /// The area laid out in.
    var size: Size

    /// The height below which the scene scrolls its content: both containers whole, the grid with
    /// its heading and one row of photos (SwiftUI would squeeze the grid's scroll view to nothing).
    /// Read from views laid out in an area tall enough for that.
    var minimumHeight: Double { size.height - gridViewport.height + leadingContent + photoHeight }

    /// The seed's code run once, and its tree after its first grid photo was tapped: what every
    /// size is laid out from (a live resize lays out, it does not read and run the code again).
    struct Seed {
        let tree: ViewNode

        init?(_ source: String) {
            guard let program = try? SnippetProgram(Snippet.parse(source)), let tree = try? program.body() else { return nil }
            let before = ViewLayout().frame(for: tree, in: Size(width: 390, height: 844))
            guard let tap = before.taps.first(where: { $0.count == 1 }) else { return nil }
            tap.action.perform()
            guard let tapped = try? program.body() else { return nil }
            self.tree = tapped
        }
    }

    /// `source` laid out in `size` (the scene's area, from its top-leading corner). Nil when the
    /// code has not the shape the scene reads (two lazy grids, each in a scroll view).
    init?(_ source: String, in size: Size, measuring: ViewMeasuring) {
        guard let seed = Seed(source) else { return nil }
        self.init(seed, in: size, measuring: measuring)
    }

    init?(_ seed: Seed, in size: Size, measuring: ViewMeasuring) {
        let tree = seed.tree
        // The grids' facts alone: their items' views are read, not placed.
        var layout = ViewLayout(measuring: measuring)
        layout.placesGridItems = false
        let frame = layout.frame(for: tree, in: size)
        guard let g = frame.grids.first(where: { $0.gridDescription.axis == .vertical }),
              let d = frame.grids.first(where: { $0.gridDescription.axis == .horizontal }),
              let gv = g.viewport, let dv = d.viewport else { return nil }
        self.size = size
        gridViewport = gv
        dockViewport = dv
        leadingContent = g.origin.y - gv.minY
        gridItems = g.gridDescription.items
        gridSpacing = g.gridDescription.spacing
        photoHeight = g.sizing.mainLength(0, trackSize: g.layout.tracks.tracks.first?.size ?? 0)
        dockPhotoHeight = d.layout.tracks.tracks.first?.size ?? dv.height
        dockSpacing = d.gridDescription.spacing
        let gridPhoto = g.view(ofItem: 0).map(\.modifiers) ?? [], dockPhoto = d.view(ofItem: 0).map(\.modifiers) ?? []
        photoCornerRadius = DockViews.cornerRadius(gridPhoto)
        dockPhotoCornerRadius = DockViews.cornerRadius(dockPhoto)
        // The panel: the smallest fill around the dock's scroll view (its `.background`), rounded by
        // the clip drawn around it (`.cornerRadius`).
        let fills = frame.drawing.compactMap { dr -> Rect? in
            guard case .fill = dr.shape, dr.frame.contains(dv), dr.frame != dv else { return nil }
            return dr.frame
        }
        panel = fills.min { $0.width * $0.height < $1.width * $1.height } ?? dv
        panelCornerRadius = frame.drawing.lazy.compactMap { [panel] dr -> Double? in
            if case .pushClip(let r) = dr.shape, dr.frame == panel { return r }
            return nil
        }.first ?? 0
        // The heading: the text drawn in the grid's scroll view, above the grid.
        let scroll = frame.scrollViews.firstIndex { $0.viewport == gv } ?? -1
        let text = frame.drawing.first { dr in
            if case .text = dr.shape, frame.placed[dr.owner].scrollView == scroll { return true }
            return false
        }
        if let text, case let .text(s, font, _) = text.shape {
            (heading, headingFont) = (s, font)
            headingFrame = text.frame.offsetBy(dx: -gv.minX, dy: -gv.minY)
        } else {
            (heading, headingFont, headingFrame) = ("", .body, .zero)
        }
        let matched = { (ms: [Modifier]) in ms.compactMap { m -> Namespace.ID? in
            if case let .matchedGeometryEffect(_, ns, _) = m { return ns }
            return nil
        } }
        let shared = !Set(matched(gridPhoto).map(\.name)).isDisjoint(with: matched(dockPhoto).map(\.name))
        flight = shared ? SceneBody.gridAnimations(tree).first?.animation : nil
    }

    static func cornerRadius(_ modifiers: [Modifier]) -> Double {
        for case .cornerRadius(let r) in modifiers { return r }
        return 0
    }
}
