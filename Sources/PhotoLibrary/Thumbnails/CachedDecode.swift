import Foundation
import GridCore

/// Decoding through the shared thumbnail cache: a cell that a thumbnail size covers (up to 1024
/// pixels) is served from the cache when a valid thumbnail is there, and otherwise the file is
/// decoded once at that thumbnail's size, the thumbnail written, and shrunk for the cell.
extension PhotoDecoder {
    /// `decode(path:pixelSize:…)` through `cache`. The file must be readable first (the standard:
    /// no thumbnail is read or written for a file the user cannot read); failures of a readable file
    /// are remembered in the cache's fail folder and not tried again until the file changes.
    /// A cell larger than every thumbnail may ask for the band it shows (`aspect`); thumbnails are
    /// always of the whole photo.
    package static func decode(path: String, pixelSize: Size, maxSide: Int, limits: ImageLimits, cancel: CancelFlag?,
                       cache: ThumbnailCache, jpeg: JPEGPath = .cameraThumbnail, aspect: Double? = nil) throws -> DecodedImage {
        guard let file = CachedFile(path: path) else {
            // Missing, not a regular file or unreadable: the plain decode says why, in its words.
            return try decode(path: path, pixelSize: pixelSize, maxSide: maxSide, limits: limits, cancel: cancel, jpeg: jpeg, aspect: aspect)
        }
        if let reason = cache.rememberedFailure(uri: file.uri, version: file.version) { throw ImageLoadError(path: path, reason: reason) }
        let need = Int(max(pixelSize.width, pixelSize.height).rounded(.up))
        for flavor in ThumbnailCache.Flavor.allCases where flavor.rawValue >= need {
            if let found = cache.load(uri: file.uri, version: file.version, flavor: flavor),
               let image = try fromThumbnail(found, pixelSize: pixelSize, maxSide: maxSide) {
                cache.count { $0.hits += 1 }
                return image
            }
        }
        cache.count { $0.misses += 1 }
        return try withSource(file, limits: limits, cache: cache) { raw, header in
            // A thumbnail the file carries that covers the cell serves it: no decode of the photo at
            // the cache's larger size (a 300-px cell's is 512, which a camera's 160 or a phone's 320
            // never covers) and nothing written; a larger cell, or the viewer, makes the cache's.
            if let embedded = try embeddedThumbnail(raw, header: header, pixelSize: pixelSize, maxSide: maxSide, limits: limits,
                                                    cancel: cancel, jpeg: jpeg) {
                return embedded
            }
            let cover = Downscale.coverSize(sourceWidth: header.displayWidth, sourceHeight: header.displayHeight, target: pixelSize, maxSide: .max)
            guard let flavor = ThumbnailCache.Flavor.covering(max(cover.width, cover.height)) else {
                let image = try decode(raw, header: header, pixelSize: pixelSize, maxSide: maxSide, cancel: cancel, jpeg: jpeg, aspect: aspect)
                // A band of the photo is no thumbnail of it.
                if image.part.isWhole { storeLargestThumbnail(of: image, header: header, file: file, cache: cache) }
                return image
            }
            let thumb = try makeThumbnail(raw, header: header, file: file, flavor: flavor, cache: cache, cancel: cancel, jpeg: jpeg)
            let found = ThumbnailCache.Found(pixels: thumb.pixels,
                                             original: (header.displayWidth, header.displayHeight))
            // A thumbnail made just now that does not cover the cell: the file's picture is not the
            // shape its header says (a GIF whose first frame is smaller than its canvas). The file
            // decoded for the cell, as without the cache, not a trap on a worker.
            guard let image = try fromThumbnail(found, pixelSize: pixelSize, maxSide: maxSide) else {
                return try decode(raw, header: header, pixelSize: pixelSize, maxSide: maxSide, cancel: cancel, jpeg: jpeg)
            }
            image.fromEmbeddedThumbnail = thumb.fromEmbeddedThumbnail
            return image
        }
    }

    /// Sizes of thumbnail worth showing first in a cell larger than any of them, best first: the
    /// largest, and the next (at most twice too small); smaller ones would show as a blur.
    static let thumbnailFirstFlavors: [ThumbnailCache.Flavor] = [.xxLarge, .xLarge]

