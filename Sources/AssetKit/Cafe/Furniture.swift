/// Tables, chairs, plants and shelves, drawn face-on at any size.
public enum Furniture {
    /// A round bistro table: `top` is the centre of its top, `size` its radius.
    public static func bistroTable(_ canvas: Canvas, top: V2, size: Float, topColor: RGB, metal: RGB = RGB(hex: 0x1e1f22), squash: Float = 0.25) {
        let h = size * 1.9
        canvas.soft(.ellipse(center: top + V2(0, h), rx: size * 0.9, ry: size * 0.14), RGB.black, sigma: size * 0.12, opacity: 0.35, blend: .multiply)
        canvas.fill(.rect(top.x - size * 0.05, top.y, size * 0.1, h), metal)
        canvas.fill(.ellipse(center: top + V2(0, h), rx: size * 0.45, ry: size * 0.08), metal)
        canvas.fill(.ellipse(center: top + V2(0, size * 0.06), rx: size, ry: size * squash), topColor.shade(-0.35))
        canvas.fill(.ellipse(center: top, rx: size, ry: size * squash), .linear(top - V2(size, 0), top + V2(size, 0), [0: topColor.shade(0.15), 1: topColor.shade(-0.1)]))
    }

    /// A bentwood cafe chair, seen from the front at three-quarters. `seat` is the seat's centre.
    public static func chair(_ canvas: Canvas, seat: V2, size: Float, color: RGB, facing: Float = 1) {
        let w = max(1, size * 0.07)
        let legH = size * 0.95
        canvas.soft(.ellipse(center: seat + V2(0, legH), rx: size * 0.6, ry: size * 0.1), RGB.black, sigma: size * 0.1, opacity: 0.3, blend: .multiply)
        let legs: [(V2, V2)] = [(V2(-0.42, 0), V2(-0.5, 1)), (V2(0.42, 0), V2(0.5, 1)), (V2(-0.25, 0.05), V2(-0.3, 0.92)), (V2(0.25, 0.05), V2(0.3, 0.92))]
        for (a, b) in legs {
            canvas.fill(.stroke([seat + V2(a.x * size, a.y * size), seat + V2(b.x * size, b.y * legH)], width: w), color.shade(-0.2))
        }
        // Back: a loop rising behind the seat.
        let back = Path.bezierPoints(seat + V2(-size * 0.38 * facing, 0), seat + V2(-size * 0.5 * facing, -size * 1.2),
                                     seat + V2(size * 0.5 * facing, -size * 1.2), seat + V2(size * 0.38 * facing, 0))
        canvas.fill(.stroke(back, width: w * 1.1), color)
        canvas.fill(.stroke(Path.bezierPoints(seat + V2(-size * 0.25, -size * 0.05), seat + V2(-size * 0.3, -size * 0.8),
                                              seat + V2(size * 0.3, -size * 0.8), seat + V2(size * 0.25, -size * 0.05)), width: w * 0.8), color)
        canvas.fill(.ellipse(center: seat, rx: size * 0.5, ry: size * 0.14), color.shade(0.1))
        canvas.fill(.ellipse(center: seat + V2(0, size * 0.04), rx: size * 0.5, ry: size * 0.1), color.shade(-0.25))
    }

    /// A potted plant: tapered pot, a fountain of leaves.
    public static func plant(_ canvas: Canvas, base: V2, size: Float, pot: RGB, leaf: RGB, seed: UInt64, light: RGB = .white) {
        var rng = SeededRandom(seed: seed)
        let potH = size * 0.45, potW = size * 0.42
        let top = base.y - potH
        canvas.soft(.ellipse(center: base, rx: potW * 0.8, ry: potW * 0.12), RGB.black, sigma: size * 0.04, opacity: 0.35, blend: .multiply)
        // Leaves behind, then in front: darker first.
        for layer in 0..<2 {
            for _ in 0..<14 {
                let ang = rng.range(-pi * 0.95, -pi * 0.05)
                let len = size * rng.range(0.45, 0.85)
                let root = V2(base.x + rng.range(-0.15, 0.15) * potW, top)
                let tip = root + V2.polar(ang, len)
                let mid = V2.lerp(root, tip, 0.5) + V2(0, -len * 0.15)
                var p = Path()
                let wdt = len * rng.range(0.12, 0.2)
                let perp = (tip - root).normalized.perpendicular
                p.move(to: root)
                p.quad(to: tip, control: mid + perp * wdt)
                p.quad(to: root, control: mid - perp * wdt)
                p.close()
                let tone = layer == 0 ? -0.35 : rng.range(-0.15, 0.15)
                let c = leaf.shade(tone)
                canvas.fill(p, .linear(root, tip, [0: c.shade(-0.2), 1: (c * light).shade(0.15)]))
            }
        }
        let potPath = Path.polygon([V2(base.x - potW / 2, top), V2(base.x + potW / 2, top), V2(base.x + potW * 0.38, base.y), V2(base.x - potW * 0.38, base.y)])
        canvas.fill(potPath, .linear(V2(base.x - potW / 2, 0), V2(base.x + potW / 2, 0), [0: (pot * light).shade(0.12), 0.6: pot, 1: pot.shade(-0.35)]))
        canvas.fill(.rect(base.x - potW * 0.53, top - potH * 0.08, potW * 1.06, potH * 0.14), pot.shade(-0.08))
    }

