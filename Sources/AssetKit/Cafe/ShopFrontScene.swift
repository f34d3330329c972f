import Glibc

/// A cafe front from across the street, a little to one side, as a passer-by would photograph it:
/// the shop glass with the room glowing behind it, the name painted on the fascia, an awning, the
/// upper floors and the neighbours running off at an angle, the pavement in front (wet at night,
/// mirroring the windows). Traced in perspective like the other street scenes, with its furniture
/// (tables, planters, string lights, a lamp) set in the same world.
public struct ShopFrontScene {
    public var time: TimeOfDay
    public var wall: RGB
    public var brick = false
    public var trim: RGB
    public var awning: (RGB, RGB)?
    public var signColor: RGB
    public var name: String
    public var doorOnLeft = false
    public var stringLights = false
    public var bladeSign = false
    public var streetLamp = false
    public var planters = true
    public var bistroSet = true
    public var wet = false
    /// How far round to the side the photographer stands (radians; positive: to the left, so the
    /// front runs away to the right), how far across the street, and the lens.
    public var angle: Float = 0.35
    public var distance: Float = 10
    public var focal: Float = 0.8
    /// Where the horizon sits, as a fraction of the height.
    public var horizon: Float = 0.62
    public var seed: UInt64 = 1

    public init(time: TimeOfDay, wall: RGB, trim: RGB, awning: (RGB, RGB)?, signColor: RGB, name: String) {
        self.time = time; self.wall = wall; self.trim = trim; self.awning = awning; self.signColor = signColor; self.name = name
    }

    let shopWidth: Float = 8.4, shopHeight: Float = 10.6, groundTop: Float = 3.55