    /// For a cell larger than the largest thumbnail size: the best valid thumbnail the cache already
    /// holds, shown while the file decodes at the cell's size (progressive refinement, as eog, gThumb
    /// and Shotwell do). It never makes one and never reads the photo's pixels; nil when the cache has
    /// none valid (or the file cannot be read, which the decode then says). At its own size, or the
    /// renderer's limit: the cell scales it up the few per cent it lacks.
    package static func thumbnailFirst(path: String, maxSide: Int, cache: ThumbnailCache) -> DecodedImage? {
        guard let file = CachedFile(path: path) else { return nil }
        for flavor in thumbnailFirstFlavors {
            guard let found = cache.load(uri: file.uri, version: file.version, flavor: flavor) else { continue }
            let s = found.pixels
            let tw = s.width, th = s.height
            let (ow, oh) = found.original ?? (tw, th)
            let size = Downscale.coverSize(sourceWidth: tw, sourceHeight: th, target: Size(width: Double(tw), height: Double(th)), maxSide: maxSide)
            guard let out = try? Downscale.resize(s, width: size.width, height: size.height) else { return nil }
            cache.count { $0.hits += 1 }
            // A photo no larger than the thumbnail (it says so) has nothing more to give.
            let atOriginal = found.original != nil && abs(tw - ow) <= 1 && abs(th - oh) <= 1
            let image = DecodedImage(pixels: out, sourceWidth: ow, sourceHeight: oh, isLargestPossible: atOriginal)
            _ = image.isOpaque
            return image
        }
        return nil
    }

    /// The `flavor` thumbnail of `path`, from the cache when a valid one is there, else made and
    /// written to it: what a file manager's thumbnailer does, and the benchmark's unit of work.
    public static func thumbnail(path: String, flavor: ThumbnailCache.Flavor, cache: ThumbnailCache,
                                 limits: ImageLimits = .standard) throws -> DecodedImage {
        guard let file = CachedFile(path: path) else { return try decode(path: path, pixelSize: nil, maxSide: flavor.rawValue, limits: limits) }
        if let reason = cache.rememberedFailure(uri: file.uri, version: file.version) { throw ImageLoadError(path: path, reason: reason) }
        if let found = cache.load(uri: file.uri, version: file.version, flavor: flavor) {
            cache.count { $0.hits += 1 }
            let w = found.pixels.width, h = found.pixels.height
            return DecodedImage(pixels: found.pixels, sourceWidth: found.original?.width ?? w, sourceHeight: found.original?.height ?? h,
                                isLargestPossible: true)
        }
        cache.count { $0.misses += 1 }
        return try withSource(file, limits: limits, cache: cache) { raw, header in
            try makeThumbnail(raw, header: header, file: file, flavor: flavor, cache: cache, cancel: nil)
        }
    }

    /// The file as the cache sees it: its URI and version (size, modification time), known readable.
    struct CachedFile {
        let path: String
        let uri: String
        let version: FileVersion
        /// The standard's Thumb::MTime: whole seconds.
        var mtime: Int { version.seconds }
        var size: Int { version.size }

