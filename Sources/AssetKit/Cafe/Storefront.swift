import Glibc

/// Pieces of a cafe front drawn as flat shapes where perspective does not matter.
public enum Storefront {
    /// A round hanging sign on a bracket, with a cup on it.
    public static func bladeSign(_ canvas: Canvas, wallX: Float, y: Float, size: Float, color: RGB, time: TimeOfDay) {
        let iron = RGB(hex: 0x1c1c1e)
        canvas.fill(.rect(wallX, y, size * 1.4, size * 0.06), iron)
        let c = V2(wallX + size * 0.85, y + size * 0.62)
        canvas.fill(.stroke([V2(c.x - size * 0.3, y), V2(c.x - size * 0.3, c.y - size * 0.4)], width: size * 0.03), iron)
        canvas.fill(.stroke([V2(c.x + size * 0.3, y), V2(c.x + size * 0.3, c.y - size * 0.4)], width: size * 0.03), iron)
        canvas.soft(.circle(center: c + V2(size * 0.08, size * 0.08), radius: size * 0.5), RGB.black, sigma: size * 0.06, opacity: 0.4, blend: .multiply)
        canvas.fill(.circle(center: c, radius: size * 0.5), iron)
        canvas.fill(.circle(center: c, radius: size * 0.45), .linear(c - V2(size * 0.4, size * 0.4), c + V2(size * 0.4, size * 0.4),
                                                                    [0: (color * time.daylight).shade(0.15), 1: (color * time.daylight).shade(-0.2)]))
        canvas.fill(CupIcon.path(center: c, size: size * 0.25), RGB(hex: 0xf4ead8) * (time.daylight * 0.6 + RGB(gray: 0.4)))
    }
}

/// A coffee cup pictogram (cup, handle, saucer, steam) as one path, for signs and window decals.
public enum CupIcon {
    public static func path(center c: V2, size s: Float) -> Path {
        var p = Path.polygon([c + V2(-0.9, -0.45) * s, c + V2(0.7, -0.45) * s, c + V2(0.5, 0.55) * s, c + V2(-0.7, 0.55) * s])
        p.append(.ring(center: c + V2(0.75, -0.05) * s, outer: 0.32 * s, inner: 0.17 * s))
        p.append(.roundedRect(c.x - 1.05 * s, c.y + 0.62 * s, 1.9 * s, 0.16 * s, radius: 0.08 * s))
        for k: Float in [-0.4, 0, 0.4] {
            let base = c + V2(k - 0.1, -0.65) * s
            p.append(.stroke((0...10).map { i in let t = Float(i) / 10; return base + V2(sin(t * 5.5) * 0.1, -t * 0.55) * s }, width: s * 0.1))
        }
        return p
    }
}
