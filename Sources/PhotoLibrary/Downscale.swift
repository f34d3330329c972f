import GridCore

/// Shrinks decoded images into ARGB8888 without aliasing: exact 2×2 box halvings while the image is at
/// least twice too big, then one bilinear pass (alias-free only for ratios under 2) to the exact size.
package enum Downscale {
    /// The smallest size with the source's aspect ratio that covers `target` (scaledToFill), never
    /// larger than the source, and no side above `maxSide`.
    package static func coverSize(sourceWidth sw: Int, sourceHeight sh: Int, target: Size, maxSide: Int) -> (width: Int, height: Int) {
        let tw = target.width.isFinite ? max(1, target.width) : 1
        let th = target.height.isFinite ? max(1, target.height) : 1
        var scale = min(1, max(tw / Double(sw), th / Double(sh)))
        let limit = Double(max(1, maxSide))
        scale = min(scale, limit / Double(sw), limit / Double(sh))
        // The epsilon keeps exact fits (e.g. 800 of 1600 at 0.5) from rounding up a pixel.
        let w = min(sw, max(1, Int((Double(sw) * scale - 1e-6).rounded(.up))))
        let h = min(sh, max(1, Int((Double(sh) * scale - 1e-6).rounded(.up))))
        return (w, h)
    }

    /// A picture of `width`×`height` is at least `cover` on both sides.
    static func covers(width: Int, height: Int, _ cover: (width: Int, height: Int)) -> Bool {
        width >= cover.width && height >= cover.height
    }

    /// The largest centred rectangle of `width`×`height` with the shape of `aspect`: an embedded
    /// thumbnail (a HEIF's, a camera's EXIF one) may be 4:3 or 16:9 letterboxed whatever the photo
    /// is, so it is cropped as the shared thumbnail cache's thumbnails are scaled, never stretched.
    /// Shapes within one pixel of each other are left whole.
    static func centredCrop(width: Int, height: Int, aspect: (Int, Int)) -> (x: Int, y: Int, width: Int, height: Int) {
        let (aw, ah) = (max(1, aspect.0), max(1, aspect.1))
        // Compare width × ah with height × aw to stay in integers.
        if width * ah > height * aw {
            let w = max(1, (height * aw + ah / 2) / ah)
            if width - w > 1 { return ((width - w) / 2, 0, w, height) }
        } else if width * ah < height * aw {
            let h = max(1, (width * ah + aw / 2) / aw)
            if height - h > 1 { return (0, (height - h) / 2, width, h) }
        }
        return (0, 0, width, height)
    }

    /// Blurs `image` in place: `passes` separable box blurs of `radius` pixels (two approach a
    /// Gaussian). For a camera thumbnail shown larger than it is: it reads as a soft preview rather
    /// than a blocky one.
    static func blur(_ image: PixelBuffer, radius: Int, passes: Int) {
        let w = image.width, h = image.height, pitch = image.stride / 4
        guard radius > 0 else { return }
        let base = image.pixels.assumingMemoryBound(to: UInt32.self)
        var line = [UInt32](repeating: 0, count: max(w, h))
        func run(_ count: Int, _ at: (Int) -> Int) {
            for k in 0..<count { line[k] = base[at(k)] }
            for k in 0..<count {
                var sum = (0, 0, 0, 0)
                let lo = max(0, k - radius), hi = min(count - 1, k + radius)
                for j in lo...hi {
                    let p = line[j]
                    sum = (sum.0 + Int(p >> 24), sum.1 + Int(p >> 16 & 0xFF), sum.2 + Int(p >> 8 & 0xFF), sum.3 + Int(p & 0xFF))
                }
                let n = hi - lo + 1
                base[at(k)] = UInt32(sum.0 / n) << 24 | UInt32(sum.1 / n) << 16 | UInt32(sum.2 / n) << 8 | UInt32(sum.3 / n)
            }
        }
        for _ in 0..<passes {
            for y in 0..<h { run(w) { y * pitch + $0 } }
            for x in 0..<w { run(h) { $0 * pitch + x } }
        }
    }

    /// Exactly `width`×`height` from `source` (any layout a decoder hands out; it stays the
    /// caller's). When the first halving can read the decoder's layout itself, the full-size image
    /// is never converted: that saves a pass and a full-size copy.
    static func resize(_ source: PixelView, width: Int, height: Int) throws -> PixelBuffer {
        let halving = source.width / 2 >= width && source.height / 2 >= height
        return try resize(halving ? try halve(source) : try toARGB8888(source), width: width, height: height)
    }

    /// Exactly `width`×`height` from `source`: `source` itself when it already is that size.
    static func resize(_ source: PixelBuffer, width: Int, height: Int) throws -> PixelBuffer {
        var current = source
        while current.width / 2 >= width && current.height / 2 >= height {
            current = try current.withView(halve)
        }
        if current.width == width && current.height == height { return current }
        let out = try PixelBuffer.make(width: width, height: height)
        current.withView { BilinearStretch.stretch($0, into: out) }
        return out
    }

    /// `source` as a buffer of ARGB8888 words.
    static func toARGB8888(_ source: PixelView) throws -> PixelBuffer {
        let out = try PixelBuffer.make(width: source.width, height: source.height)
        if source.layout == .argb8888 {
            for y in 0..<source.height {
                UnsafeMutableRawPointer(out.row(y)).copyMemory(from: source.base + y * source.stride, byteCount: source.width * 4)
            }
            return out
        }
        for y in 0..<source.height {
            let row = out.row(y)
            for x in 0..<source.width { row[x] = source.argb(x: x, y: y) }
        }
        return out
    }

    /// Halves any decoder layout into ARGB8888.
    static func halve(_ src: PixelView) throws -> PixelBuffer {
        switch src.layout {
        case .argb8888: return try halveWords(src)
        case .rgba:
            let out = try halveWords(src)
            // Same averaging; red and blue swap places afterwards.
            for y in 0..<out.height {
                let row = out.row(y)
                for x in 0..<out.width {
                    let v = row[x]
                    row[x] = (v & 0xFF00_FF00) | (v >> 16 & 0xFF) | (v & 0xFF) << 16
                }
            }
            return out
        case .rgb24: return try halveRGB24(src)
        }
    }

    /// RGB24 is three bytes a pixel, red first in memory; the result is opaque ARGB8888.
    private static func halveRGB24(_ src: PixelView) throws -> PixelBuffer {
        let dw = src.width / 2, dh = src.height / 2
        let dst = try PixelBuffer.make(width: dw, height: dh)
        let sp = src.base.assumingMemoryBound(to: UInt8.self), spitch = src.stride
        for y in 0..<dh {
            let r0 = sp + 2 * y * spitch, r1 = r0 + spitch
            let d = dst.row(y)
            for x in 0..<dw {
                let i = 6 * x
                let r = (UInt32(r0[i]) + UInt32(r0[i + 3]) + UInt32(r1[i]) + UInt32(r1[i + 3]) + 2) >> 2
                let g = (UInt32(r0[i + 1]) + UInt32(r0[i + 4]) + UInt32(r1[i + 1]) + UInt32(r1[i + 4]) + 2) >> 2
                let b = (UInt32(r0[i + 2]) + UInt32(r0[i + 5]) + UInt32(r1[i + 2]) + UInt32(r1[i + 5]) + 2) >> 2
                d[x] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        return dst
    }

    /// Averages each 2×2 block of 32-bit pixels; an odd last row or column is dropped (under one
    /// source pixel of shift). Channels are summed two at a time in 16-bit lanes: four 8-bit values
    /// plus rounding fit easily.
    private static func halveWords(_ src: PixelView) throws -> PixelBuffer {
        let dw = src.width / 2, dh = src.height / 2
        let dst = try PixelBuffer.make(width: dw, height: dh)
        let sp = src.base, spitch = src.stride
        let mask: UInt32 = 0x00FF_00FF, round: UInt32 = 0x0002_0002
        for y in 0..<dh {
            let r0 = (sp + 2 * y * spitch).assumingMemoryBound(to: UInt32.self)
            let r1 = (sp + (2 * y + 1) * spitch).assumingMemoryBound(to: UInt32.self)
            let d = dst.row(y)
            for x in 0..<dw {
                let a = r0[2 * x], b = r0[2 * x + 1], c = r1[2 * x], e = r1[2 * x + 1]
                let lo = (a & mask) &+ (b & mask) &+ (c & mask) &+ (e & mask) &+ round
                let hi = ((a >> 8) & mask) &+ ((b >> 8) & mask) &+ ((c >> 8) & mask) &+ ((e >> 8) & mask) &+ round
                d[x] = ((lo >> 2) & mask) | (((hi >> 2) & mask) << 8)
            }
        }
        return dst
    }
}
