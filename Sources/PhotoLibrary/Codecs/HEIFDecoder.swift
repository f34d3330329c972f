import CLibHeif
import Foundation

/// HEIF/HEIC (HEVC through libde265) and AVIF (AV1 through dav1d or aom) with libheif. The primary
/// image is decoded with libheif's default transformations, so `irot`, `imir` and `clap` are applied
/// and the picture comes out upright (an iPhone's EXIF orientation only repeats `irot`: it is not
/// applied again). Colour: libheif converts YCbCr to RGB by the file's `nclx` matrix and range,
/// 10-bit images to 8 bits; an ICC profile is not applied (sRGB is assumed, as for every format here).
enum HEIFDecoder {
    /// Which picture a decode used: an embedded thumbnail at least the cover size skips the whole
    /// primary image (HEVC has no scaled decode: a 12-megapixel grid of 48 tiles costs ~0.3 s).
    enum Source: Sendable, Equatable { case thumbnail, primary }

    /// ARGB8888 pixels covering `cover` (display orientation; smaller only where the picture
    /// is), which picture it came from, and that picture's upright size: the primary's as decoded
    /// (its pixels decide, should its `ispe` say otherwise), a thumbnail's the primary's as libheif
    /// reads it. `header` is our own box walk's: libheif's reading must agree with it before
    /// anything is decoded. `thumbnailOnly`: nil unless an embedded thumbnail serves (the primary is
    /// never decoded). Throws `ImageRefusal` or `DecodeCancelled`.
    static func decode(_ raw: UnsafeRawBufferPointer, header: ImageHeader, cover: (width: Int, height: Int), limits: ImageLimits,
                       cancel: CancelFlag?, memory: DecodeMemory.Ticket, thumbnailOnly: Bool = false) throws -> Decoded? {
        let name = header.format.rawValue
        let heif = try LibHeif.shared.get()
        guard let context = heif.contextAlloc() else { throw ImageRefusal("out of memory reading the \(name)", transient: true) }
        defer { heif.contextFree(context) }
        // libheif's own cap on every item (tiles, thumbnails, the primary), beside ours on the header.
        heif.setMaximumImageSizeLimit(context, Int32(clamping: limits.maxSide))
        try check(heif.readFromMemoryWithoutCopy(context, raw.baseAddress, raw.count, nil), name)
        var primary: OpaquePointer?
        try check(heif.primaryImageHandle(context, &primary), name)
        guard let primary else { throw ImageRefusal("corrupt \(name) (no primary image)") }
        defer { heif.handleRelease(primary) }
        let w = Int(heif.handleWidth(primary)), h = Int(heif.handleHeight(primary))
        // A pixel of slack: a fractional clean aperture may be rounded otherwise by libheif than by us.
        guard w > 0, h > 0, w <= header.displayWidth + 1, h <= header.displayHeight + 1 else {
            throw ImageRefusal("corrupt \(name) (the image is \(w)×\(h) px, the header \(header.displayWidth)×\(header.displayHeight))")
        }
        if cancel?.isCancelled == true { throw DecodeCancelled() }
        if let thumbnail = thumbnail(of: primary, size: (w, h), covering: cover, heif: heif) {
            defer { heif.handleRelease(thumbnail) }
            do {
                // Of the primary's shape within the rule's tolerance: the crop to it takes a pixel or two.
                let pixels = try decode(thumbnail, cover: cover, aspect: (w, h), name: name, cancel: cancel, memory: memory, heif: heif).pixels
                return Decoded(pixels: pixels, source: .thumbnail, width: w, height: h)
            } catch let refusal as ImageRefusal where !refusal.isTransient {
                // A thumbnail that does not decode says nothing of the primary image: that one is tried.
            }
        }
        if thumbnailOnly { return nil }
        let decoded = try decode(primary, cover: cover, aspect: nil, name: name, cancel: cancel, memory: memory, heif: heif)
        return Decoded(pixels: decoded.pixels, source: .primary, width: decoded.width, height: decoded.height)
    }

    struct Decoded {
        let pixels: PixelBuffer
        let source: Source
        /// The upright picture's full size (see `decode`).
        let width: Int, height: Int
    }

