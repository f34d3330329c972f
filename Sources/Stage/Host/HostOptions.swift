import GridCore
import PhotoLibrary
import SystemIO

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
    /// The app named a folder for libX11's parsed Compose table (`ComposeCache.name`): the variable
    /// goes once SDL's video has started.
    public var namedComposeCache = false
    /// Fonts and symbols for the canvas (found the usual way when nil).
    public var resources: ResourceLocator?
    /// Decoder threads and the bytes of textures the image pipeline keeps.
    public var imageWorkers = 2
    public var imageByteBudget = 96 << 20
    /// The shared thumbnail cache a person's photos go through (nil: off).
    public var thumbnails: ThumbnailCache?
    /// Camera JPEGs' EXIF thumbnails: shown instead of the decode where they cover the cell, blurred
    /// while it runs where they do not (false: every JPEG decoded from its own pixels).
    public var cameraThumbnails = true
    /// Where the painter's one-line problems go (a font missing, a photo that cannot be read).
    public var log: (String) -> Void = ImagePipeline.standardErrorLog

    public static let defaultSize = Size(width: 390, height: 844)
    /// The largest headless window, in pixels a side. A real window is held to its display by the
    /// window manager; offscreen nothing would stop an 8000×8000 resize from allocating a 256 MB
    /// framebuffer, so headless runs pretend to have a 4096×4096 display.
    public static let maxHeadlessPixels = 4096
    public static let framesPerSecond = 60.0

    public init() {}
}
