/// Light sources that bloom: the halo a camera sees around a lamp at dusk.
public enum Glow {
    /// A warm point light: a bright core and wide soft halo, added to the picture.
    public static func lamp(_ canvas: Canvas, at p: V2, radius: Float, color: RGB, strength: Float) {
        guard strength > 0 else { return }
        canvas.soft(.circle(center: p, radius: radius * 6), color, sigma: radius * 4, opacity: 0.25 * strength, blend: .add)
        canvas.soft(.circle(center: p, radius: radius * 2.2), color, sigma: radius * 1.2, opacity: 0.5 * strength, blend: .add)
        canvas.soft(.circle(center: p, radius: radius), RGB.lerp(color, .white, 0.7), sigma: radius * 0.3, opacity: min(1, 1.2 * strength), blend: .screen)
    }

    /// A pool of light thrown on a surface below a lamp or window.
    public static func pool(_ canvas: Canvas, center: V2, rx: Float, ry: Float, color: RGB, strength: Float) {
        guard strength > 0 else { return }
        canvas.soft(.ellipse(center: center, rx: rx, ry: ry), color, sigma: max(rx, ry) * 0.35, opacity: 0.35 * strength, blend: .add)
    }
}
