/// One resolved track: a column of a vertical grid or a row of a horizontal one.
public struct GridTrack: Hashable, Sendable {
    /// Start along the cross axis, relative to the container the grid was proposed
    /// (so a grid wider than its container has tracks starting below zero).
    public var offset: Double
    /// Extent along the cross axis.
    public var size: Double
    /// Index of the `GridItem` that made this track (an adaptive item makes several).
    public var item: Int
    /// The item's own alignment, if it set one.
    public var alignment: Alignment?

    public init(offset: Double, size: Double, item: Int, alignment: Alignment? = nil) {
        self.offset = offset
        self.size = size
        self.item = item
        self.alignment = alignment
    }

    public var end: Double { offset + size }
}

/// The cross-axis geometry of a grid: how SwiftUI turns `[GridItem]` and a proposed extent into tracks.
///
/// The rule, for a proposed extent W:
/// 1. `remaining = W − Σ fixed − Σ spacings` (nil spacing is 8; the last item's is unused),
///    `n` = number of non-fixed items.
/// 2. Walk the items in declaration order. Flexible: `clamp(remaining/n, min, max)`. Adaptive:
///    `share = remaining/n` becomes `k = max(1, ⌊(share+s)/(min+s)⌋)` tracks of
///    `min((share − (k−1)s)/k, max)` (not raised to the minimum). Each takes its part from `remaining`.
/// 3. Narrower than W: shift the set by `(W − total) × alignment`. Wider (minimums overflow): the grid
///    is `total` wide, centred in W by its parent, and the tracks are computed again from `total`
///    (SwiftUI's render pass really does this second pass; its tracks may overflow the grid's trailing edge).
public struct GridTracks: Hashable, Sendable {
    /// The extent the grid was proposed (W).
    public var extent: Double
    /// The grid's own extent (S): W when the tracks fit, the first pass's total when they overflow.
    public var size: Double
    /// Where the grid's leading edge sits in the container: 0, or `(W − S)/2` when it overflows.
    public var origin: Double
    public var tracks: [GridTrack]

    /// More tracks than this from one adaptive item is not a grid anyone can see; the cap keeps a
    /// pathological spec (`.adaptive(minimum: 0.001)` in a huge window) from allocating millions.
    public static let maxTracksPerAdaptiveItem = 1024

    public init(items: [GridItem], extent proposed: Double, alignment: Double = 0.5) {
        let w = GridTracks.sane(proposed)
        let f = alignment.isFinite ? min(max(alignment, 0), 1) : 0.5
        let first = GridTracks.pass(items, extent: w)
        if first.total <= w {
            let shift = (w - first.total) * f
            self.init(extent: w, size: w, origin: 0, tracks: first.tracks.map { $0.shifted(by: shift) })
        } else {
            let s = first.total
            let origin = (w - s) / 2
            let second = GridTracks.pass(items, extent: s)
            let shift = second.total < s ? (s - second.total) * f : 0
            self.init(extent: w, size: s, origin: origin,
                      tracks: second.tracks.map { $0.shifted(by: origin + shift) })
        }
    }

    public init(extent: Double, size: Double, origin: Double, tracks: [GridTrack]) {
        self.extent = extent
        self.size = size
        self.origin = origin
        self.tracks = tracks
    }

    /// From the leading edge of the first track to the trailing edge of the last.
    public var span: Double {
        guard let first = tracks.first, let last = tracks.last else { return 0 }
        return last.end - first.offset
    }

    static func sane(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }

    /// One pass of the rule at extent `w`; tracks start at 0.
    static func pass(_ items: [GridItem], extent w: Double) -> (tracks: [GridTrack], total: Double) {
        guard !items.isEmpty else { return ([], 0) }
        let spacing = items.map { sane($0.resolvedSpacing) }
        var remaining = w
        var flexibleCount = 0
        for (i, item) in items.enumerated() {
            if i < items.count - 1 { remaining -= spacing[i] }
            if case .fixed(let v) = item.size { remaining -= sane(v) } else { flexibleCount += 1 }
        }
        var tracks: [GridTrack] = []
        var cursor = 0.0
        func add(_ size: Double, _ i: Int) {
            tracks.append(GridTrack(offset: cursor, size: size, item: i, alignment: items[i].alignment))
            cursor += size
        }
        for (i, item) in items.enumerated() {
            switch item.size {
            case .fixed(let v):
                add(sane(v), i)
            case .flexible(let lo, let hi):
                let share = max(remaining, 0) / Double(flexibleCount)
                let size = min(max(share, sane(lo)), max(sane(lo), saneMax(hi)))
                add(size, i)
                remaining -= size
                flexibleCount -= 1
            case .adaptive(let lo, let hi):
                let share = max(remaining, 0) / Double(flexibleCount)
                let s = spacing[i]
                let minimum = sane(lo)
                let fit = minimum + s > 0 ? ((share + s) / (minimum + s)).rounded(.down) : 1
                let k = Int(min(max(fit, 1), Double(maxTracksPerAdaptiveItem)))
                let size = max(min((share - Double(k - 1) * s) / Double(k), saneMax(hi)), 0)
                for j in 0..<k {
                    add(size, i)
                    if j < k - 1 { cursor += s }
                }
                remaining -= Double(k) * size + Double(k - 1) * s
                flexibleCount -= 1
            }
            if i < items.count - 1 { cursor += spacing[i] }
        }
        return (tracks, cursor)
    }

    private static func saneMax(_ v: Double) -> Double { v.isNaN ? .infinity : max(v, 0) }
}

extension GridTrack {
    func shifted(by d: Double) -> GridTrack {
        GridTrack(offset: offset + d, size: size, item: item, alignment: alignment)
    }
}