    public func draw(_ c: Canvas) {
        let W = c.w, H = c.h, u = min(W, H)
        let D = distance
        let cam = PerspectiveCamera(eye: V3(-D * tan(angle), 1.6, 0), yaw: angle, focal: W * focal, principal: V2(W * 0.5, H * horizon))
        var rng = SeededRandom(seed: seed)
        let facade = Facade(time: time, trim: trim)
        let day = time.daylight
        let warm = RGB(hex: 0xffb466)
        // The row of fronts: the cafe centred on x = 0, neighbours either side.
        var fronts: [(Facade.Frontage, Bool)] = [(Facade.Frontage(from: -shopWidth / 2, to: shopWidth / 2, height: shopHeight, wall: wall, brick: brick), true)]
        let palette = [RGB(hex: 0xcbbba0), RGB(hex: 0x9a6a52), RGB(hex: 0xd8cdb8), RGB(hex: 0x8f8a80), RGB(hex: 0xb58a6a), RGB(hex: 0x7a8a8a)]
        var right = shopWidth / 2, left = -shopWidth / 2
        while right < 80 { let len = rng.range(6, 11); fronts.append((Facade.Frontage(from: right, to: right + len, height: rng.range(9, 15), wall: rng.pick(palette), brick: rng.chance(0.4)), rng.chance(0.5))); right += len }
        while left > -60 { let len = rng.range(6, 11); fronts.append((Facade.Frontage(from: left - len, to: left, height: rng.range(9, 15), wall: rng.pick(palette), brick: rng.chance(0.4)), rng.chance(0.5))); left -= len }
        let kerb = D - 3.4
        var lights: [(V3, RGB)] = []
        for x in stride(from: -shopWidth / 2 + 1.3, to: shopWidth / 2, by: 2.0) { lights.append((V3(x, 1.5, D - 0.3), warm * (2.4 * time.glow))) }
        let lampAt = V3(doorOnLeft ? shopWidth / 2 + 1.2 : -shopWidth / 2 - 1.2, 0, kerb + 0.4)
        if streetLamp { lights.append((lampAt + V3(0, 4.3, 0), RGB(hex: 0xffc878) * (8 * time.glow))) }
        // Daylight: the sky all round, and the sun from high on the left in front.
        let sunDir = V3(-0.45, 0.75, -0.5).normalized, sunStrength = max(0, 1 - max(0, time.glow - 0.35) * 2.5)
        func irradiance(_ p: V3, _ n: V3) -> RGB {
            var e = day * (0.62 + 0.55 * sunStrength * max(0, n.dot(sunDir)))
            for (q, col) in lights {
                let d = q - p, d2 = max(0.4, d.dot(d))
                e = e + col * (max(0, n.dot(d) / d2.squareRoot()) / d2)
            }
            return e
        }
        let grit = Noise(seed: UInt32(truncatingIfNeeded: seed) &+ 5)
        let mirror = Canvas(width: c.width, height: c.height)

        func front(_ p: V3, _ d: V3) -> RGB? {
            guard let (f, shop) = fronts.first(where: { p.x >= $0.0.from && p.x < $0.0.to }), p.y < f.height else { return nil }
            let n = V3(0, 0, -1)
            let a = p.x - f.from
            let fseed = UInt32(truncatingIfNeeded: seed) &+ UInt32(bitPattern: Int32(f.from * 10))
            if f.from == -shopWidth / 2 && p.y < groundTop {
                let look = shopFront(a: a, b: p.y, facade: facade, view: d, seed: fseed)
                // Under an awning in daylight the glass and frame sit in its shadow.
                let shade: Float = awning != nil && p.y > 1.9 && p.y < 3.0 ? 1 - 0.35 * (1 - time.glow) : 1
                return look.surface * irradiance(p, n) * shade + look.emission
            }
            let look = facade.shade(a: a, b: p.y, width: f.to - f.from, front: f, cafe: shop && f.from != -shopWidth / 2, seed: fseed, view: d, normal: n)
            return look.surface * irradiance(p, n) + look.emission
        }
        // nil where a ray leaves the street: the painted sky shows there.
        func trace(_ o: V3, _ d: V3, bounce: Bool, x: Int, y: Int) -> RGB? {
            var tGround: Float = .infinity, tFront: Float = .infinity
            if d.y < -1e-5 { tGround = -o.y / d.y }
            if d.z > 1e-5 { tFront = (D - o.z) / d.z }
            if tFront < tGround { return front(o + d * tFront, d) }
            guard tGround.isFinite else { return nil }
            let p = o + d * tGround
            var col: RGB
            let onPavement = p.z > kerb
            if onPavement {
                let sa = (p.x / 0.6).rounded(.down), sb = (p.z / 0.6).rounded(.down)
                let joint = min(p.x / 0.6 - sa, p.z / 0.6 - sb)
                col = RGB(hex: 0xa49c90).shade((hash01(Int32(sa), Int32(sb), 11) - 0.5) * 0.12 + (joint < 0.035 ? -0.25 : 0))
                if p.z - kerb < 0.18 { col = RGB(hex: 0xbab3a6).shade(p.z - kerb < 0.03 ? -0.35 : 0) }
            } else {
                col = RGB(hex: 0x3c3d40).shade((grit.fbm(p.x * 1.2, p.z * 1.2, octaves: 3) - 0.5) * 0.25
                                                + (hash01(Int32(p.x * 60), Int32(p.z * 60), 5) - 0.5) * 0.12)
                if abs(p.z - (kerb - 0.5)) < 0.06 && (p.x - 3 * (p.x / 3).rounded(.down)) < 1.7 { col = RGB(hex: 0xd8cfb0) }
            }
            var out = col * irradiance(p, V3(0, 1, 0))
            if bounce {
                let puddle = smoothstep(0.48, 0.6, grit.fbm(p.x * 0.4, p.z * 0.6, octaves: 3))
                let grazing = 1 - abs(d.normalized.y)
                let k = wet ? (onPavement ? 0.15 : 0.18 + 0.4 * puddle) + 0.3 * pow(grazing, 4) : 0.05 * puddle
                if k > 0.01 {
                    let r = V3(d.x, -d.y, d.z)
                    let seen = trace(p, r, bounce: false, x: x, y: y) ?? RGB.lerp(time.skyHorizon, time.skyTop, clamp01(r.y * 2))
                    let i = (y * mirror.width + x) * 3
                    mirror.pixels[i] = seen.r * k; mirror.pixels[i + 1] = seen.g * k; mirror.pixels[i + 2] = seen.b * k
                    out = out * (1 - k)
                }
            }
            return out
        }
        time.sky(c, bottom: cam.principal.y + 2, seed: seed &+ 3)
        c.map { x, y, sky in trace(cam.eye, cam.ray(Float(x) + 0.5, Float(y) + 0.5), bounce: true, x: x, y: y) ?? sky }
        mirror.blur(u * 0.004)
        for i in c.pixels.indices { c.pixels[i] += mirror.pixels[i] }

        // The name on the fascia, painted in gold.
        let strokes = StrokeFont.strokes(name, center: V2(0, 0), height: 0.36)
        let gold = RGB(hex: 0xe9c77a) * (day * 0.55 + RGB(gray: 0.3 + 0.5 * time.glow))
        for s in strokes {
            let pts = s.map { q in cam.project(V3(q.x, 3.25 - q.y, D - 0.02)) }
            c.fill(.stroke(pts, width: max(1, cam.scale(at: V3(0, 3.25, D)) * 0.045)), gold)
        }
        // Awning over the glass, seen from below.
        if let (a0, a1) = awning {
            let from = -shopWidth / 2 + 0.2, to = shopWidth / 2 - 0.2
            let plane = Plane3(origin: V3(from, 2.98, D), u: V3(1, 0, 0), v: V3(0, -0.6, -1.4))
            c.fill(cam.polygon([plane.point(0, 0), plane.point(to - from, 0), plane.point(to - from, 1), plane.point(0, 1)]), .shader { x, y in
                guard let h = plane.hit(cam, x, y) else { return a0 }
                let col = Int((h.a / 0.34).rounded(.down)) % 2 == 0 ? a0 : a1
                return col * (day * (0.55 + 0.2 * h.b)) + col * warm * (0.5 * self.time.glow * (0.4 + 0.6 * h.b))
            })
            let valance = Plane3(origin: plane.point(0, 1), u: V3(1, 0, 0), v: V3(0, -0.24, 0))
            c.fill(cam.polygon([valance.point(0, 0), valance.point(to - from, 0), valance.point(to - from, 1), valance.point(0, 1)]), Paint { x, y in
                guard let h = valance.hit(cam, x, y) else { return RGBA(a0, 0) }
                let i = (h.a / 0.34).rounded(.down)
                if h.b > 0.72 + 0.28 * sin((h.a / 0.34 - i) * pi) { return RGBA(a0, 0) }
                let col = Int(i) % 2 == 0 ? a0 : a1
                return RGBA(col * (day * 0.9) + col * warm * (0.25 * self.time.glow))
            })
        }
        if stringLights {
            let y0: Float = awning == nil ? 3.0 : 3.6
            let a = V3(-shopWidth / 2, y0, D - 0.1), b = V3(shopWidth / 2, y0, D - 0.1)
            var pts: [V2] = []
            for i in 0...40 { let t = Float(i) / 40; pts.append(cam.project(V3(mix(a.x, b.x, t), y0 - 0.35 * 4 * t * (1 - t), D - 0.1))) }
            c.fill(.stroke(pts, width: max(1, cam.scale(at: a) * 0.012)), RGB(hex: 0x15120f))
            for i in 0..<16 {
                let t = (Float(i) + 0.5) / 16
                let p = V3(mix(a.x, b.x, t), y0 - 0.35 * 4 * t * (1 - t) - 0.08, D - 0.1), s = cam.scale(at: p)
                c.fill(.ellipse(center: cam.project(p), rx: s * 0.025, ry: s * 0.035), RGB.lerp(RGB(hex: 0x8a7a60), RGB(hex: 0xffe6b0), min(1, time.glow + 0.2)))
                Glow.lamp(c, at: cam.project(p), radius: s * 0.03, color: RGB(hex: 0xffc46a), strength: time.glow * 0.8)
            }
        }
        if bladeSign {
            let at = V3(doorOnLeft ? shopWidth / 2 - 0.2 : -shopWidth / 2 + 0.2, 4.3, D)
            let s = cam.scale(at: at)
            Storefront.bladeSign(c, wallX: cam.project(at).x, y: cam.project(at).y, size: s * 0.75, color: signColor, time: time)
        }
        // Out on the pavement: planters by the door, a table and two chairs, the lamp; far first.
        var props: [(Float, () -> Void)] = []
        if planters {
            for x in [doorOnLeft ? -shopWidth / 2 + 0.25 : shopWidth / 2 - 0.25, doorOnLeft ? shopWidth / 2 - 0.4 : -shopWidth / 2 + 0.4] {
                let p = V3(x, 0, D - 0.45)
                props.append((cam.depth(p), {
                    Furniture.plant(c, base: cam.project(p), size: cam.scale(at: p) * 1.1, pot: RGB(hex: 0x3b3d40) * (day * 0.8 + RGB(gray: 0.2)),
                                    leaf: RGB(hex: 0x3d7a3a) * (day * 0.9 + RGB(gray: 0.1)), seed: self.seed &+ UInt64(abs(x) * 10))
                }))
            }
        }
        if bistroSet {
            let t = V3(doorOnLeft ? 1.2 : -1.2, 0, D - 1.5)
            let metal = RGB(hex: 0x22262a) * (day * 0.6 + RGB(gray: 0.3))
            props.append((cam.depth(t), {
                let s = cam.scale(at: t)
                Furniture.chair(c, seat: cam.project(t + V3(-0.55, 0.45, 0.1)), size: s * 0.42, color: metal)
                Furniture.chair(c, seat: cam.project(t + V3(0.55, 0.45, 0.1)), size: s * 0.42, color: metal, facing: -1)
                Furniture.bistroTable(c, top: cam.project(t + V3(0, 0.75, 0)), size: s * 0.3, topColor: RGB(hex: 0xe4ddd0) * (day * 0.6 + RGB(gray: 0.3)), squash: 0.15)
            }))
        }
        if streetLamp {
            props.append((cam.depth(lampAt), {
                let base = cam.project(lampAt), top = cam.project(lampAt + V3(0, 4.3, 0))
                Lamps.street(c, base: base, height: base.y - top.y, glow: self.time.glow)
            }))
        }
        for (_, draw) in props.sorted(by: { $0.0 > $1.0 }) { draw() }
    }

