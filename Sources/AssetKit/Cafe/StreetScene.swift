import Glibc

/// A street at night after rain, from the kerb outside a cafe: the cafe's lit windows and awning run
/// away along the right, the far side's fronts and windows along the left, lamps down both sides,
/// and the wet road and pavement mirror all of it. The street is traced ray by ray (a road, two
/// rows of facades, the sky), and the mirror is a second ray bounced off the ground.
public struct StreetScene {
    public var time: TimeOfDay
    public var cafeFacade: RGB
    public var awning: (RGB, RGB)
    public var wet = false
    public var seed: UInt64 = 1

    public init(time: TimeOfDay, cafeFacade: RGB, awning: (RGB, RGB)) {
        self.time = time; self.cafeFacade = cafeFacade; self.awning = awning
    }

    let road: Float = 4.5, frontage: Float = 7
    let cafeFrom: Float = 1.5, cafeTo: Float = 15

    public func draw(_ c: Canvas) {
        let W = c.w, H = c.h, u = min(W, H)
        let cam = PerspectiveCamera(eye: V3(3.6, 1.6, 0), yaw: -0.2, focal: W * 0.62, principal: V2(W * 0.5, H * 0.55))
        // Fronts along each side: (from z, to z, height, wall, brick, shop below).
        var rng = SeededRandom(seed: seed)
        let palette = [RGB(hex: 0x8a8a90), RGB(hex: 0xb49a80), RGB(hex: 0x7a6a60), RGB(hex: 0xa4a8a0), RGB(hex: 0x9a7058)]
        var sides: [[(Facade.Frontage, Bool)]] = [[], []]
        for s in 0..<2 {
            var z: Float = s == 1 ? cafeTo : -4
            if s == 1 { sides[1].append((Facade.Frontage(from: cafeFrom, to: cafeTo, height: 12, wall: cafeFacade, brick: false), true)) }
            while z < 160 {
                let len = rng.range(7, 13)
                sides[s].append((Facade.Frontage(from: z, to: z + len, height: rng.range(9, 17), wall: rng.pick(palette), brick: rng.chance(0.4)), rng.chance(0.5)))
                z += len
            }
        }
        var lamps: [V3] = []
        for z in stride(from: Float(7), to: 120, by: 11) { lamps.append(V3(-road - 0.4, 4.4, z)); lamps.append(V3(road + 0.4, 4.4, z + 5.5)) }
        var lights: [(V3, RGB)] = lamps.map { ($0, RGB(hex: 0xffc070) * (7 * time.glow)) }
        for z in stride(from: cafeFrom + 1.2, to: cafeTo, by: 2.6) { lights.append((V3(frontage - 0.4, 1.5, z), RGB(hex: 0xffb060) * (2.2 * time.glow))) }
        let facade = Facade(time: time, trim: RGB(hex: 0x1c2226))
        let grit = Noise(seed: UInt32(truncatingIfNeeded: seed) &+ 3)

        func irradiance(_ p: V3, _ n: V3) -> RGB {
            var e = time.daylight * 0.6
            for (q, col) in lights {
                let d = q - p, d2 = max(0.4, d.dot(d))
                e = e + col * (max(0, n.dot(d) / d2.squareRoot()) / d2)
            }
            return e
        }
        // What the wet ground mirrors is kept apart and blurred: rough asphalt smears reflections.
        let mirror = Canvas(width: c.width, height: c.height)
        func trace(_ o: V3, _ d: V3, bounce: Bool, x: Int = 0, y: Int = 0) -> RGB {
            var t: Float = .infinity, hit = -1
            if d.y < -1e-5 { let tg = -o.y / d.y; if tg < t { t = tg; hit = 0 } }
            if d.x > 1e-5 { let tf = (frontage - o.x) / d.x; if tf < t { t = tf; hit = 2 } }
            if d.x < -1e-5 { let tf = (-frontage - o.x) / d.x; if tf < t { t = tf; hit = 1 } }
            let skyT = clamp01(d.y / max(1e-3, (d.x * d.x + d.z * d.z).squareRoot()) * 2)
            let sky = RGB.lerp(time.skyHorizon, time.skyTop, skyT)
            guard t.isFinite else { return sky }
            let p = o + d * t
            if hit == 0 {
                let onPavement = abs(p.x) > road
                var col: RGB
                if onPavement {
                    let sa = (p.x / 0.6).rounded(.down), sb = (p.z / 0.6).rounded(.down)
                    let joint = min(p.x / 0.6 - sa, p.z / 0.6 - sb)
                    col = RGB(hex: 0x8a857c).shade((hash01(Int32(sa), Int32(sb), 5) - 0.5) * 0.14 + (joint < 0.04 ? -0.3 : 0))
                    if abs(abs(p.x) - road) < 0.16 { col = RGB(hex: 0xa8a298) }
                } else {
                    col = RGB(hex: 0x38393c).shade((hash01(Int32(p.x * 50), Int32(p.z * 50), 7) - 0.5) * 0.2)
                    let dash = p.z - 6 * (p.z / 6).rounded(.down)
                    if abs(p.x) < 0.07 && dash < 3 { col = RGB(hex: 0xd8d2be) }
                }
                var out = col * irradiance(p, V3(0, 1, 0))
                if bounce && wet {
                    // Wet: a mirror that is patchier on the pavement, with puddles in the road.
                    let puddle = smoothstep(0.5, 0.62, grit.fbm(p.x * 0.5, p.z * 0.25, octaves: 3))
                    let grazing = 1 - abs(d.normalized.y)
                    let k = (onPavement ? 0.12 : 0.16 + 0.4 * puddle) + 0.3 * pow(grazing, 4)
                    let m = trace(p, V3(d.x, -d.y, d.z), bounce: false) * k
                    let i = (y * mirror.width + x) * 3
                    mirror.pixels[i] = m.r; mirror.pixels[i + 1] = m.g; mirror.pixels[i + 2] = m.b
                    out = out * (1 - k)
                }
                return out
            }
            let s = hit == 1 ? 0 : 1
            guard let (f, shop) = sides[s].first(where: { p.z >= $0.0.from && p.z < $0.0.to }), p.y < f.height else { return sky }
            let n = V3(hit == 1 ? 1 : -1, 0, 0)
            let look = facade.shade(a: p.z - f.from, b: p.y, width: f.to - f.from, front: f, cafe: shop,
                                    seed: UInt32(truncatingIfNeeded: seed) &+ UInt32(s * 1000) &+ UInt32(f.from * 10), view: d, normal: n)
            return look.surface * irradiance(p, n) + look.emission
        }
        c.map { x, y, _ in trace(cam.eye, cam.ray(Float(x) + 0.5, Float(y) + 0.5), bounce: true, x: x, y: y) }
        mirror.blur(u * 0.004)
        for i in c.pixels.indices { c.pixels[i] += mirror.pixels[i] }
        if time.stars {
            var srng = SeededRandom(seed: seed &+ 9)
            for _ in 0..<Int(W * cam.principal.y / 6000) {
                let p = V2(srng.range(0, W), srng.range(0, cam.principal.y * 0.5))
                c.fill(.circle(center: p, radius: srng.range(0.5, 1.2)), RGB.white, opacity: srng.range(0.2, 0.7), blend: .screen)
            }
        }

        // The cafe's awning, lit from its windows, over the tables.
        let plane = Plane3(origin: V3(frontage, 3.1, cafeFrom + 0.3), u: V3(0, 0, 1), v: V3(-1.9, -0.7, 0))
        let len = cafeTo - cafeFrom - 0.6
        let (a0, a1) = awning
        c.fill(cam.polygon([plane.point(0, 0), plane.point(len, 0), plane.point(len, 1), plane.point(0, 1)]), .shader { x, y in
            guard let h = plane.hit(cam, x, y) else { return a0 }
            let col = Int((h.a / 0.34).rounded(.down)) % 2 == 0 ? a0 : a1
            return col * (self.time.daylight * 0.6) + col * RGB(hex: 0xffb060) * (0.5 * self.time.glow * (0.4 + 0.6 * h.b))
        })
        // Tables out on the pavement, and the lamps; the far ones first.
        let metal = RGB(hex: 0x202428)
        for z in stride(from: cafeTo - 3, to: cafeFrom + 1, by: -3.4) {
            let p = V3(frontage - 1.5, 0, z), s = cam.scale(at: p)
            Furniture.chair(c, seat: cam.project(p + V3(0, 0.45, 0.55)), size: s * 0.42, color: metal)
            Furniture.chair(c, seat: cam.project(p + V3(0, 0.45, -0.55)), size: s * 0.42, color: metal, facing: -1)
            Furniture.bistroTable(c, top: cam.project(p + V3(0, 0.75, 0)), size: s * 0.3, topColor: RGB(hex: 0xd8d0c4) * 0.55, squash: 0.15)
        }
        for l in lamps.sorted(by: { $0.z > $1.z }) where cam.depth(l) > 0.5 {
            let base = cam.project(V3(l.x, 0, l.z)), top = cam.project(l)
            Lamps.street(c, base: base, height: base.y - top.y, glow: time.glow)
            if wet {
                // The lamp's reflection runs down the wet ground toward us, stretched.
                let mirror = cam.project(V3(l.x, -l.y, l.z)), s = cam.scale(at: l)
                c.soft(.ellipse(center: V2(mirror.x, (base.y + mirror.y) / 2 + s * 0.5), rx: s * 0.12, ry: abs(mirror.y - base.y) * 0.55 + s * 0.5),
                       RGB(hex: 0xffb860), sigma: s * 0.12, opacity: 0.45 * time.glow, blend: .add)
            }
        }
        c.blur(u * 0.0008)
    }
}
