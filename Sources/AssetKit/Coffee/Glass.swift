import Glibc

/// A drinking glass seen in three-quarter view, and what fills it.
public struct Glass {
    public enum Contents {
        /// Bands from the bottom up: (top of band as a fraction of the fill, colour); bands blend softly.
        case layers(KeyValuePairs<Float, RGB>)
        /// Iced coffee: coffee clouded with milk, with ice cubes near the top.
        case iced(coffee: RGB, milk: RGB, cubes: Int)
    }

    public var rimCenter: V2
    public var radius: Float
    public var height: Float
    public var taper: Float = 0.82
    public var fill: Float = 0.85
    public var camera: TableCamera
    public var contents: Contents
    public var straw: RGB? = nil
    public var droplets: Int = 0
    public var seed: UInt64 = 1

    public init(rimCenter: V2, radius: Float, height: Float, camera: TableCamera, contents: Contents) {
        self.rimCenter = rimCenter; self.radius = radius; self.height = height; self.camera = camera; self.contents = contents
    }

    func r(_ t: Float) -> Float { radius * mix(1, taper, clamp01(t)) }
    var k: Float { camera.squash }

    /// Outline of the glass from height fraction `t0` down to the foot, closed by the ellipses.
    func section(from t0: Float, inset: Float = 1) -> Path {
        let c = rimCenter
        var pts: [V2] = []
        let n = 32
        for i in 0...n { let t = mix(t0, 1, Float(i) / Float(n)); pts.append(V2(c.x - r(t) * inset, c.y + t * height)) }
        let rb = r(1) * inset
        for i in 0...n { let a = pi - Float(i) / Float(n) * pi; pts.append(V2(c.x + rb * cos(a), c.y + height + rb * k * sin(a))) }
        for i in 0...n { let t = mix(1, t0, Float(i) / Float(n)); pts.append(V2(c.x + r(t) * inset, c.y + t * height)) }
        let rt = r(t0) * inset
        for i in 0...n { let a = -Float(i) / Float(n) * pi; pts.append(V2(c.x + rt * cos(a), c.y + t0 * height + rt * k * sin(a))) }
        return .polygon(pts)
    }

    public func draw(on canvas: Canvas, light: Lighting, tint: RGB) {
        var rng = SeededRandom(seed: seed)
        let noise = Noise(seed: UInt32(truncatingIfNeeded: seed))
        let c = rimCenter, H = height
        let foot = c + V2(0, H)
        let sd = light.shadowDirection
        // A coloured, translucent shadow with a caustic where the liquid focuses light.
        canvas.soft(.ellipse(center: foot + V2(sd.x * radius * 0.9, radius * 0.05), rx: r(1) * 1.7, ry: r(1) * k * 1.4),
                    tint.shade(-0.5), sigma: radius * 0.15, opacity: 0.45, blend: .multiply)
        canvas.soft(.ellipse(center: foot + V2(sd.x * radius * 0.95, radius * 0.04), rx: r(1) * 0.5, ry: r(1) * k * 0.35),
                    RGB.lerp(tint, .white, 0.6), sigma: radius * 0.08, opacity: 0.35, blend: .screen)
        // The empty glass above the liquid: a faint veil over the background.
        canvas.fill(section(from: 0), RGB(hex: 0xffffff), opacity: 0.07, blend: .screen)
        let t0 = 1 - fill
        let liquidPath = section(from: t0, inset: 0.95)
        let contents = self.contents
        canvas.fill(liquidPath, .shader { x, y in
            let t = clamp01((y - c.y) / H)
            let f = (t - t0) / max(0.01, 1 - t0)   // 0 at the surface, 1 at the bottom
            let u = (x - c.x) / self.r(t)
            var col: RGB
            switch contents {
            case .layers(let bands):
                let up = 1 - f
                col = bands.first?.value ?? .black
                var prev: Float = 0
                for (top, bc) in bands {
                    col = RGB.lerp(col, bc, smoothstep(prev - 0.03, prev + 0.03, up))
                    prev = top
                }
                col = col.shade((noise.fbm(x * 0.02, y * 0.05) - 0.5) * 0.1)
            case .iced(let coffee, let milk, _):
                // Milk clouds swirl down into the coffee, thinning with depth.
                let warp = noise.fbm(u * 1.2, f * 2.5, octaves: 3)
                let cloud = noise.fbm(u * 1.6 + warp * 1.8, f * 2.2 + warp, octaves: 5)
                let density = pow(1 - f, 1.6)
                let amount = smoothstep(0.25, 0.8, cloud * 0.7 + density * 0.55)
                col = RGB.lerp(coffee, milk, amount * 0.9)
            }
            // Glass is thickest at the sides: darker, and bright refractions at the very edge.
            let edge = abs(u)
            col = col * (1 - 0.35 * smoothstep(0.6, 1, edge))
            col = RGB.lerp(col, RGB(hex: 0xffffff), smoothstep(0.9, 0.99, edge) * 0.3)
            return col
        })
        // The liquid surface, seen slightly from above.
        let lc = c + V2(0, t0 * H)
        let rl = r(t0) * 0.95
        let top: RGB
        switch contents {
        case .layers(let bands): top = bands[bands.count - 1].value
        case .iced(let coffee, let milk, _): top = RGB.lerp(coffee, milk, 0.45)
        }
        canvas.fill(.ellipse(center: lc, rx: rl, ry: rl * k), .shader { x, y in
            let v = (y - lc.y) / (rl * k)
            return top.shade(-0.05 + 0.12 * v + (noise.value(x * 0.05, y * 0.1) - 0.5) * 0.06)
        })
        if case .iced(_, _, let cubes) = contents {
            for i in 0..<cubes {
                let a = Float(i) / Float(cubes) * 2 * pi + rng.range(-0.4, 0.4)
                let rad = rl * rng.range(0.25, 0.55)
                let p = lc + V2(cos(a) * rad, sin(a) * rad * k + rng.range(-0.2, 0.6) * rl * 0.3)
                iceCube(canvas, light, center: p, size: rl * rng.range(0.32, 0.42), angle: rng.range(0, pi / 2), tint: top)
            }
        }
        if let straw = straw { drawStraw(canvas, light, straw, from: lc + V2(rl * 0.2, 0), rng: &rng) }
        // Glass wall highlights: a long bright streak on the lit side, a thin one on the other.
        let left = Path.polygon([V2(c.x - radius * 0.78, c.y + H * 0.06), V2(c.x - radius * 0.62, c.y + H * 0.06),
                                 V2(c.x - r(0.92) * 0.66, c.y + H * 0.92), V2(c.x - r(0.92) * 0.8, c.y + H * 0.92)])
        canvas.soft(left, RGB.white, sigma: radius * 0.03, opacity: 0.45, blend: .screen)
        let right = Path.polygon([V2(c.x + radius * 0.86, c.y + H * 0.1), V2(c.x + radius * 0.9, c.y + H * 0.1),
                                  V2(c.x + r(0.9) * 0.92, c.y + H * 0.9), V2(c.x + r(0.9) * 0.88, c.y + H * 0.9)])
        canvas.soft(right, RGB.white, sigma: radius * 0.015, opacity: 0.35, blend: .screen)
        // Rim: a thin bright ellipse, brighter at the front.
        canvas.fill(.ring(center: c, outer: radius, inner: radius * 0.965, squash: k), .shader { _, y in
            RGB.white * (0.55 + 0.45 * smoothstep(c.y - radius * k, c.y + radius * k, y))
        }, opacity: 0.8, blend: .screen)
        // The foot: thick glass catches a bright line.
        canvas.fill(.ring(center: foot, outer: r(1), inner: r(1) * 0.9, squash: k), RGB.white, opacity: 0.25, blend: .screen)
        for _ in 0..<droplets {
            let t = rng.range(t0 + 0.05, 0.95)
            let u = rng.range(-0.85, 0.85)
            let p = V2(c.x + u * r(t), c.y + t * H + (1 - u * u).squareRoot() * r(t) * k)
            let s = radius * rng.range(0.012, 0.03)
            droplet(canvas, center: p, size: s)
        }
    }

