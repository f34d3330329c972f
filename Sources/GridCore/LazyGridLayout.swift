/// The geometry of one lazy grid at one cross-axis extent: an immutable object that answers
/// "which items intersect this viewport, and where" in time proportional to what is visible.
///
/// Coordinates: x/y points with the origin at the top-leading corner of the container the grid
/// was proposed. Along the main axis the grid starts at 0; along the cross axis the tracks sit
/// where `GridTracks` put them (an overflowing grid starts below 0).
///
/// Building the layout is O(sections) for uniform items and O(items) when items differ in
/// length (prefix sums of row extents). Every query after that is O(log sections + log rows +
/// visible), and O(1) + visible for the common single-section uniform grid.
public struct LazyGridLayout {
    public let axis: Axis
    public let tracks: GridTracks
    /// The gap between consecutive lines (rows of a vertical grid, columns of a horizontal one),
    /// section headers and footers included.
    public let lineSpacing: Double
    public let sizing: ItemSizing
    public let pinnedViews: PinnedScrollableViews
    public let sections: [GridSection]
    /// Total number of items over all sections.
    public let count: Int
    /// Main-axis extent of all lines and the gaps between them.
    public let mainExtent: Double

    let alignment: Double
    let placed: [PlacedSection]

    public init(axis: Axis, items: [GridItem], extent: Double, alignment: Double = 0.5,
                spacing: Double? = nil, pinnedViews: PinnedScrollableViews = [],
                sections: [GridSection], sizing: ItemSizing) {
        self.axis = axis
        self.tracks = GridTracks(items: items, extent: extent, alignment: alignment)
        let gap = spacing ?? GridItem.defaultSpacing
        self.lineSpacing = gap.isFinite && gap > 0 ? gap : 0
        self.sizing = sizing
        self.pinnedViews = pinnedViews
        self.sections = sections
        self.alignment = alignment.isFinite ? min(max(alignment, 0), 1) : 0.5
        var placed: [PlacedSection] = []
        placed.reserveCapacity(sections.count)
        var cursor = 0.0
        var hasLine = false
        var first = 0
        for section in sections {
            let p = PlacedSection(section, firstItem: first, tracks: tracks.tracks, sizing: sizing,
                                  spacing: lineSpacing, cursor: &cursor, hasLine: &hasLine)
            placed.append(p)
            first += section.count
        }
        self.placed = placed
        self.count = first
        self.mainExtent = cursor
    }

    // MARK: - Size

    /// The scrollable content: the grid's main extent by the proposed cross extent.
    public var contentSize: Size { size(main: mainExtent, cross: tracks.extent) }

    /// Number of tracks (columns of a vertical grid, rows of a horizontal one).
    public var trackCount: Int { tracks.tracks.count }

    // MARK: - Queries

    /// The frame of item `index`, or nil when the index is out of range or the grid has no tracks.
    public func frame(of index: Int) -> Rect? {
        guard index >= 0, index < count, let s = sectionIndex(containingItem: index) else { return nil }
        let sec = placed[s]
        let k = trackCount
        guard k > 0 else { return nil }
        let local = index - sec.firstItem
        return itemFrame(index, row: local / k, track: local % k, in: sec)
    }

    /// Calls `body` with every item whose frame intersects `viewport` grown by `margin` along the
    /// main axis (a prefetch margin), in index order.
    public func forEachItem(in viewport: Rect, margin: Double = 0, _ body: (Int, Rect) -> Void) {
        walkItems(in: viewport, margin: margin) { body($0, $1); return true }
    }

    /// `forEachItem`, stopped as soon as `body` returns false.
    func walkItems(in viewport: Rect, margin: Double, _ body: (Int, Rect) -> Bool) {
        let k = trackCount
        guard k > 0, count > 0 else { return }
        let area = grown(viewport, by: margin)
        let lo = mainMin(area), hi = mainMax(area)
        guard hi > lo || hi == lo else { return }
        var s = firstSection(endingAfter: lo)
        while s < placed.count, placed[s].start < hi {
            let sec = placed[s]
            s += 1
            guard sec.rowCount > 0, sec.rowsEnd > lo, sec.rowsStart < hi else { continue }
            let rows = sec.rows(overlapping: lo, hi)
            for r in rows {
                let base = sec.firstItem + r * k
                let end = min(base + k, sec.firstItem + sec.count)
                for i in base..<end {
                    let f = itemFrame(i, row: r, track: i - base, in: sec)
                    if f.intersects(area) && !body(i, f) { return }
                }
            }
        }
    }

