/// When a cafe photo is taken: it sets the sky, how much daylight falls on walls, and how strongly
/// lamps and windows glow.
public struct TimeOfDay: Sendable {
    public var skyTop: RGB
    public var skyHorizon: RGB
    /// Multiplies wall and street colours.
    public var daylight: RGB
    /// 0 lamps off … 1 lamps bright against the dark.
    public var glow: Float
    public var stars: Bool

    public static let day = TimeOfDay(skyTop: RGB(hex: 0x5f9fd6), skyHorizon: RGB(hex: 0xcfe3ef), daylight: RGB(1, 0.98, 0.95), glow: 0.15, stars: false)
    public static let goldenHour = TimeOfDay(skyTop: RGB(hex: 0x6d8fc4), skyHorizon: RGB(hex: 0xf6c489), daylight: RGB(1.02, 0.86, 0.68), glow: 0.35, stars: false)
    public static let dusk = TimeOfDay(skyTop: RGB(hex: 0x232a5c), skyHorizon: RGB(hex: 0xe58a6a), daylight: RGB(0.5, 0.45, 0.58), glow: 0.75, stars: false)
    public static let night = TimeOfDay(skyTop: RGB(hex: 0x070b1c), skyHorizon: RGB(hex: 0x1e2a4c), daylight: RGB(0.2, 0.22, 0.32), glow: 1, stars: true)

    public func sky(_ canvas: Canvas, bottom: Float, seed: UInt64) {
        canvas.fill(.rect(0, 0, canvas.w, bottom + 2), .linear(V2(0, 0), V2(0, bottom), [0: skyTop, 1: skyHorizon]))
        var rng = SeededRandom(seed: seed)
        if stars {
            for _ in 0..<Int(canvas.w * bottom / 4000) {
                let p = V2(rng.range(0, canvas.w), rng.range(0, bottom * 0.8))
                canvas.fill(.circle(center: p, radius: rng.range(0.5, 1.3)), RGB.white, opacity: rng.range(0.3, 0.9), blend: .screen)
            }
        } else {
            // Soft clouds.
            for _ in 0..<5 {
                let p = V2(rng.range(0, canvas.w), rng.range(0.1, 0.6) * bottom)
                let w = rng.range(0.1, 0.25) * canvas.w
                for j in 0..<5 {
                    canvas.soft(.ellipse(center: p + V2(Float(j - 2) * w * 0.3, rng.range(-0.3, 0.3) * w * 0.2), rx: w * rng.range(0.2, 0.35), ry: w * 0.12),
                                RGB.lerp(skyHorizon, .white, 0.6), sigma: w * 0.08, opacity: 0.35 * (1 - glow * 0.5), blend: .screen)
                }
            }
        }
    }
}