    /// A shelf plank with jars, cups and bags on it; `y` is the plank's top.
    public static func shelf(_ canvas: Canvas, x: Float, y: Float, width: Float, unit: Float, wood: RGB, seed: UInt64, warm: Float) {
        var rng = SeededRandom(seed: seed)
        var cx = x + unit * 0.3
        while cx < x + width - unit {
            let kind = rng.int(0, 3)
            switch kind {
            case 0: // jar of beans
                let w = unit * 0.7, h = unit * rng.range(0.9, 1.3)
                canvas.fill(.roundedRect(cx, y - h, w, h, radius: w * 0.15), RGB(hex: 0xdfe6e6), opacity: 0.35)
                canvas.fill(.roundedRect(cx + w * 0.06, y - h * 0.75, w * 0.88, h * 0.72, radius: w * 0.1), RGB(hex: 0x3b2212))
                canvas.fill(.rect(cx - w * 0.02, y - h - unit * 0.12, w * 1.04, unit * 0.14), RGB(hex: 0x8a8f96))
                canvas.fill(.rect(cx + w * 0.12, y - h * 0.9, w * 0.1, h * 0.8), RGB.white, opacity: 0.35, blend: .screen)
                cx += w + unit * 0.25
            case 1: // stacked cups
                let w = unit * 0.6
                let c = rng.pick([RGB(hex: 0xf2efe8), RGB(hex: 0x2f7f86), RGB(hex: 0xd9a531), RGB(hex: 0xc0643c)])
                for k in 0..<rng.int(2, 4) {
                    let yy = y - Float(k + 1) * unit * 0.38
                    canvas.fill(.polygon([V2(cx, yy), V2(cx + w, yy), V2(cx + w * 0.85, yy + unit * 0.38), V2(cx + w * 0.15, yy + unit * 0.38)]),
                                .linear(V2(cx, 0), V2(cx + w, 0), [0: c.shade(0.1), 1: c.shade(-0.3)]))
                }
                cx += w + unit * 0.3
            case 2: // coffee bag
                let w = unit * 0.8, h = unit * rng.range(1.1, 1.5)
                let c = rng.pick([RGB(hex: 0xb28a5a), RGB(hex: 0x30302e), RGB(hex: 0x9b3b2a), RGB(hex: 0xe8e0d0)])
                canvas.fill(.polygon([V2(cx, y), V2(cx + w, y), V2(cx + w * 0.95, y - h), V2(cx + w * 0.05, y - h)]), .linear(V2(cx, 0), V2(cx + w, 0), [0: c.shade(0.1), 1: c.shade(-0.25)]))
                canvas.fill(.rect(cx + w * 0.2, y - h * 0.65, w * 0.6, h * 0.3), RGB.lerp(c, .white, 0.7))
                cx += w + unit * 0.3
            default: // small plant
                plant(canvas, base: V2(cx + unit * 0.4, y), size: unit * 1.2, pot: RGB(hex: 0xd8d2c8), leaf: RGB(hex: 0x3f7a3a), seed: rng.next())
                cx += unit * 1.1
            }
        }
        canvas.soft(.rect(x, y, width, unit * 0.18), RGB.black, sigma: unit * 0.1, opacity: 0.4, blend: .multiply)
        canvas.fill(.rect(x, y, width, unit * 0.14), .linear(V2(0, y), V2(0, y + unit * 0.14), [0: wood.shade(0.15 + warm * 0.1), 1: wood.shade(-0.2)]))
    }
}
