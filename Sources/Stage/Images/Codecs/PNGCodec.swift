import CImageCodecs
import CSDL2
import Foundation

/// PNG through libpng (in the C shim): photos and the thumbnail cache's files, with their tEXt keys,
/// under libpng's chunk limits (at most 64 ancillary chunks kept, 1 MB each decompressed) and a
/// cancel flag checked at every read.
enum PNGCodec {
    struct Decoded {
        /// Nil when only the header was read.
        let surface: UnsafeMutablePointer<SDL_Surface>?
        let width: Int
        let height: Int
        let text: [String: String]
    }

    /// Decodes a PNG held in memory to ARGB8888, or only its header and the text chunks before the
    /// image data (`headerOnly`). Throws `ImageRefusal`.
    static func decode(_ raw: UnsafeRawBufferPointer, maxSide: Int = 4096, headerOnly: Bool = false, cancel: CancelFlag? = nil) throws -> Decoded {
        let box = DecodeContext()
        var w: Int32 = 0, h: Int32 = 0
        var message = [CChar](repeating: 0, count: 200)
        let code = withExtendedLifetime(cancel) {
            Int(cg_png_decode(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, Int32(clamping: maxSide), headerOnly ? 1 : 0,
                              cancel.map { UnsafePointer($0.pointer) }, allocateSurface, collectText,
                              Unmanaged.passUnretained(box).toOpaque(), &w, &h, &message))
        }
        guard code == CG_OK else {
            if let s = box.surface.surface { SDL_FreeSurface(s) }
            if code == CG_CANCELLED { throw DecodeCancelled() }
            if code == CG_NO_MEMORY { throw ImageRefusal("out of memory decoding the PNG", transient: true) }
            throw ImageRefusal("corrupt PNG (\(String(cString: message)))")
        }
        return Decoded(surface: box.surface.surface, width: Int(w), height: Int(h), text: box.text)
    }

    /// An 8-bit RGBA PNG of an ARGB8888 surface with `text` as tEXt chunks (in the order given).
    static func encode(_ surface: UnsafeMutablePointer<SDL_Surface>, text: [(String, String)], level: Int) throws -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 200)
        let keys = text.map { strdup($0.0) }, values = text.map { strdup($0.1) }
        defer { keys.forEach { free($0) }; values.forEach { free($0) } }
        let code = keys.map { UnsafePointer($0) }.withUnsafeBufferPointer { k in
            values.map { UnsafePointer($0) }.withUnsafeBufferPointer { v in
                cg_png_encode(surface.pointee.pixels.assumingMemoryBound(to: UInt8.self), surface.pointee.w, surface.pointee.h,
                              surface.pointee.pitch, k.baseAddress, v.baseAddress, Int32(text.count), Int32(level), &out, &size, &message)
            }
        }
        guard Int(code) == CG_OK, let bytes = out else { throw ImageRefusal("cannot write PNG (\(String(cString: message)))") }
        defer { cg_free(bytes) }
        return Data(bytes: bytes, count: size)
    }
}

private final class DecodeContext {
    let surface = SurfaceBox()
    var text: [String: String] = [:]
}

private let collectText: cg_text_fn = { context, key, value in
    guard let context = context, let key = key, let value = value else { return }
    let box = Unmanaged<DecodeContext>.fromOpaque(context).takeUnretainedValue()
    box.text[String(cString: key)] = String(cString: value)
}

/// The PNG decode's allocation callback hands the surface box inside the context.
private let allocateSurface: cg_alloc_fn = { context, width, height, pitch in
    let box = Unmanaged<DecodeContext>.fromOpaque(context!).takeUnretainedValue()
    return SurfaceBox.allocate(box.surface, width: width, height: height, pitch: pitch)
}
