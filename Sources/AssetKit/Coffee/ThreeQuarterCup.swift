import Glibc

/// A cup seen from the side and above (a three-quarter view), standing on an optional saucer.
public struct ThreeQuarterCup {
    public var rimCenter: V2
    public var radius: Float
    public var camera: TableCamera
    public var profile: CupProfile
    public var ceramic: Ceramic
    public var drink: Drink
    public var artAngle: Float = 0
    public var saucer: Ceramic? = nil
    public var saucerScale: Float = 1.7
    public var spoon: Bool = false
    /// Handle on the right (+1) or left (-1), or none (0).
    public var handleSide: Float = 1
    public var seed: UInt32 = 1

    public init(rimCenter: V2, radius: Float, camera: TableCamera, profile: CupProfile, ceramic: Ceramic, drink: Drink) {
        self.rimCenter = rimCenter; self.radius = radius; self.camera = camera
        self.profile = profile; self.ceramic = ceramic; self.drink = drink
    }

    var k: Float { camera.squash }
    var bodyHeight: Float { radius * profile.height }
    var baseCenter: V2 { rimCenter + V2(0, bodyHeight) }
    /// Half-width of the body at height fraction `t`.
    func r(_ t: Float) -> Float { radius * profile.radius(t) }

    public func draw(on canvas: Canvas, light: Lighting) {
        let noise = Noise(seed: seed)
        if let s = saucer { drawSaucer(canvas, light, s) }
        // Shadow the cup throws across the saucer or table.
        let sd = light.shadowDirection
        let foot = baseCenter
        canvas.soft(.ellipse(center: foot + V2(sd.x * radius * 0.55, radius * 0.02), rx: r(1) * 1.5, ry: r(1) * k * 1.3),
                    RGB(hex: 0x1a0f08), sigma: radius * 0.12, opacity: 0.55, blend: .multiply)
        canvas.soft(.ellipse(center: foot, rx: r(1) * 1.02, ry: r(1) * k), RGB(hex: 0x100804), sigma: radius * 0.04,
                    opacity: 0.6, blend: .multiply)
        if handleSide != 0 && handleBehind { drawHandle(canvas, light) }
        drawBody(canvas, light)
        drawMouth(canvas, light, noise)
        if handleSide != 0 && !handleBehind { drawHandle(canvas, light) }
    }

    var handleBehind: Bool { false }

    func drawSaucer(_ canvas: Canvas, _ light: Lighting, _ s: Ceramic) {
        let S = radius * saucerScale
        let c = baseCenter + V2(0, radius * 0.02)
        let thick = S * 0.09
        let sd = light.shadowDirection
        canvas.soft(.ellipse(center: c + V2(sd.x * S * 0.12, thick * 1.2), rx: S * 1.02, ry: S * k * 1.05),
                    RGB(hex: 0x120a05), sigma: S * 0.06, opacity: 0.55, blend: .multiply)
        // The edge band (the saucer's thickness), darker and lit from the side.
        canvas.fill(.ellipse(center: c + V2(0, thick), rx: S, ry: S * k), .shader { x, y in
            let u = (x - c.x) / S
            return light.shade(s.rim ?? s.outside, V3(u, 0.2, (1 - min(1, u * u)).squareRoot() * 0.8), gloss: s.gloss * 0.6).shade(-0.12)
        })
        let cam = camera
        canvas.fill(.ellipse(center: c, rx: S, ry: S * k), .shader { x, y in
            let dx = (x - c.x) / S, dy = (y - c.y) / (S * cam.squash)
            let d = (dx * dx + dy * dy).squareRoot()
            var base = s.outside
            if let rim = s.rim, d > 0.9 { base = rim }
            base = s.speckled(base, x, y, seed: 17)
            return cam.lathe(base, light, center: c, radius: S, x: x, y: y, gloss: s.gloss) { d in
                if d < 0.55 { return 0 }
                if d < 0.9 { return 0.18 * smoothstep(0.55, 0.9, d) }
                return 0.18 - 0.9 * (d - 0.9) * (d - 0.9)
            }
        })
        if spoon {
            let bowl = c + V2(-S * 0.62 * handleSideOrOne, S * k * 0.35)
            ThreeQuarterCup.spoon(canvas, light: light, bowl: bowl, tip: c + V2(-S * 0.05 * handleSideOrOne, S * k * 0.95),
                                  size: radius * 0.2, squash: k)
        }
    }
    var handleSideOrOne: Float { handleSide == 0 ? 1 : handleSide }

