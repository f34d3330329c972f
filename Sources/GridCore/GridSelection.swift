/// Which items of a grid are selected, with the desktop's anchor and focus: the one selection model
/// of every grid. A sorted list of disjoint, non-adjacent index ranges, so its size is the number
/// of runs, never the number of items: "select all" over 10⁹ cells is one range, `contains` is a
/// binary search (O(log runs)) and drawing asks it only about the cells on screen.
///
/// The mutating verbs beyond plain set operations are the conventions of GTK's GridView and
/// Nautilus, so every grid answers a click, Ctrl/Shift+click, the keys and a rubber band alike:
/// `select` (click), `toggle` (Ctrl+click, Space), `extend(to:adding:)` (Shift and Ctrl+Shift+click,
/// Shift+arrows), `selectAll` (Ctrl+A), `removeAll` (Esc, a click on empty space).
public struct GridSelection: Equatable, Sendable {
    /// The selected indices as sorted, disjoint ranges with at least one unselected index between
    /// two of them.
    public private(set) var ranges: [ClosedRange<Int>] = []
    /// How many indices are selected (kept, not summed: the title bar shows it every frame).
    public private(set) var count = 0
    /// Where a Shift+click or Shift+arrow range starts: the last item clicked, toggled or moved to
    /// without Shift.
    public var anchor: Int?
    /// The item the keyboard acts on (drawn with the focus ring while the grid has focus).
    public var focus: Int?

    public init() {}

    /// A selection of exactly `ranges` (in any order, overlapping or not).
    public init<S: Sequence>(_ ranges: S) where S.Element == ClosedRange<Int> {
        for r in ranges { insert(r) }
    }

    public var isEmpty: Bool { ranges.isEmpty }

    /// Whether index `i` is selected: a binary search over the runs.
    public func contains(_ i: Int) -> Bool {
        guard let k = lastRange(startingAtOrBefore: i) else { return false }
        return ranges[k].upperBound >= i
    }

    /// The first `limit` selected indices in order (the state file names the first 64).
    public func first(_ limit: Int) -> [Int] {
        var out: [Int] = []
        for r in ranges {
            var i = r.lowerBound
            while i <= r.upperBound, out.count < limit { out.append(i); if i == Int.max { break }; i += 1 }
            if out.count >= limit { break }
        }
        return out
    }

    /// Every selected index in order; O(count), for the few callers that remap small sets.
    public var indices: [Int] { first(count) }

    // MARK: - Set operations

    /// Selects every index of `r` (item indices are 0 or more: the rest of `r` is ignored).
    public mutating func insert(_ r: ClosedRange<Int>) {
        guard r.upperBound >= 0 else { return }
        let r = max(r.lowerBound, 0)...r.upperBound
        // The appended run after every other one (a rubber band's rows arrive in order): no search.
        if let last = ranges.last, r.lowerBound > last.upperBound, r.lowerBound - last.upperBound > 1 {
            ranges.append(r)
            count += r.count
            return
        }
        // Every run that overlaps r or touches it (one index apart) merges with it.
        let lo = firstRange(endingAtOrAfter: r.lowerBound - 1)
        var hi = lo
        var merged = r
        while hi < ranges.count, ranges[hi].lowerBound <= (r.upperBound == Int.max ? Int.max : r.upperBound + 1) {
            merged = min(merged.lowerBound, ranges[hi].lowerBound)...max(merged.upperBound, ranges[hi].upperBound)
            count -= ranges[hi].count
            hi += 1
        }
        ranges.replaceSubrange(lo..<hi, with: [merged])
        count += merged.count
    }

    public mutating func insert(_ i: Int) { insert(i...i) }

