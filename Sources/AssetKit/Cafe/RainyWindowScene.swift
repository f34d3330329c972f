import Glibc

/// Looking out of a cafe window on a wet evening: the street beyond is an out-of-focus wash of
/// shopfronts, lamps and car lights; the glass is beaded with raindrops, each a tiny upside-down
/// lens holding its own sharper copy of the street; a window bar and the sill inside, with a cup
/// on it, catch the warm light of the room.
public struct RainyWindowScene {
    public var time: TimeOfDay
    public var frame: RGB
    public var ceramic: Ceramic
    public var seed: UInt64 = 1

    public init(time: TimeOfDay, frame: RGB, ceramic: Ceramic) {
        self.time = time; self.frame = frame; self.ceramic = ceramic
    }

    public func draw(_ c: Canvas) {
        let W = c.w, H = c.h, u = min(W, H)
        var rng = SeededRandom(seed: seed)
        let outside = Canvas(width: c.width, height: c.height)
        street(outside)
        // The drops see the street through less blur than we do.
        let sharp = Canvas(width: c.width, height: c.height)
        sharp.pixels = outside.pixels
        sharp.blur(u * 0.007)
        outside.blur(u * 0.022)
        c.pixels = outside.pixels
        // Breath and warmth fog the lower glass.
        let sillTop = H * 0.8
        c.fill(.rect(0, 0, W, sillTop), .linear(V2(0, sillTop * 0.45), V2(0, sillTop), [0: RGB(gray: 0), 1: RGB(hex: 0x8a8f99)]), opacity: 0.35, blend: .screen)

        // Raindrops: many small, a few large, a few running down with trails.
        let fogNoise = Noise(seed: UInt32(truncatingIfNeeded: seed) &+ 5)
        var drops: [(V2, Float)] = []
        for _ in 0..<1500 {
            let t = rng.unit()
            let r = u * 0.0016 * pow(6, t * t)
            drops.append((V2(rng.range(0, W), rng.range(0, sillTop)), r))
        }
        for _ in 0..<9 {
            // A runner: a big drop that has slid down, leaving beads along a wandering track.
            var p = V2(rng.range(0.05, 0.95) * W, rng.range(0, 0.3) * H)
            let len = rng.range(0.2, 0.5) * H
            let bead = u * rng.range(0.0025, 0.004)
            var y: Float = 0
            while y < len && p.y < sillTop {
                if rng.chance(0.6) { drops.append((p, bead * rng.range(0.35, 0.9))) }
                p = p + V2(rng.range(-0.5, 0.5) * bead, bead * 2.6)
                y += bead * 2.6
            }
            drops.append((p, u * rng.range(0.008, 0.011)))
        }
        for (p, r) in drops where p.y < sillTop - r {
            let ry = r * 1.12
            let shape = Path.ellipse(center: p, rx: r, ry: ry)
            c.fill(shape, .shader { x, y in
                let dx = (x - p.x) / r, dy = (y - p.y) / ry
                let d2 = dx * dx + dy * dy
                // An inverted, shrunken view of the street through the drop.
                let sx = p.x - dx * r * 9, sy = p.y - dy * ry * 9 - H * 0.04
                let ix = min(sharp.width - 1, max(0, Int(sx))), iy = min(sharp.height - 1, max(0, Int(sy)))
                var col = sharp.pixel(ix, iy) * 1.05
                // Dark rim where the drop bends light away, brighter floor of the drop below.
                col = col * (1 - 0.45 * smoothstep(0.6, 1, d2))
                col = col + RGB(hex: 0xffe2b8) * (0.25 * exp(-((dy - 0.55) * (dy - 0.55) + dx * dx) * 6))
                return col
            })
            // A pin-point highlight of the room's lamp, top left.
            if r > u * 0.004 {
                c.fill(.circle(center: p + V2(-r * 0.35, -ry * 0.45), radius: max(0.6, r * 0.18)), RGB(hex: 0xfff4e0), opacity: 0.8, blend: .screen)
            }
        }
        // Where the fog is thick, drops have wiped it: a little more mist in between.
        c.fill(.rect(0, sillTop * 0.55, W, sillTop * 0.45), .shader { x, y in
            RGB(gray: fogNoise.fbm(x / u * 6, y / u * 6, octaves: 3) * 0.4)
        }, opacity: 0.12, blend: .screen)

        // The window bar and the sill, lit by the room from the right.
        let room = RGB(hex: 0xffb870)
        let barX = W * 0.63, barW = u * 0.05
        c.soft(.rect(barX - barW * 0.2, 0, barW * 1.6, sillTop), RGB.black, sigma: u * 0.01, opacity: 0.35, blend: .multiply)
        c.fill(.rect(barX, 0, barW, sillTop), .linear(V2(barX, 0), V2(barX + barW, 0), [0: frame.shade(-0.45), 0.6: frame.shade(-0.15), 1: frame.shade(0.25) + room * 0.12]))
        let sill = Surface.wood(base: RGB(hex: 0x8a5a38), dark: RGB(hex: 0x4a2c18), seed: UInt32(truncatingIfNeeded: seed) &+ 11, scale: u / 140, angle: 0.0, plank: 40)
        c.fill(.rect(0, sillTop - u * 0.02, W, u * 0.02), frame.shade(-0.3))
        c.fill(.rect(0, sillTop, W, H - sillTop), Paint { x, y in
            let t = (y - sillTop) / (H - sillTop)
            let lit = 0.55 + 0.45 * smoothstep(0, 1, x / W) + 0.15 * t
            return RGBA(sill.shade(x, y).rgb * lit + room * (0.12 * smoothstep(0.3, 1, x / W)))
        })
        c.soft(.rect(0, sillTop, W, u * 0.03), RGB.black, sigma: u * 0.012, opacity: 0.4, blend: .multiply)
        // The cup on the sill, warm from the room, cool from the window.
        let light = Lighting(light: V3(0.65, -0.45, 0.6), ambient: 0.45, diffuse: 0.6, specular: 0.6, lightColor: RGB(1, 0.85, 0.66))
        var cup = ThreeQuarterCup(rimCenter: V2(W * 0.34, H * 0.77), radius: u * 0.11, camera: TableCamera(squash: 0.32),
                                  profile: .mug, ceramic: ceramic, drink: .americano)
        cup.saucer = nil; cup.handleSide = 1; cup.seed = 18
        cup.draw(on: c, light: light)
        Steam.rise(on: c, from: V2(W * 0.34, H * 0.75), width: u * 0.16, height: H * 0.3, wisps: 4, seed: 181, strength: 0.16)
    }

