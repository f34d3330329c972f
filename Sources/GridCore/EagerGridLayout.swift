/// The eager way to lay out a grid: walk every item and compute every frame, as seed 001's grid of
/// stacks does (and as a naive collection view would each frame). It is the reference the lazy
/// layout is tested against and the baseline the benchmark compares with. (The `stack` scene is
/// eager too, but with seed 001's own `rowCount`/`rowViews`, not this.)
public struct EagerGridLayout {
    public let axis: Axis
    public let tracks: GridTracks
    /// Every item's frame, in index order (empty frames for items of a grid without tracks).
    public let frames: [Rect]
    public let headers: [Rect?]
    public let footers: [Rect?]
    public let mainExtent: Double

    public init(axis: Axis, items: [GridItem], extent: Double, alignment: Double = 0.5,
                spacing: Double? = nil, sections: [GridSection], sizing: ItemSizing) {
        self.axis = axis
        let tracks = GridTracks(items: items, extent: extent, alignment: alignment)
        self.tracks = tracks
        let gap = max(spacing ?? GridItem.defaultSpacing, 0)
        let k = tracks.tracks.count
        func rect(_ m: Double, _ me: Double, _ c: Double, _ ce: Double) -> Rect {
            axis == .vertical ? Rect(x: c, y: m, width: ce, height: me) : Rect(x: m, y: c, width: me, height: ce)
        }
        func sane(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }
        var frames: [Rect] = []
        var headers: [Rect?] = [], footers: [Rect?] = []
        var y = 0.0
        var started = false
        func nextLine() { if started { y += gap }; started = true }
        var index = 0
        for section in sections {
            if let h = section.header {
                nextLine(); headers.append(rect(y, sane(h), tracks.origin, tracks.size)); y += sane(h)
            } else { headers.append(nil) }
            var left = section.count
            while left > 0 {
                guard k > 0 else { frames.append(contentsOf: repeatElement(.zero, count: left)); index += left; break }
                nextLine()
                let n = min(k, left)
                var lengths: [Double] = []
                for t in 0..<n {
                    switch sizing.main {
                    case .fixed(let m): lengths.append(sane(m))
                    case .perItem(let f): lengths.append(sane(f(index + t, tracks.tracks[t].size)))
                    }
                }
                let row = lengths.max() ?? 0
                for t in 0..<n {
                    let track = tracks.tracks[t]
                    var fc = alignment, fm = 0.5
                    if let a = track.alignment {
                        fc = axis == .vertical ? a.horizontal.fraction : a.vertical.fraction
                        fm = axis == .vertical ? a.vertical.fraction : a.horizontal.fraction
                    }
                    let main = sizing.fills(index + t) ? row : lengths[t]
                    var cross = track.size
                    if case .fixed(let c) = sizing.cross { cross = sane(c) }
                    frames.append(rect(y + (row - main) * fm, main, track.offset + (track.size - cross) * fc, cross))
                }
                y += row
                index += n
                left -= n
            }
            if let f = section.footer {
                nextLine(); footers.append(rect(y, sane(f), tracks.origin, tracks.size)); y += sane(f)
            } else { footers.append(nil) }
        }
        self.frames = frames
        self.headers = headers
        self.footers = footers
        self.mainExtent = y
    }

    /// Every item whose frame intersects `viewport` grown by `margin` along the main axis: the
    /// filter a non-lazy grid has to run over all items.
    public func items(in viewport: Rect, margin: Double = 0) -> [PlacedItem] {
        let m = max(margin, 0)
        let area = axis == .vertical
            ? Rect(x: viewport.minX, y: viewport.minY - m, width: viewport.width, height: viewport.height + 2 * m)
            : Rect(x: viewport.minX - m, y: viewport.minY, width: viewport.width + 2 * m, height: viewport.height)
        var result: [PlacedItem] = []
        for (i, f) in frames.enumerated() where f.intersects(area) {
            result.append(PlacedItem(index: i, frame: f))
        }
        return result
    }
}