    /// The smallest embedded thumbnail that may stand for the primary (`EmbeddedThumbnailRule`:
    /// smaller than it, of its shape; as libheif reads both, upright) and covers `cover`, if any.
    private static func thumbnail(of primary: OpaquePointer, size: (Int, Int), covering cover: (width: Int, height: Int),
                                  heif: LibHeif) -> OpaquePointer? {
        let count = Int(heif.numberOfThumbnails(primary))
        guard count > 0 else { return nil }
        var ids = [heif_item_id](repeating: 0, count: min(count, 16))
        let listed = Int(heif.thumbnailIDs(primary, &ids, Int32(ids.count)))
        var best: (handle: OpaquePointer, pixels: Int)?
        for id in ids.prefix(listed) {
            var handle: OpaquePointer?
            guard heif.thumbnail(primary, id, &handle).code == heif_error_Ok, let handle else { continue }
            let tw = Int(heif.handleWidth(handle)), th = Int(heif.handleHeight(handle))
            let rule = EmbeddedThumbnailRule.check(thumbnail: (tw, th), photo: size)
            if rule.allowed, rule.sameShape, Downscale.covers(width: tw, height: th, cover), best.map({ tw * th < $0.pixels }) ?? true {
                if let old = best { heif.handleRelease(old.handle) }
                best = (handle, tw * th)
            } else {
                heif.handleRelease(handle)
            }
        }
        return best?.handle
    }

    /// Decodes one image (primary or thumbnail) to RGBA, crops a thumbnail to the primary's
    /// `aspect` (the primary is its own shape: nil) and shrinks it to `cover`. Also says the size
    /// of the picture decoded (before the crop and the shrink).
    private static func decode(_ handle: OpaquePointer, cover: (width: Int, height: Int), aspect: (Int, Int)?, name: String,
                               cancel: CancelFlag?, memory: DecodeMemory.Ticket, heif: LibHeif) throws -> (pixels: PixelBuffer, width: Int, height: Int) {
        let w = Int(heif.handleWidth(handle)), h = Int(heif.handleHeight(handle))
        // The decoder's planes (YCbCr, a grid's tiles), libheif's RGBA and our copy: about 10 bytes
        // a pixel. libheif 1.15 cannot be stopped inside a decode, so the cancel flag is read around it.
        try memory.reserve(w * h * 10)
        if cancel?.isCancelled == true { throw DecodeCancelled() }
        guard let options = heif.decodingOptionsAlloc() else { throw ImageRefusal("out of memory decoding the \(name)", transient: true) }
        defer { heif.decodingOptionsFree(options) }
        options.pointee.convert_hdr_to_8bit = 1
        var image: OpaquePointer?
        try check(heif.decodeImage(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options), name)
        guard let image else { throw ImageRefusal("corrupt \(name) (no image)") }
        defer { heif.imageRelease(image) }
        if cancel?.isCancelled == true { throw DecodeCancelled() }
        var stride: Int32 = 0
        let iw = Int(heif.imageWidth(image, heif_channel_interleaved)), ih = Int(heif.imageHeight(image, heif_channel_interleaved))
        guard let pixels = heif.planeReadonly(image, heif_channel_interleaved, &stride), iw > 0, ih > 0,
              iw <= max(w, h), ih <= max(w, h) else {
            throw ImageRefusal("corrupt \(name) (no pixels)")
        }
        // The first halving reads the RGBA bytes in place (no full-size copy).
        let crop = Downscale.centredCrop(width: iw, height: ih, aspect: aspect ?? (iw, ih))
        let view = PixelView(base: UnsafeRawPointer(pixels), width: iw, height: ih, stride: Int(stride), layout: .rgba).cropped(crop)
        let (cw, ch) = Downscale.coverSize(sourceWidth: crop.width, sourceHeight: crop.height,
                                           target: .init(width: Double(cover.width), height: Double(cover.height)), maxSide: .max)
        return (try Downscale.resize(view, width: cw, height: ch), iw, ih)
    }

    private static func check(_ error: heif_error, _ name: String) throws {
        guard error.code != heif_error_Ok else { return }
        // libheif's messages run over several lines ("Invalid input: Unexpected end of file: …\n…").
        let message = (error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)")
            .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        if error.code == heif_error_Memory_allocation_error { throw ImageRefusal("out of memory decoding the \(name)", transient: true) }
        if error.code == heif_error_Unsupported_feature || error.code == heif_error_Unsupported_filetype
            || error.code == heif_error_Decoder_plugin_error && message.localizedCaseInsensitiveContains("no decoding plugin") {
            throw ImageRefusal("unsupported \(name) (\(message))")
        }
        throw ImageRefusal("corrupt \(name) (\(message))")
    }
}
