import GridCore
import GridMotion

/// What the layer remembers from one frame to the next, kept by the host beside its tree (SwiftUI
/// keeps the same behind its views): the last frame's views (where each was drawn and headed), the
/// motions still in flight, the values `.animation(_:value:)` compares, each lazy grid's layout and
/// the items it drew, the frames of matched views, and views fading out. A frame reads it and writes
/// the next one.
public struct ViewMemory {
    /// A view in motion: moving, coming in, or flying between two places of a matched geometry.
    struct Motion {
        var rect: AnimatedRect?
        var appearance: AnimatedValue?
        /// Flying between two places of a matched geometry effect: drawn above everything.
        var flight = false

        func isAnimating(at time: Double) -> Bool {
            rect?.isAnimating(at: time) == true || appearance?.isAnimating(at: time) == true
        }
    }

    struct Grid {
        var layout: LazyGridLayout
        var signature: GridSignature
        /// The layout origin in the grid's space.
        var origin: Point
        var space: ViewID
        /// The items drawn: which placed view, which item, of which run, which view of its element.
        var drawn: [(view: ViewID, item: DrawnItem)]
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

    var motions: [ViewID: Motion] = [:]
    var values: [ViewID: AnyHashable] = [:]
    var grids: [ViewID: Grid] = [:]
    var matched: [Match: (view: ViewID, frame: Rect)] = [:]
    /// The last frame's views, what the animator knew of them, and what they drew.
    var lastPlaced: [PlacedView] = []
    var lastInfo: [PlacedInfo] = []
    var lastDrawing: [Drawing] = []
    var departures: [Departure] = []
    /// Grid layouts by what they were made from, reused while nothing they depend on changes.
    var layouts: [GridSignature: LazyGridLayout] = [:]

    public init() {}

    /// Something still moves: the host keeps asking for frames.
    public func isAnimating(at time: Double) -> Bool {
        motions.values.contains { $0.isAnimating(at: time) } || departures.contains { $0.opacity.isAnimating(at: time) }
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
