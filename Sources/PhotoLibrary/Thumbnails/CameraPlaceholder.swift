import Foundation
import GridCore

/// A camera's EXIF thumbnail too small for its cell, shown blurred while the photo decodes, in place
/// of the grey placeholder (as nsxiv and Gwenview show it first). Reads only the file's first
/// `headBytes` (EXIF lives in the first 64 KB segment), decodes 160×120 or so, blurs it where it is
/// small (the renderer then scales it up smoothly: no JPEG blocks or hard pixels), and turns it by
/// the photo's orientation, cropped to the photo's shape.
extension PhotoDecoder {
    static let headBytes = 72 << 10

    /// Nil when the file carries no usable EXIF thumbnail, or one that covers `pixelSize` (the
    /// decode itself then uses it, at no extra cost).
    package static func cameraPlaceholder(path: String, pixelSize: Size, cancel: CancelFlag?) -> DecodedImage? {
        // Non-blocking: a FIFO named .jpg must not hold the worker (the decode says what it is).
        let fd = PathBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return nil }
        var head = [UInt8](repeating: 0, count: min(Int(info.st_size), headBytes))
        let got = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard got > 0 else { return nil }
        head.removeSubrange(got...)
        return head.withUnsafeBytes { raw -> DecodedImage? in
            guard let header = try? ImageHeader.parse(raw, complete: false), header.format == .jpeg, header.exifThumbnail != nil else { return nil }
            let (w, h) = Downscale.coverSize(sourceWidth: header.displayWidth, sourceHeight: header.displayHeight, target: pixelSize, maxSide: .max)
            let stored = header.orientation.swapsAxes ? (width: h, height: w) : (width: w, height: h)
            // One that covers the cell is the decode's to take.
            let smaller = { (w: Int, h: Int) in !Downscale.covers(width: w, height: h, stored) }
            guard let small = (try? cameraThumbnail(raw, header: header, cancel: cancel, wanted: smaller)).flatMap({ $0 }) else { return nil }
            Downscale.blur(small, radius: 1, passes: 2)
            guard let upright = try? header.orientation.apply(to: small) else { return nil }
            let image = DecodedImage(pixels: upright, sourceWidth: header.displayWidth, sourceHeight: header.displayHeight, isLargestPossible: false)
            image.fromEmbeddedThumbnail = true
            _ = image.isOpaque
            return image
        }
    }
}
