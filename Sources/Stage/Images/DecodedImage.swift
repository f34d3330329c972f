import CSDL2

/// A decoded, downscaled image in main memory: an ARGB8888 surface that this object owns and frees.
/// Made on a worker thread, handed over once through the pipeline's lock, uploaded on the render thread.
public final class DecodedImage {
    public let surface: UnsafeMutablePointer<SDL_Surface>
    /// The file's own pixel size, before downscaling.
    public let sourceWidth: Int
    public let sourceHeight: Int
    /// No larger decode of this file can be had: it is at source size, or at the renderer's texture limit.
    public let isLargestPossible: Bool
    /// Made from the thumbnail the file carries (a camera's EXIF one, a HEIF's), not its own pixels.
    public internal(set) var fromEmbeddedThumbnail = false

    /// Takes ownership of `surface`.
    init(surface: UnsafeMutablePointer<SDL_Surface>, sourceWidth: Int, sourceHeight: Int, isLargestPossible: Bool) {
        self.surface = surface
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.isLargestPossible = isLargestPossible
    }

    public var pixelWidth: Int { Int(surface.pointee.w) }
    public var pixelHeight: Int { Int(surface.pointee.h) }
    public var byteCount: Int { pixelWidth * pixelHeight * 4 }

    /// Every pixel has alpha 255. Worked out once, on the worker thread that decoded the image.
    public private(set) lazy var isOpaque: Bool = {
        let w = pixelWidth, h = pixelHeight, pitch = Int(surface.pointee.pitch)
        guard let base = surface.pointee.pixels else { return false }
        for y in 0..<h {
            let row = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w where row[x] >> 24 != 0xFF { return false }
        }
        return true
    }()

    /// The pixel at (x, y) as 0xAARRGGBB.
    public func pixel(x: Int, y: Int) -> UInt32 {
        let row = surface.pointee.pixels! + y * Int(surface.pointee.pitch)
        return row.assumingMemoryBound(to: UInt32.self)[x]
    }

    deinit { SDL_FreeSurface(surface) }
}
