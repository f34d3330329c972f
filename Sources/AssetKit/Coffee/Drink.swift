import Glibc

/// What is in the cup, as seen on its surface.
public struct Drink: Sendable {
    public var crema: RGB
    public var cremaEdge: RGB
    public var milk: RGB
    public var art: LatteArt
    /// Cocoa powder dusted over the foam.
    public var cocoa: Float = 0
    /// Tiger-striped crema with dark flecks (a fresh espresso).
    public var tiger: Float = 0
    /// Chocolate drizzle colour for the web pattern.
    public var drizzle: RGB = RGB(hex: 0x3a1c0e)

    public static func latte(_ art: LatteArt) -> Drink {
        Drink(crema: RGB(hex: 0xa26a3a), cremaEdge: RGB(hex: 0x6a3d1e), milk: RGB(hex: 0xf6ecdc), art: art)
    }
    public static let espresso = Drink(crema: RGB(hex: 0xc08a52), cremaEdge: RGB(hex: 0x5a2e14),
                                       milk: RGB(hex: 0xe8c69a), art: .none, tiger: 1)
    public static let americano = Drink(crema: RGB(hex: 0x5e3519), cremaEdge: RGB(hex: 0x2a1308),
                                        milk: RGB(hex: 0xb98a5a), art: .none, tiger: 0.35)
    public static let cappuccino = Drink(crema: RGB(hex: 0x9a6438), cremaEdge: RGB(hex: 0x5c3419),
                                         milk: RGB(hex: 0xf3e9da), art: .foamDome, cocoa: 1)
    public static let mocha = Drink(crema: RGB(hex: 0x6b3a1e), cremaEdge: RGB(hex: 0x3c1d0c),
                                    milk: RGB(hex: 0xf0e2cc), art: .spiderweb, drizzle: RGB(hex: 0x4a2211))
    public static let flatWhite = Drink(crema: RGB(hex: 0xa86e3c), cremaEdge: RGB(hex: 0x70401e),
                                        milk: RGB(hex: 0xf4e8d4), art: .smallHeart)

    /// The colour at a point of the unit disc (`x`, `y` in the art's own frame; `r` from the centre).
    public func surface(_ x: Float, _ y: Float, noise: Noise) -> RGB {
        let r = (x * x + y * y).squareRoot()
        let mottle = noise.fbm(x * 5 + 3, y * 5, octaves: 4)
        var crem = RGB.lerp(crema, cremaEdge, smoothstep(0.35, 1.0, r) * 0.9 + (mottle - 0.5) * 0.5)
        if tiger > 0 {
            // Flecks and streaks of darker crema, swirled around the centre.
            let ang = atan2(y, x)
            let swirl = noise.fbm(r * 7 + ang * 0.6, ang * 1.3 + r * 2, octaves: 4)
            let fleck = smoothstep(0.58, 0.72, noise.value(x * 28, y * 28))
            crem = RGB.lerp(crem, cremaEdge, (smoothstep(0.45, 0.75, swirl) * 0.55 + fleck * 0.35) * tiger)
            crem = RGB.lerp(crem, crema.shade(0.18), smoothstep(0.55, 0.0, r) * 0.35 * tiger)
        }
        var m = art.milk(x, y, noise: noise)
        if art == .spiderweb {
            // A spiral of chocolate, dragged outward and inward in alternating spokes.
            let ang = atan2(y, x)
            let spokes: Float = 8
            let tri = abs((ang / (2 * pi) * spokes).truncatingRemainder(dividingBy: 1) - 0.5) * 2
            let spiral = (r + ang / (2 * pi) * 0.13 + 0.06 * tri * 2).truncatingRemainder(dividingBy: 0.13) / 0.13
            let line = 1 - smoothstep(0.08, 0.2, abs(spiral - 0.5) * 2 - 0.75)
            let webArea = smoothstep(0.07, 0.12, r) * (1 - smoothstep(0.8, 0.86, r))
            let drizzleCover = line * webArea
            var c = RGB.lerp(crem, milk.shade((mottle - 0.5) * 0.12), m)
            c = RGB.lerp(c, drizzle, drizzleCover * 0.85)
            return c
        }
        if art == .foamDome {
            // Foam shows the crema through its thin edge, and tiny bubbles.
            m *= 0.92 + 0.08 * noise.value(x * 40, y * 40)
        }
        var foam = milk.shade((mottle - 0.5) * 0.1 - 0.04 * r)
        // Where milk meets crema it carries a little coffee: a tan halo on every edge.
        let halo = m * (1 - m) * 4
        foam = RGB.lerp(foam, RGB.lerp(milk, crema, 0.45), halo * 0.6)
        var c = RGB.lerp(crem, foam, m)
        if cocoa > 0 {
            // Powder: a cloud of density, sampled by fine independent specks.
            let density = (1 - smoothstep(0.25, 0.68, r + (noise.fbm(x * 3, y * 3, octaves: 3) - 0.5) * 0.3)) * cocoa
            let speck = hash01(Int32(x * 700), Int32(y * 700), noise.seed &+ 3)
            let cloud = density * 0.35
            let grain: Float = speck < density * 0.6 ? 0.55 : 0
            c = RGB.lerp(c, RGB(hex: 0x5e3420), min(0.85, cloud + grain))
        }
        // Micro-bubbles at the rim of the liquid.
        let bub = noise.value(x * 55 + 7, y * 55)
        if r > 0.8 && bub > 0.8 { c = c.shade(0.12 * smoothstep(0.8, 0.95, bub)) }
        return c
    }
}

extension LatteArt: Equatable {}
