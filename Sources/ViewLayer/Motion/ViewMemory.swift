import GridCore

/// What the layer remembers from one frame to the next, kept by the host beside its tree (SwiftUI
/// keeps the same behind its views): where each view was and is heading, the values
/// `.animation(_:value:)` compares, each lazy grid's layout and the items it drew, the frames of
/// matched views, and views fading out. A frame reads it and writes the next one.
public struct ViewMemory {
    struct Remembered {
        /// In the coordinates of the view's space (its scroll view's content, or the window).
        var target: Rect
        var drawn: Rect
        var motion: AnimatedRect?
        /// Fading or growing in after an animated insertion.
        var appearance: AnimatedValue?
        var transition: AnyTransition?
        var space: ViewID
        /// Flying between two places of a matched geometry effect: drawn above everything.
        var flight = false
    }

    struct Grid {
        var layout: LazyGridLayout
        var signature: GridSignature
        /// The layout origin in the grid's space.
        var origin: Point
        var space: ViewID
        /// The items drawn, by item id: which item, of which run, which view of its element.
        var drawn: [ViewID: DrawnItem]
    }

    struct DrawnItem {
        let ref: GridItemRef
        let run: Int
        let position: Int
    }

    struct Match: Hashable {
        let namespace: Namespace.ID
        let id: AnyHashable
    }

    var views: [ViewID: Remembered] = [:]
    var values: [ViewID: AnyHashable] = [:]
    var grids: [ViewID: Grid] = [:]
    var matched: [Match: (view: ViewID, frame: Rect)] = [:]
    /// The last frame's drawing and views, for views that leave.
    var lastDrawing: [Drawing] = []
    var lastPlaced: [PlacedView] = []
    /// For each of `lastPlaced`, the end of its part of the tree (its descendants follow it).
    var lastSubtreeEnd: [Int] = []
    var departures: [Departure] = []
    /// Grid layouts by what they were made from, reused while nothing they depend on changes.
    var layouts: [GridSignature: LazyGridLayout] = [:]

    public init() {}

    /// Nothing moves any more: the host may stop asking for frames.
    public func isAnimating(at time: Double) -> Bool {
        views.values.contains { $0.motion?.isAnimating(at: time) == true || $0.appearance?.isAnimating(at: time) == true }
            || departures.contains { $0.opacity.isAnimating(at: time) }
    }
}

/// A view that left in an animated change, drawn where it last was while it fades out.
struct Departure {
    var drawing: [Drawing]
    var opacity: AnimatedValue
}

/// What a grid's layout is made from: when it equals last frame's, the layout is reused.
struct GridSignature: Hashable {
    var grid: GridDescription
    var extent: Double
    var sections: [GridSection]
    var table: SizingTable
}
