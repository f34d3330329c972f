import GridCore
import Foundation

extension PhotoDecoder {
    /// Synchronous decode + downscale on the calling thread (used by the benchmark's serial baseline
    /// and tests). `pixelSize` nil keeps the source size. Throws `ImageLoadError` with a short reason.
    public static func decode(path: String, pixelSize: Size?) throws -> DecodedImage {
        try decode(path: path, pixelSize: pixelSize, maxSide: .max, limits: .standard)
    }

    /// `maxSide` is the renderer's texture limit: bigger results are scaled to fit it. `cancel`, when
    /// set from another thread, stops a JPEG decode within a few rows (`ImageLoadError.isCancellation`).
    /// `aspect`: the shape (width ÷ height) of the cell that shows it `.scaledToFill()`; only the band
    /// it shows (`ImagePart.decoded`) is decoded when that is much less than the photo.
    public static func decode(path: String, pixelSize: Size?, maxSide: Int, limits: ImageLimits,
                              cancel: CancelFlag? = nil, jpeg: JPEGPath = .cameraThumbnail, aspect: Double? = nil) throws -> DecodedImage {
        do {
            let (bytes, version) = try readVersion(path, limits: limits)
            return try settled(bytes, version, path: path) { raw in
                let header = try ImageHeader.parse(raw)
                try check(header, limits: limits)
                return try decode(raw, header: header, pixelSize: pixelSize, maxSide: maxSide, limits: limits, cancel: cancel, jpeg: jpeg,
                                  aspect: aspect)
            }
        } catch let refusal as ImageRefusal {
            throw ImageLoadError(path: path, refusal: refusal)
        } catch is DecodeCancelled {
            throw ImageLoadError.cancelled(path: path)
        }
    }

    /// How JPEGs are decoded: the camera's EXIF thumbnail when it covers the cell, else libjpeg-turbo
    /// at the smallest covering DCT scale (the app); libjpeg-turbo only; or libjpeg-turbo at full size
    /// then downscaled (the old path; the benchmark's baseline).
    public enum JPEGPath: Sendable { case cameraThumbnail, dctScaled, fullSize }

    /// The camera's EXIF thumbnail (IFD1), stored as the photo is (the orientation tag turns both),
    /// when it may stand for the photo (`EmbeddedThumbnailRule`: smaller than it, of its shape or
    /// letterboxed to 4:3, cropped centred to the photo's shape) and that crop still covers `cover`
    /// (as stored); nil when there is none, it is smaller than the cell, refused by the rule, or it
    /// does not decode (the photo then does).
    static func cameraThumbnail(_ raw: UnsafeRawBufferPointer, header: ImageHeader, covering cover: (width: Int, height: Int),
                                cancel: CancelFlag?) throws -> PixelBuffer? {
        try cameraThumbnail(raw, header: header, cancel: cancel) { Downscale.covers(width: $0, height: $1, cover) }
    }

    /// The camera's thumbnail, cropped to the photo's shape, if that cropped size is `wanted`.
    static func cameraThumbnail(_ raw: UnsafeRawBufferPointer, header: ImageHeader, cancel: CancelFlag?,
                                wanted: (Int, Int) -> Bool) throws -> PixelBuffer? {
        guard let range = header.exifThumbnail, range.upperBound <= raw.count else { return nil }
        let bytes = UnsafeRawBufferPointer(rebasing: raw[range])
        guard let small = try? ImageHeader.parse(bytes), small.format == .jpeg else { return nil }
        let rule = EmbeddedThumbnailRule.check(thumbnail: (small.width, small.height), photo: (header.width, header.height))
        guard rule.allowed else { return nil }
        let crop = Downscale.centredCrop(width: small.width, height: small.height, aspect: (header.width, header.height))
        guard wanted(crop.width, crop.height) else { return nil }
        guard let decoded = try? JPEGDecoder.decode(bytes, cover: nil, cancel: cancel).pixels else {
            if cancel?.isCancelled == true { throw DecodeCancelled() }
            return nil
        }
        let cut = Downscale.centredCrop(width: decoded.width, height: decoded.height, aspect: (header.width, header.height))
        // Of another shape: only a letterbox's dark bands may be cut away, never a stale picture's edges.
        guard rule.sameShape || EmbeddedThumbnailRule.hasLetterbox(decoded, crop: cut) else { return nil }
        return cut.width == decoded.width && cut.height == decoded.height ? decoded : try decoded.copy(cut)
    }

