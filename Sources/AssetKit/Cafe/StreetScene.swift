/// A street corner in one-point perspective: buildings on both sides running to the vanishing
/// point, the cafe on the near right with its awning and tables out, street lamps, and at night a
/// wet road mirroring the lights.
public struct StreetScene {
    public var time: TimeOfDay
    public var cafeFacade: RGB
    public var awning: (RGB, RGB)
    public var wet = false
    public var seed: UInt64 = 1

    public init(time: TimeOfDay, cafeFacade: RGB, awning: (RGB, RGB)) {
        self.time = time; self.cafeFacade = cafeFacade; self.awning = awning
    }

    public func draw(_ c: Canvas) {
        let W = c.w, H = c.h, u = min(W, H)
        var rng = SeededRandom(seed: seed)
        let vp = V2(W * 0.42, H * 0.5)
        let f = u * 0.8, eye: Float = 1.6
        func proj(_ x: Float, _ y: Float, _ z: Float) -> V2 { V2(vp.x + x * f / z, vp.y + (eye - y) * f / z) }
        let day = time.daylight
        time.sky(c, bottom: vp.y + 2, seed: seed)
        // A glow where the street meets the sky.
        c.soft(.ellipse(center: vp, rx: W * 0.4, ry: H * 0.12), time.skyHorizon, sigma: u * 0.08, opacity: 0.5, blend: .screen)
        // Road and sidewalks.
        let road = RGB(hex: 0x3a3b3e) * day
        c.fill(.rect(0, vp.y, W, H - vp.y), .shader { x, y in
            let z = f * eye / max(1, y - vp.y)
            let wx = (x - vp.x) * z / f
            var col = road.shade((hash01(Int32(x / 2), Int32(y / 2), 3) - 0.5) * 0.1)
            if abs(wx) > 4.5 { col = (RGB(hex: 0x8d8880) * day).shade((wx - floor(wx / 1.2) * 1.2) < 0.05 ? -0.25 : 0) }
            if abs(wx) < 0.08 && (z.truncatingRemainder(dividingBy: 4)) < 2 { col = RGB(hex: 0xe8e0c8) * day }
            if abs(abs(wx) - 4.5) < 0.12 { col = (RGB(hex: 0x6a6660) * day) }
            return col * (0.7 + 0.3 * smoothstep(60, 4, z))
        })
        // Buildings: a row of facades on each side, each its own height and colour.
        let palette = [RGB(hex: 0xb8866a), RGB(hex: 0xd8c9a8), RGB(hex: 0x8a9aa0), RGB(hex: 0xc4a07a), RGB(hex: 0x9a6a5a), RGB(hex: 0xe0d6c4)]
        for sideSign: Float in [-1, 1] {
            var z: Float = sideSign > 0 ? 18 : 4
            let farEnd: Float = 70
            var blocks: [(Float, Float, Float, RGB)] = []
            while z < farEnd { let len = rng.range(6, 12); blocks.append((z, z + len, rng.range(9, 17), rng.pick(palette))); z += len }
            for (z0, z1, height, color) in blocks.reversed() {
                let x = sideSign * 6
                let q = [proj(x, height, z0), proj(x, height, z1), proj(x, 0, z1), proj(x, 0, z0)]
                let shade: Float = sideSign < 0 ? 0.05 : -0.15
                c.fill(.polygon(q), (color * day).shade(shade))
                // Windows in rows.
                var wy: Float = 3.5
                while wy < height - 1.5 {
                    var wz = z0 + 1
                    while wz < z1 - 1.5 {
                        let lit = rng.chance(0.25 + 0.5 * time.glow)
                        let wq = [proj(x, wy + 1.6, wz), proj(x, wy + 1.6, wz + 1.1), proj(x, wy, wz + 1.1), proj(x, wy, wz)]
                        let glass = lit && time.glow > 0.3 ? RGB(hex: 0xffc878) * (0.5 + 0.5 * time.glow) : (time.skyTop.shade(-0.3) * 0.8)
                        c.fill(.polygon(wq), glass)
                        wz += 2.4
                    }
                    wy += 3.2
                }
                // Cornice line.
                c.fill(.polygon([proj(x, height, z0), proj(x, height, z1), proj(x, height - 0.4, z1), proj(x, height - 0.4, z0)]), (color * day).shade(-0.35))
            }
        }
        // The far end softens with distance.
        c.blur(u * 0.002)
        // Street lamps marching away on both sides.
        var lampsAt: [V2] = []
        for z in stride(from: Float(7), to: 60, by: 9) {
            for x: Float in [-4.8, 4.8] {
                let base = proj(x, 0, z), top = proj(x, 4.5, z)
                Lamps.street(c, base: base, height: base.y - top.y, glow: time.glow)
                lampsAt.append(top)
            }
        }
        // The cafe on the near right: facade plane, big windows, awning sticking out.
        let cx: Float = 6
        let z0: Float = 2.2, z1: Float = 16
        c.fill(.polygon([proj(cx, 8, z0), proj(cx, 8, z1), proj(cx, 0, z1), proj(cx, 0, z0)]), Paint { x, y in
            RGBA((self.cafeFacade * day).shade((hash01(Int32(x / 3), Int32(y / 3), 5) - 0.5) * 0.06 - 0.1))
        })
        var wz = z0 + 0.8
        while wz < z1 - 2 {
            let q = [proj(cx, 3, wz), proj(cx, 3, wz + 2.6), proj(cx, 0.5, wz + 2.6), proj(cx, 0.5, wz)]
            let warm = RGB(hex: 0xffb868) * (0.55 + 0.6 * time.glow)
            c.fill(.polygon(q), .linear(q[0], q[3], [0: warm, 1: warm.shade(-0.45)]))
            c.fill(.stroke([q[0], q[1], q[2], q[3], q[0]], width: f * 0.06 / wz), RGB(hex: 0x1e1e22))
            // People inside, soft.
            let pc = proj(cx - 0.01, 1.3, wz + 1.3)
            c.soft(.ellipse(center: pc, rx: f * 0.25 / wz, ry: f * 0.5 / wz), RGB(hex: 0x3a2a24), sigma: f * 0.05 / wz, opacity: 0.7)
            wz += 3.2
        }
        // Awning: a sloped band from the wall out over the sidewalk.
        let aw = [proj(cx, 3.6, z0), proj(cx, 3.6, z1), proj(cx - 1.5, 3.0, z1), proj(cx - 1.5, 3.0, z0)]
        let stripes: Float = 18
        let (a0, a1) = awning
        c.fill(.polygon(aw), .shader { x, y in
            // Which stripe: by depth along the wall, recovered from x on the wall line.
            let z = f * (cx - 0.75) / max(1, x - vp.x)
            let i = Int(floor((z - z0) / (z1 - z0) * stripes))
            let col = i % 2 == 0 ? a0 : a1
            return (col * day).shade(-0.1)
        })
        c.soft(.polygon([proj(cx, 3.0, z0), proj(cx, 3.0, z1), proj(cx, 1.8, z1), proj(cx, 1.8, z0)]), RGB.black, sigma: u * 0.01, opacity: 0.35, blend: .multiply)
        Lamps.string(c, from: proj(cx - 1.5, 3.0, z0), to: proj(cx - 1.5, 3.0, z1 * 0.6), sag: u * 0.03, bulbs: 10, size: u * 0.012, glow: time.glow)
        // Light from the windows across the sidewalk.
        Glow.pool(c, center: proj(cx - 1.5, 0, 5), rx: u * 0.25, ry: u * 0.08, color: RGB(hex: 0xffb45a), strength: time.glow)
        // Tables outside.
        for (x, z) in [(Float(4.2), Float(8.5)), (4.1, 5.2)] {
            let s = f / z
            Furniture.chair(c, seat: proj(x + 0.5, 0.45, z + 0.3), size: s * 0.42, color: RGB(hex: 0x202428) * (day * 0.6 + RGB(gray: 0.4)), facing: -1)
            Furniture.chair(c, seat: proj(x - 0.55, 0.45, z + 0.2), size: s * 0.42, color: RGB(hex: 0x202428) * (day * 0.6 + RGB(gray: 0.4)))
            Furniture.bistroTable(c, top: proj(x, 0.75, z), size: s * 0.35, topColor: RGB(hex: 0xe8e2d6) * (day * 0.6 + RGB(gray: 0.4)))
        }
        if wet {
            // Reflections of every light, stretched down the wet road.
            for p in lampsAt where p.y < vp.y {
                let depth = vp.y - p.y
                c.soft(.ellipse(center: V2(p.x, vp.y + depth * 0.9), rx: u * 0.008 + depth * 0.04, ry: depth * 0.6), RGB(hex: 0xffb860),
                       sigma: u * 0.01 + depth * 0.03, opacity: 0.35 * time.glow, blend: .add)
            }
        }
    }
}
