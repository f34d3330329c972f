import CGifLib
import Foundation

/// An animated GIF read a frame at a time with giflib's low-level calls (DGifGetRecordType,
/// DGifGetImageDesc, DGifGetLine) from the file's bytes in memory, never DGifSlurp: what it holds is
/// one canvas, one saved region (for "restore to previous") and one row, whatever the frame count.
///
/// Compositing follows the browsers: the canvas starts transparent (the background colour index is
/// ignored); a frame's transparent index leaves what is under it; before the next frame, disposal 2
/// clears the frame's rectangle to transparent and disposal 3 puts back what was under it; frames
/// reaching past the canvas are clipped to it.
final class GIFAnimationDecoder: AnimationDecoder {
    let canvasWidth: Int
    let canvasHeight: Int
    private(set) var plays: Int? = 1
    var declaredFrameCount: Int? { nil }

    private let reader: Reader
    private var gif: UnsafeMutablePointer<GifFileType>?
    private let canvas: UnsafeMutablePointer<UInt32>
    /// What a "restore to previous" frame covered before it was drawn, and where.
    private var saved: (rect: Clip, pixels: [UInt32])?
    /// The last frame drawn: its rectangle on the canvas and what happens to it before the next.
    private var previous: (rect: Clip, disposal: Int32)?
    private var row: [GifPixelType] = []
    private let maxFramePixels: Int
    private var framesInPass = 0
    /// Read every few rows: a huge frame stops soon after the animation is closed.
    var cancel: CancelFlag?

    /// The part of a frame on the canvas.
    struct Clip {
        var x0 = 0, y0 = 0, x1 = 0, y1 = 0
        var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    }

    /// The file's bytes in memory (already size-capped by the caller), read by giflib's callback.
    private final class Reader {
        let bytes: [UInt8]
        var position = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    /// `width`×`height` is the canvas the header check passed (the logical screen, or the first
    /// frame where it is larger): it is allocated here, and nothing larger ever is.
    init(bytes: [UInt8], width: Int, height: Int, maxFramePixels: Int) throws {
        guard width > 0, height > 0 else { throw AnimationDecodeError("corrupt GIF (\(width)×\(height) px)") }
        canvasWidth = width
        canvasHeight = height
        self.maxFramePixels = maxFramePixels
        reader = Reader(bytes)
        canvas = .allocate(capacity: width * height)
        canvas.initialize(repeating: 0, count: width * height)
        try open()
    }

    deinit {
        close()
        canvas.deallocate()
    }

    var heldBytes: Int { canvasWidth * canvasHeight * 4 + (saved?.pixels.count ?? 0) * 4 + row.count }

