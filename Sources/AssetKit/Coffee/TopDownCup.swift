import Glibc

/// A cup on a saucer seen from straight above, lit by the photo's key light.
public struct TopDownCup {
    public var center: V2
    public var radius: Float
    public var ceramic: Ceramic
    public var drink: Drink
    /// Where the handle points, radians (0 = right, y down).
    public var handleAngle: Float = 0.6
    public var artAngle: Float = 0
    public var saucer: Ceramic? = nil
    public var saucerScale: Float = 1.75
    public var spoon: Bool = false
    public var seed: UInt32 = 1

    public init(center: V2, radius: Float, ceramic: Ceramic, drink: Drink) {
        self.center = center; self.radius = radius; self.ceramic = ceramic; self.drink = drink
    }

    public func draw(on canvas: Canvas, light: Lighting) {
        let R = radius, c = center
        let sd = light.shadowDirection
        let noise = Noise(seed: seed)
        if let saucer = saucer {
            let S = R * saucerScale
            canvas.soft(.circle(center: c + sd * (S * 0.07), radius: S * 0.98), RGB(hex: 0x1a1008),
                        sigma: S * 0.07, opacity: 0.55, blend: .multiply)
            let rim = saucer.rim
            canvas.fill(.circle(center: c, radius: S), .shader { x, y in
                let d = (V2(x, y) - c).length / S
                var base = saucer.outside
                if let rim = rim, d > 0.9 { base = rim }
                base = saucer.speckled(base, x, y, seed: self.seed &+ 5)
                return light.lathe(base, center: c, radius: S, x: x, y: y, gloss: saucer.gloss) { d in
                    if d < 0.56 { return 0 }
                    if d < 0.9 { return 0.16 * smoothstep(0.56, 0.9, d) }
                    return 0.16 - 0.5 * (d - 0.9) * (d - 0.9) / 0.01 * 0.1
                }
            })
            // The well where the cup sits is a little shaded by the cup itself.
            canvas.soft(.circle(center: c, radius: R * 1.02), RGB(hex: 0x000000), sigma: R * 0.25, opacity: 0.18, blend: .normal)
        }
        if spoon, saucer != nil {
            let a = handleAngle + 0.75
            let bowl = c + V2.polar(a, R * 1.28)
            Props.spoon(on: canvas, bowl: bowl, direction: V2.polar(a + 1.35, 1), length: R * 1.5, size: R * 0.23, light: light)
        }
        // Cup and handle shadow.
        let hd = V2.polar(handleAngle)
        var shadow = Path.circle(center: c + sd * (R * 0.16), radius: R)
        shadow.append(.stroke([c + sd * (R * 0.16) + hd * (R * 0.9), c + sd * (R * 0.16) + hd * (R * 1.45)], width: R * 0.3))
        canvas.soft(shadow, RGB(hex: 0x20140a), sigma: R * 0.12, opacity: 0.5, blend: .multiply)
        drawHandle(canvas, light, hd)
        // Rim and inner wall.
        let cer = ceramic
        canvas.fill(.circle(center: c, radius: R), .shader { x, y in
            let d = (V2(x, y) - c).length / R
            var base = d > 0.93 ? (cer.rim ?? cer.outside) : cer.inside
            base = cer.speckled(base, x, y, seed: self.seed &+ 9)
            return light.lathe(base, center: c, radius: R, x: x, y: y, gloss: cer.gloss) { d in
                if d >= 0.93 {
                    let t = (d - 0.93) / 0.07
                    return 0.05 * (1 - t * t)
                }
                return 0.05 - (0.93 - d) * 2.2
            }
        })
        // The liquid, its rim shadow and a soft window reflection.
        let Rl = R * 0.865
        let drink = self.drink
        let ca = cos(-artAngle), sa = sin(-artAngle)
        let hl = c - sd * (Rl * 0.52)
        canvas.fill(.circle(center: c, radius: Rl), .shader { x, y in
            let px = (x - c.x) / Rl, py = (y - c.y) / Rl
            // Art frame: y toward the far side of the pattern, rotated by artAngle.
            let ax = px * ca - py * sa, ay = -(px * sa + py * ca)
            var col = drink.surface(ax, ay, noise: noise)
            let toLight = V2(x, y) - sd * (R * 0.1) - c
            let shade = smoothstep(Rl * 0.96, Rl * 1.04, toLight.length)
            let r = (px * px + py * py).squareRoot()
            col = col * (1 - shade * 0.38) * (1 - smoothstep(0.9, 1.0, r) * 0.12)
            let hdist = (V2(x, y) - hl).length / (Rl * 0.16)
            col = col + light.lightColor * (exp(-hdist * hdist) * 0.12)
            return col
        })
    }

    private func drawHandle(_ canvas: Canvas, _ light: Lighting, _ hd: V2) {
        let R = radius, c = center
        let a = c + hd * (R * 0.85), b = c + hd * (R * 1.48)
        let perp = hd.perpendicular
        let half = R * 0.14
        let cer = ceramic
        let path = Path.stroke([a, b], width: R * 0.29, endWidth: R * 0.25)
        canvas.fill(path, .shader { x, y in
            let p = V2(x, y)
            let s = max(-1, min(1, (p - a).dot(perp) / half))
            let along = (p - a).dot(hd) / (b - a).length
            // Rounded bar; its tip curves down.
            let tip = smoothstep(0.85, 1.15, along)
            let n = V3(s * perp.x + tip * hd.x, s * perp.y + tip * hd.y, max(0.05, (1 - s * s).squareRoot()))
            return light.shade(cer.speckled(cer.outside, x, y, seed: 3), n, gloss: cer.gloss)
        })
    }
}
