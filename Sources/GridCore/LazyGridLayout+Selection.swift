extension LazyGridLayout {
    /// The items whose frames intersect `rect` (layout coordinates), as a selection: what a rubber
    /// band drawn over `rect` touches. Lazy like every query here: only the rows the rectangle
    /// crosses are visited, and a row wholly inside it costs one run, whatever the grid's size.
    public func selection(touching rect: Rect) -> GridSelection {
        var out = GridSelection()
        let k = trackCount
        guard k > 0, count > 0, rect.width >= 0, rect.height >= 0 else { return out }
        let lo = mainMin(rect), hi = mainMax(rect)
        let crossLo = axis == .vertical ? rect.minX : rect.minY, crossHi = axis == .vertical ? rect.maxX : rect.maxY
        // Which tracks the rectangle crosses does not depend on the row: a cell's cross-axis span is
        // its track's. Tracks are in order, so they form one run (or none).
        var t0 = -1, t1 = -1
        for t in 0..<k {
            let track = tracks.tracks[t]
            let cross = sizing.crossLength(trackSize: track.size)
            let c0 = track.offset + (track.size - cross) * anchor(of: track).cross
            if c0 < crossHi && crossLo < c0 + cross { if t0 < 0 { t0 = t }; t1 = t }
        }
        guard t0 >= 0 else { return out }
        var s = firstSection(endingAfter: lo)
        while s < placed.count, placed[s].start < hi {
            let sec = placed[s]
            s += 1
            guard sec.rowCount > 0, sec.rowsEnd > lo, sec.rowsStart < hi else { continue }
            let end = sec.firstItem + sec.count
            for r in sec.rows(overlapping: lo, hi) {
                let base = sec.firstItem + r * k
                let start = sec.rowStart(r)
                if start >= lo && start + sec.rowExtent(r) <= hi {
                    // Wholly inside along the main axis: every cell in the crossed tracks.
                    let first = base + t0, last = min(base + t1, end - 1)
                    if first <= last { out.insert(first...last) }
                    continue
                }
                for t in t0...t1 {
                    let i = base + t
                    guard i < end else { break }
                    if itemFrame(i, row: r, track: t, in: sec).intersects(rect) { out.insert(i) }
                }
            }
        }
        return out
    }
}
