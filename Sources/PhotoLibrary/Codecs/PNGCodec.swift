import CImageCodecs
import Foundation

/// PNG through libpng (in the C shim): photos and the thumbnail cache's files, with their tEXt keys,
/// under libpng's chunk limits (at most 64 ancillary chunks kept, 1 MB each decompressed) and a
/// cancel flag checked at every read.
enum PNGCodec {
    struct Decoded {
        /// Nil when only the header was read. Smaller than the image when `cover` asked for less.
        let pixels: PixelBuffer?
        /// The image's own size.
        let width: Int
        let height: Int
        let text: [String: String]
    }

    /// Decodes a PNG held in memory to ARGB8888, or only its header and the text chunks before the
    /// image data (`headerOnly`). With `cover`, a non-interlaced image is averaged down while it is
    /// read, to the smallest halving that still covers it: an 8000×8000 photo for a 200-pixel cell
    /// holds 250×250 pixels, not 256 MB. `memory` is told the decode's needs first (a ticket of its
    /// own if nil). Throws `ImageRefusal` or `DecodeCancelled`.
    static func decode(_ raw: UnsafeRawBufferPointer, maxSide: Int = 4096, headerOnly: Bool = false, cover: (width: Int, height: Int)? = nil,
                       cancel: CancelFlag? = nil, memory: DecodeMemory.Ticket? = nil) throws -> Decoded {
        let box = DecodeContext(memory: memory ?? DecodeMemory.shared.ticket(cancel: cancel))
        var w: Int32 = 0, h: Int32 = 0
        var message = [CChar](repeating: 0, count: 200)
        var request = cg_png_request()
        request.max_side = Int32(clamping: maxSide)
        request.header_only = headerOnly ? 1 : 0
        request.target_width = Int32(clamping: cover?.width ?? 0)
        request.target_height = Int32(clamping: cover?.height ?? 0)
        request.cancel = cancel.map { UnsafePointer($0.pointer) }
        request.reserve = reserveMemory
        let code = withExtendedLifetime(cancel) {
            Int(cg_png_decode(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, &request, allocateSurface, collectText,
                              Unmanaged.passUnretained(box).toOpaque(), &w, &h, &message))
        }
        guard code == CG_OK else {
            if code == CG_CANCELLED { throw DecodeCancelled() }
            if code == CG_NO_MEMORY { throw ImageRefusal("out of memory decoding the PNG", transient: true) }
            throw ImageRefusal("corrupt PNG (\(String(filledBuffer: message)))")
        }
        return Decoded(pixels: box.buffer.buffer, width: Int(w), height: Int(h), text: box.text)
    }

    /// An 8-bit RGBA PNG of `image` with `text` as tEXt chunks (in the order given).
    static func encode(_ image: PixelBuffer, text: [(String, String)], level: Int) throws -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 200)
        let keys = text.map { strdup($0.0) }, values = text.map { strdup($0.1) }
        defer { keys.forEach { free($0) }; values.forEach { free($0) } }
        let code = keys.map { UnsafePointer($0) }.withUnsafeBufferPointer { k in
            values.map { UnsafePointer($0) }.withUnsafeBufferPointer { v in
                cg_png_encode(image.pixels.assumingMemoryBound(to: UInt8.self), Int32(image.width), Int32(image.height),
                              Int32(image.stride), k.baseAddress, v.baseAddress, Int32(text.count), Int32(level), &out, &size, &message)
            }
        }
        guard Int(code) == CG_OK, let bytes = out else { throw ImageRefusal("cannot write PNG (\(String(filledBuffer: message)))") }
        defer { cg_free(bytes) }
        return Data(bytes: bytes, count: size)
    }
}

private final class DecodeContext {
    let buffer: PixelBufferBox
    var text: [String: String] = [:]
    init(memory: DecodeMemory.Ticket) { buffer = PixelBufferBox(memory: memory) }
}

private let reserveMemory: cg_reserve_fn = { context, bytes in
    Unmanaged<DecodeContext>.fromOpaque(context!).takeUnretainedValue().buffer.reserve(Int(bytes)) ? 0 : 1
}

private let collectText: cg_text_fn = { context, key, value in
    guard let context = context, let key = key, let value = value else { return }
    let box = Unmanaged<DecodeContext>.fromOpaque(context).takeUnretainedValue()
    box.text[String(cString: key)] = String(cString: value)
}

/// The PNG decode's allocation callback hands the buffer box inside the context.
private let allocateSurface: cg_alloc_fn = { context, width, height, pitch in
    let box = Unmanaged<DecodeContext>.fromOpaque(context!).takeUnretainedValue()
    return PixelBufferBox.allocate(box.buffer, width: width, height: height, pitch: pitch)
}
