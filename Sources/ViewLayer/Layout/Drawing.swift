import GridCore
import GridMotion

/// One thing to draw, in window points: the layer's own drawing primitives, which the app turns
/// into its renderer's commands. Each is drawn in the frame of the view that made it (`owner`), so
/// a view moving in an animation carries its drawing with it.
public struct Drawing {
    public enum Shape {
        /// A colour filling the frame, with rounded corners when `cornerRadius` > 0.
        case fill(Color, cornerRadius: Double)
        /// An image drawn into the frame (already sized to the image's aspect ratio when it fills).
        case image(ImageSource, Color?)
        /// Text in the frame, from its top-leading corner, wrapped to the frame's width.
        case text(String, Font, Color)
        /// A soft shadow of the frame's shape, cast before the view is drawn over it.
        case shadow(Color, radius: Double, x: Double, y: Double, cornerRadius: Double)
        /// Drawing until the matching `popClip` is clipped to the frame (rounded by the radius).
        case pushClip(cornerRadius: Double)
        case popClip
    }

    public var shape: Shape
    public var frame: Rect
    /// Multiplied into the shape's colours: `.opacity`, and views fading in or out.
    public var opacity: Double
    /// The index in `ViewFrame.placed` of the view that drew it.
    public let owner: Int
}

/// A view's frame in this frame of the picture: its identity, where it is drawn (animated), where
/// layout put it, and the container it is in.
public struct PlacedView {
    public let id: ViewID
    /// Where it is drawn now, in window points (moving while it animates).
    public internal(set) var frame: Rect
    /// Where layout put it, in window points: where it rests when its animation ends.
    public let target: Rect
    /// The placed view it is inside, -1 for the root.
    public let parent: Int
    /// The scroll view whose content it is in (an index into `ViewFrame.scrollViews`), -1 for none.
    public let scrollView: Int
    public let kind: Kind

    public enum Kind: Equatable {
        case text(String), image(ImageSource), color, spacer, container, modifier
    }
}

/// What the animator needs of a placed view besides its frame, index for index with `placed`: the
/// animation in force for its part of the tree this frame, how it comes in, the space its frame is
/// remembered in (its scroll view's content), and the lazy grid item it belongs to.
struct PlacedInfo {
    let animation: Animation?
    let transition: AnyTransition?
    let space: ViewID
    let spaceOrigin: Point
    let gridItem: GridItemRef?

    func local(_ r: Rect) -> Rect { r.offsetBy(dx: -spaceOrigin.x, dy: -spaceOrigin.y) }
}

/// A lazy grid's item: which grid, which item index, which element.
public struct GridItemRef: Hashable {
    public let grid: ViewID
    public let index: Int
    public let element: AnyHashable
}

/// A view that answers a tap (`.onTapGesture`, a `Button`).
public struct TapTarget {
    public let id: ViewID
    public var frame: Rect
    public let count: Int
    public let action: Action
    let placed: Int
}

/// A scroll view as laid out: what it shows, how large its content is and where it is scrolled to.
/// The host keeps the offset (wheel, drags, momentum) and hands it back next frame by `id`.
public struct ScrollViewFrame {
    public let id: ViewID
    public let axes: Axis.Set
    public let showsIndicators: Bool
    public let viewport: Rect
    public let contentSize: Size
    /// The offset used, clamped to the content.
    public let offset: Point

    public var maxOffset: Point {
        Point(x: max(0, contentSize.width - viewport.width), y: max(0, contentSize.height - viewport.height))
    }
}

/// A lazy grid as laid out, for the state file, the inspector and the tests: GridCore's layout,
/// where its origin is, what it shows.
public struct GridFacts {
    public let id: ViewID
    public let layout: LazyGridLayout
    /// Window position of the layout's origin (its tracks' offsets are from here).
    public let origin: Point
    /// The extent proposed across the tracks (a column grid's width).
    public let extent: Double
    /// The part of the window the grid is seen through (its scroll view), nil when not in one.
    public let viewport: Rect?
    /// The items laid out this frame (in view and the prefetch margin around it), in index order.
    public let materialized: [PlacedItem]
    /// How each item was sized from its views, and where that could only be approximated.
    public let sizing: ItemSizing
    public let sizingNotes: [String]
    /// What the grid was written with: its axis, items, alignment, spacing and pinned views.
    public var gridDescription: GridDescription { model.description }
    /// Its sections as GridCore takes them: their counts, and their headers' and footers' lengths.
    public var sections: [GridSection] { model.signature.sections }
    let model: GridModel

    /// Item `index`'s view, made now if layout did not make it: for a host that lays the grid out
    /// itself (the app's scroll view) and draws each item as the tree says.
    public func view(ofItem index: Int) -> ViewNode? { model.item(index)?.view }

    /// Item `index`'s view made afresh, not kept in the `ForEach`'s cache: for a host that keeps
    /// what it draws of each item itself (a second cache of every element's views would only be
    /// let go, thousands at once, when it rolls over).
    public func freshView(ofItem index: Int) -> ViewNode? { model.item(index, cached: false)?.view }

    /// Section `section`'s header or footer as written, nil when it has none: for a host that
    /// draws the grid's lines itself where GridCore places them.
    public func view(of kind: SupplementaryView.Kind, section: Int) -> ViewNode? {
        guard model.sections.indices.contains(section) else { return nil }
        return kind == .header ? model.sections[section].header : model.sections[section].footer
    }

    /// Item `index`'s paints, worked out without its views when its `ForEach` can (see
    /// `ForEachContent.paints`); nil when it cannot.
    public func paints(ofItem index: Int) -> [ElementSignature.Paint]? { model.paints(index) }

    public var total: Int { layout.count }
    /// The materialized items inside the viewport.
    public var visible: [PlacedItem] {
        guard let v = viewport else { return materialized }
        return materialized.filter { $0.frame.intersects(v) }
    }
}
