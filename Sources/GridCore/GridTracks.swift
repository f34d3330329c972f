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
///    A total within a rounding error (1e-9 relative) of W fits.
///
/// `explanation` holds every number of both passes as they were used, for teaching.
public struct GridTracks: Hashable, Sendable {
    /// The extent the grid was proposed (W).
    public var extent: Double
    /// The grid's own extent (S): W when the tracks fit, the first pass's total when they overflow.
    public var size: Double
    /// Where the grid's leading edge sits in the container: 0, or `(W − S)/2` when it overflows.
    public var origin: Double
    public var tracks: [GridTrack]
    /// Every number the rule used to reach these tracks (nil for tracks made by hand with
    /// `init(extent:size:origin:tracks:)`).
    public var explanation: TrackExplanation?

    /// More tracks than this from one adaptive item is not a grid anyone can see; the cap keeps a
    /// pathological spec (`.adaptive(minimum: 0.001)` in a huge window) from allocating millions.
    public static let maxTracksPerAdaptiveItem = 1024
    /// A grid's tracks, all items together: adaptive items share what the others leave. With the
    /// query bound (`LazyGridLayout.maxItemsPerQuery`) it keeps a frame's work bounded whatever the
    /// spec; `GridSpec.parse` refuses items that could need more (`GridSpec.mostTracks`).
    public static let maxTracks = 4096

