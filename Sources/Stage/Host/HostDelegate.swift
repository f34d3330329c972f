import GridCore
import StageInterface

/// What the host asks of the app each frame. Data flows one way: events in, then update, then a
/// draw list the host paints, then word that it is on screen.
public protocol HostDelegate: AnyObject {
    /// The host's painter, handed over once when the app becomes the delegate: its canvas measures
    /// text as it will be drawn.
    func attach(_ painter: FramePainter)
    /// What the window should do for `event` instead of delivering it (the app's quit and full-screen
    /// keys), asked before each event; nil delivers it to `handle`.
    func windowRequest(for event: InputEvent) -> WindowRequest?
    /// One input event, stamped with the host clock. The host has advanced the app to `time`
    /// (`update(at:scale:)`) first, once for a batch of events: the last frame may be seconds old (an idle
    /// window sleeps), and whatever the event starts, starts at `time`.
    func handle(_ event: InputEvent, at time: Double)
    /// Advances state and animations to `time` and measures what the frame shows, at `scale`
    /// pixels per point (what is drawn on whole pixels is placed on them here); returns true
    /// while anything still moves.
    func update(at time: Double, scale: Double) -> Bool
    /// Brings the app to `time` before a batch of events (the window may have slept since the
    /// last frame), as `update` does, but makes no frame: the frame's own update follows.
    func advance(to time: Double, scale: Double)
    /// The frame's drawing, read from the state `update` left (drawing changes nothing); `size`
    /// is the window in points.
    func drawList(at time: Double, size: Size) -> DrawList
    /// True when something changed since the last frame (the host sleeps otherwise).
    var needsDisplay: Bool { get }
    /// True once the app wants to exit (Ctrl+Q, a quit button, …).
    var wantsQuit: Bool { get }
    /// The frame just painted (frame number `frame`, for the frame time `time`) is on screen:
    /// presented in a window, flushed headless. What reports on a frame (a state file, a trace)
    /// writes it now.
    func presented(frame: Int, at time: Double)
    /// What the window's title should say after this update (nil: leave it). The host sets it
    /// when it changes; what it says is the app's to decide.
    var windowTitle: String? { get }
    /// When something will change by itself though nothing moves now (an animated photo's next
    /// frame): the sleeping loop wakes then, not a second later, and an idle headless wait stops
    /// there. nil: nothing is due.
    var nextWake: Double? { get }
}

extension HostDelegate {
    public func attach(_ painter: FramePainter) {}
    public func advance(to time: Double, scale: Double) { _ = update(at: time, scale: scale) }
    public func windowRequest(for event: InputEvent) -> WindowRequest? { nil }
    public func presented(frame: Int, at time: Double) {}
    public var windowTitle: String? { nil }
    public var nextWake: Double? { nil }
}
