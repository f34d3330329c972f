import GridCore

/// What the host asks of the app each frame. Data flows one way: events in, then update, then draw.
public protocol HostDelegate: AnyObject {
    /// One input event, stamped with the host clock. The host has advanced the app to `time`
    /// (`update(at:)`) first, once for a batch of events: the last frame may be seconds old (an idle
    /// window sleeps), and whatever the event starts, starts at `time`.
    func handle(_ event: InputEvent, at time: Double)
    /// Advances state and animations to `time`; returns true while anything still moves.
    func update(at time: Double) -> Bool
    /// Draws the current state. `scale` is pixels per point; `size` is the window in points.
    func draw(renderer: OpaquePointer, scale: Double, size: Size)
    /// True when something changed since the last draw (the host sleeps otherwise).
    var needsDisplay: Bool { get }
    /// True once the app wants to exit (Esc with nothing to dismiss, a quit button, …).
    var wantsQuit: Bool { get }
    /// The frame just drawn (frame number `frame`, for the frame time `time`) is on screen:
    /// presented in a window, flushed headless.
    func presented(frame: Int, at time: Double)
}

extension HostDelegate {
    public func presented(frame: Int, at time: Double) {}
}