    /// The thumbnail the file carries (a JPEG's EXIF one, with `jpeg` `.cameraThumbnail`; a HEIF's
    /// or AVIF's), at `pixelSize`, when one may stand for the photo and covers that size; nil
    /// otherwise, having decoded nothing else. The rule is the cell's size, not a thumbnail cache
    /// size's: the shared cache asks for this before it decodes the photo at its own larger size.
    static func embeddedThumbnail(_ raw: UnsafeRawBufferPointer, header: ImageHeader, pixelSize: Size, maxSide: Int,
                                  limits: ImageLimits = .standard, cancel: CancelFlag?, jpeg: JPEGPath) throws -> DecodedImage? {
        let sw = header.displayWidth, sh = header.displayHeight
        let (w, h) = Downscale.coverSize(sourceWidth: sw, sourceHeight: sh, target: pixelSize, maxSide: maxSide)
        let stored = header.orientation.swapsAxes ? (width: h, height: w) : (width: w, height: h)
        let pixels: PixelBuffer, orientation: Orientation
        switch header.format {
        case .jpeg where jpeg == .cameraThumbnail:
            guard let s = try cameraThumbnail(raw, header: header, covering: stored, cancel: cancel) else { return nil }
            (pixels, orientation) = (s, header.orientation)
        case .heif, .avif:
            let memory = DecodeMemory.shared.ticket(cancel: cancel)
            defer { memory.release() }
            guard let decoded = try HEIFDecoder.decode(raw, header: header, cover: stored, limits: limits, cancel: cancel, memory: memory,
                                                       thumbnailOnly: true) else { return nil }
            (pixels, orientation) = (decoded.pixels, .up)
        default:
            return nil
        }
        let image = try finish(pixels, sourceWidth: sw, sourceHeight: sh, target: pixelSize, maxSide: maxSide, orientation: orientation,
                               jpeg: header.format == .jpeg)
        image.fromEmbeddedThumbnail = true
        return image
    }

    /// Decodes, downscales to cover `pixelSize` (in display orientation) and turns the result upright;
    /// of a photo shown `.scaledToFill()` in a cell of `aspect`, only the band the cell shows.
    static func decode(_ raw: UnsafeRawBufferPointer, header: ImageHeader, pixelSize: Size?, maxSide: Int,
                       limits: ImageLimits = .standard, cancel: CancelFlag?, jpeg: JPEGPath, aspect: Double? = nil) throws -> DecodedImage {
        let orientation = header.orientation
        let sw = header.displayWidth, sh = header.displayHeight
        let part = aspect.map { ImagePart.decoded(forAspect: $0, sourceAspect: Double(sw) / Double(max(1, sh))) } ?? .whole
        let storedPart = orientation.inverse.upright(part)
        var held = ImagePart.whole
        let target = pixelSize ?? Size(width: Double(sw), height: Double(sh))
        let (w, h) = Downscale.coverSize(sourceWidth: sw, sourceHeight: sh, target: target, maxSide: maxSide)
        let stored = orientation.swapsAxes ? (width: h, height: w) : (width: w, height: h)
        var pixels: PixelBuffer
        // What the decoders hold, all workers together, is bounded (`DecodeMemory`): each tells its
        // ticket its needs before allocating, and gives them back here when the picture is done.
        let memory = DecodeMemory.shared.ticket(cancel: cancel)
        defer { memory.release() }
        if header.format == .heif || header.format == .avif {
            // libheif turns the picture upright itself (irot, imir) and may use an embedded thumbnail.
            guard let decoded = try HEIFDecoder.decode(raw, header: header, cover: stored, limits: limits, cancel: cancel, memory: memory) else {
                throw ImageRefusal("corrupt \(header.format.rawValue) (no image)")
            }
            // The size of the picture decoded, not the `ispe`'s claim: neither cropped nor stretched to it.
            let image = try finish(decoded.pixels, sourceWidth: decoded.width, sourceHeight: decoded.height, target: target,
                                   maxSide: maxSide, orientation: .up, wanted: part)
            image.fromEmbeddedThumbnail = decoded.source == .thumbnail
            return image
        } else if header.format == .jpeg, jpeg == .cameraThumbnail,
                  let thumbnail = try cameraThumbnail(raw, header: header, covering: stored, cancel: cancel) {
            let image = try finish(thumbnail, sourceWidth: sw, sourceHeight: sh, target: target, maxSide: maxSide, orientation: orientation, jpeg: true,
                                   wanted: storedPart)
            image.fromEmbeddedThumbnail = true
            return image
        } else if header.format == .jpeg && jpeg != .fullSize {
            let decoded = try JPEGDecoder.decode(raw, cover: stored, crop: storedPart, cancel: cancel, memory: memory)
            (pixels, held) = (decoded.pixels, decoded.part)
        } else if header.format == .png {
            // libpng under its chunk limits and the cancel flag, averaged down to the cover as it is read.
            guard let s = try PNGCodec.decode(raw, maxSide: max(header.width, header.height), cover: stored, cancel: cancel, memory: memory).pixels else {
                throw ImageRefusal("corrupt PNG (no image)")
            }
            pixels = s
        } else if header.format == .gif || header.format == .webp && AnimationSource.isAnimatedWebP(Array(raw.prefix(32))) {
            // The first frame composited on the canvas as the player shows it (a GIF's frame at its
            // place; giflib streams it, libwebp's demux decodes it): a canvas, a saved region and a copy.
            try memory.reserve(header.width * header.height * 12)
            do {
                let animation: AnimationDecoder
                if header.format == .gif {
                    let gif = try GIFAnimationDecoder(bytes: Array(raw), width: header.width, height: header.height, maxFramePixels: limits.maxPixels)
                    gif.cancel = cancel
                    animation = gif
                } else {
                    animation = try WebPAnimationDecoder(bytes: Array(raw))
                }
                guard let first = try animation.nextFrame() else { throw ImageRefusal("corrupt \(header.format.rawValue) (no image)") }
                pixels = try AnimationSource.pixels(of: first, width: animation.canvasWidth, height: animation.canvasHeight, cover: stored)
                return try finish(pixels, sourceWidth: animation.canvasWidth, sourceHeight: animation.canvasHeight, target: target,
                                  maxSide: maxSide, orientation: .up)
            } catch let e as AnimationDecodeError {
                throw ImageRefusal(e.description)
            }
        } else if header.format == .webp {
            // The decoder's own buffers (YUV, about 1.5 bytes a pixel) and ours.
            try memory.reserve(header.width * header.height * 6)
            pixels = try WebPStillDecoder.decode(raw, header: header, cancel: cancel)
        } else if header.format == .bmp {
            try memory.reserve(header.width * header.height * 4)
            pixels = try BMPDecoder.decode(raw, header: header)
        } else {
            // The full picture through libjpeg-turbo, then the halvings (the benchmark's baseline).
            pixels = try JPEGDecoder.decode(raw, cover: nil, cancel: cancel, memory: memory).pixels
        }
        return try finish(pixels, sourceWidth: sw, sourceHeight: sh, target: target, maxSide: maxSide, orientation: orientation,
                          jpeg: header.format == .jpeg, held: held, wanted: storedPart)
    }

