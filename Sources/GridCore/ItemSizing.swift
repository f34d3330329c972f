/// How every item of a grid sizes itself inside its cell: the `.frame` modifiers the seeds write,
/// expressed along the grid's own axes (cross = across the tracks, main = the scroll direction).
///
/// | SwiftUI, in a LazyVGrid                                   | ItemSizing                          |
/// |-----------------------------------------------------------|-------------------------------------|
/// | `.frame(width: 50, height: 50)`                           | `cross: .fixed(50), main: .fixed(50)`|
/// | `.frame(minWidth: 0, maxWidth: .infinity, minHeight: 50)` | `cross: .fill, main: .fixed(50)`     |
/// | `.frame(maxWidth: .infinity).frame(height: 200)`          | `cross: .fill, main: .fixed(200)`    |
/// | per-index widths (seed 004's bars, in a LazyHGrid)        | `cross: .fill, main: .perItem {…}`   |
/// | `.frame(minHeight: 0, maxHeight: .infinity)`              | `fillsRow: true`                     |
/// | only some items so (seed 000's coffee grid beside its cafe) | `fillsRow: false, fillsRowOf: {…}`   |
public struct ItemSizing: Sendable {
    /// Extent across the track.
    public enum Cross: Sendable {
        /// As wide as the track (`maxWidth: .infinity`).
        case fill
        /// A fixed extent, placed in the track by the cell's anchor.
        case fixed(Double)
    }

    /// Extent along the scroll direction; a row is as tall as its tallest cell.
    public enum Main: Sendable {
        /// Every item the same: rows are uniform and a viewport query is O(1) + visible.
        case fixed(Double)
        /// Item `index` in a track `trackSize` points wide. Rows then differ, and the layout keeps
        /// prefix sums of row extents so a query is O(log rows) + visible.
        case perItem(@Sendable (_ index: Int, _ trackSize: Double) -> Double)
    }

    public var cross: Cross
    public var main: Main
    /// Stretch to the row's full extent (SwiftUI's `maxHeight: .infinity` in a LazyVGrid); the
    /// item's own `main` length still counts towards the row's extent.
    public var fillsRow: Bool
    /// When only some items stretch to their row: whether item `index` does (`fillsRow` false).
    /// The others sit in their row at their own length, by the cell's anchor.
    public var fillsRowOf: (@Sendable (_ index: Int) -> Bool)?

    public init(cross: Cross = .fill, main: Main, fillsRow: Bool = false, fillsRowOf: (@Sendable (Int) -> Bool)? = nil) {
        self.cross = cross
        self.main = main
        self.fillsRow = fillsRow
        self.fillsRowOf = fillsRowOf
    }

    /// Item `index` stretches to its row's extent.
    public func fills(_ index: Int) -> Bool { fillsRow || fillsRowOf?(index) == true }

    /// A square item of side `side`, centred in its cell (the seed's 50×50 symbols).
    public static func square(_ side: Double) -> ItemSizing {
        ItemSizing(cross: .fixed(side), main: .fixed(side))
    }

    /// An item as wide as its track and `length` long (`.frame(maxWidth: .infinity).frame(height:)`).
    public static func fill(_ length: Double) -> ItemSizing {
        ItemSizing(cross: .fill, main: .fixed(length))
    }

    /// True when every row has the same extent, which makes row lookup arithmetic.
    public var isUniform: Bool {
        if case .fixed = main { return true }
        return false
    }

    /// Item `index`'s length along the grid in a track `trackSize` wide (0 for one not finite or below 0).
    public func mainLength(_ index: Int, trackSize: Double) -> Double {
        let v: Double
        switch main {
        case .fixed(let m): v = m
        case .perItem(let f): v = f(index, trackSize)
        }
        return v.isFinite && v > 0 ? v : 0
    }

    func crossLength(trackSize: Double) -> Double {
        switch cross {
        case .fill: return trackSize
        case .fixed(let c): return c.isFinite && c > 0 ? c : 0
        }
    }
}