    /// The most items one `items(in:margin:)` returns: what a frame may materialize. Hairline
    /// tracks would otherwise make millions of cells a frame (1,024,000 tracks × 15 rows took
    /// 3.5 GB and aborted); the largest window (8,192 points) of 50-point cells shows 20,022.
    public static let maxItemsPerQuery = 25_000

    /// The items whose frames intersect the viewport (grown by `margin` along the main axis), in
    /// index order, at most `maxItemsPerQuery` of them (the first ones).
    public func items(in viewport: Rect, margin: Double = 0) -> [PlacedItem] {
        var result: [PlacedItem] = []
        walkItems(in: viewport, margin: margin) { i, f in
            result.append(PlacedItem(index: i, frame: f))
            return result.count < LazyGridLayout.maxItemsPerQuery
        }
        return result
    }

    /// How many items the viewport (grown by `margin`) may hold, without making them: every item of
    /// every row that reaches into it. O(sections); at least the number `items(in:margin:)` finds.
    public func candidateCount(in viewport: Rect, margin: Double = 0) -> Int {
        let k = trackCount
        guard k > 0, count > 0 else { return 0 }
        let area = grown(viewport, by: margin)
        let lo = mainMin(area), hi = mainMax(area)
        guard hi >= lo else { return 0 }
        var total = 0
        var s = firstSection(endingAfter: lo)
        while s < placed.count, placed[s].start < hi {
            let sec = placed[s]
            s += 1
            guard sec.rowCount > 0, sec.rowsEnd > lo, sec.rowsStart < hi else { continue }
            let rows = sec.rows(overlapping: lo, hi)
            guard let first = rows.first, let last = rows.last else { continue }
            let lastEnd = min((last + 1) * k, sec.count)
            total += max(0, lastEnd - first * k)
        }
        return total
    }

    /// The item whose frame contains `point`, if any.
    public func index(at point: Point) -> Int? {
        let k = trackCount
        guard k > 0, count > 0 else { return nil }
        let m = axis == .vertical ? point.y : point.x
        let s = firstSection(endingAfter: m)
        guard s < placed.count else { return nil }
        let sec = placed[s]
        guard sec.rowCount > 0 else { return nil }
        for r in sec.rows(overlapping: m, m) {
            for t in 0..<k {
                let i = sec.firstItem + r * k + t
                guard i < sec.firstItem + sec.count else { break }
                if itemFrame(i, row: r, track: t, in: sec).contains(point) { return i }
            }
        }
        return nil
    }

    /// Section headers and footers that intersect the viewport, with pinned ones moved to stay at
    /// the viewport's leading/trailing edge until the end of their section pushes them away.
    public func supplementaryViews(in viewport: Rect) -> [SupplementaryView] {
        var result: [SupplementaryView] = []
        let lo = mainMin(viewport), hi = mainMax(viewport)
        var s = firstSection(endingAfter: lo)
        while s < placed.count, placed[s].start < hi {
            let sec = placed[s]
            if let h = sec.headerExtent {
                var start = sec.start
                var pinned = false
                if pinnedViews.contains(.sectionHeaders) {
                    let stuck = min(max(sec.start, lo), sec.end - h)
                    pinned = stuck != sec.start
                    start = stuck
                }
                let f = lineFrame(start: start, extent: h)
                if f.intersects(viewport) || (h == 0 && start >= lo && start < hi) {
                    result.append(SupplementaryView(kind: .header, section: s, frame: f, isPinned: pinned))
                }
            }
            if let h = sec.footerExtent, let natural = sec.footerStart {
                var start = natural
                var pinned = false
                if pinnedViews.contains(.sectionFooters) {
                    let stuck = max(min(natural, hi - h), sec.start + (sec.headerExtent ?? 0))
                    pinned = stuck != natural
                    start = stuck
                }
                let f = lineFrame(start: start, extent: h)
                if f.intersects(viewport) {
                    result.append(SupplementaryView(kind: .footer, section: s, frame: f, isPinned: pinned))
                }
            }
            s += 1
        }
        return result
    }

