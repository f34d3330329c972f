#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import GridCore

/// The scroll position of one scroll view along its axis, with everything that moves it: wheel
/// notches (smoothed), touchpad deltas (direct), click-and-drag with momentum, keyboard paging and
/// animated `scrollTo`. Pure and clock-free: every answer is a function of the time you pass in,
/// so headless runs are identical frame for frame. The offset always stays inside the content.
public struct ScrollModel {
    public enum Motion {
        case rest
        case animated(AnimatedValue)
        /// Exponential decay after a flick: x(t) = from + v·τ·(1 − e^(−t/τ)).
        case momentum(start: Double, from: Double, velocity: Double)
        case dragging
    }

    /// Decay time of a flick: UIKit's normal deceleration (0.998 per ms) is e^(−t/0.5 s).
    public static let decay = 0.5
    /// Below this speed (points per second) a flick has stopped.
    public static let restSpeed = 8.0
    public static let notchAnimation = Animation.easeOut(duration: 0.18)

    public private(set) var contentLength = 0.0
    public private(set) var viewportLength = 0.0
    public private(set) var motion = Motion.rest
    private var restOffset = 0.0
    private var dragStart: (pointer: Double, offset: Double) = (0, 0)
    private var samples: [(time: Double, offset: Double)] = []

    public init() {}

    public var maxOffset: Double { max(0, contentLength - viewportLength) }

    public func clamp(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), maxOffset) : 0 }

    /// The offset to draw at `time`.
    public func offset(at time: Double) -> Double {
        switch motion {
        case .rest, .dragging: return clamp(restOffset)
        case .animated(let a): return clamp(a.value(at: time))
        case let .momentum(start, from, v):
            let dt = max(0, time - start)
            return clamp(from + v * ScrollModel.decay * (1 - exp(-dt / ScrollModel.decay)))
        }
    }

    /// Where the offset is heading (the resting place of the current motion).
    public func targetOffset(at time: Double) -> Double {
        switch motion {
        case .rest, .dragging: return clamp(restOffset)
        case .animated(let a): return clamp(a.target)
        case let .momentum(_, from, v): return clamp(from + v * ScrollModel.decay)
        }
    }

    public func isMoving(at time: Double) -> Bool {
        switch motion {
        case .rest, .dragging: return false
        case .animated(let a): return a.isAnimating(at: time)
        case .momentum: return true
        }
    }

    /// New content or viewport size; the offset is clamped to the new range.
    public mutating func setGeometry(content: Double, viewport: Double, at time: Double) {
        let current = offset(at: time)
        contentLength = max(content.isFinite ? content : 0, 0)
        viewportLength = max(viewport.isFinite ? viewport : 0, 0)
        if case .dragging = motion { restOffset = clamp(restOffset); return }
        if clamp(current) != current || clamp(targetOffset(at: time)) != targetOffset(at: time) {
            settle(at: clamp(current))
        }
    }

    /// Jumps to `offset` and stops any motion.
    public mutating func settle(at offset: Double) {
        restOffset = clamp(offset)
        motion = .rest
    }

    /// A wheel notch (animated) or a touchpad delta (applied at once).
    public mutating func scroll(by delta: Double, animated: Bool, at time: Double) {
        guard delta.isFinite, delta != 0 else { return }
        if animated {
            var a: AnimatedValue
            if case .animated(let existing) = motion { a = existing } else { a = AnimatedValue(offset(at: time)) }
            a.set(clamp(a.target + delta), animation: ScrollModel.notchAnimation, at: time)
            motion = .animated(a)
        } else {
            settle(at: offset(at: time) + delta)
        }
    }

    /// Animated (or, with nil, immediate) programmatic scroll, as ScrollViewReader's `scrollTo`.
    public mutating func scroll(to target: Double, animation: Animation?, at time: Double) {
        guard let animation = animation else { settle(at: target); return }
        var a: AnimatedValue
        if case .animated(let existing) = motion { a = existing } else { a = AnimatedValue(offset(at: time)) }
        a.set(clamp(target), animation: animation, at: time)
        motion = .animated(a)
    }

    public mutating func beginDrag(pointer: Double, at time: Double) {
        restOffset = offset(at: time)
        dragStart = (pointer, restOffset)
        samples = [(time, restOffset)]
        motion = .dragging
    }

    /// Content follows the pointer (moving the pointer down moves the content down, i.e. offset up).
    public mutating func drag(pointer: Double, at time: Double) {
        guard case .dragging = motion else { return }
        restOffset = clamp(dragStart.offset - (pointer - dragStart.pointer))
        samples.append((time, restOffset))
        samples.removeAll { time - $0.time > 0.1 }
    }

    /// Lets go: keeps the velocity of the last 100 ms as momentum.
    public mutating func endDrag(at time: Double) {
        guard case .dragging = motion else { return }
        let recent = samples.filter { time - $0.time <= 0.1 }
        var velocity = 0.0
        if let first = recent.first, let last = recent.last, last.time - first.time > 0.005 {
            velocity = (last.offset - first.offset) / (last.time - first.time)
        }
        samples.removeAll()
        if abs(velocity) > ScrollModel.restSpeed * 4 {
            motion = .momentum(start: time, from: restOffset, velocity: velocity)
        } else {
            motion = .rest
        }
    }

    /// Retires finished motions; call once per frame. Returns true while still moving.
    public mutating func update(at time: Double) -> Bool {
        switch motion {
        case .rest, .dragging:
            return false
        case .animated(let a):
            if !a.isAnimating(at: time) { settle(at: a.target); return false }
            return true
        case let .momentum(start, _, v):
            let dt = max(0, time - start)
            let speed = abs(v * exp(-dt / ScrollModel.decay))
            let now = offset(at: time)
            let pinned = (now <= 0 && v < 0) || (now >= maxOffset && v > 0)
            if speed < ScrollModel.restSpeed || pinned { settle(at: now); return false }
            return true
        }
    }
}
