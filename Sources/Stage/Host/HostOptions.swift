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

    public static let defaultSize = Size(width: 390, height: 844)
    public static let framesPerSecond = 60.0

    public init() {}
}