    /// Shrinks `decoded` (stored orientation, any size at least the cover size) to the
    /// exact cover size and turns it upright. `sourceWidth`/`sourceHeight` are the display size.
    /// `held` is the part of the image (as stored) `decoded` is; of it only `wanted` (to whole pixels)
    /// is kept, so the rest is neither shrunk nor uploaded.
    private static func finish(_ decoded: PixelBuffer, sourceWidth sw: Int, sourceHeight sh: Int,
                               target: Size, maxSide: Int, orientation: Orientation, jpeg: Bool = false,
                               held: ImagePart = .whole, wanted: ImagePart = .whole) throws -> DecodedImage {
        let (w, h) = Downscale.coverSize(sourceWidth: sw, sourceHeight: sh, target: target, maxSide: maxSide)
        let stored = orientation.swapsAxes ? (width: h, height: w) : (width: w, height: h)
        var part = held
        var cut = (x: 0, y: 0, width: decoded.width, height: decoded.height)
        if !wanted.isWhole && held.contains(wanted) {
            // `wanted` within what was decoded (a decoder that cut rows but not columns, or nothing).
            let dw = Double(decoded.width), dh = Double(decoded.height)
            let x0 = max(0, Int(((wanted.x - held.x) / held.width * dw).rounded(.down)))
            let y0 = max(0, Int(((wanted.y - held.y) / held.height * dh).rounded(.down)))
            let x1 = min(decoded.width, Int(((wanted.x + wanted.width - held.x) / held.width * dw).rounded(.up)))
            let y1 = min(decoded.height, Int(((wanted.y + wanted.height - held.y) / held.height * dh).rounded(.up)))
            if x0 < x1, y0 < y1, x1 - x0 < decoded.width || y1 - y0 < decoded.height {
                cut = (x0, y0, x1 - x0, y1 - y0)
                part = ImagePart(x: held.x + Double(x0) / dw * held.width, y: held.y + Double(y0) / dh * held.height,
                                 width: Double(cut.width) / dw * held.width, height: Double(cut.height) / dh * held.height)
            }
        }
        // The part at the whole's cover scale: its share of the cover size, never more than decoded.
        let outWidth = part.isWhole ? stored.width : max(1, Int((Double(stored.width) * part.width).rounded()))
        let outHeight = part.isWhole ? stored.height : max(1, Int((Double(stored.height) * part.height).rounded()))
        let size = (width: min(outWidth, cut.width), height: min(outHeight, cut.height))
        var pixels = cut.width == decoded.width && cut.height == decoded.height
            ? try Downscale.resize(decoded, width: size.width, height: size.height)
            : try decoded.withView { try Downscale.resize($0.cropped(cut), width: size.width, height: size.height) }
        pixels = try orientation.apply(to: pixels)
        // If covering the target would need more than we made, nothing bigger is possible.
        let wanted = Downscale.coverSize(sourceWidth: sw, sourceHeight: sh, target: target, maxSide: .max)
        let largest = (w == sw && h == sh) || wanted.width > w || wanted.height > h
        let image = DecodedImage(pixels: pixels, sourceWidth: sw, sourceHeight: sh, isLargestPossible: largest, opaque: jpeg ? true : nil,
                                 part: part.isWhole ? .whole : orientation.upright(part))
        _ = image.isOpaque  // scanned here, on the decoding thread, not at upload
        return image
    }

