import Foundation

/// Opens a photo for playback when it is an animation: a GIF (how many frames it has is only known
/// by reading them) or a WebP whose VP8X chunk has the animation flag. The first bytes are looked at
/// before the whole file is read, so a JPEG opened in the viewer costs a 32-byte read here. The file
/// is read under the pipeline's size cap and its canvas checked against the pixel caps (and the
/// animation's own) before a decoder allocates anything.
package enum AnimationSource {
    /// Canvases up to 16 megapixels (4096 × 4096) play: a decoder holds two of them (a GIF's canvas
    /// and its saved region, a WebP's frame and the one before), 128 MB at most, half the decoders'
    /// memory budget. A larger animation shows its first frame, still.
    static let maxCanvasPixels = 16 << 20

    /// nil for a file that is not animated (a JPEG, a PNG, a still WebP).
    package static func open(path: String, limits: ImageLimits, maxCanvasPixels: Int = AnimationSource.maxCanvasPixels,
                     cancel: CancelFlag?) throws -> AnimationDecoder? {
        let head = try peek(path, count: 32)
        let isGIF = head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8))
        guard isGIF || isAnimatedWebP(head) else { return nil }
        let (bytes, _) = try PhotoDecoder.readVersion(path, limits: limits)
        let header = try bytes.withUnsafeBytes { try ImageHeader.parse($0) }
        try PhotoDecoder.check(header, limits: limits)
        guard header.width * header.height <= maxCanvasPixels else {
            throw AnimationDecodeError("animation not played (\(header.width)×\(header.height) px; animations play up to \(maxCanvasPixels >> 20) megapixels)")
        }
        if isGIF {
            let gif = try GIFAnimationDecoder(bytes: bytes, width: header.width, height: header.height, maxFramePixels: limits.maxPixels)
            gif.cancel = cancel
            return gif
        }
        return try WebPAnimationDecoder(bytes: bytes)
    }

    /// RIFF, WEBP, a VP8X chunk first, and its animation flag (bit 1 of the flags byte).
    static func isAnimatedWebP(_ b: [UInt8]) -> Bool {
        b.count >= 21 && b.starts(with: Array("RIFF".utf8)) && Array(b[8..<16]) == Array("WEBPVP8X".utf8) && b[20] & 0x02 != 0
    }

    /// The file's first `count` bytes (fewer when it is shorter); a folder or a device is refused.
    private static func peek(_ path: String, count: Int) throws -> [UInt8] {
        let fd = PathBytes.withCString(path) { Glibc.open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { throw AnimationDecodeError(String(cString: strerror(errno))) }
        defer { Glibc.close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw AnimationDecodeError("not a regular file") }
        var bytes = [UInt8](repeating: 0, count: count)
        let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, count) }
        return n > 0 ? Array(bytes.prefix(n)) : []
    }

    /// `frame` as pixels of its own (the canvas is the decoder's), shrunk to cover `cover` when the
    /// canvas is larger.
    package static func pixels(of frame: CompositedFrame, width: Int, height: Int, cover: (width: Int, height: Int)) throws -> PixelBuffer {
        let view = PixelView(base: UnsafeRawPointer(frame.pixels), width: width, height: height, stride: width * 4, layout: .argb8888)
        do {
            if cover.width < width || cover.height < height {
                return try Downscale.resize(view, width: cover.width, height: cover.height)
            }
            return try Downscale.toARGB8888(view)
        } catch is ImageRefusal {
            throw AnimationDecodeError("out of memory for a frame")
        }
    }
}
