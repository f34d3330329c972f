import Glibc

/// A cone dripper seen from above mid-brew: rim, fluted filter paper, a blooming bed of grounds and
/// the kettle's stream landing in it.
public struct PourOver {
    public var center: V2
    public var radius: Float
    public var ceramic: Ceramic
    public var seed: UInt32 = 5

    public init(center: V2, radius: Float, ceramic: Ceramic) { self.center = center; self.radius = radius; self.ceramic = ceramic }

    public func draw(on canvas: Canvas, light: Lighting) {
        let c = center, R = radius
        let sd = light.shadowDirection
        let noise = Noise(seed: seed)
        // The server below shows as a glass ring wider than the dripper's foot.
        canvas.soft(.circle(center: c + sd * (R * 0.12), radius: R * 1.05), RGB(hex: 0x140a05), sigma: R * 0.1, opacity: 0.5, blend: .multiply)
        // Handle tab.
        let hd = V2.polar(-0.5)
        let tab = Path.stroke([c + hd * (R * 0.8), c + hd * (R * 1.28)], width: R * 0.42, endWidth: R * 0.36)
        canvas.soft(tab.translated(sd * (R * 0.08)), RGB(hex: 0x140a05), sigma: R * 0.06, opacity: 0.4, blend: .multiply)
        let cer = ceramic
        canvas.fill(tab, .shader { x, y in
            light.shade(cer.outside, V3(0, 0, 1))
        })
        // Rim (flat, rounded edges), then the conical inside: the filter paper.
        canvas.fill(.circle(center: c, radius: R), .shader { x, y in
            light.lathe(cer.outside, center: c, radius: R, x: x, y: y, gloss: cer.gloss) { d in
                if d > 0.9 { return 0.06 * (1 - pow((d - 0.95) / 0.05, 2)) }
                return 0.06 - (0.9 - d) * 1.6
            }
        })
        let paperR = R * 0.86
        canvas.fill(.circle(center: c, radius: paperR), .shader { x, y in
            let p = V2(x, y) - c
            let d = p.length / paperR
            let a = atan2(p.y, p.x)
            // Pleats: the folded filter makes radial ridges that fade toward the bottom.
            let pleat = abs(sin(a * 14 + d * 0.8)) * smoothstep(0.2, 0.8, d)
            let n = V3(-p.x / max(1, p.length) * 0.9 + cos(a + pi / 2) * (pleat - 0.5) * 0.4,
                       -p.y / max(1, p.length) * 0.9 + sin(a + pi / 2) * (pleat - 0.5) * 0.4, 1.2)
            var col = light.shade(RGB(hex: 0xf1eadf), n, gloss: 0.2)
            // Coffee wicks up the wet paper as a tan tide line.
            let wet = smoothstep(0.72, 0.55, d + (noise.value(a * 6, 1) - 0.5) * 0.05)
            col = RGB.lerp(col, RGB(hex: 0xb7926a), wet * 0.55)
            return col
        })
        // The slurry: dark, glossy, domed in the middle by the bloom, flecked with bubbles.
        let bedR = R * 0.52
        canvas.fill(.circle(center: c, radius: bedR), .shader { x, y in
            let p = (V2(x, y) - c) * (1 / bedR)
            let d = p.length
            let foam = noise.fbm(p.x * 4, p.y * 4, octaves: 4)
            var col = RGB.lerp(RGB(hex: 0x3b2010), RGB(hex: 0x8a5a32), smoothstep(0.35, 0.75, foam) * (1 - d * 0.6))
            let bubbles = noise.value(p.x * 35, p.y * 35)
            if bubbles > 0.7 { col = col.shade(0.25 * smoothstep(0.7, 0.85, bubbles)) }
            col = col * (1 - 0.35 * smoothstep(0.7, 1, d))
            return light.shade(col, V3(-p.x * 0.4, -p.y * 0.4, 1), gloss: 0.8)
        })
        // Where the stream lands: ripples and a bright point.
        let hit = c + V2(R * 0.08, -R * 0.05)
        for i in 1...3 {
            canvas.fill(.ring(center: hit, outer: R * 0.05 * Float(i) + R * 0.008, inner: R * 0.05 * Float(i)),
                        RGB(hex: 0xf0d2a8), opacity: 0.35 / Float(i), blend: .screen)
        }
        canvas.soft(.circle(center: hit, radius: R * 0.035), RGB(hex: 0xffe9c8), sigma: R * 0.01, opacity: 0.8, blend: .screen)
    }
}
