import GridCore

/// A lazy grid's content read for GridCore: its sections (a `Section`'s header and footer each a
/// line of the grid), the runs of items in each (a `ForEach` is one run of count × views-per-element
/// items, made only when shown), and how the items size themselves (`ItemSizing`), measured from
/// their views. The layout itself is GridCore's `LazyGridLayout`.
struct GridModel {
    struct Section {
        var header: ViewNode?
        var footer: ViewNode?
        var runs: [Run]
        var count: Int { runs.reduce(0) { $0 + $1.count } }
    }

    enum Run {
        case view(ViewNode)
        case forEach(ForEachContent, perElement: Int)

        var count: Int {
            switch self {
            case .view: return 1
            case let .forEach(f, k):
                let (n, overflow) = f.count.multipliedReportingOverflow(by: k)
                return overflow ? Int.max / 2 : n
            }
        }
    }

    let description: GridDescription
    let extent: Double
    let sections: [Section]
    let layout: LazyGridLayout
    let sizing: ItemSizing
    let notes: [String]
    let signature: GridSignature
    /// The first item index of each run, over all sections, in order.
    let runStarts: [Int]
    let runs: [Run]

    /// Item `index`'s view and the identity of the element it belongs to.
    func item(_ index: Int, cached: Bool = true) -> (view: ViewNode, element: AnyHashable, position: Int, run: Int)? {
        guard let r = run(containing: index) else { return nil }
        let local = index - runStarts[r]
        switch runs[r] {
        case .view(let v):
            return (v, AnyHashable(local), 0, r)
        case let .forEach(f, k):
            let e = local / k, p = local % k
            // An element of several views is made once for all of them.
            let views = cached || k > 1 ? f.views(e) : f.makeViews(e)
            return (p < views.count ? views[p] : .empty, f.id(e), p, r)
        }
    }

    /// Item `index`'s paints without its views, when its `ForEach` can tell them (one view an element).
    func paints(_ index: Int) -> [ElementSignature.Paint]? {
        guard let r = run(containing: index), case let .forEach(f, 1) = runs[r], let paints = f.paints else { return nil }
        return paints(index - runStarts[r])
    }

    /// The run item `index` is in (the last whose start is at or before it), nil outside the grid.
    private func run(containing index: Int) -> Int? {
        guard index >= 0, index < layout.count, !runs.isEmpty else { return nil }
        var lo = 0, hi = runStarts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if runStarts[mid] <= index { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? lo - 1 : nil
    }

    /// The item index of element `element`, view `position`, of run `run`, if it is still there.
    func index(ofElement element: AnyHashable, position: Int, run: Int) -> Int? {
        guard run < runs.count else { return nil }
        switch runs[run] {
        case .view: return element == AnyHashable(0) && position == 0 ? runStarts[run] : nil
        case let .forEach(f, k):
            guard position < k, let e = f.indexOfID(element) else { return nil }
            return runStarts[run] + e * k + position
        }
    }
}

/// What the items measured: for each sample (an element's view at a position, or every item when
/// the grid is small) its length across and along the grid at each distinct track size, and
/// whether it stretches to its row. Equal tables make equal layouts.
struct SizingTable: Hashable {
    var trackSizes: [Double]
    var cross: [[Double]]
    var main: [[Double]]
    var fills: [Bool]
    /// True when every item was measured (a small grid), else one sample per position per run.
    var exact: Bool
}

extension LayoutPass {
    /// Grids of up to this many items measure every item (photos of different shapes); larger ones
    /// measure their first element and take every element to size like it, as every seed's do (the
    /// size comes from modifiers written once in the `ForEach`, not from the data).
    static let exactMeasureLimit = 256
    /// Items of different lengths make GridCore keep prefix sums; past this many the grid uses the
    /// longest instead, and says so.
    static let perItemLimit = 100_000

