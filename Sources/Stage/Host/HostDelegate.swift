import GridCore

/// What the host asks of the app each frame. Data flows one way: events in, then update, then draw.
public protocol HostDelegate: AnyObject {
    /// One input event, stamped with the host clock.
    func handle(_ event: InputEvent, at time: Double)
    /// Advances state and animations to `time`; returns true while anything still moves.
    func update(at time: Double) -> Bool
    /// Draws the current state. `scale` is pixels per point; `size` is the window in points.
    func draw(renderer: OpaquePointer, scale: Double, size: Size)
    /// True when something changed since the last draw (the host sleeps otherwise).
    var needsDisplay: Bool { get }
    /// True once the app wants to exit (Esc with nothing to dismiss, a quit button, …).
    var wantsQuit: Bool { get }
}
