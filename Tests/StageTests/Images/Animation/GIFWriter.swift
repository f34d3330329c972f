import CGifLib
import Foundation

/// Writes GIFs with giflib's encoder for the tests: every frame's rectangle, palette indices,
/// delay, disposal and transparent index chosen exactly, so compositing can be checked pixel by pixel.
struct GIFWriter {
    struct Frame {
        var left = 0, top = 0, width: Int, height: Int
        /// Palette indices, row after row.
        var pixels: [UInt8]
        /// Hundredths of a second, as the file stores it.
        var delay = 10
        var disposal: Int32 = DISPOSE_DO_NOT
        var transparent: Int32 = NO_TRANSPARENT_COLOR
        var interlaced = false
    }

    var width: Int
    var height: Int
    /// 0xRRGGBB, up to 256.
    var palette: [UInt32]
    var frames: [Frame] = []
    /// NETSCAPE2.0 repeats (0 for ever); nil writes no loop block (the file plays once).
    var repeats: Int? = 0

    private final class Sink { var bytes: [UInt8] = [] }

    func data() -> [UInt8] {
        let sink = Sink()
        var error: Int32 = 0
        let gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), { file, bytes, count in
            let sink = Unmanaged<Sink>.fromOpaque(file!.pointee.UserData!).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(count)))
            return count
        }, &error)!
        EGifSetGifVersion(gif, true)
        var colors = (0..<256).map { i -> GifColorType in
            let c = i < palette.count ? palette[i] : 0
            return GifColorType(Red: UInt8(c >> 16 & 0xFF), Green: UInt8(c >> 8 & 0xFF), Blue: UInt8(c & 0xFF))
        }
        let map = GifMakeMapObject(256, &colors)
        defer { GifFreeMapObject(map) }
        precondition(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map) == GIF_OK)
        if let repeats {
            var name = Array("NETSCAPE2.0".utf8)
            var loop: [UInt8] = [1, UInt8(repeats & 0xFF), UInt8(repeats >> 8)]
            _ = EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE)
            _ = EGifPutExtensionBlock(gif, 11, &name)
            _ = EGifPutExtensionBlock(gif, 3, &loop)
            _ = EGifPutExtensionTrailer(gif)
        }
        for f in frames {
            var control = GraphicsControlBlock(DisposalMode: f.disposal, UserInputFlag: false, DelayTime: Int32(f.delay), TransparentColor: f.transparent)
            var block = [GifByteType](repeating: 0, count: 4)
            let n = EGifGCBToExtension(&control, &block)
            _ = EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(n), &block)
            precondition(EGifPutImageDesc(gif, Int32(f.left), Int32(f.top), Int32(f.width), Int32(f.height), f.interlaced, nil) == GIF_OK)
            let order = f.interlaced ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { stride(from: $0.0, to: f.height, by: $0.1) } : Array(0..<f.height)
            for y in order {
                var row = Array(f.pixels[y * f.width..<(y + 1) * f.width])
                precondition(EGifPutLine(gif, &row, Int32(f.width)) == GIF_OK)
            }
        }
        precondition(EGifCloseFile(gif, &error) == GIF_OK)
        return sink.bytes
    }

    func write(to path: String) throws {
        try Data(data()).write(to: URL(fileURLWithPath: path))
    }
}
