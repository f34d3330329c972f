import CImageCodecs
import Foundation

/// Writes JPEGs with libjpeg-turbo, for pictures made at test and benchmark time (never shipped):
/// baseline or progressive, colour, grayscale or Adobe CMYK, with an optional EXIF block.
public enum JPEGEncoder {
    public struct Options: Sendable {
        public var quality = 90
        public var progressive = false
        public var grayscale = false
        /// Written as CMYK, inverted as Photoshop stores it, with libjpeg's Adobe marker.
        public var cmyk = false
        public var exif: ExifBlock?
        /// The luma component's sampling factors (horizontal, vertical), the chroma's being 1×1; nil:
        /// libjpeg's 2×2 (4:2:0). Cameras write 2×1 or 2×2; 4×2 (4:1:0) is rare but legal.
        public var lumaSampling: (Int, Int)?
        public init(quality: Int = 90, progressive: Bool = false, grayscale: Bool = false, cmyk: Bool = false, exif: ExifBlock? = nil) {
            self.quality = quality
            self.progressive = progressive
            self.grayscale = grayscale
            self.cmyk = cmyk
            self.exif = exif
        }
    }

    public struct Failure: Error, CustomStringConvertible { public var description: String }

    public static func encode(_ image: PixelBuffer, _ options: Options = Options()) throws -> Data {
        let w = image.width, h = image.height, pitch = image.stride
        let pixels = UnsafeRawPointer(image.pixels)
        if options.cmyk {
            var cmyk = [UInt8](repeating: 0, count: w * h * 4)
            for y in 0..<h {
                let row = (pixels + y * pitch).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w {
                    let v = row[x]
                    let r = Double(v >> 16 & 0xFF) / 255, g = Double(v >> 8 & 0xFF) / 255, b = Double(v & 0xFF) / 255
                    let k = 1 - max(r, g, b)
                    let ink = { (c: Double) in k >= 1 ? 0 : (1 - c - k) / (1 - k) }
                    // Inverted: 255 means no ink.
                    let i = 4 * (y * w + x)
                    cmyk[i] = UInt8(((1 - ink(r)) * 255).rounded())
                    cmyk[i + 1] = UInt8(((1 - ink(g)) * 255).rounded())
                    cmyk[i + 2] = UInt8(((1 - ink(b)) * 255).rounded())
                    cmyk[i + 3] = UInt8(((1 - k) * 255).rounded())
                }
            }
            return try cmyk.withUnsafeBytes { try encode(pixels: $0.baseAddress!, width: w, height: h, pitch: 4 * w, options) }
        }
        return try encode(pixels: pixels, width: w, height: h, pitch: pitch, options)
    }

    private static func encode(pixels: UnsafeRawPointer, width: Int, height: Int, pitch: Int, _ options: Options) throws -> Data {
        let app1 = options.exif.map { [UInt8]($0.app1) } ?? []
        var opts = cg_jpeg_encode_options()
        opts.quality = Int32(options.quality)
        opts.progressive = options.progressive ? 1 : 0
        opts.grayscale = options.grayscale ? 1 : 0
        opts.cmyk = options.cmyk ? 1 : 0
        if let (h, v) = options.lumaSampling { (opts.luma_h, opts.luma_v) = (Int32(h), Int32(v)) }
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 200)
        let code = app1.withUnsafeBufferPointer { a -> Int32 in
            opts.app1 = a.baseAddress
            opts.app1_size = a.count
            return cg_jpeg_encode(pixels.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(height), Int32(pitch),
                                  &opts, &out, &size, &message)
        }
        guard code == CG_OK, let bytes = out else { throw Failure(description: String(filledBuffer: message)) }
        defer { cg_free(bytes) }
        return Data(bytes: bytes, count: size)
    }
}

/// A minimal EXIF APP1 payload ("Exif\0\0" + a little-endian TIFF structure) carrying an
/// orientation, a capture time and a thumbnail JPEG in IFD1, as a camera writes them.
public struct ExifBlock: Sendable, Equatable {
    public var orientation: Int?
    /// "YYYY:MM:DD HH:MM:SS"
    public var dateTimeOriginal: String?
    /// A JPEG (stored as the photo is, before orientation), named by IFD1's JPEGInterchangeFormat.
    public var thumbnail: Data?

    public init(orientation: Int? = nil, dateTimeOriginal: String? = nil, thumbnail: Data? = nil) {
        self.orientation = orientation
        self.dateTimeOriginal = dateTimeOriginal
        self.thumbnail = thumbnail
    }

    public var app1: Data {
        var d = Data("Exif".utf8) + Data([0, 0])
        let tiff = d.count
        func u16(_ v: Int) { d.append(UInt8(v & 0xFF)); d.append(UInt8(v >> 8 & 0xFF)) }
        func u32(_ v: Int) { u16(v & 0xFFFF); u16(v >> 16 & 0xFFFF) }
        d.append(contentsOf: Array("II".utf8)); u16(42); u32(8)
        var ifd0: [(tag: Int, type: Int, count: Int, value: Int)] = []
        if let o = orientation { ifd0.append((0x0112, 3, 1, o)) }
        let exifIFD = 8 + 2 + 12 * (ifd0.count + (dateTimeOriginal == nil ? 0 : 1)) + 4
        if dateTimeOriginal != nil { ifd0.append((0x8769, 4, 1, exifIFD)) }
        let exifLength = dateTimeOriginal == nil ? 0 : 2 + 12 + 4 + 20
        let ifd1 = exifIFD + exifLength
        u16(ifd0.count)
        for e in ifd0 { u16(e.tag); u16(e.type); u32(e.count); u32(e.value) }
        u32(thumbnail == nil ? 0 : ifd1)
        if let date = dateTimeOriginal {
            precondition(d.count - tiff == exifIFD)
            let text = Array(date.utf8.prefix(19)) + [UInt8](repeating: 0, count: 20 - min(19, date.utf8.count))
            u16(1)
            u16(0x9003); u16(2); u32(20); u32(exifIFD + 2 + 12 + 4)
            u32(0)
            d.append(contentsOf: text)
        }
        if let jpeg = thumbnail {
            precondition(d.count - tiff == ifd1)
            u16(3)
            u16(0x0103); u16(3); u32(1); u32(6)  // Compression: JPEG
            u16(0x0201); u16(4); u32(1); u32(ifd1 + 2 + 36 + 4)
            u16(0x0202); u16(4); u32(1); u32(jpeg.count)
            u32(0)
            d.append(jpeg)
        }
        return d
    }
}
