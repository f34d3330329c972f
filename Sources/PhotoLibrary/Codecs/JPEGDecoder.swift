import CImageCodecs

/// JPEG through libjpeg-turbo's libjpeg API (docs/photos.md says why not TurboJPEG): decoded at the
/// smallest DCT scale n/8 that still covers the wanted size, straight into an ARGB8888 buffer.
/// Grayscale, RGB, YCbCr, CMYK and YCCK (Adobe-inverted or not), baseline or progressive.
enum JPEGDecoder {
    /// Progressive files with more scans than this are refused. A camera or encoder writes about
    /// ten; libjpeg's own scripts at most a few dozen. Thousands of empty scans is an attack (a
    /// 2 MB file that decodes for minutes), as libjpeg-turbo's djpeg -maxscans guards against.
    static let maxScans = 100
    /// libjpeg's own buffers (a progressive file keeps every coefficient): beyond this it stops.
    static let maxMemory = 512 << 20

    struct Result {
        let pixels: PixelBuffer
        /// The DCT scale used, in eighths.
        let scaleEighths: Int
        let scans: Int
        /// The part of the image (as stored) the pixels hold: the whole unless a crop was asked.
        let part: ImagePart
    }

    /// Decodes the JPEG in `raw`. `cover` is the size the result must still cover, as stored
    /// (before orientation); nil decodes at full size. Throws `ImageRefusal` or `DecodeCancelled`.
    /// `memory` is told what the decode will hold before it allocates (a ticket of its own if nil).
    /// `crop` (as stored): only that part is decoded, a little more where iMCU edges and whole rows
    /// round it out; the result's `part` says what it holds.
    static func decode(_ raw: UnsafeRawBufferPointer, cover: (width: Int, height: Int)?, crop: ImagePart = .whole,
                       cancel: CancelFlag? = nil, maxScans: Int = JPEGDecoder.maxScans,
                       memory: DecodeMemory.Ticket? = nil) throws -> Result {
        var request = cg_jpeg_request()
        request.target_width = Int32(clamping: cover?.width ?? 0)
        request.target_height = Int32(clamping: cover?.height ?? 0)
        request.max_scans = Int32(clamping: maxScans)
        request.max_memory = maxMemory
        request.cancel = cancel.map { UnsafePointer($0.pointer) }
        request.reserve = reserveMemory
        if !crop.isWhole {
            (request.crop_left, request.crop_top, request.crop_width, request.crop_height) = (crop.x, crop.y, crop.width, crop.height)
        }
        var result = cg_jpeg_result()
        let box = PixelBufferBox(memory: memory ?? DecodeMemory.shared.ticket(cancel: cancel))
        let code = withExtendedLifetime(cancel) {
            Int(cg_jpeg_decode(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, &request, allocateSurface,
                           Unmanaged.passUnretained(box).toOpaque(), &result))
        }
        guard code == CG_OK, let pixels = box.buffer else {
            let message = withUnsafeBytes(of: result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            switch code {
            case CG_CANCELLED: throw DecodeCancelled()
            case CG_TOO_MANY_SCANS: throw ImageRefusal("refused JPEG: \(message)")
            case CG_NO_MEMORY where result.width > 0:
                throw ImageRefusal("out of memory for a \(result.width)×\(result.height) image", transient: true)
            case CG_NO_MEMORY: throw ImageRefusal("out of memory decoding the JPEG (\(message))", transient: true)
            default: throw ImageRefusal("corrupt JPEG (\(message.isEmpty ? "no image" : message))")
            }
        }
        let fw = Double(max(1, result.full_width)), fh = Double(max(1, result.full_height))
        let part = result.width == result.full_width && result.height == result.full_height ? ImagePart.whole
            : ImagePart(x: Double(result.crop_x) / fw, y: Double(result.crop_y) / fh,
                        width: Double(result.width) / fw, height: Double(result.height) / fh)
        return Result(pixels: pixels, scaleEighths: Int(result.scale_num), scans: Int(result.scans), part: part)
    }
}

private let allocateSurface: cg_alloc_fn = { context, width, height, pitch in
    PixelBufferBox.allocate(Unmanaged<PixelBufferBox>.fromOpaque(context!).takeUnretainedValue(), width: width, height: height, pitch: pitch)
}

private let reserveMemory: cg_reserve_fn = { context, bytes in
    Unmanaged<PixelBufferBox>.fromOpaque(context!).takeUnretainedValue().reserve(Int(bytes)) ? 0 : 1
}

/// A decode stopped by its `CancelFlag`: not a property of the file, never recorded as a failure.
package struct DecodeCancelled: Error {}
