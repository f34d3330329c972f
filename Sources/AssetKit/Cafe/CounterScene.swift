/// Behind the bar: a back wall with shelves and a chalkboard menu, pendant lamps, and the espresso
/// machine on the counter, seen from the customer's side.
public struct CounterScene {
    public enum BackWall { case tiles(RGB), brick(RGB), wood(RGB) }
    public var wall: BackWall
    public var counterTop: RGB
    public var counterFront: RGB
    public var machine: RGB
    public var lamp: Lamps.Shade
    public var lampColor: RGB
    public var boardOnLeft = true
    public var groups = 2
    public var glow: Float = 0.8
    public var seed: UInt64 = 1

    public init(wall: BackWall, counterTop: RGB, counterFront: RGB, machine: RGB, lamp: Lamps.Shade, lampColor: RGB) {
        self.wall = wall; self.counterTop = counterTop; self.counterFront = counterFront
        self.machine = machine; self.lamp = lamp; self.lampColor = lampColor
    }

    public func draw(_ c: Canvas) {
        let W = c.w, H = c.h, u = min(W, H)
        var rng = SeededRandom(seed: seed)
        let top = H * 0.66
        let paint: Paint
        switch wall {
        case .tiles(let t): paint = Surface.brick(base: t, mortar: t.shade(-0.25), seed: UInt32(seed), brickWidth: u * 0.07)
        case .brick(let b): paint = Surface.brick(base: b, mortar: RGB(hex: 0xd8d0c4), seed: UInt32(seed), brickWidth: u * 0.1)
        case .wood(let w): paint = Surface.wood(base: w, dark: w.shade(-0.4), seed: UInt32(seed), scale: u / 120, angle: pi / 2, plank: 5)
        }
        // Where the lamps hang: decided first, because they light everything on the wall.
        let n = rng.int(2, 3)
        let lamps: [V2] = (0..<n).map { i in
            V2(W * (Float(i) + 0.5) / Float(n) + rng.range(-0.04, 0.04) * W, H * rng.range(0.1, 0.2))
        }
        c.fillAll(paint)
        let boardW = W * 0.3, boardH = H * 0.36
        let boardX = boardOnLeft ? W * 0.06 : W * 0.94 - boardW
        Chalkboard.draw(c, x: boardX, y: H * 0.12, w: boardW, h: boardH, frame: RGB(hex: 0x6a4a2e), seed: seed &+ 5)
        let shelfX = boardOnLeft ? W * 0.42 : W * 0.04
        for k in 0..<2 {
            Furniture.shelf(c, x: shelfX, y: H * (0.25 + Float(k) * 0.18), width: W * 0.54, unit: u * 0.07, wood: RGB(hex: 0x8a5a34), seed: seed &+ UInt64(10 + k), warm: glow)
        }
        // Light the wall and all on it: a soft ambient from the room, and each lamp washing the wall
        // below it in a scallop (a shade throws its light down, a globe all round), falling off with
        // distance. The lamps hang about 0.9 m out from the wall; the wall is about 3 m high.
        let metre = H / 3, standoff: Float = 0.9
        let warm = RGB(hex: 0xffc27e)
        c.map { x, y, col in
            var e = RGB(gray: 0.42)
            for l in lamps {
                let dx = (Float(x) - l.x) / metre, dy = (Float(y) - l.y) / metre
                let d2 = dx * dx + dy * dy + standoff * standoff, d = d2.squareRoot()
                let facing = standoff / d
                let down = dy / d
                let cone = self.lamp == .globe ? 0.6 : smoothstep(0.25, 0.7, down)
                e = e + warm * (1.1 * self.glow * cone * facing / d2)
            }
            return col * e
        }
        // Slight depth of field: the wall is behind the focus.
        c.blur(u * 0.003)
        for l in lamps {
            Lamps.pendant(c, at: l, size: u * 0.13, shade: lamp, color: lampColor, glow: glow)
            Glow.pool(c, center: V2(l.x, top), rx: u * 0.25, ry: u * 0.05, color: RGB(hex: 0xffc070), strength: glow * 0.6)
        }
        // Counter: top edge and front.
        let ct = counterTop, cf = counterFront
        c.fill(.rect(0, top + u * 0.035, W, H - top), Paint.shader { x, y in
            let slat = (x / (u * 0.05)).truncatingRemainder(dividingBy: 1)
            return cf.shade((slat < 0.06 ? -0.3 : 0) - 0.25 * ((y - top) / (H - top)))
        })
        let machineX = W * (boardOnLeft ? 0.62 : 0.4)
        let machineW = u * (groups == 3 ? 0.62 : 0.5)
        EspressoMachine.draw(c, base: V2(machineX, top), width: machineW, body: machine, groups: groups, glow: glow)
        // Grinder beside it.
        let gx = machineX + (boardOnLeft ? -1 : 1) * (machineW * 0.5 + u * 0.12)
        grinder(c, base: V2(gx, top), size: u * 0.16)
        Furniture.plant(c, base: V2(boardOnLeft ? W * 0.12 : W * 0.9, top), size: u * 0.22, pot: RGB(hex: 0xe6ded0), leaf: RGB(hex: 0x3a6e36), seed: seed &+ 7)
        c.fill(.rect(-2, top, W + 4, u * 0.035), .linear(V2(0, top), V2(0, top + u * 0.035), [0: ct.shade(0.2), 1: ct.shade(-0.15)]))
        c.soft(.rect(0, top + u * 0.035, W, u * 0.03), RGB.black, sigma: u * 0.012, opacity: 0.45, blend: .multiply)
    }

    func grinder(_ c: Canvas, base: V2, size s: Float) {
        let body = RGB(hex: 0x2c2c2e)
        c.soft(.rect(base.x - s * 0.35, base.y - s * 0.04, s * 0.7, s * 0.06), RGB.black, sigma: s * 0.03, opacity: 0.5, blend: .multiply)
        c.fill(.roundedRect(base.x - s * 0.3, base.y - s * 0.15, s * 0.6, s * 0.15, radius: s * 0.04), body.shade(0.1))
        c.fill(.polygon([V2(base.x - s * 0.18, base.y - s * 0.15), V2(base.x + s * 0.18, base.y - s * 0.15), V2(base.x + s * 0.22, base.y - s * 0.7), V2(base.x - s * 0.22, base.y - s * 0.7)]),
               .linear(V2(base.x - s * 0.22, 0), V2(base.x + s * 0.22, 0), [0: body.shade(0.35), 0.4: body, 1: body.shade(-0.3)]))
        // Hopper of beans.
        let hop = Path.polygon([V2(base.x - s * 0.3, base.y - s * 1.15), V2(base.x + s * 0.3, base.y - s * 1.15), V2(base.x + s * 0.12, base.y - s * 0.7), V2(base.x - s * 0.12, base.y - s * 0.7)])
        c.fill(hop, RGB(hex: 0x3a2010))
        c.fill(hop, .shader { x, y in RGB(hex: 0x6a3a1a).shade((hash01(Int32(x / 3), Int32(y / 3), 3) - 0.5) * 0.5) }, opacity: 0.7)
        c.fill(hop, RGB.white, opacity: 0.12, blend: .screen)
        c.fill(.rect(base.x - s * 0.32, base.y - s * 1.2, s * 0.64, s * 0.06), body)
    }
}
