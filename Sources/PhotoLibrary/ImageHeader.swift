import CImageCodecs

/// The container formats we decode (JPEG with libjpeg-turbo, PNG with libpng, HEIF/HEIC and AVIF
/// with libheif, GIF with giflib, WebP with libwebp, BMP with `BMPDecoder`); `rawValue` is the name
/// in messages (SDL_image's type name, which the messages kept).
enum ImageFormat: String {
    case png = "PNG", jpeg = "JPG", gif = "GIF", bmp = "BMP", webp = "WEBP", heif = "HEIF", avif = "AVIF"

    var mimeType: String {
        switch self {
        case .png: return "image/png"
        case .jpeg: return "image/jpeg"
        case .gif: return "image/gif"
        case .bmp: return "image/bmp"
        case .webp: return "image/webp"
        case .heif: return "image/heif"
        case .avif: return "image/avif"
        }
    }
}

/// Format and pixel size read from a file's first bytes. The content decides the format, never the
/// file name, and the size is known before any decoder allocates for it.
struct ImageHeader: Equatable {
    var format: ImageFormat
    /// As stored; `displayWidth`/`displayHeight` after `orientation`.
    var width: Int
    var height: Int
    /// EXIF orientation of a JPEG (read with libexif from its APP1 segment); `.up` otherwise.
    var orientation: Orientation = .up
    /// EXIF DateTimeOriginal ("YYYY:MM:DD HH:MM:SS") when a JPEG carries one.
    var captureTime: String?
    /// Where the camera's EXIF thumbnail (IFD1) lies in the file, when a JPEG's APP1 names one.
    var exifThumbnail: Range<Int>?

    var displayWidth: Int { orientation.swapsAxes ? height : width }
    var displayHeight: Int { orientation.swapsAxes ? width : height }