    public init(items: [GridItem], extent proposed: Double, alignment: Double = 0.5) {
        let w = GridTracks.sane(proposed)
        let f = alignment.isFinite ? min(max(alignment, 0), 1) : 0.5
        let first = GridTracks.pass(items, extent: w)
        // Summing shares of a division can land a rounding error past W (1e-13 of 390); that is
        // not an overflow, and a second pass for it would only make the explanation lie.
        if first.explanation.total <= w + GridTracks.tolerance(w) {
            let shift = (w - first.explanation.total) * f
            self.init(extent: w, size: w, origin: 0, tracks: first.tracks.map { $0.shifted(by: shift) })
            explanation = TrackExplanation(items: items, proposed: w, alignment: f, first: first.explanation, second: nil, origin: 0, shift: shift)
        } else {
            let s = first.explanation.total
            let origin = (w - s) / 2
            let second = GridTracks.pass(items, extent: s)
            let shift = second.explanation.total < s ? (s - second.explanation.total) * f : 0
            self.init(extent: w, size: s, origin: origin,
                      tracks: second.tracks.map { $0.shifted(by: origin + shift) })
            explanation = TrackExplanation(items: items, proposed: w, alignment: f, first: first.explanation, second: second.explanation,
                                           origin: origin, shift: shift)
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

    /// The gap between each track and the next, with the spacing that made it: an adaptive item's
    /// own spacing between its tracks, the item's `spacing` after its last track.
    public var gaps: [TrackGap] {
        guard let steps = explanation?.final.steps else { return [] }
        var result: [TrackGap] = []
        var t = 0
        for step in steps {
            for j in 0..<step.count {
                t += 1
                guard t < tracks.count else { return result }
                let size: Double
                if j < step.count - 1, case .adaptive(_, _, let s, _) = step.rule { size = s } else { size = step.spacingAfter ?? 0 }
                result.append(TrackGap(offset: tracks[t - 1].end, size: size, item: step.item, withinItem: j < step.count - 1))
            }
        }
        return result
    }

    static func sane(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }

    /// How far apart two extents near `v` may be and still count as equal: far below a pixel, far above rounding.
    static func tolerance(_ v: Double) -> Double { 1e-9 * max(1, abs(v)) }

    /// One pass of the rule at extent `w`; tracks start at 0. Every number it uses goes into the
    /// explanation as it is used.
    static func pass(_ items: [GridItem], extent w: Double) -> (tracks: [GridTrack], explanation: TrackExplanation.Pass) {
        let spacing = items.map { sane($0.resolvedSpacing) }
        var remaining = w
        var flexibleCount = 0
        var fixedTotal = 0.0
        for (i, item) in items.enumerated() {
            if i < items.count - 1 { remaining -= spacing[i] }
            if case .fixed(let v) = item.size { remaining -= sane(v); fixedTotal += sane(v) } else { flexibleCount += 1 }
        }
        var explanation = TrackExplanation.Pass(extent: w, fixedTotal: fixedTotal, spacings: Array(spacing.dropLast()),
                                                unusedSpacing: spacing.last, remaining: remaining,
                                                nonFixedCount: flexibleCount, steps: [], total: 0)
        var tracks: [GridTrack] = []
        var cursor = 0.0
        func add(_ size: Double, _ i: Int) {
            tracks.append(GridTrack(offset: cursor, size: size, item: i, alignment: items[i].alignment))
            cursor += size
        }
        for (i, item) in items.enumerated() {
            let after = i < items.count - 1 ? spacing[i] : nil
            switch item.size {
            case .fixed(let v):
                add(sane(v), i)
                explanation.steps.append(.init(item: i, rule: .fixed, remaining: nil, sharers: flexibleCount, share: nil,
                                               size: sane(v), count: 1, spacingAfter: after))
            case .flexible(let lo, let hi):
                let share = max(remaining, 0) / Double(flexibleCount)
                let ceiling = max(sane(lo), saneMax(hi))
                let size = min(max(share, sane(lo)), ceiling)
                let clamp: TrackExplanation.Step.Clamp? = share < sane(lo) ? .raised : (share > ceiling ? .capped : nil)
                add(size, i)
                explanation.steps.append(.init(item: i, rule: .flexible(minimum: sane(lo), maximum: ceiling), remaining: remaining,
                                               sharers: flexibleCount, share: share, size: size, count: 1,
                                               spacingAfter: after, clamp: clamp))
                remaining -= size
                flexibleCount -= 1
            case .adaptive(let lo, let hi):
                let share = max(remaining, 0) / Double(flexibleCount)
                let s = spacing[i]
                let minimum = sane(lo)
                let quotient = minimum + s > 0 ? (share + s) / (minimum + s) : 1
                let fit = quotient.rounded(.down)
                // One track is kept for every item still to come, so the grid stays within maxTracks.
                let cap = min(maxTracksPerAdaptiveItem, max(1, maxTracks - tracks.count - (items.count - 1 - i)))
                let k = Int(min(max(fit, 1), Double(cap)))
                let even = (share - Double(k - 1) * s) / Double(k)
                let size = max(min(even, saneMax(hi)), 0)
                for j in 0..<k {
                    add(size, i)
                    if j < k - 1 { cursor += s }
                }
                explanation.steps.append(.init(item: i, rule: .adaptive(minimum: minimum, maximum: saneMax(hi), spacing: s, quotient: quotient),
                                               remaining: remaining, sharers: flexibleCount, share: share, size: size, count: k,
                                               spacingAfter: after, clamp: even > saneMax(hi) ? .capped : nil,
                                               hitTrackCap: fit > Double(cap)))
                remaining -= Double(k) * size + Double(k - 1) * s
                flexibleCount -= 1
            }
            if i < items.count - 1 { cursor += spacing[i] }
        }
        explanation.total = cursor
        return (tracks, explanation)
    }

    private static func saneMax(_ v: Double) -> Double { v.isNaN ? .infinity : max(v, 0) }
}

/// The space between two neighbouring tracks, and the spacing that made it.
public struct TrackGap: Hashable, Sendable {
    /// Start along the cross axis (the trailing edge of the track before it).
    public var offset: Double
    public var size: Double
    /// The GridItem whose spacing this is.
    public var item: Int
    /// Between two tracks of one adaptive item (its own spacing), rather than after the item.
    public var withinItem: Bool

    public var end: Double { offset + size }

    public init(offset: Double, size: Double, item: Int, withinItem: Bool) {
        self.offset = offset
        self.size = size
        self.item = item
        self.withinItem = withinItem
    }
}

extension GridTrack {
    func shifted(by d: Double) -> GridTrack {
        GridTrack(offset: offset + d, size: size, item: item, alignment: alignment)
    }
}
