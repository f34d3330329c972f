/// Settings for three-quarter photos: a table receding to a horizon, and an out-of-focus room
/// beyond it.
public enum Backdrop {
    /// Paints a table top in perspective: `texture` is sampled in table units, so its grain
    /// converges toward the horizon.
    public static func table(_ canvas: Canvas, horizon: Float, texture: Paint, focal: Float, edgeShade: Float = 0.3) {
        let cx = canvas.w / 2
        let shade = texture.shade
        canvas.fill(.rect(0, horizon, canvas.w, canvas.h - horizon + 1), .shader { x, y in
            let dy = max(0.5, y - horizon)
            let z = focal / dy                  // distance along the table
            let u = (x - cx) / dy * focal * 0.01  // across the table
            var c = shade(u * 100, z * 100).rgb
            // Far table catches the back light; the table edge fades into shadow.
            c = c * (1 - edgeShade * smoothstep(focal * 0.1, 0, dy))
            return c
        })
    }

    /// A warm, blurred cafe interior: wall tones, a window glow, and round highlights of lamps.
    public static func cafeBokeh(_ canvas: Canvas, top: RGB, bottom: RGB, lights: RGB, count: Int, seed: UInt64,
                                 window: Bool = true) {
        let h = canvas.h, w = canvas.w
        canvas.fillAll(.linear(V2(0, 0), V2(0, h * 0.6), [0: top, 1: bottom]))
        var rng = SeededRandom(seed: seed)
        if window {
            let wx = rng.range(0.05, 0.55) * w
            canvas.soft(.rect(wx, h * 0.02, w * 0.35, h * 0.45), RGB(hex: 0xfff1d6), sigma: w * 0.03, opacity: 0.55, blend: .screen)
        }
        for _ in 0..<(count / 3) {
            // Shelves and furniture as dark soft masses.
            let x = rng.range(-0.1, 1) * w, y = rng.range(0.1, 0.55) * h
            canvas.soft(.rect(x, y, rng.range(0.08, 0.3) * w, rng.range(0.05, 0.2) * h), bottom.shade(-0.5),
                        sigma: w * 0.02, opacity: rng.range(0.2, 0.5))
        }
        let u = min(w, h)
        for _ in 0..<count {
            let p = V2(rng.range(0, 1) * w, rng.range(0.02, 0.5) * h)
            let r = rng.range(0.015, 0.05) * u
            let tint = RGB.lerp(lights, RGB(hex: 0xfff4e0), rng.unit() * 0.5)
            canvas.soft(.circle(center: p, radius: r), tint, sigma: r * 0.12, opacity: rng.range(0.15, 0.45), blend: .screen)
        }
    }
}
