import GridCore
import GridMotion

/// `matchedGeometryEffect(id: photo.id, in: namespace)` for the dock scene: one animated frame per
/// photo id that is moving, and nothing for photos at rest in their slot.
///
/// Each frame lives in the layout coordinates of the container the photo is heading for, so that
/// container's scrolling carries it: a flight into the dock whose scroll starts with the same spring
/// travels in a straight line to where the slot will be once the scroll ends. When a photo changes
/// container mid-flight its frame is re-expressed in the new container's coordinates without a jump,
/// and the retarget is additive, so it turns round from where it is, at the speed it has.
struct PhotoMotion {
    typealias Place = PhotoDockModel.Place

    struct Entry {
        var rect: AnimatedRect
        var place: Place
        /// Travelling between containers (or from the pointer after a drop): drawn above both.
        var flying: Bool
    }

    private(set) var entries: [String: Entry] = [:]

    var isEmpty: Bool { entries.isEmpty }

    /// The photo's animated frame in window points, if it is moving.
    func windowFrame(of id: String, at time: Double, origin: (Place) -> Point) -> Rect? {
        guard let e = entries[id] else { return nil }
        let o = origin(e.place)
        return e.rect.value(at: time).offsetBy(dx: o.x, dy: o.y)
    }

    func isFlying(_ id: String) -> Bool { entries[id]?.flying ?? false }

    var flyingIds: [String] { entries.filter { $0.value.flying }.map(\.key).sorted() }

    /// Sends `id` to `target` (layout coordinates of `place`).
    /// - Parameters:
    ///   - drawn: where it is drawn now in window points, for a photo that was at rest (or lifted).
    ///   - fly: whether a new motion counts as a flight.
    ///   - oldOrigin / newOrigin: container origins before and after the change that caused this.
    mutating func move(_ id: String, to target: Rect, in place: Place, drawn: Rect?, fly: Bool,
                       oldOrigin: (Place) -> Point, newOrigin: (Place) -> Point, animation: Animation?, at time: Double) {
        let n = newOrigin(place)
        if var e = entries[id] {
            let o = oldOrigin(e.place)
            e.rect.shift(dx: o.x - n.x, dy: o.y - n.y)
            if e.place != place { e.flying = true }
            e.place = place
            e.rect.set(target, animation: animation, at: time)
            entries[id] = e
            return
        }
        guard let drawn = drawn, animation != nil else { return }
        let start = drawn.offsetBy(dx: -n.x, dy: -n.y)
        guard !PhotoMotion.same(start, target) else { return }
        var r = AnimatedRect(start)
        r.set(target, animation: animation, at: time)
        entries[id] = Entry(rect: r, place: place, flying: fly)
    }

    /// Stops tracking `id` (it is being dragged, so the pointer draws it).
    mutating func remove(_ id: String) { entries[id] = nil }

    mutating func removeAll() { entries.removeAll() }

    /// Drops motions that have arrived; returns true while any photo still moves. (Finished
    /// segments of a photo still moving are pruned by its next retarget.)
    mutating func update(at time: Double) -> Bool {
        for (id, e) in entries where !e.rect.isAnimating(at: time) { entries[id] = nil }
        return !entries.isEmpty
    }

    static func same(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minX - b.minX) < 0.01 && abs(a.minY - b.minY) < 0.01 && abs(a.width - b.width) < 0.01 && abs(a.height - b.height) < 0.01
    }
}
