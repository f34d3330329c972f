import CSDL2

/// Which blurred rounded rectangle an image holds, in texels, with its colour baked in (so
/// copies need no colour modulation: the software renderer's fastest blit). `width`/`height`
/// are 0 for the sliceable image, the shape's own size for shapes too small to slice.
struct ShadowKey: Hashable {
    var corner: Int
    var blur: Int
    var width: Int
    var height: Int
    var downscale: Int
    var rgba: UInt32
}

/// Makes the image of a (blurred) rounded rectangle. Three box blurs per axis approximate a
/// gaussian and have a finite reach, so the middle is exactly the colour. With blur 0 it is
/// just the anti-aliased shape, which the software renderer uses for rounded fills.
enum ShadowImage {
    /// Uniform texels in the middle of a sliceable image: edges are tiled from them 1:1.
    static let middle = 32

    /// Box radius whose triple pass has variance σ²: three boxes of radius r give r(r + 1).
    static func boxRadius(sigma: Double) -> Int {
        guard sigma >= 0.5 else { return 0 }
        return max(1, Int((((4 * sigma * sigma + 1).squareRoot() - 1) / 2).rounded()))
    }

    /// The reach of the blur in texels: three box radii.
    static func reach(_ key: ShadowKey) -> Int { 3 * key.blur }

    /// Texels from the image's edge to the uniform middle.
    static func slice(_ key: ShadowKey) -> Int { key.corner + 2 * reach(key) }

    /// The key of `key`'s shape, whatever its colour.
    static func shapeKey(_ key: ShadowKey) -> ShadowKey {
        var k = key
        k.rgba = 0
        return k
    }

    /// The (blurred) coverage of `key`'s shape: the texels' alpha before its colour's.
    static func shape(_ key: ShadowKey) -> ShadowShape {
        let m = reach(key)
        let (sw, sh) = key.width > 0 ? (key.width, key.height)
            : (2 * (key.corner + m) + middle, 2 * (key.corner + m) + middle)
        let w = sw + 2 * m, h = sh + 2 * m
        var a = coverage(width: w, height: h, inset: Double(m), corner: Double(key.corner))
        if key.blur > 0 {
            var tmp = [Float](repeating: 0, count: w * h)
            for _ in 0..<3 {
                boxBlur(&a, &tmp, count: h, length: w, stride: 1, step: w, radius: key.blur)
                boxBlur(&a, &tmp, count: w, length: h, stride: w, step: 1, radius: key.blur)
            }
        }
        return ShadowShape(width: w, height: h, coverage: a)
    }

    /// The image of `shape` in `key`'s colour.
    static func make(_ key: ShadowKey, shape: ShadowShape, renderer: OpaquePointer) throws -> Texture {
        let w = shape.width, h = shape.height
        // ARGB8888 is what windows and target textures use: same-format copies are fastest.
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLError("SDL_CreateRGBSurfaceWithFormat")
        }
        defer { SDL_FreeSurface(s) }
        let rgb = key.rgba >> 8, alpha = key.rgba & 0xFF
        let pitch = Int(s.pointee.pitch) / 4
        let pixels = s.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        if alpha == 255 {
            // Most shapes are opaque cells: their alphas are worked out once for every colour.
            shape.opaqueAlpha.withUnsafeBufferPointer { a in
                for y in 0..<h {
                    let row = pixels + y * pitch, base = y * w
                    for x in 0..<w { row[x] = a[base + x] | rgb }
                }
            }
        } else {
            let scale = Float(alpha)
            shape.coverage.withUnsafeBufferPointer { a in
                for y in 0..<h {
                    let row = pixels + y * pitch, base = y * w
                    for x in 0..<w { row[x] = ShadowShape.alpha(a[base + x], scale) << 24 | rgb }
                }
            }
        }
        let t = try Texture(renderer: renderer, surface: s)
        SDL_SetTextureScaleMode(t.handle, SDL_ScaleModeLinear)
        return t
    }

    /// Anti-aliased coverage of a rounded rectangle inset by `inset` on every side.
    private static func coverage(width w: Int, height h: Int, inset: Double, corner r: Double) -> [Float] {
        var a = [Float](repeating: 0, count: w * h)
        let cx = Double(w) / 2, cy = Double(h) / 2
        let hx = cx - inset - r, hy = cy - inset - r
        for y in 0..<h {
            let qy = abs(Double(y) + 0.5 - cy) - hy
            for x in 0..<w {
                let qx = abs(Double(x) + 0.5 - cx) - hx
                // The rounded box's signed distance (negative inside).
                let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
                let d = outside + min(max(qx, qy), 0) - r
                a[y * w + x] = Float(max(0, min(1, 0.5 - d)))
            }
        }
        return a
    }

    /// One running-sum box blur along lines of `length` samples spaced `stride` apart; `count`
    /// lines whose starts are `step` apart. Samples past the ends count as 0.
    private static func boxBlur(_ a: inout [Float], _ tmp: inout [Float], count: Int, length: Int,
                                stride: Int, step: Int, radius r: Int) {
        let norm = 1 / Float(2 * r + 1)
        for line in 0..<count {
            let base = line * step
            var sum: Float = 0
            for i in 0...min(r, length - 1) { sum += a[base + i * stride] }
            for i in 0..<length {
                tmp[base + i * stride] = sum * norm
                let add = i + r + 1, drop = i - r
                if add < length { sum += a[base + add * stride] }
                if drop >= 0 { sum -= a[base + drop * stride] }
            }
        }
        swap(&a, &tmp)
    }
}

/// One shape's coverage (a rounded rectangle, blurred or not, at one size), whatever its colour:
/// a grid's cells of a hundred colours share one, so the shape is worked out once and each colour
/// is a pass that writes its texels (a cells window opening made 126 of them, a sixth of the
/// instructions before its first frame).
final class ShadowShape {
    let width: Int, height: Int
    /// Each texel's coverage, 0…1.
    let coverage: [Float]
    /// Each texel's alpha for an opaque colour, in ARGB8888's top byte.
    private(set) lazy var opaqueAlpha: [UInt32] = coverage.map { ShadowShape.alpha($0, 255) << 24 }

    init(width: Int, height: Int, coverage: [Float]) {
        self.width = width
        self.height = height
        self.coverage = coverage
    }

    /// A texel's alpha: its coverage of a colour of alpha `scale` (0…255), rounded.
    @inline(__always)
    static func alpha(_ coverage: Float, _ scale: Float) -> UInt32 {
        UInt32(max(0, min(255, (coverage * scale).rounded())))
    }

    /// What keeping it costs.
    var byteCount: Int { coverage.count * 8 }
}
