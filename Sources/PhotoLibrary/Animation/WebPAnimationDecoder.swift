import CLibWebP
import Foundation

/// An animated WebP decoded a frame at a time by libwebp's demux (`WebPAnimDecoder`), which
/// applies each frame's blend and dispose itself (dispose-to-background clears to transparent, as
/// browsers do) and hands back the whole canvas. It holds two canvases (the frame and the one
/// before, for blending) and the file; the frames are never all decoded.
final class WebPAnimationDecoder: AnimationDecoder {
    let canvasWidth: Int
    let canvasHeight: Int
    let plays: Int?
    let declaredFrameCount: Int?

    /// The file: libwebp reads the frames from it, so it lives as long as the decoder.
    private let bytes: UnsafeMutableRawBufferPointer
    private let decoder: OpaquePointer
    /// The end of the frame before, in the animation's milliseconds.
    private var lastTimestamp: Int32 = 0

    /// The caller has checked the canvas in the file's VP8X chunk against the pixel caps; libwebp
    /// allocates its canvases by that size, here.
    init(bytes source: [UInt8]) throws {
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: source.count, alignment: 16)
        source.withUnsafeBytes { bytes.copyMemory(from: $0) }
        self.bytes = bytes
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            bytes.deallocate()
            throw AnimationDecodeError("libwebp version mismatch")
        }
        // Little-endian B, G, R, A is ARGB8888 in a 32-bit word: the surfaces' layout, unpremultiplied.
        options.color_mode = MODE_BGRA
        options.use_threads = 0
        var data = WebPData(bytes: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), size: bytes.count)
        guard let d = WebPAnimDecoderNew(&data, &options) else {
            bytes.deallocate()
            throw AnimationDecodeError("corrupt WebP animation (the container does not parse)")
        }
        decoder = d
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(d, &info) != 0, info.canvas_width > 0, info.canvas_height > 0 else {
            WebPAnimDecoderDelete(d)
            bytes.deallocate()
            throw AnimationDecodeError("corrupt WebP animation (no canvas)")
        }
        canvasWidth = Int(info.canvas_width)
        canvasHeight = Int(info.canvas_height)
        // The WebP loop count is of showings, 0 for ever (the container specification).
        plays = info.loop_count == 0 ? nil : Int(info.loop_count)
        declaredFrameCount = Int(info.frame_count)
    }

    deinit {
        WebPAnimDecoderDelete(decoder)
        bytes.deallocate()
    }

    var heldBytes: Int { 2 * canvasWidth * canvasHeight * 4 }

    func nextFrame() throws -> CompositedFrame? {
        guard WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
        var buffer: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let b = buffer else {
            throw AnimationDecodeError("corrupt WebP animation frame")
        }
        let duration = Int(timestamp) - Int(lastTimestamp)
        lastTimestamp = timestamp
        return CompositedFrame(pixels: UnsafeRawPointer(b).assumingMemoryBound(to: UInt32.self),
                               delay: FrameDelay.seconds(milliseconds: duration))
    }

    func rewind() throws {
        WebPAnimDecoderReset(decoder)
        lastTimestamp = 0
    }
}
