/// Bilinear scaling of ARGB8888 pixels, the arithmetic of SDL_SoftStretchLinear (SDL 2.0.16+, itself
/// pixman's) as SDL runs it on x86-64, its SSE2 path: 16.16 fixed-point source positions with pixel
/// centres at +0.5, 7-bit weights, the vertical blend kept whole (14 bits) into the horizontal one,
/// one truncation at the end, and edge pixels held past the borders. The same numbers pixel for
/// pixel, so photos scaled before the photo library left SDL look exactly as they did (the goldens).
enum BilinearStretch {
    /// One axis's sampling: for each destination pixel, the first source index and the weight
    /// (0…128) of the next one.
    struct Axis {
        var index: [Int]
        var weight: [UInt32]

        init(source: Int, destination: Int) {
            let step = (source << 16) / destination
            // pixman's rounding of the first centre ((step + 1) / 2), less half a pixel.
            let x0 = step * (0x8000 >> 16) + ((step * 0x8000 + 0x8000) >> 16) - 0x8000
            index = [Int](repeating: 0, count: destination)
            weight = [UInt32](repeating: 0, count: destination)
            var fp = x0
            for i in 0..<destination {
                if fp < 0 {
                    (index[i], weight[i]) = (0, 0)
                } else if fp >> 16 > source - 2 {
                    // Past the last centre: the last pixel whole (a one-pixel source has no next).
                    (index[i], weight[i]) = source > 1 ? (source - 2, 128) : (0, 0)
                } else {
                    (index[i], weight[i]) = (fp >> 16, UInt32(fp >> 9 & 0x7F))
                }
                fp += step
            }
        }
    }

    /// Whether the vertical pass uses SIMD vectors. Unoptimised (debug) builds run Swift's SIMD types
    /// through generic calls a lane, 300 times slower than the scalar words, which they use instead;
    /// the tests run both against SDL.
    #if DEBUG
    static let vectorizedByDefault = false
    #else
    static let vectorizedByDefault = true
    #endif

    /// Fills `destination` with `source` (ARGB8888) scaled to its size. Two passes a row: the
    /// vertical blend of the two source rows, each channel a 16-bit lane (at most 255 × 128); then
    /// the horizontal one from that row, two channels a 64-bit word in 32-bit lanes (at most 2²²
    /// each), so each channel is truncated once, as SDL's SSE2 code does. The vertical pass runs once
    /// a source column, not twice an output pixel: 0.8–0.97× SDL's time (optimised).
    static func stretch(_ source: PixelView, into destination: PixelBuffer, vectorized: Bool = vectorizedByDefault) {
        precondition(source.layout == .argb8888)
        let columns = Axis(source: source.width, destination: destination.width)
        let rows = Axis(source: source.height, destination: destination.height)
        let nextColumn = source.width > 1 ? 1 : 0
        // A source pixel's blend is one word: blue, green, red, alpha in 16-bit lanes. Whole pairs
        // of pixels, one more for an odd width: the vectors' loads and stores stay in bounds.
        let pairs = (source.width + 1) / 2
        let blended = UnsafeMutablePointer<SIMD8<UInt16>>.allocate(capacity: pairs)
        defer { blended.deallocate() }
        let lanes: UInt64 = 0x0000_FFFF_0000_FFFF
        columns.index.withUnsafeBufferPointer { index in
            columns.weight.withUnsafeBufferPointer { weight in
                for y in 0..<destination.height {
                    let sy = rows.index[y]
                    let r0 = UnsafeRawPointer(source.base + sy * source.stride)
                    let r1 = source.height > 1 ? UnsafeRawPointer(source.base + (sy + 1) * source.stride) : r0
                    if vectorized {
                        blendVectors(r0, r1, width: source.width, weight: UInt16(rows.weight[y]), into: blended)
                    } else {
                        blendWords(r0, r1, width: source.width, weight: UInt64(rows.weight[y]), into: UnsafeMutableRawPointer(blended))
                    }
                    let row = UnsafeRawPointer(blended)
                    let out = destination.row(y)
                    for x in 0..<destination.width {
                        let i = index[x], wx1 = UInt64(weight[x]), wx0 = 128 - wx1
                        let left = row.load(fromByteOffset: 8 * i, as: UInt64.self)
                        let right = row.load(fromByteOffset: 8 * (i + nextColumn), as: UInt64.self)
                        // Blue and red in one word, green and alpha in the other, 32 bits apart; each
                        // result lands 14 bits down (bits 0–7 and 32–39), its fraction below the next.
                        let br = (left & lanes) &* wx0 &+ (right & lanes) &* wx1
                        let ga = (left >> 16 & lanes) &* wx0 &+ (right >> 16 & lanes) &* wx1
                        out[x] = UInt32(truncatingIfNeeded: (br >> 14 & 0xFF) | (ga >> 6 & 0xFF00) | (br >> 30 & 0xFF_0000) | (ga >> 22 & 0xFF00_0000))
                    }
                }
            }
        }
    }

    /// Rows `r0` and `r1` blended with `weight` (0…128) for `r1`, two pixels a vector (pmullw).
    private static func blendVectors(_ r0: UnsafeRawPointer, _ r1: UnsafeRawPointer, width: Int, weight: UInt16,
                                     into blended: UnsafeMutablePointer<SIMD8<UInt16>>) {
        let w0 = 128 - weight
        for k in 0..<width / 2 {
            let a = SIMD8<UInt16>(truncatingIfNeeded: r0.loadUnaligned(fromByteOffset: 8 * k, as: SIMD8<UInt8>.self))
            let c = SIMD8<UInt16>(truncatingIfNeeded: r1.loadUnaligned(fromByteOffset: 8 * k, as: SIMD8<UInt8>.self))
            blended[k] = a &* w0 &+ c &* weight
        }
        if width % 2 == 1 {
            let k = width / 2
            let a = SIMD8<UInt16>(truncatingIfNeeded: SIMD8<UInt8>(lowHalf: r0.loadUnaligned(fromByteOffset: 8 * k, as: SIMD4<UInt8>.self), highHalf: .zero))
            let c = SIMD8<UInt16>(truncatingIfNeeded: SIMD8<UInt8>(lowHalf: r1.loadUnaligned(fromByteOffset: 8 * k, as: SIMD4<UInt8>.self), highHalf: .zero))
            blended[k] = a &* w0 &+ c &* weight
        }
    }

    /// The same blend a pixel at a time in plain 64-bit words (the lanes as the vectors lay them out).
    private static func blendWords(_ r0: UnsafeRawPointer, _ r1: UnsafeRawPointer, width: Int, weight: UInt64,
                                   into blended: UnsafeMutableRawPointer) {
        let w0 = 128 - weight
        @inline(__always) func spread(_ p: UInt32) -> UInt64 {
            let v = UInt64(p)
            return (v & 0xFF) | (v & 0xFF00) << 8 | (v & 0xFF_0000) << 16 | (v & 0xFF00_0000) << 24
        }
        let a = r0.assumingMemoryBound(to: UInt32.self), c = r1.assumingMemoryBound(to: UInt32.self)
        let out = blended.assumingMemoryBound(to: UInt64.self)
        for k in 0..<width { out[k] = spread(a[k]) &* w0 &+ spread(c[k]) &* weight }
    }
}
