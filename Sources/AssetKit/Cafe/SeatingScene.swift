import Glibc

/// Inside the cafe, looking down the room: a plank floor receding to the back wall, tall windows
/// on one side, pendants overhead, tables and chairs at every depth. The room is a box traced pixel
/// by pixel, lit by its lamps and windows with light falling off by distance, and its polished
/// floor mirrors the windows and walls, softly: the cues that make a room read as photographed.
public struct SeatingScene {
    public var wallColor: RGB
    public var floor: RGB
    public var chair: RGB
    public var tableTop: RGB
    public var lampShade: Lamps.Shade
    public var windowsLeft = true
    public var evening = false
    public var seed: UInt64 = 1

    public init(wallColor: RGB, floor: RGB, chair: RGB, tableTop: RGB, lampShade: Lamps.Shade) {
        self.wallColor = wallColor; self.floor = floor; self.chair = chair; self.tableTop = tableTop; self.lampShade = lampShade
    }

    let halfWidth: Float = 3, ceiling: Float = 3.4, back: Float = 14
    var side: Float { windowsLeft ? -halfWidth : halfWidth }
    /// Window openings along the side wall: (from z, to z), 0.8…2.7 m high.
    var windows: [(Float, Float)] { stride(from: Float(1.4), to: back - 1, by: 2.6).map { ($0, $0 + 1.4) } }
    var pendants: [V3] { stride(from: Float(2.5), to: back, by: 2.2).flatMap { z in [V3(-1, 2.2, z), V3(1, 2.2, z)] } }
    var outside: RGB { evening ? RGB(hex: 0x2a3a66) : RGB(hex: 0xf6f2e6) }

    public func draw(_ c: Canvas) {
        let W = c.w, H = c.h, u = min(W, H)
        let cam = PerspectiveCamera(eye: V3(0, 1.5, 0), focal: u * 0.9, principal: V2(W * (windowsLeft ? 0.56 : 0.44), H * 0.42))
        let lights = roomLights()
        let surfaces = Noise(seed: UInt32(truncatingIfNeeded: seed))
        // The room, then the floor's reflection of it, blurred as polished wood blurs it.
        let reflection = Canvas(width: c.width, height: c.height)
        c.map { x, y, _ in
            let d = cam.ray(Float(x) + 0.5, Float(y) + 0.5)
            return self.trace(from: cam.eye, d, lights, surfaces, reflections: reflection, x: x, y: y)
        }
        reflection.blur(u * 0.012)
        for i in stride(from: 0, to: c.pixels.count, by: 1) { c.pixels[i] += reflection.pixels[i] }

        // Pendants down the room, and their glints in the floor.
        for p in pendants {
            let at = cam.project(p), top = cam.project(V3(p.x, ceiling, p.z))
            Lamps.pendant(c, at: at, size: cam.focal * 0.45 / p.z, shade: lampShade, color: RGB(hex: 0x2a2623), glow: evening ? 0.75 : 0.35, cordTop: top.y)
            let mirror = cam.project(V3(p.x, -p.y, p.z))
            c.soft(.ellipse(center: mirror, rx: cam.focal * 0.06 / p.z, ry: cam.focal * 0.14 / p.z), RGB(hex: 0xffd49a),
                   sigma: cam.focal * 0.05 / p.z, opacity: evening ? 0.45 : 0.2, blend: .add)
        }
        // Far tables and chairs, then blur them: the focus is on the nearest table.
        var rng = SeededRandom(seed: seed &+ 2)
        let spots: [(Float, Float)] = [(-1.6, 9), (1.4, 10), (-1.5, 6), (1.5, 6.5), (-1.2, 3.6), (1.3, 3.2)]
        for (i, s) in spots.enumerated() {
            if i == 4 { c.blur(u * 0.006) }
            let scale = cam.focal / s.1
            let top = cam.project(V3(s.0, 0.75, s.1))
            let lit = illuminance(V3(s.0, 0.75, s.1), V3(0, 1, 0), lights)
            let shade = RGB.lerp(RGB(gray: 0.55), RGB(gray: 1), clamp01(lit.luminance))
            // Someone at some of the far tables, out of focus.
            if i < 4 && rng.chance(0.6) {
                let seat = cam.project(V3(s.0 + 0.45, 0.45, s.1 + 0.25))
                let tone = rng.pick([RGB(hex: 0x2f3a4a), RGB(hex: 0x6a3a2a), RGB(hex: 0xb8a48a), RGB(hex: 0x3a4a3a)]) * shade
                c.fill(.roundedRect(seat.x - scale * 0.2, seat.y - scale * 0.62, scale * 0.4, scale * 0.66, radius: scale * 0.14), tone)
                c.fill(.ellipse(center: V2(seat.x, seat.y - scale * 0.75), rx: scale * 0.1, ry: scale * 0.12), RGB(hex: 0x8a6450) * shade)
                c.fill(.ellipse(center: V2(seat.x, seat.y - scale * 0.8), rx: scale * 0.105, ry: scale * 0.08), rng.pick([RGB(hex: 0x2a1c14), RGB(hex: 0x6a4a2a), RGB(hex: 0x1a1a1a)]) * shade)
            }
            Furniture.chair(c, seat: cam.project(V3(s.0 - 0.45, 0.45, s.1 + 0.2)), size: scale * 0.4, color: chair * shade)
            Furniture.chair(c, seat: cam.project(V3(s.0 + 0.45, 0.45, s.1 + 0.2)), size: scale * 0.4, color: chair * shade, facing: -1)
            Furniture.bistroTable(c, top: top, size: scale * 0.36, topColor: tableTop * shade, squash: 0.28)
            if i >= 4 {
                // Cups on the near tables.
                let cup = top + V2(-scale * 0.1, -scale * 0.02)
                c.fill(.roundedRect(cup.x - scale * 0.05, cup.y - scale * 0.08, scale * 0.1, scale * 0.08, radius: scale * 0.015), RGB(hex: 0xf4f1ec) * shade)
                c.fill(.ellipse(center: cup + V2(0, -scale * 0.08), rx: scale * 0.05, ry: scale * 0.015), RGB(hex: 0x8a5a32))
            }
        }
        // A plant right in front of the lens, too close to be sharp.
        let plantBase = V2(windowsLeft ? W * 0.92 : W * 0.08, H * 0.98), plantSize = u * 0.5
        Furniture.plant(c, base: plantBase, size: plantSize, pot: RGB(hex: 0xd9d0c0), leaf: RGB(hex: 0x3f7a3a), seed: seed &+ 3)
        c.blur(u * 0.007, amount: { x, y in
            let dx = abs(x - plantBase.x) / (plantSize * 0.95), dy = (plantBase.y - plantSize * 0.45 - y) / (plantSize * 0.6)
            return 1 - smoothstep(0.9, 1.15, max(dx, abs(dy)))
        })
    }

