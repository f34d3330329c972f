/// A whole cafe front, head-on: sky and upper floor, sign, awning, windows, door, sidewalk, and
/// whatever stands outside.
public struct StorefrontScene {
    public enum Wall { case brick(RGB), plaster(RGB), painted(RGB) }

    public var time: TimeOfDay
    public var wall: Wall
    public var trim: RGB
    public var awning: (RGB, RGB)?
    public var signColor: RGB
    public var doorOnLeft = false
    public var skyFraction: Float = 0.14
    public var planters = true
    public var bistroSet = true
    public var stringLights = false
    public var bladeSign = false
    public var streetLamp = false
    public var decal = false
    public var seed: UInt64 = 1
    /// What the sign says (letters of the sign alphabet: A B C E F H I K L M N O R S T U &).
    public var name = "CAFE"

    public init(time: TimeOfDay, wall: Wall, trim: RGB, awning: (RGB, RGB)?, signColor: RGB) {
        self.time = time; self.wall = wall; self.trim = trim; self.awning = awning; self.signColor = signColor
    }

    public func draw(_ c: Canvas) {
        let W = c.w, H = c.h, u = min(W, H)
        var rng = SeededRandom(seed: seed)
        let skyBottom = H * skyFraction
        time.sky(c, bottom: skyBottom + 4, seed: seed &+ 3)
        let ground = H * 0.8
        // Facade.
        let facade: Paint
        switch wall {
        case .brick(let b): facade = Surface.brick(base: b, mortar: RGB(hex: 0xcfc6b8), seed: UInt32(seed), brickWidth: u * 0.07)
        case .plaster(let p): facade = Surface.plaster(base: p, seed: UInt32(seed), scale: u * 0.05, strength: 0.1)
        case .painted(let p): facade = .shader { x, y in
            let plank = (x / (u * 0.03)).truncatingRemainder(dividingBy: 1)
            return p.shade(plank < 0.08 ? -0.2 : (hash01(Int32(x / (u * 0.03)), 1, 5) - 0.5) * 0.06)
        }
        }
        let day = time.daylight
        c.fill(.rect(0, skyBottom, W, ground - skyBottom + 1), Paint { x, y in RGBA(facade.shade(x, y).rgb * day) })
        // Cornice at the roofline.
        if skyFraction > 0 {
            c.fill(.rect(0, skyBottom - u * 0.015, W, u * 0.04), (trim.shade(0.3)) * day)
            c.soft(.rect(0, skyBottom + u * 0.025, W, u * 0.02), RGB.black, sigma: u * 0.01, opacity: 0.4, blend: .multiply)
        }
        // Upper-floor windows.
        let upperTop = skyBottom + u * 0.08, upperH = H * 0.32 - upperTop
        if upperH > u * 0.12 {
            let n = W > H ? 4 : 3
            for i in 0..<n {
                let ww = W / Float(n) * 0.42
                let wx = W * (Float(i) + 0.5) / Float(n) - ww / 2
                let lit = rng.chance(Double(time.glow) > 0.5 ? 0.6 : 0.1)
                c.fill(.rect(wx - u * 0.01, upperTop - u * 0.01, ww + u * 0.02, upperH + u * 0.02), trim.shade(0.2) * day)
                let glass = lit ? Paint.linear(V2(0, upperTop), V2(0, upperTop + upperH), [0: RGB(hex: 0xffd08a) * (0.4 + 0.6 * time.glow), 1: RGB(hex: 0xb0683a) * (0.4 + 0.6 * time.glow)])
                    : Paint.linear(V2(0, upperTop), V2(0, upperTop + upperH), [0: time.skyHorizon.shade(-0.3), 1: time.skyTop.shade(-0.5)])
                c.fill(.rect(wx, upperTop, ww, upperH), glass)
                c.fill(.rect(wx + ww / 2 - u * 0.004, upperTop, u * 0.008, upperH), trim.shade(0.2) * day)
                c.fill(.rect(wx - u * 0.02, upperTop + upperH, ww + u * 0.04, u * 0.018), trim.shade(0.35) * day)
                if rng.chance(0.5) {
                    // A window box of flowers.
                    c.fill(.rect(wx, upperTop + upperH + u * 0.018, ww, u * 0.035), RGB(hex: 0x6a4a30) * day)
                    for _ in 0..<14 {
                        let p = V2(wx + rng.range(0, ww), upperTop + upperH + rng.range(-0.01, 0.02) * u)
                        c.fill(.circle(center: p, radius: u * rng.range(0.008, 0.015)), rng.pick([RGB(hex: 0x3c7a3a), RGB(hex: 0xd84a5a), RGB(hex: 0xf0d050), RGB(hex: 0x4a8a3e)]) * day)
                    }
                }
            }
        }
        // Shopfront surround and sign board.
        let shopTop = H * 0.36
        let signY = shopTop - u * 0.09
        c.fill(.rect(W * 0.04, signY, W * 0.92, ground - signY), trim * day)
        c.fill(.rect(W * 0.07, signY + u * 0.015, W * 0.86, u * 0.075), signColor * day)
        Storefront.lettering(c, text: name, center: V2(W * 0.5, signY + u * 0.052), height: u * 0.042,
                             color: RGB(hex: 0xe9c46a) * (day * 0.6 + RGB(gray: 0.4)))
        // Glass and door.
        let doorW = W * 0.17, doorH = ground - shopTop - u * 0.02
        let doorX = doorOnLeft ? W * 0.1 : W * 0.9 - doorW
        let winX = doorOnLeft ? doorX + doorW + W * 0.04 : W * 0.1
        let winW = W * 0.8 - doorW - W * 0.04
        let winTop = shopTop + u * 0.02, winH = (ground - u * 0.12) - winTop
        Storefront.window(c, x: winX, y: winTop, w: winW, h: winH, frame: trim.shade(-0.1), time: time, seed: seed &+ 21,
                          mullions: winW > u * 0.6 ? 2 : 1, decal: decal)
        c.fill(.rect(winX, winTop + winH + u * 0.02, winW, ground - winTop - winH - u * 0.02), (trim.shade(-0.15)) * day)
        Storefront.door(c, x: doorX, y: winTop, w: doorW, h: doorH, color: trim.shade(-0.1), time: time, seed: seed &+ 31)
        if let a = awning {
            Storefront.awning(c, x: W * 0.05, y: shopTop - u * 0.012, w: W * 0.9, h: u * 0.14, colors: a, stripes: W > H ? 14 : 10, daylight: day * 0.8 + RGB(gray: 0.2 * time.glow))
        }
        if bladeSign { Storefront.bladeSign(c, wallX: W * 0.96, y: shopTop - u * 0.22, size: u * 0.14, color: signColor, time: time) }
        // Sidewalk, with the shop's light spilling onto it.
        c.fill(.rect(0, ground, W, H - ground), .shader { x, y in
            let d = (y - ground) / (H - ground)
            let slab = (x / (u * 0.16 * (1 + d))).truncatingRemainder(dividingBy: 1)
            var col = RGB(hex: 0x9a958c).shade(-0.15 * (1 - d) + (slab < 0.03 ? -0.2 : 0))
            col = col.shade((hash01(Int32(x / 3), Int32(y / 3), 7) - 0.5) * 0.06)
            return col * day
        })
        c.fill(.rect(0, ground, W, u * 0.015), RGB(hex: 0x6a665f) * day)
        Glow.pool(c, center: V2(winX + winW / 2, ground + (H - ground) * 0.3), rx: winW * 0.6, ry: (H - ground) * 0.45,
                  color: RGB(hex: 0xffb45a), strength: time.glow * 0.9)
        if stringLights {
            Lamps.string(c, from: V2(W * 0.05, shopTop - u * 0.04), to: V2(W * 0.95, shopTop - u * 0.04), sag: u * 0.05, bulbs: W > H ? 14 : 9,
                         size: u * 0.018, glow: time.glow)
        }
        if planters {
            let px = doorOnLeft ? W * 0.96 : W * 0.06
            Furniture.plant(c, base: V2(px, ground + u * 0.04), size: u * 0.22, pot: RGB(hex: 0x3b3d40) * (day * 0.8 + RGB(gray: 0.2)), leaf: RGB(hex: 0x3d7a3a) * day, seed: seed &+ 41)
            Furniture.plant(c, base: V2(doorOnLeft ? doorX - W * 0.03 : doorX + doorW + W * 0.03, ground + u * 0.03), size: u * 0.18,
                            pot: RGB(hex: 0xb8643c) * day, leaf: RGB(hex: 0x4a8a40) * day, seed: seed &+ 42)
        }
        if bistroSet {
            let tx = winX + winW * 0.5, ty = ground + (H - ground) * 0.35
            Furniture.chair(c, seat: V2(tx - u * 0.13, ty + u * 0.05), size: u * 0.08, color: RGB(hex: 0x22262a) * (day * 0.7 + RGB(gray: 0.3)))
            Furniture.chair(c, seat: V2(tx + u * 0.13, ty + u * 0.05), size: u * 0.08, color: RGB(hex: 0x22262a) * (day * 0.7 + RGB(gray: 0.3)), facing: -1)
            Furniture.bistroTable(c, top: V2(tx, ty - u * 0.02), size: u * 0.07, topColor: RGB(hex: 0xe8e4dc) * (day * 0.7 + RGB(gray: 0.3)))
        }
        if streetLamp {
            Lamps.street(c, base: V2(doorOnLeft ? W * 0.03 : W * 0.97, H * 0.99), height: H * 0.6, glow: time.glow)
        }
    }
}