    func drawBody(_ canvas: Canvas, _ light: Lighting) {
        let c = rimCenter, H = bodyHeight
        var pts: [V2] = []
        let n = 40
        for i in 0...n { let t = Float(i) / Float(n); pts.append(V2(c.x - r(t), c.y + t * H)) }
        let rb = r(1)
        for i in 0...n { let a = pi - Float(i) / Float(n) * pi; pts.append(V2(c.x + rb * cos(a), c.y + H + rb * k * sin(a))) }
        for i in 0...n { let t = 1 - Float(i) / Float(n); pts.append(V2(c.x + r(t), c.y + t * H)) }
        for i in 0...n { let a = -Float(i) / Float(n) * pi; pts.append(V2(c.x + radius * cos(a), c.y + radius * k * sin(a))) }
        let cer = ceramic
        let cam = camera
        canvas.fill(.polygon(pts), .shader { x, y in
            // Height fraction along the body, corrected for the ellipse's curve at this x.
            let t0 = clamp01((y - c.y) / H)
            let rr = self.r(t0)
            let u = max(-1, min(1, (x - c.x) / rr))
            let front = (1 - u * u).squareRoot()
            // The visible point at height t sits on the front of that height's ellipse.
            let t = clamp01((y - c.y - front * rr * cam.squash) / H)
            let slope = (self.r(t + 0.02) - self.r(t - 0.02)) / (0.04 * H) // dr/dh, negative as it narrows
            let world = V3(u, front, slope * 0.9)
            var base = cer.speckled(cer.outside, x, y, seed: 23)
            if let rim = cer.rim, t < 0.05 { base = rim }
            var col = light.shade(base, cam.toImage(world), gloss: cer.gloss)
            // The room reflected along the far edge, and the shade near the foot.
            col = RGB.lerp(col, base.shade(0.35), smoothstep(0.75, 0.98, u) * 0.25)
            col = col * (1 - 0.28 * smoothstep(0.65, 1.0, t))
            return col
        })
    }

    func drawMouth(_ canvas: Canvas, _ light: Lighting, _ noise: Noise) {
        let c = rimCenter, R = radius
        let cam = camera
        let cer = ceramic
        // The lip, seen from above: a thin lit band.
        canvas.fill(.ellipse(center: c, rx: R, ry: R * k), .shader { x, y in
            cam.lathe(cer.rim ?? cer.outside, light, center: c, radius: R, x: x, y: y, gloss: cer.gloss) { d in
                0.05 * (1 - pow((d - 0.965) / 0.035, 2))
            }
        })
        let ri = R * 0.94
        let inner = Path.ellipse(center: c, rx: ri, ry: ri * k)
        // The far inside wall, in the rim's shadow near the top.
        canvas.fill(inner, .shader { x, y in
            let v = (y - (c.y - ri * k)) / (2 * ri * k)
            let u = (x - c.x) / ri
            let base = cer.speckled(cer.inside, x, y, seed: 29)
            return light.shade(base, V3(-u * 0.6, 0.7, 0.6), gloss: 0.3) * (0.72 + 0.3 * smoothstep(0, 0.6, v))
        })
        let depth = R * profile.height * 0.12
        let lc = c + V2(0, depth)
        let rl = r(0.12) * 0.94
        let liquid = canvas.mask(.ellipse(center: lc, rx: rl, ry: rl * k)).intersected(canvas.mask(inner))
        let drink = self.drink
        let ca = cos(-artAngle), sa = sin(-artAngle)
        let sd = light.shadowDirection
        let hl = lc + V2(-rl * 0.25, -rl * k * 0.55)
        canvas.composite(liquid, .shader { x, y in
            let px = (x - lc.x) / rl, py = (y - lc.y) / (rl * k)
            let ax = px * ca - py * sa, ay = -(px * sa + py * ca)
            var col = drink.surface(ax, ay, noise: noise)
            // The lip shades the liquid along the side facing the light.
            let sx = px + sd.x * 0.12, sy = py + sd.y * 0.25
            col = col * (1 - 0.35 * smoothstep(0.9, 1.02, (sx * sx + sy * sy).squareRoot()))
            let hx = (x - hl.x) / (rl * 0.35), hy = (y - hl.y) / (rl * k * 0.3)
            return col + light.lightColor * (exp(-(hx * hx + hy * hy)) * 0.1)
        })
    }

