import GridCore

/// How to open the stage.
public struct HostOptions {
    public enum RendererKind: String { case automatic, software, gl }

    public var title = "CoffeeGrid"
    /// Window size in points; nil = the phone-like default shrunk to fit the display.
    public var size: Size?
    public var minimumSize = Size(width: 320, height: 320)
    /// Extra pixels per point on top of the display's own HiDPI ratio (`--scale`).
    public var scale: Double = 1
    /// Render offscreen on a virtual 60 Hz clock, with no display.
    public var headless = false
    public var renderer: RendererKind = .automatic
    /// A PNG for the window icon.
    public var iconPath: String?
    /// The X11 WM_CLASS and Wayland app id, which desktops match to the `.desktop` entry of the same
    /// name (and its StartupWMClass); nil leaves SDL's default, the executable's name.
    public var appID: String?

    public static let defaultSize = Size(width: 390, height: 844)
    /// The largest headless window, in pixels a side. A real window is held to its display by the
    /// window manager; offscreen nothing would stop an 8000×8000 resize from allocating a 256 MB
    /// framebuffer, so headless runs pretend to have a 4096×4096 display.
    public static let maxHeadlessPixels = 4096
    public static let framesPerSecond = 60.0

    public init() {}
}
