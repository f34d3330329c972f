import Glibc

/// The things around a cup: spoons, beans, sugar, napkins.
public enum Props {
    /// Polished steel seen from above: bright where it faces the light, dark where it mirrors the room.
    static func metal(_ n: V3, _ light: Lighting) -> RGB {
        let nn = n.normalized
        let env = 0.5 + 0.5 * sin(nn.x * 3.2 - nn.y * 2.1 + 0.6)
        var c = RGB.lerp(RGB(hex: 0x4a4d52), RGB(hex: 0xd9dde2), env)
        c = light.shade(c, nn, gloss: 1.6) * 0.95
        return c
    }

    public static func spoon(on canvas: Canvas, bowl: V2, direction: V2, length: Float, size: Float, light: Lighting) {
        let d = direction.normalized, perp = d.perpendicular
        let tip = bowl + d * (size * 0.9) + d * length
        let neck = bowl + d * (size * 1.0)
        let sd = light.shadowDirection
        var outline = Path.ellipse(center: bowl, rx: size * 1.05, ry: size * 0.72, rotation: atan2(d.y, d.x))
        outline.append(.stroke([neck, neck + d * (length * 0.3), tip], width: size * 0.2, endWidth: size * 0.34))
        canvas.soft(outline.translated(sd * (size * 0.25)), RGB(hex: 0x1a120a), sigma: size * 0.18, opacity: 0.45, blend: .multiply)
        canvas.fill(outline, .shader { x, y in
            let p = V2(x, y)
            let q = p - bowl
            let u = q.dot(d) / (size * 1.05), v = q.dot(perp) / (size * 0.72)
            let r2 = u * u + v * v
            if r2 < 1.05 {
                // The bowl is concave: normals point toward its middle.
                let n = V3(-(u * d.x + v * perp.x) * 0.9, -(u * d.y + v * perp.y) * 0.9, 1)
                return metal(n, light)
            }
            let s = max(-1, min(1, (p - neck).dot(perp) / (size * 0.15)))
            return metal(V3(s * perp.x, s * perp.y, 0.8), light)
        })
    }

    /// A roasted coffee bean: a glossy oval with its crease.
    public static func bean(on canvas: Canvas, center: V2, size: Float, angle: Float, light: Lighting, tone: Float, shadow: Float = 0.5) {
        let d = V2.polar(angle), perp = d.perpendicular
        let sd = light.shadowDirection
        let shape = Path.ellipse(center: center, rx: size, ry: size * 0.7, rotation: angle)
        canvas.soft(shape.translated(sd * (size * 0.22)), RGB(hex: 0x120a05), sigma: size * 0.18, opacity: shadow, blend: .multiply)
        let base = RGB.lerp(RGB(hex: 0x4a2813), RGB(hex: 0x2a150a), tone)
        canvas.fill(shape, .shader { x, y in
            let q = V2(x, y) - center
            let u = q.dot(d) / size, v = q.dot(perp) / (size * 0.7)
            let r2 = min(1, u * u + v * v)
            let nz = (1 - r2).squareRoot()
            var c = light.shade(base, V3(u * d.x + v * perp.x, u * d.y + v * perp.y, nz * 1.3), gloss: 0.7)
            // The crease: a gentle S down the long axis.
            let crease = v - 0.12 * sin(u * 2.6)
            let depth = 1 - smoothstep(0.02, 0.11, abs(crease))
            c = RGB.lerp(c, RGB(hex: 0x140904), depth * (1 - smoothstep(0.75, 0.95, abs(u))))
            return c
        })
    }

    /// Beans strewn over a region, avoiding the circles in `keepOut`.
    public static func scatterBeans(on canvas: Canvas, count: Int, size: Float, region: (min: V2, max: V2),
                                    keepOut: [(V2, Float)], light: Lighting, seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        var placed: [V2] = []
        var tries = 0
        while placed.count < count && tries < count * 40 {
            tries += 1
            let p = V2(rng.range(region.min.x, region.max.x), rng.range(region.min.y, region.max.y))
            if keepOut.contains(where: { (p - $0.0).length < $0.1 + size }) { continue }
            if placed.contains(where: { (p - $0).length < size * 1.7 }) { continue }
            placed.append(p)
            bean(on: canvas, center: p, size: size * rng.range(0.85, 1.1), angle: rng.range(0, 2 * pi), light: light,
                 tone: rng.unit())
        }
    }

    /// A folded cloth napkin lying flat.
    public static func napkin(on canvas: Canvas, center: V2, size: Float, angle: Float, color: RGB, light: Lighting, seed: UInt32) {
        let sd = light.shadowDirection
        let corners = [V2(-1, -1), V2(1, -1), V2(1, 1), V2(-1, 1)].map { center + ($0 * size).rotated(angle) }
        let shape = Path.polygon(corners)
        canvas.soft(shape.translated(sd * (size * 0.04)), RGB(hex: 0x000000), sigma: size * 0.04, opacity: 0.25, blend: .multiply)
        let cloth = Surface.linen(base: color, seed: seed, scale: size * 0.02, angle: angle)
        canvas.fill(shape, .shader { x, y in
            let q = (V2(x, y) - center).rotated(-angle)
            var c = cloth.shade(x, y).rgb
            // One fold across the middle catches the light on one side.
            let fold = q.x / size
            c = c.shade(fold > 0 ? -0.06 * smoothstep(0.0, 0.08, fold) : 0.05 * smoothstep(0.0, -0.08, fold))
            return c
        })
    }

    /// A sugar cube: white, crystalline, with a soft shadow.
    public static func sugarCube(on canvas: Canvas, center: V2, size: Float, angle: Float, light: Lighting, seed: UInt32) {
        let sd = light.shadowDirection
        let shape = Path.roundedRect(-size / 2, -size / 2, size, size, radius: size * 0.12)
            .rotated(angle, about: V2(0, 0)).translated(center)
        canvas.soft(shape.translated(sd * (size * 0.3)), RGB(hex: 0x100804), sigma: size * 0.16, opacity: 0.4, blend: .multiply)
        canvas.fill(shape, .shader { x, y in
            let g = hash01(Int32(x), Int32(y), seed)
            let q = (V2(x, y) - center).rotated(-angle) * (2 / size)
            let edge = max(abs(q.x), abs(q.y))
            var c = RGB(hex: 0xf5f3ee).shade((g - 0.5) * 0.12)
            c = c.shade(-0.08 * smoothstep(0.7, 1, edge) * (q.x + q.y > 0 ? 1 : -0.5))
            return c
        })
    }
}
