import GridCore

public enum MouseButton: Hashable, Sendable { case left, middle, right }

/// How a mouse button went down, carried by the event itself: the modifier keys held at that
/// moment (a Shift+click is read from its own event, never from the keyboard's state later), the
/// click count (2 for a double-click, as the desktop's double-click time counts it) and whether a
/// touchscreen made it (a touch drag scrolls where a mouse drag draws a rubber band).
public struct MousePress: Hashable, Sendable {
    public var modifiers: KeyModifiers
    public var clicks: Int
    public var isTouch: Bool
    public init(modifiers: KeyModifiers = [], clicks: Int = 1, isTouch: Bool = false) {
        self.modifiers = modifiers
        self.clicks = clicks
        self.isTouch = isTouch
    }
}

/// Everything the window tells the app, in window points (never pixels).
public enum InputEvent: Hashable, Sendable {
    case mouseMove(Point)
    case mouseDown(Point, MouseButton, MousePress = MousePress())
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
    /// The window got the keyboard focus (a person came back to it).
    case focusGained
    /// A file or folder dropped on the window from a file manager (one event per item).
    case dropFile(String)
    case quit
}

extension InputEvent {
    /// Positions beyond this many points either way are no place a pointer can be.
    public static let maxCoordinate = 100_000.0
    /// Scroll distances beyond this many points in one event are no wheel's.
    public static let maxDistance = 1e9

    /// False for events carrying a non-finite or absurd number (a NaN pinch from a driver, a
    /// position a billion points away): dropped at the boundary, before any model sees them.
    public var isPlausible: Bool {
        func ok(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite && abs(p.x) <= Self.maxCoordinate && abs(p.y) <= Self.maxCoordinate }
        switch self {
        case .mouseMove(let p), .mouseDown(let p, _, _), .mouseUp(let p, _), .pinchEnded(let p):
            return ok(p)
        case let .wheel(dx, dy, _, at, _):
            return ok(at) && dx.isFinite && dy.isFinite && abs(dx) <= Self.maxDistance && abs(dy) <= Self.maxDistance
        case let .pinch(scale, at):
            return ok(at) && scale.isFinite && scale >= 0.01 && scale <= 100
        case .resize(let s):
            return s.width.isFinite && s.height.isFinite && s.width >= 0 && s.height >= 0
        case .key, .text, .mouseExit, .focusGained, .quit:
            return true
        case .dropFile(let path):
            // A path, not text: no NUL, and within what a path can be.
            return !path.isEmpty && !path.contains("\0") && path.utf8.count <= 4096
        }
    }
}
