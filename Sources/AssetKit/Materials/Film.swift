/// The last touches that make a render read as a photograph: lens vignetting, a colour grade, and
/// film grain (seeded, so files come out identical on every run).
public enum Film {
    public static func finish(_ c: Canvas, seed: UInt32, vignette: Float = 0.35, grain: Float = 0.025,
                              warmth: Float = 0, contrast: Float = 1.05, lift: Float = 0.02) {
        let cx = c.w / 2, cy = c.h / 2
        let inv = 1 / (cx * cx + cy * cy)
        c.map { x, y, px in
            let dx = Float(x) + 0.5 - cx, dy = Float(y) + 0.5 - cy
            let d2 = (dx * dx + dy * dy) * inv
            var p = px * (1 - vignette * d2 * d2 * 1.2 - vignette * 0.25 * d2)
            p = RGB(p.r * (1 + warmth * 0.08), p.g * (1 + warmth * 0.02), p.b * (1 - warmth * 0.08))
            // An S-ish contrast curve around mid grey, and lifted blacks like a film print.
            p = RGB(curve(p.r, contrast), curve(p.g, contrast), curve(p.b, contrast))
            p = RGB(lift + p.r * (1 - lift), lift + p.g * (1 - lift), lift + p.b * (1 - lift))
            // Luminance grain, a little stronger in the mid-tones.
            let g = (hash01(Int32(x), Int32(y), seed) + hash01(Int32(x), Int32(y), seed &+ 77) - 1) * grain
            let mid = 1 - abs(p.luminance - 0.5)
            return p + RGB(g, g, g) * (0.6 + 0.8 * mid)
        }
    }
    @inline(__always) static func curve(_ v: Float, _ k: Float) -> Float {
        let c = clamp01(v)
        let s = c * c * (3 - 2 * c)
        return mix(c, s, (k - 1) * 2)
    }
}
