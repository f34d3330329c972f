/// A decoded, downscaled image in main memory (ARGB8888 pixels it owns).
/// Made on a worker thread, handed over once through the pipeline's lock, uploaded on the render thread.
public final class DecodedImage {
    public let pixels: PixelBuffer
    /// The file's own pixel size, before downscaling.
    public let sourceWidth: Int
    public let sourceHeight: Int
    /// No larger decode of this file can be had: it is at source size, or at the renderer's texture limit.
    public let isLargestPossible: Bool
    /// The part of the upright photo the pixels hold (`.whole` unless a cell asked for a band).
    public let part: ImagePart
    /// Made from the thumbnail the file carries (a camera's EXIF one, a HEIF's), not its own pixels.
    public internal(set) var fromEmbeddedThumbnail = false

    /// `opaque`: known without looking (a JPEG has no alpha: libjpeg-turbo writes 255 and every
    /// resize keeps it), which spares a scan of every pixel; nil scans when first asked.
    init(pixels: PixelBuffer, sourceWidth: Int, sourceHeight: Int, isLargestPossible: Bool, opaque: Bool? = nil,
         part: ImagePart = .whole) {
        self.pixels = pixels
        self.part = part
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.isLargestPossible = isLargestPossible
        if let opaque { isOpaque = opaque }
    }

    /// The photo's width ÷ height (upright).
    public var sourceAspect: Double { Double(sourceWidth) / Double(max(1, sourceHeight)) }

    public var pixelWidth: Int { pixels.width }
    public var pixelHeight: Int { pixels.height }
    public var byteCount: Int { pixelWidth * pixelHeight * 4 }

    /// Every pixel has alpha 255. Worked out once, on the worker thread that decoded the image.
    public private(set) lazy var isOpaque: Bool = {
        for y in 0..<pixelHeight {
            let row = pixels.row(y)
            for x in 0..<pixelWidth where row[x] >> 24 != 0xFF { return false }
        }
        return true
    }()

    /// The pixel at (x, y) as 0xAARRGGBB.
    public func pixel(x: Int, y: Int) -> UInt32 { pixels.pixel(x: x, y: y) }
}