    func gridModel(_ node: ViewNode, _ description: GridDescription, _ children: [ViewNode], extent: Double,
                   _ env: LayoutEnvironment) -> GridModel {
        let key = GridKey(node: ObjectIdentifier(node), extent: extent)
        if let m = gridModels[key] { return m }
        let sections = gridSections(children)
        let runs = sections.flatMap(\.runs)
        var starts: [Int] = [], total = 0
        for r in runs { starts.append(total); total += r.count }
        let vertical = description.axis == .vertical
        let tracks = GridTracks(items: description.items, extent: extent, alignment: description.alignment).tracks
        let trackSizes = Array(Set(tracks.map(\.size))).sorted()
        let table = sizingTable(runs, total: total, trackSizes: trackSizes, vertical: vertical, env)
        var gridNotes: [String] = []
        let sizing = itemSizing(table, runs: runs, starts: starts, total: total, notes: &gridNotes)
        let gridSections = sections.map { s in
            GridSection(count: s.count, header: s.header.map { lineExtent($0, extent, vertical, env) },
                        footer: s.footer.map { lineExtent($0, extent, vertical, env) })
        }
        let signature = GridSignature(grid: description, extent: extent, sections: gridSections, table: table)
        let layout = cachedLayouts[signature] ?? LazyGridLayout(axis: description.axis, items: description.items, extent: extent,
                                                                alignment: description.alignment, spacing: description.spacing,
                                                                pinnedViews: description.pinnedViews, sections: gridSections, sizing: sizing)
        usedLayouts[signature] = layout
        let model = GridModel(description: description, extent: extent, sections: sections, layout: layout, sizing: sizing,
                              notes: gridNotes, signature: signature, runStarts: starts, runs: runs)
        gridModels[key] = model
        return model
    }

    /// A header's or footer's length along the grid: it spans the grid's extent.
    func lineExtent(_ v: ViewNode, _ extent: Double, _ vertical: Bool, _ env: LayoutEnvironment) -> Double {
        let s = size(v, vertical ? ProposedViewSize(width: extent, height: nil) : ProposedViewSize(width: nil, height: extent), env)
        return vertical ? s.height : s.width
    }

    /// The grid's content as sections: a `Section` is one; items outside any section make one
    /// without header or footer; a `ForEach` of sections makes its sections (all of them: GridCore
    /// keeps a list of sections, up to `ForEachContent.eagerLimit`).
    func gridSections(_ children: [ViewNode]) -> [GridModel.Section] {
        var sections: [GridModel.Section] = []
        var loose: [GridModel.Run] = []
        func flush() {
            if !loose.isEmpty { sections.append(GridModel.Section(header: nil, footer: nil, runs: loose)); loose = [] }
        }
        func one(_ views: [ViewNode]) -> ViewNode? {
            let v = flatten(views)
            return v.isEmpty ? nil : v.count == 1 ? v[0] : ViewNode(.stack(.vertical, alignment: .center, spacing: nil, v))
        }
        func runs(_ nodes: [ViewNode]) -> [GridModel.Run] {
            var result: [GridModel.Run] = []
            for n in nodes {
                guard case .content(let c) = n.kind else { result.append(.view(n)); continue }
                switch c {
                case .group(let g): result += runs(g)
                case .forEach(let f) where f.count > 0: result.append(.forEach(f, perElement: f.viewsPerElement))
                case .empty, .forEach: break
                default: result.append(.view(n))
                }
            }
            return result
        }
        func walk(_ nodes: [ViewNode]) {
            for n in nodes {
                guard case .content(let c) = n.kind else { loose.append(.view(n)); continue }
                switch c {
                case let .section(header, content, footer):
                    flush()
                    sections.append(GridModel.Section(header: one(header), footer: one(footer), runs: runs(content)))
                case .group(let g): walk(g)
                case .forEach(let f) where f.count > 0 && isSection(f.views(0).first):
                    let n = min(f.count, ForEachContent.eagerLimit)
                    if f.count > n { note("a ForEach of \(f.count) sections in a grid shows its first \(n)") }
                    for e in 0..<n { walk(f.views(e)) }
                default:
                    loose += runs([n])
                }
            }
        }
        walk(children)
        flush()
        if sections.isEmpty { sections.append(GridModel.Section(header: nil, footer: nil, runs: [])) }
        return sections
    }

    func isSection(_ n: ViewNode?) -> Bool {
        if case .content(.section)? = n?.kind { return true }
        return false
    }

