import GridCore

public enum MouseButton: Hashable, Sendable { case left, middle, right }

/// Everything the window tells the app, in window points (never pixels).
public enum InputEvent: Hashable, Sendable {
    case mouseMove(Point)
    case mouseDown(Point, MouseButton)
    case mouseUp(Point, MouseButton)
    /// A wheel or touchpad scroll at `at`, in points; positive `dy` moves further down the content.
    /// `precise` deltas come from touchpads (smooth), the others from notched wheels.
    case wheel(dx: Double, dy: Double, precise: Bool, at: Point, modifiers: KeyModifiers)
    /// A two-finger pinch: `scale` is the change since the last event (1 = none).
    case pinch(scale: Double, at: Point)
    case pinchEnded(at: Point)
    case key(Key, KeyModifiers)
    /// Typed text (after the keyboard layout and input method), for text fields.
    case text(String)
    /// The window's new size in points (coalesced: at most one per frame).
    case resize(Size)
    /// The pointer left the window.
    case mouseExit
    case quit
}
