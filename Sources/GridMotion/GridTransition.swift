import GridCore

/// Animates a grid from one layout to another: every item moves *and* resizes from where it is
/// drawn now to its new frame, items entering or leaving the viewport included, so nothing pops.
/// Frames are kept in the new layout's coordinates, so scrolling during the animation carries them
/// along. A second change mid-flight retargets from the current frames and velocities.
public struct GridTransition {
    public private(set) var rects: [Int: AnimatedRect] = [:]

    public init() {}

    public var isEmpty: Bool { rects.isEmpty }

    /// The animated frame of `index` in layout coordinates at `time`, if it is moving.
    public func frame(of index: Int, at time: Double) -> Rect? { rects[index]?.value(at: time) }

    /// Indices still moving (drawn even when their target is off screen).
    public var indices: Dictionary<Int, AnimatedRect>.Keys { rects.keys }

    /// Starts (or retargets) the transition.
    /// - Parameters:
    ///   - items: the indices to animate, each with where it is drawn now in *window* points.
    ///   - target: its frame in the new layout (layout coordinates).
    ///   - origin: the new layout's origin in window points (after the scroll offset was adjusted).
    ///   - oldOrigin: the layout origin before the change, to carry in-flight rects into the new space.
    public mutating func begin(items: [(index: Int, current: Rect)], target: (Int) -> Rect?, origin: Point,
                        oldOrigin: Point, animation: Animation, at time: Double) {
        // Frames already in flight change coordinate space without a visible jump.
        let dx = oldOrigin.x - origin.x, dy = oldOrigin.y - origin.y
        if dx != 0 || dy != 0 {
            for key in Array(rects.keys) { rects[key]!.shift(dx: dx, dy: dy) }
        }
        for (index, current) in items {
            guard let to = target(index) else { rects[index] = nil; continue }
            let drawn = current.offsetBy(dx: -origin.x, dy: -origin.y)
            if rects[index] == nil {
                rects[index] = AnimatedRect(drawn)
            } else {
                // Start from where it is drawn (a pinch may have moved it off its animated path),
                // keeping its velocity; in the plain case this is a no-op.
                rects[index]!.rebase(to: drawn, at: time)
            }
            rects[index]!.set(to, animation: animation, at: time)
        }
    }

    /// Renumbers the moving items after items were inserted or removed; those without a new
    /// index stop moving here (the caller fades them out).
    public mutating func remap(_ newIndex: (Int) -> Int?) {
        var moved: [Int: AnimatedRect] = [:]
        for (k, r) in rects { if let n = newIndex(k) { moved[n] = r } }
        rects = moved
    }

    /// The layout was rebuilt at another size (a live resize): each moving item now heads for
    /// its frame in the new layout, jumping by the same amount as the items that are not moving.
    public mutating func retarget(_ target: (Int) -> Rect?) {
        for key in Array(rects.keys) {
            guard let to = target(key) else { rects[key] = nil; continue }
            rects[key]!.jumpTarget(to)
        }
    }

    /// How far item `index` still is from its target (drawn − target), as a rect of deltas: what an
    /// interrupted animation still carries, to add on top of frames computed another way.
    public func residual(of index: Int, at time: Double) -> Rect? {
        guard let r = rects[index] else { return nil }
        let v = r.value(at: time), t = r.target
        return Rect(x: v.minX - t.minX, y: v.minY - t.minY, width: v.width - t.width, height: v.height - t.height)
    }

    /// Moves every animating rect in layout space by (dx, dy) without disturbing its motion.
    public mutating func shift(dx: Double, dy: Double) {
        for key in Array(rects.keys) { rects[key]!.shift(dx: dx, dy: dy) }
    }

    /// Drops finished rects; returns true while any still moves.
    public mutating func update(at time: Double) -> Bool {
        for (k, r) in rects where !r.isAnimating(at: time) { rects[k] = nil }
        for k in Array(rects.keys) { rects[k]!.prune(at: time) }
        return !rects.isEmpty
    }

    public mutating func cancel() { rects.removeAll() }

    /// Stops every item not in `indices` where it is headed (it is drawn at its layout frame from now).
    public mutating func keepOnly(_ indices: Set<Int>) {
        for k in Array(rects.keys) where !indices.contains(k) { rects[k] = nil }
    }
}

extension AnimatedRect {
    /// Moves the current value to `r` without touching the motion in flight.
    mutating func rebase(to r: Rect, at time: Double) {
        let v = value(at: time)
        x.shift(by: r.minX - v.minX); y.shift(by: r.minY - v.minY)
        width.shift(by: r.width - v.width); height.shift(by: r.height - v.height)
    }

    /// Moves the target to `r`, carrying the value along by the same amount.
    mutating func jumpTarget(_ r: Rect) {
        let t = target
        x.shift(by: r.minX - t.minX); y.shift(by: r.minY - t.minY)
        width.shift(by: r.width - t.width); height.shift(by: r.height - t.height)
    }
}