        init?(path: String) {
            var info = stat()
            guard PathBytes.withCString(path, { stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG,
                  PathBytes.withCString(path, { access($0, R_OK) }) == 0 else { return nil }
            self.path = path
            uri = ThumbnailCache.uri(for: path)
            version = FileVersion(info)
        }
    }

    /// Reads the file and runs `body` on its checked header. A refusal of what was read (not an
    /// image, corrupt, too large a picture…) is remembered in the fail folder for this version of
    /// the file; one that says nothing lasting (cannot read it now, out of memory, the file changed
    /// while read, cancelled) is not.
    private static func withSource(_ file: CachedFile, limits: ImageLimits, cache: ThumbnailCache,
                                   _ body: (UnsafeRawBufferPointer, ImageHeader) throws -> DecodedImage) throws -> DecodedImage {
        let bytes: [UInt8], version: FileVersion
        do { (bytes, version) = try readVersion(file.path, limits: limits) } catch let r as ImageRefusal { throw ImageLoadError(path: file.path, refusal: r) }
        do {
            // The version the cache was asked about must be the one read, or the entry would lie.
            guard version == file.version else {
                throw ImageRefusal("the file changed while it was read", transient: true)
            }
            return try settled(bytes, version, path: file.path) { raw in
                let header = try ImageHeader.parse(raw)
                try check(header, limits: limits)
                return try body(raw, header)
            }
        } catch let refusal as ImageRefusal {
            if !refusal.isTransient { cache.storeFailure(uri: file.uri, version: file.version, reason: refusal.reason) }
            throw ImageLoadError(path: file.path, refusal: refusal)
        } catch is DecodeCancelled {
            throw ImageLoadError.cancelled(path: file.path)
        }
    }

    /// Decodes the source to fit a `flavor` box (never enlarged), upright, and writes it to the cache.
    private static func makeThumbnail(_ raw: UnsafeRawBufferPointer, header: ImageHeader, file: CachedFile,
                                      flavor: ThumbnailCache.Flavor, cache: ThumbnailCache, cancel: CancelFlag?,
                                      jpeg: JPEGPath = .cameraThumbnail) throws -> DecodedImage {
        let dw = Double(header.displayWidth), dh = Double(header.displayHeight)
        let s = min(1, Double(flavor.rawValue) / max(dw, dh))
        let thumb = try decode(raw, header: header, pixelSize: Size(width: dw * s, height: dh * s), maxSide: flavor.rawValue,
                               cancel: cancel, jpeg: jpeg)
        cache.store(thumb.pixels, of: ThumbnailCache.Original(uri: file.uri, mtime: file.mtime, stamp: file.version.stamp, size: file.size, width: header.displayWidth,
                                                               height: header.displayHeight, mimeType: header.format.mimeType), flavor: flavor)
        return thumb
    }

    /// A cell wider than the largest thumbnail (a window-wide column) is decoded from the file, and
    /// the texture made from it also serves the cell when it shrinks, so no smaller decode (the one
    /// that writes a thumbnail) ever follows. Unless the cache has one, the largest thumbnail is made
    /// here from that decode (a shrink, no second decode), so the next launch, and other programs,
    /// find the photo there.
    private static func storeLargestThumbnail(of image: DecodedImage, header: ImageHeader, file: CachedFile, cache: ThumbnailCache) {
        let flavor = ThumbnailCache.Flavor.allCases.last!
        let dw = Double(header.displayWidth), dh = Double(header.displayHeight)
        let s = min(1, Double(flavor.rawValue) / max(dw, dh))
        let size = Downscale.coverSize(sourceWidth: header.displayWidth, sourceHeight: header.displayHeight,
                                       target: Size(width: dw * s, height: dh * s), maxSide: flavor.rawValue)
        // A decode capped below the thumbnail's size (a small renderer limit) cannot make it.
        guard image.pixelWidth >= size.width, image.pixelHeight >= size.height,
              !cache.contains(uri: file.uri, version: file.version, flavor: flavor),
              let thumb = try? Downscale.resize(image.pixels, width: size.width, height: size.height) else { return }
        cache.store(thumb, of: ThumbnailCache.Original(uri: file.uri, mtime: file.mtime, stamp: file.version.stamp, size: file.size, width: header.displayWidth,
                                                       height: header.displayHeight, mimeType: header.format.mimeType), flavor: flavor)
    }

    /// A cell's image from a thumbnail, or nil when the thumbnail is too
    /// small for the cell (and the original is larger).
    static func fromThumbnail(_ found: ThumbnailCache.Found, pixelSize: Size, maxSide: Int) throws -> DecodedImage? {
        let s = found.pixels
        let tw = s.width, th = s.height
        let (ow, oh) = found.original ?? (tw, th)
        let atOriginal = found.original != nil && abs(tw - ow) <= 1 && abs(th - oh) <= 1
        let cover = Downscale.coverSize(sourceWidth: ow, sourceHeight: oh, target: pixelSize, maxSide: maxSide)
        // A pixel of rounding is allowed (a 4000×2999 photo's 256 thumbnail is 256×192).
        let covers = atOriginal || (found.original != nil
            ? tw + 1 >= cover.width && th + 1 >= cover.height
            : max(pixelSize.width / Double(tw), pixelSize.height / Double(th)) <= 1.005)
        guard covers else { return nil }
        let own = Downscale.coverSize(sourceWidth: tw, sourceHeight: th, target: pixelSize, maxSide: maxSide)
        let out = try Downscale.resize(s, width: own.width, height: own.height)
        let wanted = Downscale.coverSize(sourceWidth: ow, sourceHeight: oh, target: pixelSize, maxSide: .max)
        let largest = (atOriginal && own.width == tw && own.height == th) || wanted.width > cover.width || wanted.height > cover.height
        let image = DecodedImage(pixels: out, sourceWidth: ow, sourceHeight: oh, isLargestPossible: largest)
        _ = image.isOpaque
        return image
    }
}
