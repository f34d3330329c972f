/// Why a grid's tracks are what they are: every number of the track-sizing rule, recorded by
/// `GridTracks` while it computed the tracks (not worked out again), so an explanation can never
/// disagree with the layout it explains. The layout inspector and `coffeegrid layout --explain`
/// print it (`lines(axis:)`).
public struct TrackExplanation: Hashable, Sendable {
    /// One walk over the items at one extent (SwiftUI may take two; see `second`).
    public struct Pass: Hashable, Sendable {
        /// The extent this pass divides: the proposed W, or the overflowing grid's own size S.
        public var extent: Double
        /// Σ of the fixed items' sizes.
        public var fixedTotal: Double
        /// The gap after each item but the last (the spacing between consecutive items).
        public var spacings: [Double]
        /// The last item's spacing, which nothing follows (nil for an empty grid).
        public var unusedSpacing: Double?
        /// `extent − fixedTotal − Σ spacings`: what the flexible and adaptive items share.
        public var remaining: Double
        /// How many items are not fixed (n).
        public var nonFixedCount: Int
        /// One step per item, in declaration order.
        public var steps: [Step]
        /// Leading edge of the first track to trailing edge of the last, gaps included.
        public var total: Double

        public var spacingTotal: Double { spacings.reduce(0, +) }
    }

    /// How one item became its track (or, for an adaptive item, its k tracks).
    public struct Step: Hashable, Sendable {
        public enum Rule: Hashable, Sendable {
            /// `.fixed(v)`: exactly v.
            case fixed
            /// `.flexible(minimum:maximum:)`: `clamp(share, minimum, maximum)`.
            case flexible(minimum: Double, maximum: Double)
            /// `.adaptive(minimum:maximum:)` with its own spacing s: `quotient = (share + s)/(minimum + s)`,
            /// `k = max(1, ⌊quotient⌋)` (at most `GridTracks.maxTracksPerAdaptiveItem`),
            /// each track `min((share − (k − 1)s)/k, maximum)`.
            case adaptive(minimum: Double, maximum: Double, spacing: Double, quotient: Double)
        }

        /// Index of the GridItem.
        public var item: Int
        public var rule: Rule
        /// What was left to share when this item was reached (nil for a fixed item, which takes no share).
        public var remaining: Double?
        /// How many non-fixed items were still to share it, this one included.
        public var sharers: Int
        /// `max(remaining, 0) / sharers`; nil for a fixed item.
        public var share: Double?
        /// Each of this item's tracks.
        public var size: Double
        /// Tracks made: 1, or k for an adaptive item.
        public var count: Int
        /// The gap after this item's last track (nil for the last item, whose spacing is unused).
        public var spacingAfter: Double?

        /// A flexible item's share raised to its minimum or cut to its maximum; an adaptive item's
        /// tracks cut to its maximum. Nil when the rule's plain number stands.
        public var clamp: Clamp?
        /// An adaptive item whose ⌊quotient⌋ exceeded `GridTracks.maxTracksPerAdaptiveItem`, or
        /// what `GridTracks.maxTracks` left it.
        public var hitTrackCap = false

        /// What the item takes from `remaining`: its tracks and, for an adaptive item, the gaps between them.
        public var extent: Double {
            if case .adaptive(_, _, let s, _) = rule { return Double(count) * size + Double(max(count - 1, 0)) * s }
            return Double(count) * size
        }

        public enum Clamp: Hashable, Sendable { case raised, capped }
    }

    /// The items explained, in declaration order.
    public var items: [GridItem]
    /// The extent the grid was proposed (W).
    public var proposed: Double
    /// The grid alignment as a fraction (0 leading/top, ½ centre, 1 trailing/bottom).
    public var alignment: Double
    /// The pass at W.
    public var first: Pass
    /// When the first pass's tracks are wider than W, the grid becomes that wide, centred in W,
    /// and SwiftUI lays the tracks out again at that width.
    public var second: Pass?
    /// Where the grid's leading edge sits in W: 0, or `(W − S)/2` when it overflows.
    public var origin: Double
    /// How far the tracks were moved inside the grid by the alignment: `(S − total) × alignment`
    /// when they are narrower, else 0.
    public var shift: Double

    /// The pass whose tracks are laid out.
    public var final: Pass { second ?? first }
    /// The grid's own extent (S).
    public var size: Double { second?.extent ?? proposed }

    public init(items: [GridItem], proposed: Double, alignment: Double, first: Pass, second: Pass?, origin: Double, shift: Double) {
        self.items = items
        self.proposed = proposed
        self.alignment = alignment
        self.first = first
        self.second = second
        self.origin = origin
        self.shift = shift
    }
}
