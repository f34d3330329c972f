import GridCore
import GridMotion

/// A window turned to landscape and back keeps the reader's place: the item at the start of the
/// viewport stays there, at any size. The place is read from the layout — where items are headed,
/// never where an animation happens to draw them mid-flight — when a run of resizes begins, and
/// kept for the whole run, however fast and however long, until the person scrolls or the grid
/// changes otherwise. Reading it again after every resize drifted a row or two each way on fast
/// flips (a scroll of 800 ended at 479), and a row with a sliver left under the bar was taken for
/// the one being read.
extension GridScrollView {
    /// Item `index`, with the fraction `unit` (0…1) of it before the viewport's start and that
    /// point of it `distance` points after the start (the padding above a first row that shows
    /// whole; 0 for an item the start cuts through).
    struct ReadingPlace: Equatable {
        var index: Int
        var unit: Double
        var distance: Double
        /// The offset the place was last kept at: any other offset means the person scrolled since.
        var offset: Double
        /// Read at the very top: the top it stays (content above the grid, the cafes' note, shows whole).
        var atStart = false
    }

    /// The viewport's main-axis range now, in layout coordinates.
    private var visibleRange: ClosedRange<Double> {
        let p = configuration.padding
        let lead = (axis == .vertical ? p.top : p.leading) + configuration.leadingContent
        let start = scroll.offset(at: time) - lead
        return start...(start + max(viewportLength, 0))
    }

    private func span(_ r: Rect) -> (start: Double, length: Double) {
        axis == .vertical ? (r.minY, r.height) : (r.minX, r.width)
    }

    /// The place at the start of the viewport now: the first item in view of which at least half
    /// shows (half the viewport's worth, for one taller than the viewport).
    func currentPlace() -> ReadingPlace? {
        let range = visibleRange
        guard viewportLength > 0, frame.width > 0, frame.height > 0 else { return nil }
        let view = axis == .vertical ? Rect(x: -1e9, y: range.lowerBound, width: 2e9, height: viewportLength)
                                     : Rect(x: range.lowerBound, y: -1e9, width: viewportLength, height: 2e9)
        let items = layout.items(in: view)
        func shown(_ r: Rect) -> Double {
            let (s, l) = span(r)
            return min(s + l, range.upperBound) - max(s, range.lowerBound)
        }
        guard let item = items.first(where: { shown($0.frame) >= min(span($0.frame).length, viewportLength) / 2 }) ?? items.first
        else { return nil }
        let (s, l) = span(item.frame)
        let unit = l > 0 ? min(max((range.lowerBound - s) / l, 0), 1) : 0
        let now = scroll.offset(at: time)
        return ReadingPlace(index: item.index, unit: unit, distance: s + unit * l - range.lowerBound, offset: now, atStart: now <= 0.5)
    }

    /// The place to keep across a change of the viewport's size to `newFrame`: the one a run of
    /// resizes already keeps, unless the person has scrolled since; nil when the size stays (or the
    /// grid has none yet, or a gesture holds it).
    func placeToKeep(resizingTo newFrame: Rect) -> ReadingPlace? {
        guard newFrame.size != frame.size, frame.width > 0, frame.height > 0, blend == nil, !scroll.isDragging else { return nil }
        if let kept = keptPlace, abs(kept.offset - scroll.targetOffset(at: time)) < 0.5, kept.index < layout.count { return kept }
        return currentPlace()
    }

    /// Scrolls the current layout so `place` is where it was, and remembers it for the next resize.
    func hold(_ place: ReadingPlace) {
        guard let f = layout.frame(of: place.index) else { keptPlace = nil; return }
        let p = configuration.padding
        let lead = (axis == .vertical ? p.top : p.leading) + configuration.leadingContent
        let (s, l) = span(f)
        scroll.settle(at: place.atStart ? 0 : lead + s + place.unit * l - place.distance)
        // Holding the place is not scrolling: the scroll bar stays as it was.
        lastOffset = offset
        var kept = place
        kept.offset = scroll.offset(at: time)
        keptPlace = kept
    }
}

extension ScrollModel {
    /// A pointer is dragging the content: it, not the layout, says where the content is.
    var isDragging: Bool {
        if case .dragging = motion { return true }
        return false
    }
}