    /// `complete`: `b` is the whole file, so a JPEG must reach its end marker and a PNG its end
    /// chunk. Otherwise `b` is the file's first bytes (the folder scanner's probe): the header is
    /// enough, and running out of bytes is a refusal with `isTruncation` set.
    static func parse(_ b: UnsafeRawBufferPointer, complete: Bool = true) throws -> ImageHeader {
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return try png(b, complete: complete) }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return try jpeg(b, complete: complete) }
        if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) {
            return try gif(b)
        }
        if b.starts(with: Array("BM".utf8)) && b.count >= 26 { return try bmp(b) }
        if b.starts(with: Array("RIFF".utf8)) && b.count >= 16 && Array(b[8..<12]) == Array("WEBP".utf8) {
            return try webp(b)
        }
        if let format = HEIFHeader.format(b) { return try HEIFHeader.parse(b, format: format, complete: complete) }
        throw ImageRefusal(looksLikeText(b) ? "not an image file (text)" : "not an image file (unknown format)")
    }

    private static func png(_ b: UnsafeRawBufferPointer, complete: Bool) throws -> ImageHeader {
        guard b.count >= 24, Array(b[12..<16]) == Array("IHDR".utf8) else {
            throw ImageRefusal("truncated or corrupt PNG (no IHDR header)", truncation: b.count < 24)
        }
        if !complete { return ImageHeader(format: .png, width: be32(b, 16), height: be32(b, 20)) }
        // libpng reports a cut-off file on standard error before failing; walking the chunk lengths
        // to IEND finds it first, quietly.
        var i = 8
        while i + 8 <= b.count {
            let length = be32(b, i)
            guard length < 1 << 31 else { throw ImageRefusal("corrupt PNG (bad chunk length)") }
            if b[i + 4] == 0x49 && b[i + 5] == 0x45 && b[i + 6] == 0x4E && b[i + 7] == 0x44 {  // IEND
                return ImageHeader(format: .png, width: be32(b, 16), height: be32(b, 20))
            }
            i += 12 + length
        }
        throw ImageRefusal("truncated PNG (no end chunk)")
    }

    /// Walks the marker segments to the frame header (SOFn). A file cut short mid-scan still decodes
    /// in libjpeg (grey fill, only a warning), so the end-of-image marker must follow the first scan.
    private static func jpeg(_ b: UnsafeRawBufferPointer, complete: Bool) throws -> ImageHeader {
        var i = 2
        var size: (Int, Int)?
        var exif = cg_exif_info()
        var thumbnail: Range<Int>?
        while true {
            guard i + 1 < b.count else { break }
            // libjpeg skips stray bytes between segments (with a warning); so do we.
            guard b[i] == 0xFF else { i += 1; continue }
            let m = b[i + 1]
            if m == 0xFF { i += 1; continue }  // fill byte
            if m == 0x01 || (0xD0...0xD7).contains(m) { i += 2; continue }  // markers without a length
            if m == 0xD9 { break }
            guard i + 3 < b.count else { break }
            let length = be16(b, i + 2)
            guard length >= 2 else { throw ImageRefusal("corrupt JPEG (bad segment length)") }
            if m == 0xE1, exif.orientation == 0, i + 2 + length <= b.count {
                // APP1: "Exif\0\0" and a TIFF structure; libexif reads it (false for XMP and others).
                _ = cg_exif_read((b.baseAddress! + i + 4).assumingMemoryBound(to: UInt8.self), length - 2, &exif)
                if let r = ExifThumbnail.locate(UnsafeRawBufferPointer(rebasing: b[(i + 4)..<(i + 2 + length)])) {
                    thumbnail = (r.lowerBound + i + 4)..<(r.upperBound + i + 4)
                }
            }
            let isFrame = (0xC0...0xCF).contains(m) && m != 0xC4 && m != 0xC8 && m != 0xCC
            if isFrame {
                guard i + 8 < b.count else { break }
                try supported(frame: m, precision: Int(b[i + 4]))
                // libjpeg refuses a second one ("two SOF markers"); the probe, which stops at the
                // first, would otherwise show the photo at another size than the decode (fuzzing).
                guard size == nil else { throw ImageRefusal("corrupt JPEG (two frame headers)") }
                size = (be16(b, i + 7), be16(b, i + 5))
                if !complete, be16(b, i + 5) > 0 {
                    return ImageHeader(format: .jpeg, width: be16(b, i + 7), height: be16(b, i + 5),
                                       orientation: Orientation(exif: Int(exif.orientation)), captureTime: exifTime(exif),
                                       exifThumbnail: thumbnail)
                }
            }
            if m == 0xDA {
                guard let (w, h) = size else { throw ImageRefusal("corrupt JPEG (scan before frame header)") }
                guard h > 0 else { throw ImageRefusal("unsupported JPEG (height given after the scan)") }
                guard hasEndMarker(b, after: i + 2 + length) else {
                    throw ImageRefusal("truncated JPEG (no end-of-image marker)")
                }
                return ImageHeader(format: .jpeg, width: w, height: h, orientation: Orientation(exif: Int(exif.orientation)),
                                   captureTime: exifTime(exif), exifThumbnail: thumbnail)
            }
            i += 2 + length
        }
        throw ImageRefusal(size == nil ? "truncated JPEG (no frame header)" : "truncated JPEG (no image data)", truncation: true)
    }

    /// What libjpeg-turbo here decodes: 8-bit samples, not the lossless process. Said in a person's
    /// words before libjpeg says "Unsupported JPEG data precision 12" (which read as a corrupt file).
    static func supported(frame marker: UInt8, precision: Int) throws {
        if [0xC3, 0xC7, 0xCB, 0xCF].contains(marker) { throw ImageRefusal("lossless JPEG is not supported") }
        guard precision == 8 else { throw ImageRefusal("\(precision)-bit JPEG is not supported (8-bit only)") }
    }

    private static func exifTime(_ exif: cg_exif_info) -> String? {
        let time = withUnsafeBytes(of: exif.date_time_original) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return time.isEmpty ? nil : time
    }

    /// Entropy-coded data stuffs every 0xFF with 0x00, so FF D9 past the scan header is the real end.
    private static func hasEndMarker(_ b: UnsafeRawBufferPointer, after start: Int) -> Bool {
        var k = b.count - 2
        while k >= start {
            if b[k] == 0xFF && b[k + 1] == 0xD9 { return true }
            k -= 1
        }
        return false
    }

    /// The decoder allocates by the first frame's own size, which may exceed the logical screen.
    private static func gif(_ b: UnsafeRawBufferPointer) throws -> ImageHeader {
        guard b.count >= 13 else { throw ImageRefusal("truncated GIF header") }
        var width = le16(b, 6), height = le16(b, 8)
        var i = 13
        if b[10] & 0x80 != 0 { i += 3 << (Int(b[10] & 7) + 1) }  // global colour table
        while i < b.count {
            switch b[i] {
            case 0x21:  // extension: label, then data sub-blocks up to an empty one
                i += 2
                while i < b.count && b[i] != 0 { i += Int(b[i]) + 1 }
                i += 1
            case 0x2C where i + 9 <= b.count:
                width = max(width, le16(b, i + 5))
                height = max(height, le16(b, i + 7))
                return ImageHeader(format: .gif, width: width, height: height)
            default:
                throw ImageRefusal("truncated or corrupt GIF (no image)")
            }
        }
        throw ImageRefusal("truncated or corrupt GIF (no image)", truncation: true)
    }

    private static func bmp(_ b: UnsafeRawBufferPointer) throws -> ImageHeader {
        let dib = le32(b, 14)
        if dib == 12 { return ImageHeader(format: .bmp, width: le16(b, 18), height: le16(b, 20)) }
        let h = Int32(bitPattern: UInt32(le32(b, 22)))
        // A negative height is a top-down bitmap; a negative width is no bitmap (found by fuzzing:
        // the scanner's probe handed the layout a photo −673,775,612 pixels wide).
        let w = Int32(bitPattern: UInt32(le32(b, 18)))
        guard w >= 0 else { throw ImageRefusal("corrupt BMP header (width \(w))") }
        return ImageHeader(format: .bmp, width: Int(w), height: h == Int32.min ? Int(Int32.max) : Int(abs(h)))
    }

    private static func webp(_ b: UnsafeRawBufferPointer) throws -> ImageHeader {
        let chunk = String(decoding: b[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8X" where b.count >= 30:
            return ImageHeader(format: .webp, width: le24(b, 24) + 1, height: le24(b, 27) + 1)
        case "VP8L" where b.count >= 25:
            let bits = le32(b, 21)
            return ImageHeader(format: .webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8 " where b.count >= 30:
            return ImageHeader(format: .webp, width: le16(b, 26) & 0x3FFF, height: le16(b, 28) & 0x3FFF)
        default:
            throw ImageRefusal("truncated or corrupt WebP header")
        }
    }

    private static func looksLikeText(_ b: UnsafeRawBufferPointer) -> Bool {
        let head = b.prefix(256)
        return !head.isEmpty && head.allSatisfy { $0 == 9 || $0 == 10 || $0 == 13 || (32..<127).contains($0) || $0 >= 0x80 }
    }

    private static func be16(_ b: UnsafeRawBufferPointer, _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    private static func be32(_ b: UnsafeRawBufferPointer, _ i: Int) -> Int { be16(b, i) << 16 | be16(b, i + 2) }
    private static func le16(_ b: UnsafeRawBufferPointer, _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    private static func le24(_ b: UnsafeRawBufferPointer, _ i: Int) -> Int { le16(b, i) | Int(b[i + 2]) << 16 }
    private static func le32(_ b: UnsafeRawBufferPointer, _ i: Int) -> Int { le16(b, i) | le16(b, i + 2) << 16 }
}