    /// The cafe's ground floor, `a` metres from its left end and `b` up: plinth, glass, door, fascia.
    func shopFront(a: Float, b: Float, facade: Facade, view: V3, seed: UInt32) -> (surface: RGB, emission: RGB) {
        let n = Noise(seed: seed)
        if b < 0.3 { return (RGB(hex: 0x2a2b2d).shade((n.value(a * 5, b * 5) - 0.5) * 0.2), RGB(0, 0, 0)) }
        if b > 2.95 { return (signColor.shade(b > 3.45 ? 0.12 : (n.value(a * 2, b * 8) - 0.5) * 0.06), RGB(0, 0, 0)) }
        let doorW: Float = 1.15, pier: Float = 0.25
        let doorFrom = doorOnLeft ? pier : shopWidth - pier - doorW
        let frame: Float = 0.07
        let glassFrom = doorOnLeft ? doorFrom + doorW + pier : pier, glassTo = doorOnLeft ? shopWidth - pier : doorFrom - pier
        if a >= doorFrom && a < doorFrom + doorW {
            let u = a - doorFrom
            if b > 2.75 || u < frame || u > doorW - frame { return (trim.shade(-0.15), RGB(0, 0, 0)) }
            if b > 1.05 && b < 2.6 && u > 0.16 && u < doorW - 0.16 {
                let look = facade.glass(cu: (u - 0.16) / (doorW - 0.32), b: b, bay: 7, seed: seed, view: view, normal: V3(0, 0, -1))
                return (look.surface, look.emission * 0.8)
            }
            if abs(u - (doorOnLeft ? doorW - 0.14 : 0.14)) < 0.025 && abs(b - 1.1) < 0.18 { return (RGB(hex: 0xc8a24a), RGB(0, 0, 0)) }
            return (trim.shade(-0.05 + (abs(b - 0.75) < 0.3 && u > 0.16 && u < doorW - 0.16 ? 0.08 : 0)), RGB(0, 0, 0))
        }
        if a >= glassFrom && a < glassTo && b > 0.55 && b < 2.8 {
            let w = glassTo - glassFrom, panes = max(1, Int((w / 1.9).rounded()))
            let pw = w / Float(panes), k = ((a - glassFrom) / pw).rounded(.down), u = a - glassFrom - k * pw
            if u < frame * 0.5 || u > pw - frame * 0.5 || b < 0.55 + frame || b > 2.8 - frame || abs(b - 2.3) < frame * 0.4 {
                return (trim.shade(-0.2), RGB(0, 0, 0))
            }
            return facade.glass(cu: u / pw, b: b, bay: Int(k), seed: seed, view: view, normal: V3(0, 0, -1))
        }
        return (trim.shade((n.value(a * 3, b * 3) - 0.5) * 0.08), RGB(0, 0, 0))
    }
}
