import GridCore

/// Reduce motion, as SwiftUI's `accessibilityReduceMotion`: while it is on, a layout change does
/// not move anything; it lands at once and the app cross-fades from the old picture to the new one.
///
/// The app makes its policy current while it hands events and frames to a scene (a dynamic scope,
/// like SwiftUI's transaction), so the places that start layout animations — a grid changing its
/// configuration, the dock's flights — ask `resolve` without every scene passing a flag along.
// @unchecked: a policy is made, made current and read only by the frame loop's thread; Sendable only
// because `@TaskLocal` asks for it, never shared with another thread.
public final class MotionPolicy: @unchecked Sendable {
    @TaskLocal public static var current: MotionPolicy?

    /// Layout changes cross-fade instead of moving.
    public var reduced: Bool
    /// Set when a layout change asked for a cross-fade; the app takes it once per frame.
    private(set) var crossfadeRequested = false

    public init(reduced: Bool = false) { self.reduced = reduced }

    /// How long the cross-fade from the old layout to the new one takes.
    public static let crossfadeDuration = 0.2

    /// The animation a layout change should use: `animation` itself, or nil (and a cross-fade)
    /// while reduce motion is on in the current scope.
    public static func resolve(_ animation: Animation?) -> Animation? {
        guard animation != nil, let policy = current, policy.reduced else { return animation }
        policy.crossfadeRequested = true
        return nil
    }

    /// Reduce motion is on in the current scope. (A live resize under reduce motion simply jumps:
    /// a cross-fade per resized frame would only blur it.)
    public static var isReduced: Bool { current?.reduced == true }

    /// True (once) when something asked for a cross-fade since the last call.
    public func takeCrossfadeRequest() -> Bool {
        defer { crossfadeRequested = false }
        return crossfadeRequested
    }

    /// Set when something on screen will change by itself without moving (the scroll bar waiting to
    /// fade): the window must keep drawing, though nothing is animating. The app takes it once per frame.
    private(set) var framesWanted = false

    /// Asks for frames to keep coming (see `framesWanted`), in the current scope.
    public static func keepFramesComing() { current?.framesWanted = true }

    /// The earliest time something on screen said it will change by itself though nothing moves
    /// until then (a scroll bar that starts to fade): the window sleeps until then. The app takes it
    /// once per frame.
    private(set) var wakeAt: Double?

    /// Asks for a frame at `time` (see `wakeAt`), in the current scope.
    public static func wake(at time: Double) {
        guard let policy = current, time.isFinite else { return }
        policy.wakeAt = min(policy.wakeAt ?? time, time)
    }

    /// The wake asked for since the last call, once.
    public func takeWake() -> Double? {
        defer { wakeAt = nil }
        return wakeAt
    }

    /// True (once) when something asked for frames since the last call.
    public func takeFramesWanted() -> Bool {
        defer { framesWanted = false }
        return framesWanted
    }

    /// Runs `body` with this policy current.
    public func run<R>(_ body: () throws -> R) rethrows -> R {
        try MotionPolicy.$current.withValue(self, operation: body)
    }
}
