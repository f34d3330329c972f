import Glibc

/// A two- or three-group espresso machine on a counter: painted body, chrome, gauges, portafilters,
/// cups warming on top. `base` is where its feet meet the counter top (centre).
public enum EspressoMachine {
    static func chrome(_ x: Float, _ left: Float, _ width: Float) -> RGB {
        let u = (x - left) / width
        let env = 0.5 + 0.5 * sin(u * 13 + 1) * cos(u * 5)
        return RGB.lerp(RGB(hex: 0x55595f), RGB(hex: 0xf0f2f4), env)
    }

    public static func draw(_ canvas: Canvas, base: V2, width w: Float, body: RGB, groups: Int, glow: Float) {
        let h = w * 0.48
        let x0 = base.x - w / 2
        let top = base.y - h
        canvas.soft(.rect(x0 - w * 0.02, base.y - w * 0.02, w * 1.04, w * 0.05), RGB.black, sigma: w * 0.015, opacity: 0.5, blend: .multiply)
        // Body with rounded top corners, lit from the left.
        canvas.fill(.roundedRect(x0, top, w, h * 0.78, radius: w * 0.04), .shader { x, y in
            let u = (x - x0) / w
            var c = body.shade(0.25 * (1 - u) - 0.15)
            if abs(u - 0.12) < 0.02 { c = c.shade(0.35) }
            return c
        })
        // Chrome band, cup tray on top.
        canvas.fill(.rect(x0, top + h * 0.12, w, h * 0.1), .shader { x, _ in chrome(x, x0, w) })
        canvas.fill(.rect(x0 + w * 0.05, top - h * 0.06, w * 0.9, h * 0.06), .shader { x, _ in chrome(x, x0, w).shade(-0.1) })
        var cx = x0 + w * 0.1
        var k = 0
        while cx < x0 + w * 0.85 {
            let cw = w * 0.07
            let cup = k % 3 == 1 ? RGB(hex: 0x2b2b2b) : RGB(hex: 0xf2efe9)
            canvas.fill(.polygon([V2(cx, top - h * 0.06 - cw * 0.8), V2(cx + cw, top - h * 0.06 - cw * 0.8), V2(cx + cw * 0.85, top - h * 0.06), V2(cx + cw * 0.15, top - h * 0.06)]),
                        .linear(V2(cx, 0), V2(cx + cw, 0), [0: cup.shade(0.1), 1: cup.shade(-0.3)]))
            cx += cw * 1.25; k += 1
        }
        // Gauges.
        for g in 0..<2 {
            let gc = V2(x0 + w * (0.4 + Float(g) * 0.2), top + h * 0.36)
            let r = w * 0.045
            canvas.fill(.circle(center: gc, radius: r * 1.15), .shader { x, _ in chrome(x, gc.x - r, 2 * r) })
            canvas.fill(.circle(center: gc, radius: r), RGB(hex: 0xf4efe2))
            canvas.fill(.stroke([gc, gc + V2.polar(-2.2 + Float(g) * 0.9, r * 0.8)], width: max(1, r * 0.12)), RGB(hex: 0xb3261e))
        }
        // Group heads with portafilters and cups below.
        let trayY = base.y - h * 0.08
        for i in 0..<groups {
            let gx = x0 + w * (Float(i) + 0.5) / Float(groups)
            let gy = top + h * 0.62
            canvas.fill(.roundedRect(gx - w * 0.07, gy - h * 0.06, w * 0.14, h * 0.16, radius: w * 0.02), .shader { x, _ in chrome(x, gx - w * 0.07, w * 0.14) })
            canvas.fill(.roundedRect(gx - w * 0.08, gy + h * 0.08, w * 0.16, h * 0.07, radius: w * 0.015), .shader { x, _ in chrome(x, gx - w * 0.08, w * 0.16).shade(-0.1) })
            let handleEnd = gx + w * 0.17 * (i % 2 == 0 ? -1 : 1)
            canvas.fill(.stroke([V2(gx, gy + h * 0.11), V2(handleEnd, gy + h * 0.16)], width: h * 0.05, endWidth: h * 0.07), RGB(hex: 0x1a1818))
            // Espresso running into a small cup.
            let cupW = w * 0.07
            canvas.fill(.rect(gx - 1, gy + h * 0.15, 2, trayY - cupW * 0.8 - gy - h * 0.15), RGB(hex: 0x5a2e12), opacity: 0.85)
            canvas.fill(.polygon([V2(gx - cupW / 2, trayY - cupW * 0.8), V2(gx + cupW / 2, trayY - cupW * 0.8), V2(gx + cupW * 0.38, trayY), V2(gx - cupW * 0.38, trayY)]),
                        .linear(V2(gx - cupW / 2, 0), V2(gx + cupW / 2, 0), [0: RGB(hex: 0xffffff), 1: RGB(hex: 0xb8b4ae)]))
        }
        // Steam wands.
        for side: Float in [-1, 1] {
            let a = V2(base.x + side * w * 0.46, top + h * 0.5)
            canvas.fill(.stroke([a, a + V2(side * w * 0.04, h * 0.35)], width: max(1.5, w * 0.012)), .shader { x, _ in chrome(x, a.x - w * 0.01, w * 0.02) })
        }
        // Drip tray.
        canvas.fill(.rect(x0 + w * 0.03, trayY, w * 0.94, h * 0.08), .shader { x, y in
            let grate = sin(x * 0.9) > 0.2
            return chrome(x, x0, w).shade(grate ? -0.05 : -0.35)
        })
        // Warm reflections of the room's lamps on the chrome.
        if glow > 0 {
            canvas.soft(.rect(x0 + w * 0.2, top + h * 0.13, w * 0.06, h * 0.08), RGB(hex: 0xffd08a), sigma: w * 0.01, opacity: 0.6 * glow, blend: .screen)
        }
    }
}
