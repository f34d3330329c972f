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

    /// Fills `destination` with `source` (ARGB8888) scaled to its size.
    static func stretch(_ source: PixelView, into destination: PixelBuffer) {
        precondition(source.layout == .argb8888)
        let columns = Axis(source: source.width, destination: destination.width)
        let rows = Axis(source: source.height, destination: destination.height)
        let nextColumn = source.width > 1 ? 1 : 0
        @inline(__always) func channels(_ p: UInt32) -> SIMD4<Int32> {
            SIMD4<Int32>(truncatingIfNeeded: unsafeBitCast(p, to: SIMD4<UInt8>.self))
        }
        columns.index.withUnsafeBufferPointer { index in
            columns.weight.withUnsafeBufferPointer { weight in
                for y in 0..<destination.height {
                    let sy = rows.index[y]
                    let wy1 = SIMD4<Int32>(repeating: Int32(rows.weight[y])), wy0 = SIMD4<Int32>(repeating: 128) &- wy1
                    let r0 = (source.base + sy * source.stride).assumingMemoryBound(to: UInt32.self)
                    let r1 = source.height > 1 ? (source.base + (sy + 1) * source.stride).assumingMemoryBound(to: UInt32.self) : r0
                    let out = destination.row(y)
                    for x in 0..<destination.width {
                        let i = index[x], wx1 = Int32(weight[x])
                        let left = channels(r0[i]) &* wy0 &+ channels(r1[i]) &* wy1
                        let right = channels(r0[i + nextColumn]) &* wy0 &+ channels(r1[i + nextColumn]) &* wy1
                        let mixed = (left &* (128 - wx1) &+ right &* wx1) &>> 14
                        out[x] = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: mixed), to: UInt32.self)
                    }
                }
            }
        }
    }
}