    /// Where section `section` starts along the main axis (its header, or its first row).
    public func sectionStart(_ section: Int) -> Double? {
        section >= 0 && section < placed.count ? placed[section].start : nil
    }

    /// The scroll offset that brings item `index` into `viewport` (both in this layout's
    /// coordinates), as ScrollViewReader's `scrollTo(_:anchor:)`: with an anchor, that point of
    /// the item lines up with the same point of the viewport; with nil, the least scroll that
    /// makes the item wholly visible. Clamped to the content.
    public func scrollOffset(toReveal index: Int, anchor: UnitPoint? = nil, viewport: Rect) -> Point? {
        guard let f = frame(of: index) else { return nil }
        return GridCore.scrollOffset(toReveal: f, anchor: anchor, viewport: viewport, contentSize: contentSize)
    }

    // MARK: - Geometry helpers

    func itemFrame(_ index: Int, row r: Int, track t: Int, in sec: PlacedSection) -> Rect {
        let track = tracks.tracks[t]
        let rowStart = sec.rowStart(r)
        let rowExtent = sec.rowExtent(r)
        let main = sizing.fills(index) ? rowExtent : sizing.mainLength(index, trackSize: track.size)
        let cross = sizing.crossLength(trackSize: track.size)
        let (fCross, fMain) = anchor(of: track)
        let m0 = rowStart + (rowExtent - main) * fMain
        let c0 = track.offset + (track.size - cross) * fCross
        return rect(main: m0, mainExtent: main, cross: c0, crossExtent: cross)
    }

    /// A cell is anchored by its GridItem's alignment if set, else by the grid's alignment across
    /// the tracks and centred along the rows.
    func anchor(of track: GridTrack) -> (cross: Double, main: Double) {
        guard let a = track.alignment else { return (alignment, 0.5) }
        return axis == .vertical ? (a.horizontal.fraction, a.vertical.fraction)
                                 : (a.vertical.fraction, a.horizontal.fraction)
    }

    /// A header or footer line spans the grid's own extent.
    func lineFrame(start: Double, extent: Double) -> Rect {
        rect(main: start, mainExtent: extent, cross: tracks.origin, crossExtent: tracks.size)
    }

    func rect(main: Double, mainExtent: Double, cross: Double, crossExtent: Double) -> Rect {
        axis == .vertical
            ? Rect(x: cross, y: main, width: crossExtent, height: mainExtent)
            : Rect(x: main, y: cross, width: mainExtent, height: crossExtent)
    }

    func size(main: Double, cross: Double) -> Size {
        axis == .vertical ? Size(width: cross, height: main) : Size(width: main, height: cross)
    }

    func mainMin(_ r: Rect) -> Double { axis == .vertical ? r.minY : r.minX }
    func mainMax(_ r: Rect) -> Double { axis == .vertical ? r.maxY : r.maxX }

    func grown(_ r: Rect, by margin: Double) -> Rect {
        let m = margin.isFinite && margin > 0 ? margin : 0
        return axis == .vertical ? Rect(x: r.minX, y: r.minY - m, width: r.width, height: r.height + 2 * m)
                                 : Rect(x: r.minX - m, y: r.minY, width: r.width + 2 * m, height: r.height)
    }

    /// The first section whose end lies after `main` (binary search over section ends).
    func firstSection(endingAfter main: Double) -> Int {
        var lo = 0, hi = placed.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if placed[mid].end > main { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    func sectionIndex(containingItem index: Int) -> Int? {
        var lo = 0, hi = placed.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if placed[mid].firstItem + placed[mid].count > index { hi = mid } else { lo = mid + 1 }
        }
        return lo < placed.count ? lo : nil
    }
}

/// An item index with its frame.
public struct PlacedItem: Hashable, Sendable {
    public var index: Int
    public var frame: Rect
    public init(index: Int, frame: Rect) { self.index = index; self.frame = frame }
}