    /// Measures the samples: each offered its track's length across the grid and nothing along it
    /// (its ideal length), then a long length along it to see whether it stretches to its row.
    func sizingTable(_ runs: [GridModel.Run], total: Int, trackSizes: [Double], vertical: Bool,
                     _ env: LayoutEnvironment) -> SizingTable {
        let exact = total <= LayoutPass.exactMeasureLimit
        var samples: [ViewNode] = []
        for r in runs {
            switch r {
            case .view(let v): samples.append(v)
            case let .forEach(f, k):
                let elements = exact ? f.count : 1
                for e in 0..<elements {
                    let views = f.views(e)
                    for p in 0..<k { samples.append(p < views.count ? views[p] : .empty) }
                }
            }
        }
        var cross: [[Double]] = [], main: [[Double]] = [], fills: [Bool] = []
        for v in samples {
            var c: [Double] = [], m: [Double] = [], stretches = true
            for t in trackSizes.isEmpty ? [0] : trackSizes {
                let s = size(v, vertical ? ProposedViewSize(width: t, height: nil) : ProposedViewSize(width: nil, height: t), env)
                let along = vertical ? s.height : s.width
                c.append(vertical ? s.width : s.height)
                m.append(along)
                let long = along + 1000
                let stretched = size(v, vertical ? ProposedViewSize(width: t, height: long) : ProposedViewSize(width: long, height: t), env)
                if (vertical ? stretched.height : stretched.width) < long - 0.5 { stretches = false }
            }
            cross.append(c); main.append(m); fills.append(stretches)
        }
        return SizingTable(trackSizes: trackSizes, cross: cross, main: main, fills: fills, exact: exact)
    }

    /// GridCore's `ItemSizing` from the measured table: as wide as the track when every sample is,
    /// a fixed width when every sample has the same one; one length along the grid when all agree
    /// (rows uniform: O(1) lookups), else each item's own.
    func itemSizing(_ t: SizingTable, runs: [GridModel.Run], starts: [Int], total: Int, notes: inout [String]) -> ItemSizing {
        guard !t.cross.isEmpty else { return ItemSizing(cross: .fill, main: .fixed(0)) }
        let sizes = t.trackSizes.isEmpty ? [0] : t.trackSizes
        let close = { (a: Double, b: Double) in abs(a - b) < 1e-9 || a == b }
        let fill = t.cross.allSatisfy { row in zip(row, sizes).allSatisfy { close($0, $1) } }
        let first = t.cross[0][0]
        let constant = t.cross.allSatisfy { $0.allSatisfy { close($0, first) } }
        let cross: ItemSizing.Cross
        if fill { cross = .fill } else if constant { cross = .fixed(first) } else {
            cross = .fill
            notes.append("an item's width follows its track's in a way GridCore does not model; it is drawn as wide as its track")
        }
        let fillsRow = t.fills.allSatisfy { $0 }
        let m0 = t.main[0][0]
        // Items all one length make rows that length: whether some stretch to it changes nothing.
        if t.main.allSatisfy({ $0.allSatisfy { close($0, m0) } }) {
            return ItemSizing(cross: cross, main: .fixed(m0), fillsRow: fillsRow)
        }
        if total > LayoutPass.perItemLimit {
            let longest = t.main.flatMap { $0 }.filter(\.isFinite).max() ?? m0
            notes.append("items of different lengths over \(total) items: every row is \(formatPoints(longest)) long")
            return ItemSizing(cross: cross, main: .fixed(longest), fillsRow: fillsRow)
        }
        // Sample row of item `index`: itself when every item was measured, else its run's sample
        // for its position in the element.
        var sampleStart: [Int] = [], s = 0
        for r in runs {
            sampleStart.append(s)
            if case .forEach(_, let k) = r { s += t.exact ? r.count : k } else { s += 1 }
        }
        // The closures may be asked from any thread, so they hold plain values, not the runs' views.
        let perElement: [Int?] = runs.map { if case .forEach(_, let k) = $0 { k } else { nil } }
        let table = t.main, exact = t.exact, sampleStarts = sampleStart
        let sampleRow: @Sendable (Int) -> Int = { index in
            var lo = 0, hi = starts.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if starts[mid] <= index { lo = mid + 1 } else { hi = mid }
            }
            let r = max(0, lo - 1)
            let local = index - starts[r]
            var row = sampleStarts[r]
            if let k = perElement[r] { row += exact ? local : local % k }
            return row
        }
        // Some stretch to their row and some do not (seed 000's coffee grid beside its cafe photo).
        let fills = t.fills
        var some: (@Sendable (Int) -> Bool)?
        if !fillsRow && fills.contains(true) {
            some = { (i: Int) -> Bool in
                let row = sampleRow(i)
                return row < fills.count && fills[row]
            }
        }
        return ItemSizing(cross: cross, main: .perItem { index, trackSize in
            let row = sampleRow(index)
            let column = sizes.firstIndex(where: { abs($0 - trackSize) < 1e-9 }) ?? 0
            return row < table.count ? table[row][min(column, table[row].count - 1)] : 0
        }, fillsRow: fillsRow, fillsRowOf: some)
    }
}