    /// The lamps (warm points below the shades) and the windows (cool panels, each a few points).
    func roomLights() -> [(V3, RGB, V3?)] {
        var out: [(V3, RGB, V3?)] = pendants.map { (V3($0.x, $0.y - 0.1, $0.z), RGB(hex: 0xffc58a) * (evening ? 1.3 : 0.35), nil) }
        if !evening {
            let inward = V3(windowsLeft ? 1 : -1, 0, 0)
            for (z0, z1) in windows {
                for t: Float in [0.2, 0.5, 0.8] {
                    out.append((V3(side + inward.x * 0.05, 1.9, z0 + (z1 - z0) * t), RGB(hex: 0xfff6e6) * 0.75, inward))
                }
            }
        }
        return out
    }

    func illuminance(_ p: V3, _ n: V3, _ lights: [(V3, RGB, V3?)]) -> RGB {
        var e = RGB(gray: evening ? 0.16 : 0.36) * RGB(0.95, 0.97, 1.0)
        for (q, col, facing) in lights {
            let d = q - p, d2 = max(0.25, d.dot(d)), len = d2.squareRoot()
            var k = max(0, n.dot(d) / len)
            if let f = facing { k *= max(0, -(f.dot(d)) / len) * 2 }
            e = e + col * (k / d2)
        }
        return e
    }

