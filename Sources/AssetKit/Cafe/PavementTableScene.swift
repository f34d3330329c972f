import Glibc

/// A table outside a cafe in the late sun, from the chair: a marble bistro top with a cappuccino
/// and an espresso on it, sharp, and across the street the sunlit facades dissolved into the soft
/// blur and bright discs of a wide-open lens. The table and street are placed in the world, so the
/// top's ellipse, the cups' squash and the street's perspective agree.
public struct PavementTableScene {
    public var time: TimeOfDay
    public var tableTop: RGB
    public var seed: UInt64 = 1

    public init(time: TimeOfDay, tableTop: RGB) { self.time = time; self.tableTop = tableTop }

    public func draw(_ c: Canvas) {
        let W = c.w, H = c.h, u = min(W, H)
        let cam = PerspectiveCamera(eye: V3(0, 1.05, 0), yaw: 0.12, focal: W * 1.25, principal: V2(W * 0.5, H * 0.3))
        var rng = SeededRandom(seed: seed)
        let day = time.daylight
        let sun = RGB(hex: 0xffc98a)

        // Across the street: a row of fronts, the far pavement and the road, lit low from the left.
        time.sky(c, bottom: cam.principal.y + 2, seed: seed &+ 1)
        let facade = Facade(time: time, trim: RGB(hex: 0x2c3a3a))
        let palette = [RGB(hex: 0xe2c9a2), RGB(hex: 0xc27a56), RGB(hex: 0xeadfca), RGB(hex: 0xb9a48a), RGB(hex: 0xd6a577)]
        let streetZ: Float = 15
        var x0: Float = -30
        var k = 0
        while x0 < 40 {
            let len = rng.range(6, 10), height = rng.range(10, 16)
            let plane = Plane3(origin: V3(x0, 0, streetZ), u: V3(1, 0, 0), v: V3(0, 1, 0))
            let front = Facade.Frontage(from: 0, to: len, height: height, wall: rng.pick(palette), brick: rng.chance(0.3))
            let shop = rng.chance(0.7)
            let bseed = UInt32(truncatingIfNeeded: seed) &+ UInt32(k)
            // Sunlight rakes across from the left; a neighbour's shadow falls on some fronts.
            let shadowEdge = rng.range(0.2, 0.9) * len, shaded = rng.chance(0.4)
            c.fill(cam.polygon([plane.point(0, height), plane.point(len, height), plane.point(len, 0), plane.point(0, 0)]), .shader { x, y in
                guard let h = plane.hit(cam, x, y) else { return RGB(0, 0, 0) }
                let f = facade.shade(a: h.a, b: h.b, width: len, front: front, cafe: shop, seed: bseed,
                                     view: cam.ray(x, y), normal: V3(0, 0, -1))
                let inShadow = shaded && h.a < shadowEdge + (h.b - 4) * 0.8
                let light = inShadow ? day * 0.55 : day * 1.15 + sun * 0.25
                return f.surface * light + f.emission * 0.5
            })
            x0 += len; k += 1
        }
        c.fill(.rect(0, cam.principal.y, W, H - cam.principal.y + 1), .shader { x, y in
            guard let g = cam.ground(x, y) else { return self.time.skyHorizon }
            if g.z > streetZ - 3 {
                return RGB(hex: 0xb3aa9c).shade((hash01(Int32(g.x / 0.6), Int32(g.z / 0.6), 3) - 0.5) * 0.1) * (day * 1.1)
            }
            if g.z > 4 { return RGB(hex: 0x4a4a4c) * (day * 1.05) + sun * 0.05 }
            return RGB(hex: 0x9d968b).shade((hash01(Int32(g.x / 0.5), Int32(g.z / 0.5), 4) - 0.5) * 0.1) * day
        })
        // A parked car's dark mass and a passer-by, before the blur turns them into shapes.
        let carL = cam.project(V3(-2.5, 1.45, 9)), carR = cam.project(V3(2.0, 0.25, 9))
        c.fill(.roundedRect(carL.x, carL.y, carR.x - carL.x, carR.y - carL.y, radius: u * 0.03), RGB(hex: 0x3a4a5a) * (day * 0.9))
        c.fill(.rect(carL.x + (carR.x - carL.x) * 0.15, carL.y + (carR.y - carL.y) * 0.08, (carR.x - carL.x) * 0.6, (carR.y - carL.y) * 0.3),
               RGB(hex: 0x9ab0c0) * day)
        let walker = cam.project(V3(3.6, 1.0, 12)), ws = cam.scale(at: V3(3.6, 1, 12))
        c.fill(.roundedRect(walker.x - ws * 0.22, walker.y - ws * 0.55, ws * 0.44, ws * 1.5, radius: ws * 0.18), RGB(hex: 0x2a3140))
        c.fill(.circle(center: walker + V2(0, -ws * 0.72), radius: ws * 0.13), RGB(hex: 0x6a4a3a))
        // Wide open: the street melts.
        c.blur(u * 0.016)
        // Sun glints on glass become bright discs, and the sun itself flares in from the top left.
        for _ in 0..<14 {
            let p = V2(rng.range(0, W), rng.range(0.0, 0.3) * H)
            let r = u * rng.range(0.025, 0.07)
            c.soft(.circle(center: p, radius: r), RGB.lerp(sun, .white, 0.3), sigma: r * 0.06, opacity: rng.range(0.08, 0.22), blend: .screen)
            c.soft(.ring(center: p, outer: r, inner: r * 0.9), RGB.lerp(sun, .white, 0.5), sigma: r * 0.04, opacity: 0.06, blend: .screen)
        }
        c.soft(.circle(center: V2(-W * 0.05, H * 0.02), radius: u * 0.4), sun, sigma: u * 0.2, opacity: 0.55, blend: .screen)

        // The table top, a little below the eye: marble in a brass rim.
        let tableY: Float = 0.74, centre = V3(0.06, tableY, 0.85), radius: Float = 0.4
        let top = Plane3(origin: V3(0, tableY, 0), u: V3(1, 0, 0), v: V3(0, 0, 1))
        let outline = (0..<180).map { i -> V3 in
            let a = Float(i) / 180 * 2 * pi
            return V3(centre.x + cos(a) * radius, tableY, centre.z + sin(a) * radius)
        }
        c.fill(cam.polygon(outline.map { $0 + V3(0, -0.03, 0) }), RGB(hex: 0x3a2c1c) * day)
        let dapple = Noise(seed: UInt32(truncatingIfNeeded: seed) &+ 9)
        let marble = Surface.marble(base: tableTop, vein: RGB(hex: 0xc4beb4), seed: UInt32(truncatingIfNeeded: seed) &+ 7, scale: 0.012)
        c.fill(cam.polygon(outline), .shader { x, y in
            guard let h = top.hit(cam, x, y) else { return self.tableTop }
            let r = V2(h.a - centre.x, h.b - centre.z).length / radius
            var col = marble.shade(h.a, h.b).rgb
            if r > 0.965 { col = RGB(hex: 0xb8914a).shade(r > 0.985 ? -0.25 : 0.15) }
            // The low sun from behind-left skims the top, brighter toward the back, through the
            // leaves of a street tree: soft-edged patches of light and shade.
            let skim = smoothstep(0.5, 1.1, h.b) * 0.25 + 0.85
            let leaves = smoothstep(0.47, 0.56, dapple.fbm(h.a * 5 + 3, h.b * 7, octaves: 4))
            let lit = 0.62 + 0.5 * leaves
            return col * (day * skim * lit) + sun * (0.1 * leaves * smoothstep(0.4, 1.1, h.b))
        })
        // A soft band of focus: the far edge of the table is already going.
        let farY = cam.project(V3(0, tableY, centre.z + radius)).y
        c.blur(u * 0.004, amount: { _, y in 1 - smoothstep(farY, farY + H * 0.12, y) })

        let light = Lighting(light: V3(-0.65, -0.55, 0.45), ambient: 0.6, diffuse: 0.5, specular: 0.7, lightColor: RGB(1, 0.9, 0.76))
        // The espresso at the back, then the cappuccino in front, each squashed by its own view angle.
        for (p, r, drink, ceramic, scale) in [(V3(0.22, tableY, 0.9), Float(0.034), Drink.espresso, Ceramic.white, Float(1.75)),
                                             (V3(-0.02, tableY, 0.63), Float(0.05), Drink.cappuccino, Ceramic.sage, Float(1.6))] {
            let height: Float = r * 1.3
            let rim = cam.project(p + V3(0, height, 0))
            let view = (p - cam.eye).normalized
            let squash = min(0.9, max(0.2, -view.y * 1.1))
            var cup = ThreeQuarterCup(rimCenter: rim, radius: r * cam.scale(at: p), camera: TableCamera(squash: squash),
                                      profile: r < 0.04 ? .demitasse : .tulip, ceramic: ceramic, drink: drink)
            cup.saucer = ceramic; cup.saucerScale = scale; cup.spoon = r > 0.04; cup.handleSide = 1; cup.seed = UInt32(truncatingIfNeeded: seed) &+ 3
            cup.draw(on: c, light: light)
        }
        // Two paper sugar sticks beside the cappuccino.
        for (i, dx) in [Float(-0.2), -0.175].enumerated() {
            let a = V3(dx, tableY + 0.004, 0.6), b = V3(dx + 0.025, tableY + 0.004, 0.72)
            let side = V3(0.012, 0, -0.003)
            let quad = [a, b, b + side, a + side]
            c.soft(cam.polygon(quad.map { $0 + V3(0.008, -0.004, -0.01) }), RGB.black, sigma: u * 0.004, opacity: 0.35, blend: .multiply)
            c.fill(cam.polygon(quad), i == 0 ? RGB(hex: 0xf3efe6) * day : RGB(hex: 0xc98a52) * day)
        }
    }
}
