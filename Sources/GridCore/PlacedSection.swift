/// One section laid out along the main axis: where its header, rows and footer start.
/// Uniform rows are arithmetic (start + r × pitch); rows of different extents keep prefix sums.
struct PlacedSection {
    let firstItem: Int
    let count: Int
    /// Main-axis start of the section's first line (and its end when it has none).
    let start: Double
    let headerExtent: Double?
    let rowsStart: Double
    let rowCount: Int
    /// Main-axis end of the last row (equal to `rowsStart` without rows).
    let rowsEnd: Double
    let footerStart: Double?
    let footerExtent: Double?
    let end: Double

    private let uniformExtent: Double
    private let pitch: Double
    /// Empty for uniform rows.
    private let starts: [Double]
    private let extents: [Double]

    init(_ section: GridSection, firstItem: Int, tracks: [GridTrack], sizing: ItemSizing,
         spacing: Double, cursor: inout Double, hasLine: inout Bool) {
        func line(_ extent: Double) -> Double {
            if hasLine { cursor += spacing }
            hasLine = true
            let at = cursor
            cursor += extent
            return at
        }
        func sane(_ v: Double?) -> Double? { v.map { $0.isFinite && $0 > 0 ? $0 : 0 } }

        self.firstItem = firstItem
        self.count = section.count
        let k = tracks.count
        let rows = k > 0 ? (section.count + k - 1) / k : 0
        self.rowCount = rows
        self.headerExtent = sane(section.header)
        self.footerExtent = sane(section.footer)

        let startBeforeLines = cursor
        var headerStart: Double?
        if let h = headerExtent { headerStart = line(h) }

        if rows == 0 {
            uniformExtent = 0; pitch = 0; starts = []; extents = []
            rowsStart = cursor
            rowsEnd = cursor
        } else if case .fixed = sizing.main {
            let e = sizing.mainLength(firstItem, trackSize: tracks[0].size)
            uniformExtent = e
            pitch = e + spacing
            starts = []; extents = []
            rowsStart = line(e)
            cursor = rowsStart + Double(rows) * e + Double(rows - 1) * spacing
            rowsEnd = cursor
        } else {
            uniformExtent = 0; pitch = 0
            var s: [Double] = [], x: [Double] = []
            s.reserveCapacity(rows); x.reserveCapacity(rows)
            for r in 0..<rows {
                var tallest = 0.0
                for t in 0..<k {
                    let i = r * k + t
                    guard i < section.count else { break }
                    tallest = max(tallest, sizing.mainLength(firstItem + i, trackSize: tracks[t].size))
                }
                s.append(line(tallest))
                x.append(tallest)
            }
            starts = s; extents = x
            rowsStart = s[0]
            rowsEnd = cursor
        }

        var footerAt: Double?
        if let f = footerExtent { footerAt = line(f) }
        self.footerStart = footerAt
        self.start = headerStart ?? (rows > 0 ? rowsStart : (footerAt ?? startBeforeLines))
        self.end = cursor
    }

    func rowStart(_ r: Int) -> Double {
        starts.isEmpty ? rowsStart + Double(r) * pitch : starts[r]
    }

    func rowExtent(_ r: Int) -> Double {
        extents.isEmpty ? uniformExtent : extents[r]
    }

    /// The rows whose main-axis span may touch [lo, hi]; callers filter exact frames.
    /// Uniform: arithmetic, widened by one row against rounding. Varied: binary search.
    func rows(overlapping lo: Double, _ hi: Double) -> Range<Int> {
        guard rowCount > 0 else { return 0..<0 }
        if starts.isEmpty {
            // Rows of zero pitch have zero extent: nothing in them can intersect anything.
            guard pitch > 0 else { return 0..<0 }
            let first = ((lo - rowsStart) / pitch).rounded(.down) - 1
            let last = ((hi - rowsStart) / pitch).rounded(.down) + 2
            let a = Int(min(max(first, 0), Double(rowCount)))
            let b = Int(min(max(last, 0), Double(rowCount)))
            return a..<max(a, b)
        }
        // First row whose end lies at or after lo, then walk while rows start at or before hi.
        var l = 0, h = rowCount
        while l < h {
            let mid = (l + h) / 2
            if starts[mid] + extents[mid] >= lo { h = mid } else { l = mid + 1 }
        }
        var b = l
        while b < rowCount, starts[b] <= hi { b += 1 }
        return l..<b
    }
}
