import GridCore

/// A grid caught between two layouts of the same items, as a photo library shows it mid-pinch:
/// every item's frame is its frame in `from` moved `fraction` of the way to its frame in `to`
/// (position and size), so a fractional column count such as 2.4 has a definite picture.
public struct LayoutBlend {
    public let from: LazyGridLayout
    public let to: LazyGridLayout
    public let fraction: Double

    public init(from: LazyGridLayout, to: LazyGridLayout, fraction: Double) {
        self.from = from
        self.to = to
        self.fraction = fraction.isFinite ? min(max(fraction, 0), 1) : 0
    }

    public var axis: Axis { from.axis }
    public var count: Int { min(from.count, to.count) }
    public var mainExtent: Double { from.mainExtent + (to.mainExtent - from.mainExtent) * fraction }

    public func frame(of index: Int) -> Rect? {
        guard let a = from.frame(of: index), let b = to.frame(of: index) else { return nil }
        return LayoutBlend.mix(a, b, fraction)
    }

    public static func mix(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
        Rect(x: a.minX + (b.minX - a.minX) * t, y: a.minY + (b.minY - a.minY) * t,
             width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
    }

    private func mainMin(_ r: Rect) -> Double { axis == .vertical ? r.minY : r.minX }
    private func mainMax(_ r: Rect) -> Double { axis == .vertical ? r.maxY : r.maxX }

    /// Items whose blended frame meets `area` grown by `margin` along the main axis, in index order.
    /// Both layouts place items in reading order, so blended positions grow with the index and the
    /// hits form one run, found by binary search: O(log n + visible), as the layouts' own queries.
    public func items(in area: Rect, margin: Double = 0) -> [PlacedItem] {
        let m = margin.isFinite && margin > 0 ? margin : 0
        let grown = axis == .vertical ? Rect(x: area.minX, y: area.minY - m, width: area.width, height: area.height + 2 * m)
                                      : Rect(x: area.minX - m, y: area.minY, width: area.width + 2 * m, height: area.height)
        let lo = mainMin(grown), hi = mainMax(grown)
        var a = 0, b = count
        while a < b {
            let mid = (a + b) / 2
            if let f = frame(of: mid), mainMax(f) <= lo { a = mid + 1 } else { b = mid }
        }
        // Items of one row may differ in length; look back over one row's worth to be safe.
        var i = max(0, a - max(from.trackCount, to.trackCount))
        var result: [PlacedItem] = []
        while i < count, let f = frame(of: i) {
            if mainMin(f) >= hi, i >= a { break }
            if f.intersects(grown) { result.append(PlacedItem(index: i, frame: f)) }
            i += 1
        }
        return result
    }

    /// The item whose blended frame contains `p`.
    public func index(at p: Point) -> Int? {
        items(in: Rect(x: p.x - 0.5, y: p.y - 0.5, width: 1, height: 1)).last { $0.frame.contains(p) }?.index
    }
}
