import Glibc

/// What a real lens and sensor add to a scene, applied after it is drawn: light bleeding around
/// bright things (bloom), colour fringes toward the corners, and the noise of a dim exposure. These
/// are much of what tells a photograph from a drawing.
public enum Lens {
    /// Adds a blurred copy of everything brighter than `threshold`, tinted warm like halation.
    public static func bloom(_ c: Canvas, threshold: Float = 0.72, sigma: Float, strength: Float = 0.6,
                             tint: RGB = RGB(1, 0.92, 0.8)) {
        var bright = [Float](repeating: 0, count: c.pixels.count)
        for i in stride(from: 0, to: c.pixels.count, by: 3) {
            let l = 0.2126 * c.pixels[i] + 0.7152 * c.pixels[i + 1] + 0.0722 * c.pixels[i + 2]
            let k = max(0, l - threshold) / max(1e-4, l)
            bright[i] = c.pixels[i] * k; bright[i + 1] = c.pixels[i + 1] * k; bright[i + 2] = c.pixels[i + 2] * k
        }
        // Two radii: a tight glow and a wide veil.
        var wide = bright
        boxBlur3(&bright, width: c.width, height: c.height, channels: 3, sigma: sigma)
        boxBlur3(&wide, width: c.width, height: c.height, channels: 3, sigma: sigma * 4)
        for i in stride(from: 0, to: c.pixels.count, by: 3) {
            c.pixels[i] += (bright[i] + wide[i] * 0.6) * strength * tint.r
            c.pixels[i + 1] += (bright[i + 1] + wide[i + 1] * 0.6) * strength * tint.g
            c.pixels[i + 2] += (bright[i + 2] + wide[i + 2] * 0.6) * strength * tint.b
        }
    }

    /// Lateral chromatic aberration: red a little larger than green, blue a little smaller, by
    /// `amount` of the half-diagonal at the corners.
    public static func fringe(_ c: Canvas, amount: Float = 0.0016) {
        let src = c.pixels
        let cx = c.w / 2, cy = c.h / 2
        func sample(_ x: Float, _ y: Float, _ ch: Int) -> Float {
            let xi = min(c.width - 1, max(0, Int(x))), yi = min(c.height - 1, max(0, Int(y)))
            let fx = min(1, max(0, x - Float(xi))), fy = min(1, max(0, y - Float(yi)))
            let x1 = min(c.width - 1, xi + 1), y1 = min(c.height - 1, yi + 1)
            let a = src[(yi * c.width + xi) * 3 + ch], b = src[(yi * c.width + x1) * 3 + ch]
            let d = src[(y1 * c.width + xi) * 3 + ch], e = src[(y1 * c.width + x1) * 3 + ch]
            return mix(mix(a, b, fx), mix(d, e, fx), fy)
        }
        for y in 0..<c.height {
            for x in 0..<c.width {
                let dx = Float(x) + 0.5 - cx, dy = Float(y) + 0.5 - cy
                let i = (y * c.width + x) * 3
                c.pixels[i] = sample(cx + dx * (1 - amount) - 0.5, cy + dy * (1 - amount) - 0.5, 0)
                c.pixels[i + 2] = sample(cx + dx * (1 + amount) - 0.5, cy + dy * (1 + amount) - 0.5, 2)
            }
        }
    }

    /// Sensor noise of a dim exposure: stronger in the shadows, partly in colour. Seeded.
    public static func noise(_ c: Canvas, seed: UInt32, amount: Float) {
        c.map { x, y, p in
            let l = p.luminance
            let k = amount * (0.35 + 0.65 * (1 - smoothstep(0.05, 0.6, l)))
            let n = hash01(Int32(x), Int32(y), seed) - 0.5
            let cr = hash01(Int32(x), Int32(y), seed &+ 31) - 0.5, cb = hash01(Int32(x), Int32(y), seed &+ 57) - 0.5
            return RGB(p.r + (n + cr * 0.5) * k, p.g + n * k, p.b + (n + cb * 0.5) * k)
        }
    }
}

extension Lens {
    /// Re-photographs a flat, face-on picture with the camera turned by `yaw` (right) and `pitch`
    /// (up), radians: horizontals converge to a vanishing point, as they do when a front is not
    /// shot square-on. The picture is treated as a plane `focal` pixels away and enlarged just
    /// enough that no corner of the frame falls outside it.
    public static func turn(_ c: Canvas, yaw: Float, pitch: Float = 0, focal: Float? = nil) {
        let f = focal ?? max(c.w, c.h)
        let cx = c.w / 2, cy = c.h / 2
        let cyw = cos(yaw), syw = sin(yaw), cp = cos(pitch), sp = sin(pitch)
        // Where an output pixel (in units of the focal length) looks on the original plane, the
        // camera turned about the picture's centre so the centre stays in the middle of the frame.
        func look(_ dx: Float, _ dy: Float) -> V2? {
            // Pitch (about x), then yaw (about y).
            let py = dy * cp - sp, pz = dy * sp + cp
            let rx = dx * cyw + pz * syw, rz = -dx * syw + pz * cyw
            guard rz > 1e-4 else { return nil }
            return V2(rx / rz * f, py / rz * f)
        }
        guard let centre = look(0, 0) else { return }
        func source(_ x: Float, _ y: Float) -> V2? {
            guard let s = look(x, y) else { return nil }
            return V2(s.x - centre.x + cx, s.y - centre.y + cy)
        }
        // The smallest zoom that keeps the frame inside the picture.
        var zoom: Float = 1
        while zoom < 3 {
            let inside = [(-cx, -cy), (cx, -cy), (cx, cy), (-cx, cy), (0, -cy), (0, cy), (-cx, 0), (cx, 0)].allSatisfy { p in
                guard let s = source(p.0 / zoom / f, p.1 / zoom / f) else { return false }
                return s.x >= 0 && s.y >= 0 && s.x <= c.w - 1 && s.y <= c.h - 1
            }
            if inside { break }
            zoom += 0.01
        }
        let src = c.pixels, w = c.width, h = c.height
        for y in 0..<h {
            for x in 0..<w {
                guard let s = source((Float(x) + 0.5 - cx) / zoom / f, (Float(y) + 0.5 - cy) / zoom / f) else { continue }
                let sx = min(c.w - 1.001, max(0, s.x - 0.5)), sy = min(c.h - 1.001, max(0, s.y - 0.5))
                let x0 = Int(sx), y0 = Int(sy), fx = sx - Float(x0), fy = sy - Float(y0)
                let i00 = (y0 * w + x0) * 3, i10 = i00 + 3, i01 = i00 + w * 3, i11 = i01 + 3
                let o = (y * w + x) * 3
                for ch in 0..<3 {
                    c.pixels[o + ch] = mix(mix(src[i00 + ch], src[i10 + ch], fx), mix(src[i01 + ch], src[i11 + ch], fx), fy)
                }
            }
        }
    }
}
