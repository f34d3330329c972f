import CLibWebP

/// A still WebP (lossy or lossless, with or without alpha) through libwebp, straight into the buffer:
/// BGRA bytes are, read as little-endian words, ARGB8888. libwebp cannot be stopped inside a decode,
/// so the cancel flag is read before it.
enum WebPStillDecoder {
    static func decode(_ raw: UnsafeRawBufferPointer, header: ImageHeader, cancel: CancelFlag?) throws -> PixelBuffer {
        var w: Int32 = 0, h: Int32 = 0
        let bytes = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
        guard WebPGetInfo(bytes, raw.count, &w, &h) != 0 else { throw ImageRefusal("corrupt WEBP (no image)") }
        guard Int(w) == header.width, Int(h) == header.height else {
            throw ImageRefusal("corrupt WEBP (the data is \(w)×\(h) px, the header \(header.width)×\(header.height))")
        }
        if cancel?.isCancelled == true { throw DecodeCancelled() }
        let out = try PixelBuffer.make(width: Int(w), height: Int(h))
        guard WebPDecodeBGRAInto(bytes, raw.count, out.pixels.assumingMemoryBound(to: UInt8.self), out.byteCount, Int32(out.stride)) != nil else {
            throw ImageRefusal("corrupt WEBP (the data does not decode)")
        }
        return out
    }
}