    private func open() throws {
        reader.position = 0
        var error: Int32 = 0
        let user = Unmanaged.passUnretained(reader).toOpaque()
        gif = DGifOpen(user, { file, buffer, length in
            guard let file = file, let buffer = buffer, length > 0, let user = file.pointee.UserData else { return 0 }
            let reader = Unmanaged<Reader>.fromOpaque(user).takeUnretainedValue()
            let n = min(Int(length), reader.bytes.count - reader.position)
            guard n > 0 else { return 0 }
            reader.bytes.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + reader.position, count: n) }
            reader.position += n
            return Int32(n)
        }, &error)
        guard gif != nil else { throw AnimationDecodeError("corrupt GIF (\(GIFAnimationDecoder.message(error)))") }
    }

    private func close() {
        guard let g = gif else { return }
        var error: Int32 = 0
        DGifCloseFile(g, &error)
        gif = nil
    }

    func rewind() throws {
        close()
        canvas.update(repeating: 0, count: canvasWidth * canvasHeight)
        saved = nil
        previous = nil
        framesInPass = 0
        try open()
    }

    func nextFrame() throws -> CompositedFrame? {
        guard let g = gif else { return nil }
        var control = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
        while true {
            var type = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(g, &type) == GIF_OK else {
                // A file that simply ends after a whole frame (no trailer byte) is over, as browsers read it.
                if g.pointee.Error == D_GIF_ERR_READ_FAILED, framesInPass > 0 { return nil }
                throw failure(g)
            }
            switch type {
            case EXTENSION_RECORD_TYPE:
                try readExtension(g, control: &control)
            case IMAGE_DESC_RECORD_TYPE:
                try drawFrame(g, control: control)
                framesInPass += 1
                return CompositedFrame(pixels: UnsafePointer(canvas), delay: FrameDelay.seconds(milliseconds: Int(control.DelayTime) * 10))
            case TERMINATE_RECORD_TYPE:
                return nil
            default:
                throw AnimationDecodeError("corrupt GIF (unknown record)")
            }
        }
    }

    /// A graphic control block (delay, disposal, transparency) for the next frame, or the
    /// NETSCAPE2.0 / ANIMEXTS1.0 application block's loop count; other extensions are skipped.
    private func readExtension(_ g: UnsafeMutablePointer<GifFileType>, control: inout GraphicsControlBlock) throws {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(g, &code, &block) == GIF_OK else { throw failure(g) }
        var looping = false
        if let b = block {
            if code == GRAPHICS_EXT_FUNC_CODE, b[0] >= 4 {
                _ = DGifExtensionToGCB(Int(b[0]), b + 1, &control)
            } else if code == APPLICATION_EXT_FUNC_CODE, b[0] == 11 {
                let name = String(decoding: UnsafeBufferPointer(start: b + 1, count: 11), as: UTF8.self)
                looping = name == "NETSCAPE2.0" || name == "ANIMEXTS1.0"
            }
        }
        while block != nil {
            guard DGifGetExtensionNext(g, &block) == GIF_OK else { throw failure(g) }
            if looping, let b = block, b[0] >= 3, b[1] == 1 {
                // The count is of repeats after the first showing; 0 is for ever.
                let repeats = Int(b[2]) | Int(b[3]) << 8
                plays = repeats == 0 ? nil : repeats + 1
                looping = false
            }
        }
    }

    private func drawFrame(_ g: UnsafeMutablePointer<GifFileType>, control: GraphicsControlBlock) throws {
        guard DGifGetImageDesc(g) == GIF_OK else { throw failure(g) }
        // giflib keeps a record (and a colour table copy) of every frame read for its high-level
        // API; with a thousand frames that grows without need: drop it at once.
        GifFreeSavedImages(g)
        g.pointee.ImageCount = 0
        let d = g.pointee.Image
        let w = Int(d.Width), h = Int(d.Height)
        guard w > 0, h > 0, d.Left >= 0, d.Top >= 0 else { throw AnimationDecodeError("corrupt GIF frame (\(w)×\(h) px)") }
        guard w * h <= maxFramePixels else {
            throw AnimationDecodeError("GIF frame too large (\(w)×\(h) px; limit \(maxFramePixels / 1_000_000) megapixels)")
        }
        guard let map = d.ColorMap ?? g.pointee.SColorMap, let colors = map.pointee.Colors else {
            throw AnimationDecodeError("corrupt GIF frame (no colour table)")
        }
        var palette = [UInt32](repeating: 0, count: 256)
        for i in 0..<min(Int(map.pointee.ColorCount), 256) {
            let c = colors[i]
            palette[i] = 0xFF00_0000 | UInt32(c.Red) << 16 | UInt32(c.Green) << 8 | UInt32(c.Blue)
        }
        let transparent = Int(control.TransparentColor)
        if (0..<256).contains(transparent) { palette[transparent] = 0 }
        let opaque = [Bool]((0..<256).map { $0 != transparent && $0 < Int(map.pointee.ColorCount) })

        dispose()
        let clip = Clip(x0: Int(d.Left), y0: Int(d.Top), x1: min(canvasWidth, Int(d.Left) + w), y1: min(canvasHeight, Int(d.Top) + h))
        if control.DisposalMode == DISPOSE_PREVIOUS, !clip.isEmpty { saved = (clip, copy(clip)) } else { saved = nil }
        previous = (clip, control.DisposalMode)

        if row.count < w { row = [GifPixelType](repeating: 0, count: w) }
        let interlaced = d.Interlace
        let passes: [(start: Int, step: Int)] = interlaced ? [(0, 8), (4, 8), (2, 4), (1, 2)] : [(0, 1)]
        for pass in passes {
            var y = pass.start
            while y < h {
                let ok = row.withUnsafeMutableBufferPointer { DGifGetLine(g, $0.baseAddress, Int32(w)) }
                guard ok == GIF_OK else { throw failure(g) }
                if y & 63 == 0, cancel?.isCancelled == true { throw DecodeCancelled() }
                let cy = Int(d.Top) + y
                if cy < canvasHeight, clip.x1 > clip.x0 {
                    let line = canvas + cy * canvasWidth
                    for x in clip.x0..<clip.x1 {
                        let index = Int(row[x - clip.x0])
                        if opaque[index] { line[x] = palette[index] }
                    }
                }
                y += pass.step
            }
        }
    }

    /// What the frame before asked to be done with its rectangle, done before the next frame draws.
    private func dispose() {
        guard let p = previous, !p.rect.isEmpty else { return }
        switch p.disposal {
        case DISPOSE_BACKGROUND:
            for y in p.rect.y0..<p.rect.y1 { (canvas + y * canvasWidth + p.rect.x0).update(repeating: 0, count: p.rect.x1 - p.rect.x0) }
        case DISPOSE_PREVIOUS:
            if let s = saved { restore(s.rect, s.pixels) }
        default:
            break
        }
    }

    private func copy(_ r: Clip) -> [UInt32] {
        let w = r.x1 - r.x0
        var out = [UInt32](repeating: 0, count: w * (r.y1 - r.y0))
        out.withUnsafeMutableBufferPointer { dst in
            for y in r.y0..<r.y1 { (dst.baseAddress! + (y - r.y0) * w).update(from: canvas + y * canvasWidth + r.x0, count: w) }
        }
        return out
    }

    private func restore(_ r: Clip, _ pixels: [UInt32]) {
        let w = r.x1 - r.x0
        pixels.withUnsafeBufferPointer { src in
            for y in r.y0..<r.y1 { (canvas + y * canvasWidth + r.x0).update(from: src.baseAddress! + (y - r.y0) * w, count: w) }
        }
    }

    private func failure(_ g: UnsafeMutablePointer<GifFileType>) -> AnimationDecodeError {
        let truncated = g.pointee.Error == D_GIF_ERR_READ_FAILED || g.pointee.Error == D_GIF_ERR_EOF_TOO_SOON
        return AnimationDecodeError(truncated ? "truncated GIF (frame \(framesInPass + 1))"
                                              : "corrupt GIF frame \(framesInPass + 1) (\(GIFAnimationDecoder.message(g.pointee.Error)))")
    }

    static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
