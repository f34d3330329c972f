import GridCore
/// One animatable number driven by explicit timestamps (GridCore has no clock of its own).
///
/// Changes are additive, as SwiftUI's animations are since iOS 17: each change starts a segment
/// that carries the jump from the old target to the new one down to zero, and the value is the
/// current target plus what every running segment still carries. Retargeting mid-flight therefore
/// keeps position and velocity continuous: earlier segments keep moving exactly as they were.
public struct AnimatedValue: Hashable, Sendable {
    public private(set) var target: Double
    private var segments: [Segment] = []

    /// Below this (in the value's units) a spring counts as settled.
    public static let tolerance = 0.001

    public init(_ value: Double) { target = value }

    /// Moves to `newValue`, animated or (with nil) at once. `time` is in seconds on any clock the
    /// caller keeps consistent.
    public mutating func set(_ newValue: Double, animation: Animation?, at time: Double) {
        guard newValue != target || animation == nil else { return }
        prune(at: time)
        guard let animation = animation, newValue.isFinite, target.isFinite else {
            target = newValue
            segments.removeAll()
            return
        }
        let jump = target - newValue
        target = newValue
        if jump != 0 { segments.append(Segment(start: time, jump: jump, animation: animation)) }
    }

    /// Moves the value and its target by `delta` without disturbing the motion in flight (a change
    /// of coordinate space, such as the scroll offset jumping under an animating item).
    public mutating func shift(by delta: Double) {
        target += delta
    }

    /// Jumps to `value` and stops all motion.
    public mutating func reset(to value: Double) {
        target = value
        segments.removeAll()
    }

    public func value(at time: Double) -> Double {
        var v = target
        for s in segments { v += s.remaining(at: time) }
        return v
    }

    public func velocity(at time: Double) -> Double {
        var v = 0.0
        for s in segments { v += s.velocity(at: time) }
        return v
    }

    public func isAnimating(at time: Double) -> Bool {
        segments.contains { !$0.isDone(at: time) }
    }

    /// Drops segments that no longer move the value.
    public mutating func prune(at time: Double) {
        segments.removeAll { $0.isDone(at: time) }
    }

    struct Segment: Hashable, Sendable {
        var start: Double
        var jump: Double
        var animation: Animation

        func remaining(at time: Double) -> Double {
            let t = time - start
            guard t > 0 else { return jump }
            switch animation {
            case .spring(let s):
                return s.evolve(displacement: jump, velocity: 0, after: t).displacement
            case .timingCurve(let c, let d):
                guard d > 0, t < d else { return 0 }
                return jump * (1 - c.value(at: t / d))
            }
        }

        func velocity(at time: Double) -> Double {
            let t = time - start
            guard t > 0 else { return 0 }
            switch animation {
            case .spring(let s):
                return s.evolve(displacement: jump, velocity: 0, after: t).velocity
            case .timingCurve(let c, let d):
                guard d > 0, t < d else { return 0 }
                return -jump * c.slope(at: t / d) / d
            }
        }

        func isDone(at time: Double) -> Bool {
            let t = time - start
            switch animation {
            case .spring(let s):
                guard t > 0 else { return false }
                let (x, v) = s.evolve(displacement: jump, velocity: 0, after: t)
                return abs(x) < AnimatedValue.tolerance && abs(v) < AnimatedValue.tolerance * 10
            case .timingCurve(_, let d):
                return t >= d
            }
        }
    }
}

/// A rectangle whose origin and size animate independently (frame interpolation), as
/// `matchedGeometryEffect` and animated layout changes move views.
public struct AnimatedRect: Hashable, Sendable {
    public var x: AnimatedValue
    public var y: AnimatedValue
    public var width: AnimatedValue
    public var height: AnimatedValue

    public init(_ r: Rect) {
        x = AnimatedValue(r.minX); y = AnimatedValue(r.minY)
        width = AnimatedValue(r.width); height = AnimatedValue(r.height)
    }

    public var target: Rect { Rect(x: x.target, y: y.target, width: width.target, height: height.target) }

    public mutating func set(_ r: Rect, animation: Animation?, at time: Double) {
        x.set(r.minX, animation: animation, at: time)
        y.set(r.minY, animation: animation, at: time)
        width.set(r.width, animation: animation, at: time)
        height.set(r.height, animation: animation, at: time)
    }

    public mutating func shift(dx: Double, dy: Double) {
        x.shift(by: dx)
        y.shift(by: dy)
    }

    public mutating func reset(to r: Rect) {
        x.reset(to: r.minX); y.reset(to: r.minY); width.reset(to: r.width); height.reset(to: r.height)
    }

    public func value(at time: Double) -> Rect {
        Rect(x: x.value(at: time), y: y.value(at: time), width: width.value(at: time), height: height.value(at: time))
    }

    public func isAnimating(at time: Double) -> Bool {
        x.isAnimating(at: time) || y.isAnimating(at: time) || width.isAnimating(at: time) || height.isAnimating(at: time)
    }

    public mutating func prune(at time: Double) {
        x.prune(at: time); y.prune(at: time); width.prune(at: time); height.prune(at: time)
    }
}