    /// Runs `body` on `bytes`, the whole of `version` of the file at `path`. A refusal of a file that
    /// changed while it was read (a copy still in progress) says nothing lasting: it is transient.
    static func settled<T>(_ bytes: [UInt8], _ version: FileVersion, path: String,
                           _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T {
        do {
            return try bytes.withUnsafeBytes(body)
        } catch let refusal as ImageRefusal where !refusal.isTransient {
            if FileVersion.isSettled(before: version, bytesRead: bytes.count, path: path) { throw refusal }
            throw ImageRefusal(refusal.reason + "; the file changed while it was read", truncation: refusal.isTruncation, transient: true)
        }
    }

    /// The whole file, after the cheap checks that need no reading (kind, emptiness, size).
    static func readFile(_ path: String, limits: ImageLimits) throws -> [UInt8] {
        try readVersion(path, limits: limits).bytes
    }

    /// The whole file and the version (size, modification time) it had when its reading began.
    static func readVersion(_ path: String, limits: ImageLimits) throws -> (bytes: [UInt8], version: FileVersion) {
        var info = stat()
        guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else {
            if errno == ENOTDIR { throw ImageRefusal(ImageLoadError.folderPrefix + ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent + " is not a folder") }
            throw ImageRefusal(errnoReason(errno), transient: ImageRefusal.isTransient(errno: errno))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw ImageRefusal("not an image file (directory)")
        default: throw ImageRefusal("not an image file (not a regular file)")
        }
        let size = Int(info.st_size)
        guard size > 0 else { throw ImageRefusal("empty file") }
        guard size <= limits.maxFileBytes else {
            throw ImageRefusal("file too large (\(megabytes(size)), limit \(megabytes(limits.maxFileBytes)))")
        }
        let fd = PathBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw ImageRefusal("cannot read (\(errnoReason(errno)))", transient: ImageRefusal.isTransient(errno: errno)) }
        defer { close(fd) }
        var readError: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let n = read(fd, buffer.baseAddress! + count, size - count)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { readError = errno; break }
                if n == 0 { break }  // shrank while we read: decode what is there
                count += n
            }
        }
        if readError != 0 { throw ImageRefusal("cannot read (\(errnoReason(readError)))", transient: ImageRefusal.isTransient(errno: readError)) }
        guard !bytes.isEmpty else { throw ImageRefusal("empty file") }
        return (bytes, FileVersion(info))
    }

    static func check(_ header: ImageHeader, limits: ImageLimits) throws {
        let w = header.width, h = header.height
        guard w > 0, h > 0 else { throw ImageRefusal("corrupt \(header.format.rawValue) header (\(w)×\(h) px)") }
        guard w <= limits.maxSide, h <= limits.maxSide, w.multipliedReportingOverflow(by: h).partialValue <= limits.maxPixels else {
            let mp = limits.maxPixels / 1_000_000
            throw ImageRefusal("image too large (\(w)×\(h) px; limit \(limits.maxSide) px a side, \(mp) megapixels)")
        }
    }

    private static func errnoReason(_ code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: return "file not found"
        case EACCES, EPERM: return "permission denied"
        default: return String(cString: strerror(code))
        }
    }

    private static func megabytes(_ bytes: Int) -> String {
        let mb = Double(bytes) / Double(1 << 20)
        return mb == mb.rounded() ? "\(Int(mb)) MB" : String(format: "%.1f MB", mb)
    }
}