    func iceCube(_ canvas: Canvas, _ light: Lighting, center: V2, size: Float, angle: Float, tint: RGB) {
        let shape = Path.roundedRect(-size / 2, -size / 2 * 0.8, size, size * 0.8, radius: size * 0.18)
            .rotated(angle, about: V2(0, 0)).scaled(1, 0.75, about: V2(0, 0)).translated(center)
        canvas.fill(shape, .shader { x, y in
            let q = (V2(x, y) - center) * (2 / size)
            let edge = max(abs(q.x), abs(q.y))
            var c = RGB.lerp(tint, RGB(hex: 0xf4f6f8), 0.55)
            c = c.shade(0.25 * smoothstep(0.5, 0.95, edge) - 0.1 * smoothstep(0.6, 0.0, -q.x - q.y))
            return c
        }, opacity: 0.8)
        canvas.soft(.ellipse(center: center + V2(-size * 0.15, -size * 0.12), rx: size * 0.18, ry: size * 0.06, rotation: angle),
                    RGB.white, sigma: size * 0.04, opacity: 0.7, blend: .screen)
    }

    func drawStraw(_ canvas: Canvas, _ light: Lighting, _ color: RGB, from p: V2, rng: inout SeededRandom) {
        let topPoint = p + V2(radius * 0.55, -height * 0.55)
        let w = radius * 0.11
        let d = (topPoint - p).normalized, perp = d.perpendicular
        canvas.fill(.stroke([p, topPoint], width: w), .shader { x, y in
            let s = max(-1, min(1, (V2(x, y) - p).dot(perp) / (w / 2)))
            let stripe = sin((V2(x, y) - p).dot(d) / (w * 1.2)) > 0.3
            let base = stripe ? color : RGB.lerp(color, .white, 0.8)
            return light.shade(base, V3(s * perp.x, s * perp.y, (1 - s * s).squareRoot()), gloss: 0.6)
        })
    }

    func droplet(_ canvas: Canvas, center: V2, size: Float) {
        canvas.fill(.circle(center: center, radius: size), RGB(hex: 0x000000), opacity: 0.12)
        canvas.fill(.circle(center: center + V2(-size * 0.3, -size * 0.3), radius: size * 0.35), RGB.white, opacity: 0.8, blend: .screen)
        canvas.fill(.circle(center: center + V2(size * 0.25, size * 0.3), radius: size * 0.5), RGB.white, opacity: 0.15, blend: .screen)
    }
}
