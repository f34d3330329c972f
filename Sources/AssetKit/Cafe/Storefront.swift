/// The pieces of a cafe front seen head-on: awnings, shop windows with the room glowing behind,
/// doors, signs.
public enum Storefront {
    /// A striped awning over `x...x+w`, hanging from `y` with depth `h`, scalloped at the bottom.
    public static func awning(_ canvas: Canvas, x: Float, y: Float, w: Float, h: Float, colors: (RGB, RGB), stripes: Int, daylight: RGB) {
        let stripeW = w / Float(stripes)
        let scallop = stripeW / 2
        // Shadow on the wall below.
        canvas.soft(.rect(x, y + h * 0.8, w, h * 0.7), RGB.black, sigma: h * 0.2, opacity: 0.5, blend: .multiply)
        var outline = Path()
        outline.move(to: V2(x + w * 0.02, y))
        outline.line(to: V2(x + w * 0.98, y))
        outline.line(to: V2(x + w, y + h))
        var cx = x + w
        while cx > x + 0.5 {
            let left = max(x, cx - 2 * scallop)
            outline.quad(to: V2(left, y + h), control: V2((cx + left) / 2, y + h + scallop * 0.9))
            cx = left
        }
        outline.close()
        canvas.fill(outline, .shader { px, py in
            let i = Int(floor((px - x) / stripeW))
            var c = i % 2 == 0 ? colors.0 : colors.1
            let v = clamp01((py - y) / h)
            // Fabric slopes away at the top (darker) and catches light at the front edge.
            c = c.shade(-0.35 * (1 - v) + 0.1 * smoothstep(0.75, 0.95, v))
            let folds = sin((px - x) / stripeW * pi * 2) * 0.04
            return (c * daylight).shade(folds)
        })
    }

    /// A shop window: the room behind (drawn by `room` into its own layer, then blurred by glass
    /// and distance), reflections of the street, and the frame.
    public static func window(_ canvas: Canvas, x: Float, y: Float, w: Float, h: Float, frame: RGB, time: TimeOfDay,
                              seed: UInt64, mullions: Int = 1, decal: Bool = false) {
        let layer = Canvas(width: max(2, Int(w)), height: max(2, Int(h)))
        room(layer, time: time, seed: seed)
        layer.blur(max(1, w * 0.012))
        canvas.fill(.rect(x, y, w, h), .image(layer, origin: V2(x, y)))
        // Reflections: the sky in daylight, faint diagonal sheens at any hour.
        let refl = 0.32 * (1 - time.glow)
        canvas.fill(.rect(x, y, w, h), .linear(V2(x, y), V2(x, y + h), [0: time.skyHorizon, 1: time.skyTop]), opacity: refl, blend: .screen)
        var rng = SeededRandom(seed: seed &+ 1)
        for _ in 0..<2 {
            let sx = x + rng.range(0, 0.8) * w, sw = w * rng.range(0.05, 0.15)
            canvas.fill(.polygon([V2(sx, y), V2(sx + sw, y), V2(sx + sw - h * 0.5, y + h), V2(sx - h * 0.5, y + h)]).transformed { V2(min(x + w, max(x, $0.x)), $0.y) },
                        RGB.white, opacity: 0.08 + 0.1 * (1 - time.glow), blend: .screen)
        }
        if decal {
            let c = V2(x + w * 0.5, y + h * 0.4)
            let r = min(w, h) * 0.16
            canvas.fill(.ring(center: c, outer: r, inner: r * 0.9), RGB.white, opacity: 0.85)
            canvas.fill(CupIcon.path(center: c + V2(0, r * 0.05), size: r * 0.5), RGB.white, opacity: 0.85)
        }
        let t = max(2, w * 0.025)
        let fc = frame * time.daylight
        var bars = Path.rect(x - t, y - t, w + 2 * t, t)
        bars.append(.rect(x - t, y + h, w + 2 * t, t * 1.6))
        bars.append(.rect(x - t, y, t, h))
        bars.append(.rect(x + w, y, t, h))
        for i in 1..<(mullions + 1) where mullions > 0 {
            bars.append(.rect(x + w * Float(i) / Float(mullions + 1) - t * 0.4, y, t * 0.8, h))
        }
        bars.append(.rect(x, y + h * 0.22, w, t * 0.6))
        canvas.fill(bars, fc)
        canvas.fill(.rect(x - t * 1.5, y + h + t * 1.6, w + 3 * t, t * 0.8), fc.shade(-0.3))
    }