    /// The street outside, sharp: it is blurred afterwards.
    func street(_ c: Canvas) {
        let W = c.w, H = c.h, u = min(W, H)
        var rng = SeededRandom(seed: seed &+ 1)
        let cam = PerspectiveCamera(eye: V3(0, 1.6, 0), yaw: -0.25, focal: W * 0.8, principal: V2(W * 0.5, H * 0.45))
        time.sky(c, bottom: cam.principal.y + 2, seed: seed)
        let facade = Facade(time: time, trim: RGB(hex: 0x202428))
        let palette = [RGB(hex: 0x8a7a6a), RGB(hex: 0x6a5a50), RGB(hex: 0x9a8c7a), RGB(hex: 0x5a6068)]
        var x0: Float = -25, k = 0
        while x0 < 35 {
            let len = rng.range(6, 11), height = rng.range(9, 15)
            let plane = Plane3(origin: V3(x0, 0, 13), u: V3(1, 0, 0), v: V3(0, 1, 0))
            let front = Facade.Frontage(from: 0, to: len, height: height, wall: rng.pick(palette), brick: rng.chance(0.4))
            let shop = rng.chance(0.8), bseed = UInt32(truncatingIfNeeded: seed) &+ UInt32(k)
            let day = time.daylight
            c.fill(cam.polygon([plane.point(0, height), plane.point(len, height), plane.point(len, 0), plane.point(0, 0)]), .shader { x, y in
                guard let h = plane.hit(cam, x, y) else { return RGB(0, 0, 0) }
                let f = facade.shade(a: h.a, b: h.b, width: len, front: front, cafe: shop, seed: bseed, view: cam.ray(x, y), normal: V3(0, 0, -1))
                return f.surface * day + f.emission * 1.1
            })
            x0 += len; k += 1
        }
        // The wet road mirrors everything above it.
        let horizon = cam.principal.y
        let above = c.pixels
        c.fill(.rect(0, horizon, W, H - horizon + 1), .shader { x, y in
            guard let g = cam.ground(x, y) else { return RGB(0, 0, 0) }
            let base = (g.z > 10 ? RGB(hex: 0x5a5a5c) : RGB(hex: 0x2a2b2e)) * self.time.daylight
            let my = min(c.height - 1, max(0, Int(2 * horizon - y)))
            let mirror = RGB(above[(my * c.width + Int(x)) * 3], above[(my * c.width + Int(x)) * 3 + 1], above[(my * c.width + Int(x)) * 3 + 2])
            return base + mirror * 0.55
        })
        // Street lamps and a passing car's lights, with their reflections.
        for lx: Float in [-5, 4, 12] {
            let base = cam.project(V3(lx, 0, 10)), top = cam.project(V3(lx, 4.5, 10))
            Lamps.street(c, base: base, height: base.y - top.y, glow: time.glow)
            c.soft(.ellipse(center: V2(top.x, 2 * horizon - top.y), rx: u * 0.015, ry: u * 0.08), RGB(hex: 0xffc46a), sigma: u * 0.02, opacity: 0.6, blend: .add)
        }
        let car = cam.project(V3(1.5, 0.7, 7.5)), cs = cam.scale(at: V3(1.5, 0.7, 7.5))
        c.fill(.roundedRect(car.x - cs * 2.2, car.y - cs * 0.6, cs * 4.4, cs * 1.1, radius: cs * 0.3), RGB(hex: 0x1a1c22))
        for dx: Float in [-1.8, 1.8] {
            let p = car + V2(dx * cs, -cs * 0.05)
            c.fill(.circle(center: p, radius: cs * 0.14), RGB(hex: 0xff3a2a), blend: .screen)
            Glow.lamp(c, at: p, radius: cs * 0.12, color: RGB(hex: 0xff4a30), strength: 1)
            c.soft(.ellipse(center: V2(p.x, 2 * horizon - p.y + cs * 0.3), rx: cs * 0.12, ry: cs * 0.9), RGB(hex: 0xff4a30), sigma: cs * 0.15, opacity: 0.5, blend: .add)
        }
    }
}
