import Glibc

/// A corner cafe seen from across the crossroads, as a photographer on the crossing would take it:
/// the building's two faces running away to two vanishing points, the cafe's glass ground floor
/// glowing under striped awnings, tables out on the pavement, the zebra crossing underfoot and the
/// upper floors catching the last of the sky. Everything is traced back to world coordinates, so
/// windows, stripes and paving stay true in perspective, and light falls off with distance.
public struct CornerScene {
    public var time: TimeOfDay
    public var wall: RGB
    public var trim: RGB
    public var awning: (RGB, RGB)
    public var leftSign = "CAFE"
    public var rightSign = "COFFEE & CAKE"
    public var seed: UInt64 = 1

    public init(time: TimeOfDay, wall: RGB, trim: RGB, awning: (RGB, RGB)) {
        self.time = time; self.wall = wall; self.trim = trim; self.awning = awning
    }

    public func draw(_ c: Canvas) {
        let W = c.w, H = c.h
        let cam = PerspectiveCamera(eye: V3(0, 1.55, 0), focal: W * 0.62, principal: V2(W * 0.5, H * 0.7))
        let corner = V3(0.9, 0, 11.5)
        let phi: Float = 0.72
        let alongL = V3(-cos(phi), 0, sin(phi)), alongR = V3(sin(phi), 0, cos(phi))
        let up = V3(0, 1, 0)
        var rng = SeededRandom(seed: seed)
        let day = time.daylight
        let warm = RGB(hex: 0xffb866)

        // Lights that fall on the pavement and walls: each shop window, and the street lamp.
        var lights: [(V3, RGB)] = []
        let bay: Float = 2.6, firstBay: Float = 0.5
        for (dir, out) in [(alongL, alongR * -1), (alongR, alongL * -1)] {
            var a = firstBay + bay / 2
            while a < 11 { lights.append((corner + dir * a + up * 1.6 + out * 0.4, warm * (3.2 * time.glow))); a += bay }
        }
        let lampPos = corner + alongL * 6.2 + alongR * -2.9
        lights.append((lampPos + up * 4.3, RGB(hex: 0xffc878) * (9 * time.glow)))
        func irradiance(_ p: V3, normal n: V3) -> RGB {
            var e = RGB(0, 0, 0)
            for (q, col) in lights {
                let d = q - p, d2 = max(0.3, d.dot(d))
                let cosT = max(0, n.dot(d) / d2.squareRoot())
                e = e + col * (cosT / d2)
            }
            return e
        }

        time.sky(c, bottom: cam.principal.y + 4, seed: seed &+ 3)
        c.soft(.rect(0, cam.principal.y - H * 0.18, W, H * 0.22), time.skyHorizon, sigma: H * 0.06, opacity: 0.5, blend: .screen)

        // The ground: road, kerb, pavement, crossing, lit by windows and the lamp.
        let noise = Noise(seed: UInt32(truncatingIfNeeded: seed) &+ 17)
        c.fill(.rect(0, cam.principal.y, W, H - cam.principal.y + 1), .shader { x, y in
            guard let g = cam.ground(x, y) else { return self.time.skyHorizon }
            let rel = g - corner
            let a = rel.dot(alongL), b = rel.dot(alongR)
            let dist = (g - cam.eye).length
            var col: RGB
            let pave: Float = 3.2
            if a > -pave && b > -pave {
                // Pavement slabs, 0.6 m square, each its own shade.
                let sa = floor(a / 0.6), sb = floor(b / 0.6)
                let joint = min(a / 0.6 - sa, b / 0.6 - sb)
                col = RGB(hex: 0xa49c90).shade((hash01(Int32(sa), Int32(sb), 11) - 0.5) * 0.12 + (joint < 0.03 ? -0.25 : 0))
                let kerb = min(a + pave, b + pave)
                if kerb < 0.18 { col = RGB(hex: 0xbdb6aa).shade(kerb < 0.03 ? -0.3 : 0) }
            } else {
                col = RGB(hex: 0x3c3d40).shade((noise.fbm(g.x * 1.5, g.z * 1.5, octaves: 3) - 0.5) * 0.25
                                                + (hash01(Int32(g.x * 60), Int32(g.z * 60), 5) - 0.5) * 0.12)
                // Zebra crossing over the street in front of the left face.
                if b < -pave - 0.4 && b > -pave - 9 && a > -2.6 && a < 2.2 {
                    let s = (a + 2.6) / 0.9
                    if s - floor(s) < 0.5 { col = RGB(hex: 0xd9d4c8).shade((noise.value(g.x * 4, g.z * 4) - 0.5) * 0.3) }
                }
                // Dashed centre lines down both streets, stopping short of the crossroads.
                let dash = { (along: Float) in along - 3 * floor(along / 3) < 1.6 }
                if (abs(b + 8.7) < 0.07 && a > 2.6 && dash(a)) || (abs(a + 8.7) < 0.07 && b > -2 && dash(b)) {
                    col = RGB(hex: 0xd8cfb0).shade((noise.value(g.x * 6, g.z * 6) - 0.5) * 0.4)
                }
                // Darker, oilier bands where the wheels run.
                col = col.shade(-0.07 * (1 - smoothstep(0.4, 1.0, abs(abs(b + 8.7) - 2.6))))
            }
            let lit = col * day + col * irradiance(g, normal: up)
            return lit * (0.75 + 0.25 * smoothstep(60, 8, dist))
        })

        // The two faces: the cafe building at the corner, neighbours beyond.
        let facade = Facade(time: time, trim: trim)
        let palette = [RGB(hex: 0xc9b79c), RGB(hex: 0x9a6a52), RGB(hex: 0xd8cdb8), RGB(hex: 0x8f8a80), RGB(hex: 0xb58a6a)]
        for (side, dir, out) in [(0, alongL, alongR * -1), (1, alongR, alongL * -1)] {
            var fronts = [Facade.Frontage(from: 0, to: 11.3, height: 11.6, wall: wall, brick: false)]
            var a: Float = 11.3
            while a < 90 {
                let len = rng.range(7, 13)
                fronts.append(Facade.Frontage(from: a, to: a + len, height: rng.range(9, 15), wall: rng.pick(palette), brick: rng.chance(0.4)))
                a += len
            }
            for (k, f) in fronts.enumerated().reversed() {
                let plane = Plane3(origin: corner, u: dir, v: up)
                let quad = [plane.point(f.from, f.height), plane.point(f.to, f.height), plane.point(f.to, 0), plane.point(f.from, 0)]
                let isCafe = k == 0
                let bseed = UInt32(truncatingIfNeeded: seed) &+ UInt32(side * 100 + k)
                c.fill(cam.polygon(quad), .shader { x, y in
                    guard let h = plane.hit(cam, x, y) else { return self.wall }
                    let p = plane.point(h.a, h.b)
                    let e = irradiance(p, normal: out)
                    let base = facade.shade(a: h.a - f.from, b: h.b, width: f.to - f.from, front: f, cafe: isCafe, seed: bseed,
                                            view: cam.ray(x, y), normal: out)
                    return base.surface * (day * (side == 0 ? 1.0 : 0.82)) + base.surface * e + base.emission
                })
            }
        }

        // Awnings over the cafe's windows on both faces, seen from below.
        for (dir, out) in [(alongL, alongR * -1), (alongR, alongL * -1)] {
            let top: Float = 3.02, drop: Float = 0.55, depth: Float = 1.35
            let from = firstBay - 0.1, to: Float = 11.0
            let plane = Plane3(origin: corner + up * top + dir * from, u: dir, v: out * depth + up * -drop)
            let quad = [plane.point(0, 0), plane.point(to - from, 0), plane.point(to - from, 1), plane.point(0, 1)]
            let (c0, c1) = awning
            c.fill(cam.polygon(quad), .shader { x, y in
                guard let h = plane.hit(cam, x, y) else { return c0 }
                let stripe = Int(floor(h.a / 0.32)) % 2 == 0 ? c0 : c1
                // Lit through the fabric by the windows below, darker toward the wall.
                let glow = warm * (0.55 * self.time.glow * (0.5 + 0.5 * h.b))
                return stripe * (day * 0.7) + stripe * glow
            })
            // The valance hanging from the front edge.
            let front = Plane3(origin: plane.point(0, 1), u: dir, v: up * -0.24)
            let vq = [front.point(0, 0), front.point(to - from, 0), front.point(to - from, 1), front.point(0, 1)]
            c.fill(cam.polygon(vq), .shader { x, y in
                guard let h = front.hit(cam, x, y) else { return c0 }
                let i = floor(h.a / 0.32)
                let scallop = h.b - 0.75 - 0.25 * sin((h.a / 0.32 - i) * pi)
                if scallop > 0 { return RGB(-1, -1, -1) }
                let stripe = Int(i) % 2 == 0 ? c0 : c1
                return stripe * (day * 0.9) + stripe * warm * (0.25 * self.time.glow)
            }.clippedNegative)
        }

        // Signs: painted letters on the fascia above each awning.
        // The left face runs away to the left, so its text runs toward the corner.
        for (dir, text, reversed) in [(alongL, leftSign, true), (alongR, rightSign, false)] where !text.isEmpty {
            let centreA: Float = 5.8, centreB: Float = 3.32
            let strokes = StrokeFont.strokes(text, center: V2(centreA, 0), height: 0.34)
            let gold = RGB(hex: 0xe9c77a)
            for s in strokes {
                let pts = s.map { q in cam.project(corner + dir * (reversed ? 2 * centreA - q.x : q.x) + up * (centreB - q.y)) }
                let wpx = cam.scale(at: corner + dir * centreA + up * centreB) * 0.045
                c.fill(.stroke(pts, width: max(1, wpx)), gold * (day * 0.5 + RGB(gray: 0.35 + 0.5 * time.glow)))
            }
        }

        // Tables and chairs out on the pavement, far ones first.
        var spots: [V3] = []
        for a in stride(from: Float(1.8), to: 10, by: 3.1) { spots.append(corner + alongL * a + alongR * -1.7) }
        for b in stride(from: Float(2.4), to: 10, by: 3.3) { spots.append(corner + alongR * b + alongL * -1.7) }
        spots.sort { cam.depth($0) > cam.depth($1) }
        let metal = RGB(hex: 0x25282b) * (day * 0.6 + RGB(gray: 0.25))
        for p in spots {
            let s = cam.scale(at: p)
            Furniture.chair(c, seat: cam.project(p + V3(-0.5, 0.45, 0.15)), size: s * 0.42, color: metal)
            Furniture.chair(c, seat: cam.project(p + V3(0.5, 0.45, 0.15)), size: s * 0.42, color: metal, facing: -1)
            Furniture.bistroTable(c, top: cam.project(p + up * 0.75), size: s * 0.3,
                                  topColor: RGB(hex: 0xe4ddd0) * (day * 0.5 + RGB(gray: 0.25)) + warm * (0.25 * time.glow), squash: 0.12)
        }

        // The street lamp on the corner, and its glow.
        let base = cam.project(lampPos), top = cam.project(lampPos + up * 4.3)
        Lamps.street(c, base: base, height: base.y - top.y, glow: time.glow)
    }
}

extension Paint {
    /// A shader whose negative colours mean "leave the pixel alone" (for cut-out edges like
    /// scalloped valances, where building an exact outline would be fussier than testing a pixel).
    var clippedNegative: Paint {
        let inner = shade
        return Paint { x, y in
            let s = inner(x, y)
            return s.rgb.r < 0 ? RGBA(RGB(0, 0, 0), 0) : s
        }
    }
}