    /// The inside of a cafe as seen through glass: warm wall, counter, lamps, shelves, people.
    static func room(_ c: Canvas, time: TimeOfDay, seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let g = 0.7 + 0.45 * time.glow
        let wall = RGB(hex: 0xc98a4e) * g
        c.fillAll(.linear(V2(0, 0), V2(0, c.h), [0: wall.shade(-0.4), 0.5: wall, 1: wall.shade(-0.5)]))
        for k in 0..<2 {
            let sy = c.h * (0.3 + Float(k) * 0.17)
            c.fill(.rect(c.w * rng.range(0, 0.2), sy, c.w * rng.range(0.4, 0.7), c.h * 0.025), RGB(hex: 0x3a2414) * g)
            var x = c.w * 0.1
            while x < c.w * 0.8 {
                let hh = c.h * rng.range(0.04, 0.09)
                c.fill(.rect(x, sy - hh, c.w * rng.range(0.02, 0.05), hh), rng.pick([RGB(hex: 0xe8dfcf), RGB(hex: 0x5a3a22), RGB(hex: 0x8a4a2a)]) * g)
                x += c.w * rng.range(0.04, 0.09)
            }
        }
        // Counter.
        c.fill(.rect(0, c.h * 0.66, c.w, c.h * 0.34), RGB(hex: 0x2a1a10) * g)
        c.fill(.rect(0, c.h * 0.64, c.w, c.h * 0.03), RGB(hex: 0xd9c8b0) * g)
        // People: soft dark silhouettes.
        for _ in 0..<rng.int(1, 3) {
            let px = c.w * rng.range(0.1, 0.9), py = c.h * rng.range(0.5, 0.62)
            let s = c.h * rng.range(0.11, 0.15)
            let tone = rng.pick([RGB(hex: 0x2a2a33), RGB(hex: 0x5a3a2a), RGB(hex: 0x3f5566), RGB(hex: 0x8a6a4a)]) * g
            c.fill(.ellipse(center: V2(px, py + s * 1.6), rx: s * 0.75, ry: s * 1.3), tone)
            c.fill(.circle(center: V2(px, py), radius: s * 0.42), RGB(hex: 0x6a4a3a) * g)
        }
        // Lamps, bright against it.
        let n = rng.int(2, 4)
        for i in 0..<n {
            let lx = c.w * (Float(i) + 0.5) / Float(n) + rng.range(-0.05, 0.05) * c.w
            Lamps.pendant(c, at: V2(lx, c.h * rng.range(0.16, 0.24)), size: c.w * 0.08, shade: rng.pick([.dome, .globe, .cone]),
                          color: RGB(hex: 0x2e2a26), glow: 0.5 + time.glow)
        }
    }

    /// A panelled door with a glass light; `x,y` top-left.
    public static func door(_ canvas: Canvas, x: Float, y: Float, w: Float, h: Float, color: RGB, time: TimeOfDay, seed: UInt64) {
        canvas.fill(.rect(x, y, w, h), color * time.daylight)
        window(canvas, x: x + w * 0.15, y: y + h * 0.08, w: w * 0.7, h: h * 0.5, frame: color, time: time, seed: seed, mullions: 0)
        canvas.fill(.rect(x + w * 0.15, y + h * 0.66, w * 0.7, h * 0.26), (color * time.daylight).shade(-0.12))
        canvas.fill(.rect(x + w * 0.18, y + h * 0.69, w * 0.64, h * 0.2), (color * time.daylight).shade(0.06))
        canvas.fill(.roundedRect(x + w * 0.82, y + h * 0.55, w * 0.05, h * 0.12, radius: w * 0.02), RGB(hex: 0xc8a24a))
    }

    /// A round hanging sign on a bracket, with a cup on it.
    public static func bladeSign(_ canvas: Canvas, wallX: Float, y: Float, size: Float, color: RGB, time: TimeOfDay) {
        let iron = RGB(hex: 0x1c1c1e)
        canvas.fill(.rect(wallX, y, size * 1.4, size * 0.06), iron)
        let c = V2(wallX + size * 0.85, y + size * 0.62)
        canvas.fill(.stroke([V2(c.x - size * 0.3, y), V2(c.x - size * 0.3, c.y - size * 0.4)], width: size * 0.03), iron)
        canvas.fill(.stroke([V2(c.x + size * 0.3, y), V2(c.x + size * 0.3, c.y - size * 0.4)], width: size * 0.03), iron)
        canvas.soft(.circle(center: c + V2(size * 0.08, size * 0.08), radius: size * 0.5), RGB.black, sigma: size * 0.06, opacity: 0.4, blend: .multiply)
        canvas.fill(.circle(center: c, radius: size * 0.5), iron)
        canvas.fill(.circle(center: c, radius: size * 0.45), .linear(c - V2(size * 0.4, size * 0.4), c + V2(size * 0.4, size * 0.4),
                                                                    [0: (color * time.daylight).shade(0.15), 1: (color * time.daylight).shade(-0.2)]))
        canvas.fill(CupIcon.path(center: c, size: size * 0.25), RGB(hex: 0xf4ead8) * (time.daylight * 0.6 + RGB(gray: 0.4)))
    }

    /// Sign board letters: painted gold strokes with a drop shadow.
    public static func lettering(_ canvas: Canvas, text: String, center: V2, height: Float, color: RGB) {
        let sw = max(1.5, height * 0.14)
        for s in StrokeFont.strokes(text, center: center, height: height) {
            canvas.fill(.stroke(s.map { $0 + V2(sw * 0.3, sw * 0.35) }, width: sw), RGB.black, opacity: 0.35)
        }
        for s in StrokeFont.strokes(text, center: center, height: height) { canvas.fill(.stroke(s, width: sw), color) }
    }
}

/// A coffee cup pictogram (cup, handle, saucer, steam) as one path, for signs and window decals.
public enum CupIcon {
    public static func path(center c: V2, size s: Float) -> Path {
        var p = Path.polygon([c + V2(-0.9, -0.45) * s, c + V2(0.7, -0.45) * s, c + V2(0.5, 0.55) * s, c + V2(-0.7, 0.55) * s])
        p.append(.ring(center: c + V2(0.75, -0.05) * s, outer: 0.32 * s, inner: 0.17 * s))
        p.append(.roundedRect(c.x - 1.05 * s, c.y + 0.62 * s, 1.9 * s, 0.16 * s, radius: 0.08 * s))
        for k: Float in [-0.4, 0, 0.4] {
            let base = c + V2(k - 0.1, -0.65) * s
            p.append(.stroke((0...10).map { i in let t = Float(i) / 10; return base + V2(sin(t * 5.5) * 0.1, -t * 0.55) * s }, width: s * 0.1))
        }
        return p
    }
}
