/// Lamps: pendants over counters and tables, street lanterns.
public enum Lamps {
    public enum Shade { case dome, cone, globe, cage }

    /// A pendant hanging from the top of the picture; `p` is the bottom centre of the shade.
    public static func pendant(_ canvas: Canvas, at p: V2, size: Float, shade: Shade, color: RGB, glow: Float, cordTop: Float = 0) {
        canvas.fill(.rect(p.x - max(0.6, size * 0.02), cordTop, max(1.2, size * 0.04), p.y - cordTop - size * 0.5), RGB(hex: 0x141210))
        let lampLight = RGB(hex: 0xffc877)
        switch shade {
        case .globe:
            Glow.lamp(canvas, at: p + V2(0, -size * 0.3), radius: size * 0.35, color: lampLight, strength: glow)
            canvas.fill(.circle(center: p + V2(0, -size * 0.3), radius: size * 0.42), .radial(p + V2(-size * 0.1, -size * 0.4), size * 0.5,
                [0: RGB.lerp(RGB(hex: 0xfff3dc), color, 0.2), 1: color.shade(-0.1)]), opacity: 0.9)
            Glow.lamp(canvas, at: p + V2(0, -size * 0.3), radius: size * 0.18, color: lampLight, strength: glow)
        case .dome, .cone, .cage:
            let top = p.y - size * 0.55
            var shape = Path()
            if shade == .dome {
                shape.move(to: V2(p.x - size * 0.6, p.y))
                shape.curve(to: V2(p.x, top), control1: V2(p.x - size * 0.6, p.y - size * 0.35), control2: V2(p.x - size * 0.3, top))
                shape.curve(to: V2(p.x + size * 0.6, p.y), control1: V2(p.x + size * 0.3, top), control2: V2(p.x + size * 0.6, p.y - size * 0.35))
                shape.close()
            } else {
                shape = .polygon([V2(p.x - size * 0.12, top), V2(p.x + size * 0.12, top), V2(p.x + size * 0.5, p.y), V2(p.x - size * 0.5, p.y)])
            }
            // The light it throws downward.
            if glow > 0 {
                canvas.soft(.polygon([V2(p.x - size * 0.5, p.y), V2(p.x + size * 0.5, p.y), V2(p.x + size * 2.2, p.y + size * 5), V2(p.x - size * 2.2, p.y + size * 5)]),
                            .linear(p, p + V2(0, size * 5), [0: lampLight, 1: .black]), sigma: size * 0.5, opacity: 0.18 * glow, blend: .add)
                Glow.lamp(canvas, at: p + V2(0, size * 0.02), radius: size * 0.28, color: lampLight, strength: glow)
            }
            canvas.fill(shape, .shader { x, _ in
                let u = (x - p.x) / (size * 0.6)
                return color.shade(0.35 * (1 - abs(u + 0.35)) - 0.2)
            })
            canvas.fill(.ellipse(center: p, rx: size * (shade == .dome ? 0.6 : 0.5), ry: size * 0.08),
                        RGB.lerp(color.shade(-0.3), RGB(hex: 0xffe2a8), min(1, glow)))
            if glow > 0 { canvas.fill(.ellipse(center: p + V2(0, size * 0.04), rx: size * 0.16, ry: size * 0.1), RGB(hex: 0xfff4d8), opacity: min(1, glow * 1.2)) }
        }
    }

    /// A cast-iron street lamp standing on `base`.
    public static func street(_ canvas: Canvas, base: V2, height: Float, glow: Float) {
        let w = height * 0.025
        let iron = RGB(hex: 0x1b1d20)
        canvas.fill(.rect(base.x - w * 1.6, base.y - height * 0.08, w * 3.2, height * 0.08), iron)
        canvas.fill(.polygon([V2(base.x - w * 0.7, base.y), V2(base.x + w * 0.7, base.y), V2(base.x + w * 0.45, base.y - height), V2(base.x - w * 0.45, base.y - height)]), iron)
        let head = V2(base.x, base.y - height - w * 3)
        let lantern = Path.polygon([V2(head.x - w * 2.2, head.y - w * 2.5), V2(head.x + w * 2.2, head.y - w * 2.5), V2(head.x + w * 1.5, head.y + w * 2.5), V2(head.x - w * 1.5, head.y + w * 2.5)])
        canvas.fill(lantern, RGB.lerp(RGB(hex: 0x3a3328), RGB(hex: 0xffe2a0), min(1, glow * 1.1)))
        canvas.fill(.polygon([V2(head.x - w * 3, head.y - w * 2.5), V2(head.x + w * 3, head.y - w * 2.5), V2(head.x, head.y - w * 5)]), iron)
        Glow.lamp(canvas, at: head, radius: w * 2.4, color: RGB(hex: 0xffc46a), strength: glow)
    }
}