    /// The colour seen along a ray inside the room. A floor hit also records, in `reflections`, what
    /// the polished floor mirrors there.
    func trace(from o: V3, _ d: V3, _ lights: [(V3, RGB, V3?)], _ n: Noise, reflections: Canvas?, x: Int, y: Int) -> RGB {
        var best: Float = .infinity
        var hit = 0
        // 0 floor, 1 ceiling, 2 left wall, 3 right wall, 4 back wall.
        if d.y < -1e-5 { let t = -o.y / d.y; if t < best { best = t; hit = 0 } }
        if d.y > 1e-5 { let t = (ceiling - o.y) / d.y; if t < best { best = t; hit = 1 } }
        if d.x < -1e-5 { let t = (-halfWidth - o.x) / d.x; if t < best { best = t; hit = 2 } }
        if d.x > 1e-5 { let t = (halfWidth - o.x) / d.x; if t < best { best = t; hit = 3 } }
        if d.z > 1e-5 { let t = (back - o.z) / d.z; if t < best { best = t; hit = 4 } }
        let p = o + d * best
        let wall = wallColor * (evening ? 0.85 : 1)
        switch hit {
        case 0:
            let plank = ((p.x + 10) / 0.18).rounded(.down)
            let along = p.z + hash01(Int32(plank), 1, 9) * 3
            var col = self.floor.shade((hash01(Int32(plank), Int32(along / 1.8), 4) - 0.5) * 0.2 + (n.value(p.x * 2, p.z * 0.3) - 0.5) * 0.12)
            if (p.x + 10) / 0.18 - plank < 0.05 { col = col.shade(-0.25) }
            col = col * illuminance(p, V3(0, 1, 0), lights)
            if let r = reflections {
                // Fresnel: the floor mirrors more the flatter we look across it.
                let grazing = 1 - abs(d.normalized.y)
                let k = 0.05 + 0.5 * pow(grazing, 5)
                let mirrored = trace(from: p, V3(d.x, -d.y, d.z), lights, n, reflections: nil, x: x, y: y)
                let i = (y * r.width + x) * 3
                r.pixels[i] = mirrored.r * k; r.pixels[i + 1] = mirrored.g * k; r.pixels[i + 2] = mirrored.b * k
                col = col * (1 - k)
            }
            return col
        case 1:
            return wall.shade(-0.1) * illuminance(p, V3(0, -1, 0), lights) * 0.9
        case 2, 3:
            let onWindowSide = (hit == 2) == windowsLeft
            if onWindowSide, p.y > 0.8, p.y < 2.7, let w = windows.first(where: { p.z > $0.0 && p.z < $0.1 }) {
                let mid = (w.0 + w.1) / 2
                if abs(p.z - mid) < 0.025 || p.y < 0.85 || p.y > 2.65 || p.z < w.0 + 0.05 || p.z > w.1 - 0.05 {
                    return wall.shade(-0.35) * illuminance(p, V3(hit == 2 ? 1 : -1, 0, 0), lights)
                }
                // The view out: bright sky over a blurred street in daytime, blue dusk in the evening.
                let t = (p.y - 0.8) / 1.9
                return RGB.lerp(outside.shade(evening ? -0.3 : -0.12), outside.shade(0.05), t) * (evening ? 1 : 1.25)
            }
            var col = Surface.plaster(base: wall, seed: UInt32(truncatingIfNeeded: seed) &+ UInt32(hit), scale: 0.05).shade(p.z, p.y).rgb
            // Pictures on the blank wall, and a darker dado rail at waist height.
            if !onWindowSide {
                let slot = ((p.z - 1.6) / 2.4).rounded(.down), fz = p.z - 1.6 - slot * 2.4
                if slot >= 0 && fz < 0.9 && p.y > 1.45 && p.y < 2.25 {
                    let inner = fz > 0.05 && fz < 0.85 && p.y > 1.5 && p.y < 2.2
                    let art = RGB.lerp(RGB(hex: 0x2a3a4a), RGB(hex: 0xd8a86a), hash01(Int32(slot), Int32(p.y * 4), 7))
                    col = inner ? art : RGB(hex: 0x1e1a16)
                }
            }
            if abs(p.y - 1.0) < 0.03 { col = col.shade(-0.2) }
            if p.y < 0.12 { col = col.shade(-0.3) }
            return col * illuminance(p, V3(hit == 2 ? 1 : -1, 0, 0), lights)
        default:
            let col = Surface.plaster(base: wall.shade(0.05), seed: UInt32(truncatingIfNeeded: seed), scale: 0.05).shade(p.x, p.y).rgb
            return col * illuminance(p, V3(0, 0, -1), lights)
        }
    }
}
