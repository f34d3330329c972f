import GridCore
import GridMotion
import StageInterface

/// A reduce-motion layout change: the picture on screen before it, fading out over the new layout
/// in `MotionPolicy.crossfadeDuration`.
struct Crossfade {
    /// When the change happened (the event's time, not the last frame's).
    var start: Double
    /// The frame on screen at the change, drawn into a texture at the next draw.
    var snapshot: KeptPicture?

    /// The outgoing picture's opacity: 1 at the change, 0 once it is over (ease in-out).
    func opacity(at time: Double) -> Double {
        let p = (time - start) / MotionPolicy.crossfadeDuration
        guard p.isFinite else { return 0 }
        if p <= 0 { return 1 }
        if p >= 1 { return 0 }
        return 1 - p * p * (3 - 2 * p)
    }

    func isOver(at time: Double) -> Bool { time - start >= MotionPolicy.crossfadeDuration }
}
