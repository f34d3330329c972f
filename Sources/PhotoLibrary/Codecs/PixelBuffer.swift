import Glibc

/// Pixels in main memory that this object owns and frees: ARGB8888, each pixel one native-endian
/// 32-bit word 0xAARRGGBB (SDL's ARGB8888, so the GPU side uploads the rows as they are), rows
/// `stride` bytes apart. Made by a decoder on a worker thread, read-only once handed on.
// @unchecked: the pixels are written only by the thread that made the buffer, before it hands it on.
public final class PixelBuffer: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Bytes from the start of one row to the start of the next.
    public let stride: Int
    public let pixels: UnsafeMutableRawPointer

    /// Nil when the memory cannot be had (or the size is nonsense): decoders say "out of memory".
    init?(width: Int, height: Int) {
        guard width > 0, height > 0 else { return nil }
        let (rowBytes, o1) = width.multipliedReportingOverflow(by: 4)
        let (bytes, o2) = rowBytes.multipliedReportingOverflow(by: height)
        guard !o1, !o2, let memory = malloc(bytes) else { return nil }
        self.width = width
        self.height = height
        self.stride = rowBytes
        self.pixels = memory
    }

    /// A buffer of `width`×`height`, or the transient refusal a decode reports when memory is short.
    static func make(width: Int, height: Int) throws -> PixelBuffer {
        guard let buffer = PixelBuffer(width: width, height: height) else {
            throw ImageRefusal("out of memory for a \(width)×\(height) image", transient: true)
        }
        return buffer
    }

    deinit { free(pixels) }

    public var byteCount: Int { stride * height }

    /// Row `y` as 32-bit pixels.
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
    }

    /// The pixel at (x, y) as 0xAARRGGBB.
    public func pixel(x: Int, y: Int) -> UInt32 { row(y)[x] }

    /// Runs `body` with the whole buffer as a source for `Downscale`, the buffer kept alive meanwhile
    /// (the view's pointer says nothing to ARC).
    func withView<T>(_ body: (PixelView) throws -> T) rethrows -> T {
        try withExtendedLifetime(self) {
            try body(PixelView(base: UnsafeRawPointer(pixels), width: width, height: height, stride: stride, layout: .argb8888))
        }
    }

    /// A copy of `rect` (inside the buffer) as a buffer of its own.
    func copy(_ rect: (x: Int, y: Int, width: Int, height: Int)? = nil) throws -> PixelBuffer {
        let r = rect ?? (0, 0, width, height)
        let out = try PixelBuffer.make(width: r.width, height: r.height)
        for y in 0..<r.height {
            UnsafeMutableRawPointer(out.row(y)).copyMemory(from: pixels + (r.y + y) * stride + r.x * 4, byteCount: r.width * 4)
        }
        return out
    }
}

/// Pixels someone else owns (a decoder's output, a canvas, a part of a buffer), in one of the
/// layouts decoders hand out, for the downscale to read without a copy first.
struct PixelView {
    enum Layout {
        /// 0xAARRGGBB words.
        case argb8888
        /// R, G, B, A bytes (libheif's interleaved RGBA, libpng's): SDL's ABGR8888.
        case rgba
        /// R, G, B bytes: opaque.
        case rgb24

        var bytesPerPixel: Int { self == .rgb24 ? 3 : 4 }
    }

    let base: UnsafeRawPointer
    let width: Int
    let height: Int
    let stride: Int
    let layout: Layout

    /// The part at `rect`, no copy.
    func cropped(_ rect: (x: Int, y: Int, width: Int, height: Int)) -> PixelView {
        PixelView(base: base + rect.y * stride + rect.x * layout.bytesPerPixel, width: rect.width, height: rect.height,
                  stride: stride, layout: layout)
    }

    /// The pixel at (x, y) as 0xAARRGGBB, whatever the layout.
    @inline(__always)
    func argb(x: Int, y: Int) -> UInt32 {
        let p = (base + y * stride + x * layout.bytesPerPixel).assumingMemoryBound(to: UInt8.self)
        switch layout {
        case .argb8888: return UnsafeRawPointer(p).loadUnaligned(as: UInt32.self)
        case .rgba: return UInt32(p[3]) << 24 | UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
        case .rgb24: return 0xFF00_0000 | UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
        }
    }
}