    func drawHandle(_ canvas: Canvas, _ light: Lighting) {
        let side = handleSide
        let H = bodyHeight
        let top = V2(rimCenter.x + side * r(0.18) * 0.96, rimCenter.y + 0.18 * H)
        let bottom = V2(rimCenter.x + side * r(0.68) * 0.96, rimCenter.y + 0.68 * H)
        let reach = radius * 0.42
        let lc = V2((top.x + bottom.x) / 2, (top.y + bottom.y) / 2)
        let ax = reach, ay = (bottom.y - top.y) / 2 * 1.05
        let tube = radius * 0.075
        var pts: [V2] = []
        for i in 0...48 {
            let a = -pi / 2 * 1.05 + Float(i) / 48 * pi * 1.05
            pts.append(V2(lc.x + side * ax * cos(a) - side * ax * 0.25, lc.y + ay * sin(a)))
        }
        let cer = ceramic
        canvas.soft(.stroke(pts.map { $0 + V2(side * radius * 0.06, radius * 0.08) }, width: tube * 2),
                    RGB(hex: 0x100804), sigma: radius * 0.05, opacity: 0.25, blend: .multiply)
        canvas.fill(.stroke(pts, width: tube * 2, endWidth: tube * 2.3), .shader { x, y in
            let qx = (x - (lc.x - side * ax * 0.25)) / ax, qy = (y - lc.y) / ay
            let q = (qx * qx + qy * qy).squareRoot()
            let off = max(-1, min(1, (q - 1) * ax / tube))
            let nx = qx / max(q, 1e-3), ny = qy / max(q, 1e-3)
            let n = V3(nx * off, ny * off, (1 - off * off).squareRoot())
            return light.shade(cer.speckled(cer.outside, x, y, seed: 31), n, gloss: cer.gloss)
        })
    }

    /// A teaspoon lying on the saucer, foreshortened.
    static func spoon(_ canvas: Canvas, light: Lighting, bowl: V2, tip: V2, size: Float, squash: Float) {
        let d = (tip - bowl).normalized
        let ang = atan2(d.y, d.x)
        var outline = Path.ellipse(center: bowl, rx: size * 1.1, ry: size * 0.55, rotation: ang)
        outline.append(.stroke([bowl + d * size, tip], width: size * 0.18, endWidth: size * 0.3))
        canvas.soft(outline.translated(V2(size * 0.15, size * 0.2)), RGB(hex: 0x100804), sigma: size * 0.15,
                    opacity: 0.45, blend: .multiply)
        let perp = d.perpendicular
        canvas.fill(outline, .shader { x, y in
            let q = V2(x, y) - bowl
            let u = q.dot(d) / (size * 1.1), v = q.dot(perp) / (size * 0.55)
            if u * u + v * v < 1.05 {
                return Props.metal(V3(-(u * d.x + v * perp.x), -(u * d.y + v * perp.y) - 0.6, 1), light)
            }
            let s = max(-1, min(1, (V2(x, y) - bowl).dot(perp) / (size * 0.15)))
            return Props.metal(V3(s * perp.x, s * perp.y - 0.5, 0.8), light)
        })
    }
}
