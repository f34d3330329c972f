/// Inside the cafe, looking down the room: a plank floor receding to the back wall, tall windows
/// on one side pouring light across the floor, pendants overhead, tables and chairs at every depth.
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

    public func draw(_ c: Canvas) {
        let W = c.w, H = c.h, u = min(W, H)
        let vp = V2(W * (windowsLeft ? 0.56 : 0.44), H * 0.42)
        let f = u * 0.9          // focal length in pixels
        let eye: Float = 1.5     // metres above the floor
        let halfWidth: Float = 3, ceiling: Float = 3.4, back: Float = 14
        func proj(_ x: Float, _ y: Float, _ z: Float) -> V2 { V2(vp.x + x * f / z, vp.y + (eye - y) * f / z) }
        let glow: Float = evening ? 0.7 : 0.35
        let outside = evening ? RGB(hex: 0x2a3a66) : RGB(hex: 0xf4f0e4)
        // Back wall, ceiling, side walls, floor.
        let bl = proj(-halfWidth, 0, back), br = proj(halfWidth, 0, back), tl = proj(-halfWidth, ceiling, back), tr = proj(halfWidth, ceiling, back)
        let near: Float = 0.6
        let nbl = proj(-halfWidth, 0, near), nbr = proj(halfWidth, 0, near), ntl = proj(-halfWidth, ceiling, near), ntr = proj(halfWidth, ceiling, near)
        let wall = wallColor * (evening ? 0.7 : 1)
        c.fillAll(.solid(wall))
        c.fill(.polygon([ntl, ntr, tr, tl]), .linear(V2(0, 0), V2(0, tl.y), [0: wall.shade(-0.45), 1: wall.shade(-0.15)]))
        c.fill(.polygon([ntl, tl, bl, nbl]), .linear(V2(0, 0), V2(bl.x, 0), [0: wall.shade(windowsLeft ? -0.2 : -0.35), 1: wall.shade(-0.1)]))
        c.fill(.polygon([ntr, tr, br, nbr]), .linear(V2(W, 0), V2(br.x, 0), [0: wall.shade(windowsLeft ? -0.3 : -0.15), 1: wall.shade(-0.05)]))
        c.fill(.polygon([tl, tr, br, bl]), Surface.plaster(base: wall.shade(0.05), seed: UInt32(seed), scale: u * 0.05))
        let fl = floor
        c.fill(.polygon([bl, br, nbr, nbl]), .shader { x, y in
            let z = f * eye / max(1, y - vp.y)
            let wx = (x - vp.x) * z / f
            let plank = (wx / 0.18).rounded(.down)
            let along = z + hash01(Int32(plank), 1, 9) * 3
            var col = fl.shade((hash01(Int32(plank), Int32(along / 1.8), 4) - 0.5) * 0.2)
            if (wx / 0.18) - plank < 0.05 { col = col.shade(-0.25) }
            // Far floor is dimmer; the polished floor picks up a sheen in the middle.
            col = col * (0.6 + 0.4 * smoothstep(back, 1, z))
            return col.shade(0.15 * exp(-pow((x - vp.x) / (W * 0.2), 2)) * smoothstep(back, 3, z))
        })
        // Windows along the side wall, and the light they lay on the floor.
        let side: Float = windowsLeft ? -halfWidth : halfWidth
        var z: Float = 1.4
        while z < back - 1 {
            let z2 = z + 1.4
            let q = [proj(side, 2.7, z), proj(side, 2.7, z2), proj(side, 0.8, z2), proj(side, 0.8, z)]
            c.fill(.polygon(q), .linear(q[0], q[3], [0: outside.shade(0.1), 1: outside.shade(evening ? -0.2 : -0.05)]))
            // Mullion.
            c.fill(.polygon([proj(side, 2.7, z + 0.68), proj(side, 2.7, z + 0.72), proj(side, 0.8, z + 0.72), proj(side, 0.8, z + 0.68)]), wall.shade(-0.3))
            if !evening {
                let dx: Float = windowsLeft ? 1.8 : -1.8
                let patch = [proj(side + dx * 0.3, 0, z), proj(side + dx * 0.3, 0, z2), proj(side + dx * 1.3, 0, z2 + 0.8), proj(side + dx * 1.3, 0, z + 0.8)]
                c.soft(.polygon(patch), RGB(hex: 0xfff0d0), sigma: u * 0.01, opacity: 0.35, blend: .screen)
            }
            z = z2 + 1.2
        }
        // Pendants down the room.
        for zz in stride(from: Float(2.5), to: back, by: 2.2) {
            for xx: Float in [-1, 1] {
                let p = proj(xx, 2.2, zz)
                let top = proj(xx, ceiling, zz)
                Lamps.pendant(c, at: p, size: f * 0.45 / zz, shade: lampShade, color: RGB(hex: 0x2a2623), glow: glow, cordTop: top.y)
            }
        }
        // Far tables and chairs, then blur them: the focus is on the nearest table.
        let spots: [(Float, Float)] = [(-1.6, 9), (1.4, 10), (-1.5, 6), (1.5, 6.5), (-1.2, 3.6), (1.3, 3.2)]
        for (i, s) in spots.enumerated() {
            if i == 4 { c.blur(u * 0.006) }
            let scale = f / s.1
            let top = proj(s.0, 0.75, s.1)
            Furniture.chair(c, seat: proj(s.0 - 0.45, 0.45, s.1 + 0.2), size: scale * 0.4, color: chair)
            Furniture.chair(c, seat: proj(s.0 + 0.45, 0.45, s.1 + 0.2), size: scale * 0.4, color: chair, facing: -1)
            Furniture.bistroTable(c, top: top, size: scale * 0.36, topColor: tableTop, squash: 0.28)
            if i >= 4 {
                // Cups on the near tables.
                let cup = top + V2(-scale * 0.1, -scale * 0.02)
                c.fill(.roundedRect(cup.x - scale * 0.05, cup.y - scale * 0.08, scale * 0.1, scale * 0.08, radius: scale * 0.015), RGB(hex: 0xf4f1ec))
                c.fill(.ellipse(center: cup + V2(0, -scale * 0.08), rx: scale * 0.05, ry: scale * 0.015), RGB(hex: 0x8a5a32))
            }
        }
        Furniture.plant(c, base: V2(windowsLeft ? W * 0.92 : W * 0.08, H * 0.98), size: u * 0.5, pot: RGB(hex: 0xd9d0c0), leaf: RGB(hex: 0x3f7a3a), seed: seed &+ 3)
    }
}
