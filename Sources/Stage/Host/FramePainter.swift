import GridCore
import StageInterface

/// What the host draws a frame with, owned by the host for the life of its renderer: the canvas
/// (shapes, text, symbols), the image pipeline (decoders and their textures) and the draw-list
/// renderer over both. The app reads the canvas to measure text, sets the frame's look, may ask
/// for a picture of the last frame (a cross-fade's), and hands the host a draw list; the host
/// paints it.
public final class FramePainter {
    public let renderer: DrawListRenderer
    public var canvas: Canvas { renderer.canvas }
    public var images: ImagePipeline { renderer.images }

    /// The colour the canvas is cleared to before a list is painted.
    public var background = Color.white
    /// Light or dark symbols and system colours.
    public var appearance: Appearance {
        get { canvas.appearance }
        set { canvas.appearance = newValue }
    }
    /// Headless runs wait for every photo and symbol before painting, so pictures are identical
    /// run to run; a window never waits.
    public var waitsForImages = false {
        didSet { canvas.waitsForSymbols = waitsForImages }
    }
    /// The list painted last: what is on screen.
    public private(set) var lastList = DrawList()

    /// SDL's name for the renderer: "software", "opengl", "opengles2"…
    public let rendererName: String
    /// Frames whose scroll the X server moved (`ServerScroll`), since the window opened.
    public internal(set) var serverScrolls = 0

    init(renderer: DrawListRenderer, rendererName: String) {
        self.renderer = renderer
        self.rendererName = rendererName
        canvas.waitsForSymbols = false
    }

    /// Photos drawn as placeholders in the last frame (not decoded yet).
    public var pendingImages: Int { renderer.pendingImages }
    /// Photos drawn in the last frame from a smaller picture than their cell asks for (a cached
    /// thumbnail standing in while the file decodes at the cell's size).
    public var imagesBelowSize: Int { images.photosBelowSize }

    /// Something not yet on screen will be: photos decoding or shimmering, symbols rasterising.
    public var needsFrames: Bool { pendingImages > 0 || images.isBusy || canvas.symbolsNeedDisplay }

    /// A new frame at `scale` pixels per point: text is measured at it while the list is built.
    func begin(scale: Double) {
        canvas.scale = scale
        canvas.beginSymbolFrame()
        images.beginFrame()
    }

    /// The last frame painted again into a texture (nil when the renderer cannot draw into one).
    public func snapshotOfLastFrame(at time: Double) -> KeptPicture? {
        let previous = lastList
        return canvas.snapshot {
            canvas.clear(background)
            renderer.render(previous, time: time)
        }
    }

    /// Paints `list`: its photos asked for (and, headless, waited for), the canvas cleared, the
    /// commands run.
    func paint(_ list: DrawList, time: Double) {
        lastList = list
        if waitsForImages {
            renderer.preload(list)
            images.drain()
            images.pump(maxUploads: Int.max)
        } else {
            images.pump()
        }
        // The background everywhere, then the list: on the software renderer only what changed
        // since the last frame is drawn again (`renderFrame`).
        renderer.renderFrame(list, background: background, time: time)
    }

    /// Stops the decoders and drops every texture, while the renderer that made them lives.
    func shutdown() {
        canvas.releasePhotoTextures()
        images.shutdown()
        lastList = DrawList()
    }
}