    /// Deselects every index of `r`.
    public mutating func remove(_ r: ClosedRange<Int>) {
        let lo = firstRange(endingAtOrAfter: r.lowerBound)
        var hi = lo
        var kept: [ClosedRange<Int>] = []
        while hi < ranges.count, ranges[hi].lowerBound <= r.upperBound {
            let run = ranges[hi]
            count -= run.count
            if run.lowerBound < r.lowerBound { kept.append(run.lowerBound...(r.lowerBound - 1)) }
            if run.upperBound > r.upperBound { kept.append((r.upperBound + 1)...run.upperBound) }
            hi += 1
        }
        guard hi > lo else { return }
        ranges.replaceSubrange(lo..<hi, with: kept)
        count += kept.reduce(0) { $0 + $1.count }
    }

    public mutating func remove(_ i: Int) { remove(i...i) }

    /// Everything selected in either.
    public func union(_ other: GridSelection) -> GridSelection {
        var (big, small) = count >= other.count ? (self, other) : (other, self)
        big.anchor = anchor
        big.focus = focus
        for r in small.ranges { big.insert(r) }
        return big
    }

    /// Drops whatever lies at or beyond `count` (items that went away), and an anchor or focus there.
    public mutating func clamp(to count: Int) {
        let n = max(count, 0)
        if let last = ranges.last, last.upperBound >= n { remove(n...last.upperBound) }
        if let a = anchor, a >= n { anchor = n > 0 ? n - 1 : nil }
        if let f = focus, f >= n { focus = n > 0 ? n - 1 : nil }
    }

    /// The same items after their indices changed: `map` gives an item's new index, nil when it went
    /// away. O(count) — for small grids whose items are inserted or removed (a cafe's coffee grid
    /// shown); a grid whose indices do not move (a column toggle) keeps its selection as it is.
    public func remapped(_ map: (Int) -> Int?) -> GridSelection {
        var out = GridSelection()
        for i in indices { if let n = map(i) { out.insert(n) } }
        out.anchor = anchor.flatMap(map)
        out.focus = focus.flatMap(map)
        return out
    }

    // MARK: - Desktop conventions

    /// A click: this item alone, and the anchor for a later Shift+click.
    public mutating func select(_ i: Int) {
        removeAll()
        insert(i)
        anchor = i
        focus = i
    }

    /// Ctrl+click or Space: this item in or out, the rest kept; it becomes the anchor.
    public mutating func toggle(_ i: Int) {
        if contains(i) { remove(i) } else { insert(i) }
        anchor = i
        focus = i
    }

    /// Shift+click (replacing the selection) or Ctrl+Shift+click (`adding` to it): every item from
    /// the anchor to `i`. Without an anchor the range starts at the focus, or at `i` itself.
    public mutating func extend(to i: Int, adding: Bool) {
        let a = anchor ?? focus ?? i
        if !adding { removeAll() }
        insert(min(a, i)...max(a, i))
        anchor = a
        focus = i
    }

    /// Ctrl+A: items `0..<count`, anchor and focus kept.
    public mutating func selectAll(count: Int) {
        removeAll()
        if count > 0 { insert(0...(count - 1)) }
    }

    /// Esc, or a click on empty space: nothing selected; the focus stays where it was.
    public mutating func removeAll() {
        ranges.removeAll(keepingCapacity: true)
        count = 0
    }

    /// An arrow, Home/End or PageUp/PageDown: the focus moves to `i`; with Shift the selection
    /// becomes anchor…`i`, without it the selection stays and `i` is the new anchor.
    public mutating func moveFocus(to i: Int, extending: Bool) {
        if extending { extend(to: i, adding: false) } else { focus = i; anchor = i }
    }

    // MARK: - Search

    /// The last run whose lower bound is at or before `i`.
    private func lastRange(startingAtOrBefore i: Int) -> Int? {
        var lo = 0, hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].lowerBound <= i { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? lo - 1 : nil
    }

    /// The first run whose upper bound is at or after `i` (ranges.count when none is).
    private func firstRange(endingAtOrAfter i: Int) -> Int {
        var lo = 0, hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].upperBound >= i { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
