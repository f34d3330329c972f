import CSDL2

/// Which blurred rounded rectangle a shadow needs, in texels. `width`/`height` are 0 for the
/// stretchable nine-slice image, the shape's own size for shapes too small to slice.
struct ShadowKey: Hashable {
    var corner: Int
    var blur: Int
    var width: Int
    var height: Int
    var downscale: Int
}

/// Makes the white-with-alpha image of a blurred rounded rectangle. Three box blurs per axis
/// approximate a gaussian (and have a finite reach, so the slice centre is exactly opaque).
enum ShadowImage {
    /// Box radius whose triple pass has variance σ²: three boxes of radius r give r(r + 1).
    static func boxRadius(sigma: Double) -> Int {
        max(1, Int((((4 * sigma * sigma + 1).squareRoot() - 1) / 2).rounded()))
    }

    /// The reach of the blur in texels: three box radii.
    static func reach(_ key: ShadowKey) -> Int { 3 * key.blur }

    /// The shape's size inside the image: its own, or the smallest that leaves a stretchable
    /// middle texel row and column.
    static func shapeSize(_ key: ShadowKey) -> (Int, Int) {
        if key.width > 0 { return (key.width, key.height) }
        let side = 2 * (key.corner + reach(key)) + 2
        return (side, side)
    }

    static func make(_ key: ShadowKey, renderer: OpaquePointer) throws -> Texture {
        let m = reach(key)
        let (sw, sh) = shapeSize(key)
        let w = sw + 2 * m, h = sh + 2 * m
        var a = coverage(width: w, height: h, inset: Double(m), corner: Double(key.corner))
        var tmp = [Float](repeating: 0, count: w * h)
        for _ in 0..<3 {
            boxBlur(&a, &tmp, count: h, length: w, stride: 1, step: w, radius: key.blur)
            boxBlur(&a, &tmp, count: w, length: h, stride: w, step: 1, radius: key.blur)
        }
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, SDL_PIXELFORMAT_RGBA32.rawValue) else {
            throw SDLError("SDL_CreateRGBSurfaceWithFormat")
        }
        defer { SDL_FreeSurface(s) }
        let pitch = Int(s.pointee.pitch)
        let pixels = s.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h {
            for x in 0..<w {
                let p = pixels + y * pitch + x * 4
                p[0] = 255; p[1] = 255; p[2] = 255
                p[3] = UInt8(max(0, min(255, (a[y * w + x] * 255).rounded())))
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
