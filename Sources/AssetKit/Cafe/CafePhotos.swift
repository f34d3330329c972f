/// The eighteen cafe photographs (`cafe-1` … `cafe-18`): fronts at different hours, counters,
/// rooms full of tables, street corners.
public enum CafePhotos {
    /// The camera's part: bloom around bright things, a trace of colour fringing, then the film
    /// look (vignette, grade, grain).
    static func develop(_ c: Canvas, seed: UInt32, vignette: Float = 0.3, warmth: Float, contrast: Float = 1.05, bloom: Float = 0.45) {
        Lens.bloom(c, threshold: 0.72, sigma: min(c.w, c.h) * 0.007, strength: bloom)
        Lens.fringe(c, amount: 0.0012)
        Film.finish(c, seed: seed, vignette: vignette, warmth: warmth, contrast: contrast)
    }

    /// A cafe front traced in the street, photographed from across it and to one side.
    static func shop(_ time: TimeOfDay, wall: UInt32, brick: Bool = false, trim: UInt32, awning: (UInt32, UInt32)?, sign: UInt32,
                     name: String, seed: UInt64, finish: (vignette: Float, warmth: Float, contrast: Float) = (0.3, 0.12, 1.05),
                     tweak: @escaping (inout ShopFrontScene) -> Void = { _ in }) -> (Canvas) -> Void {
        { c in
            var s = ShopFrontScene(time: time, wall: RGB(hex: wall), trim: RGB(hex: trim), awning: awning.map { (RGB(hex: $0.0), RGB(hex: $0.1)) },
                                   signColor: RGB(hex: sign), name: name)
            s.brick = brick; s.seed = seed
            tweak(&s)
            s.draw(c)
            develop(c, seed: UInt32(200 + seed), vignette: finish.vignette, warmth: finish.warmth, contrast: finish.contrast)
        }
    }

    public static var all: [PhotoSpec] {
        [
            PhotoSpec("cafe-1", 1200, 900, draw: shop(.day, wall: 0x9a4a32, brick: true, trim: 0x1f3d36, awning: (0x1f5a4a, 0xf1ebe0), sign: 0x1f3d36,
                                                     name: "CAFE", seed: 1) {
                $0.bladeSign = true; $0.angle = 0.55; $0.distance = 9.5
            }),
            PhotoSpec("cafe-2", 900, 1200, draw: shop(.dusk, wall: 0xe8dcc4, trim: 0x2a2a30, awning: (0xa8322a, 0xf3ece0), sign: 0x2a2a30, name: "ROAST", seed: 2) {
                $0.stringLights = true; $0.doorOnLeft = true; $0.angle = -0.5; $0.distance = 8; $0.focal = 1.0; $0.horizon = 0.58
            }),
            PhotoSpec("cafe-3", 1600, 900, draw: shop(.night, wall: 0x2b4a6a, trim: 0x18222e, awning: nil, sign: 0x111820, name: "LUNA COFFEE", seed: 3,
                                                     finish: (0.45, 0.12, 1.08)) {
                $0.streetLamp = true; $0.bladeSign = true; $0.stringLights = true; $0.wet = true; $0.angle = -0.55; $0.distance = 10.5
            }),
            PhotoSpec("cafe-4", 1200, 900) { c in
                var s = CounterScene(wall: .tiles(RGB(hex: 0xeef0ea)), counterTop: RGB(hex: 0xe8e4dc), counterFront: RGB(hex: 0x7a4a2a),
                                     machine: RGB(hex: 0xb8322a), lamp: .dome, lampColor: RGB(hex: 0x2a2a2a))
                s.seed = 4
                s.draw(c)
                Lens.turn(c, yaw: -0.18)
                develop(c, seed: 204, warmth: 0.2)
            },
            PhotoSpec("cafe-5", 1600, 900) { c in
                var s = SeatingScene(wallColor: RGB(hex: 0xe9e1d2), floor: RGB(hex: 0xa87a4e), chair: RGB(hex: 0x2a2420), tableTop: RGB(hex: 0xefebe4), lampShade: .dome)
                s.seed = 5
                s.draw(c)
                develop(c, seed: 205, warmth: 0.2)
            },
            PhotoSpec("cafe-6", 1200, 900) { c in
                var s = CornerScene(time: .dusk, wall: RGB(hex: 0xd9c2a0), trim: RGB(hex: 0x1f3a32), awning: (RGB(hex: 0x1f4a3a), RGB(hex: 0xe8e0d0)))
                s.seed = 6
                s.draw(c)
                develop(c, seed: 206, warmth: 0.15)
            },
            PhotoSpec("cafe-7", 1600, 900) { c in
                var s = CounterScene(wall: .wood(RGB(hex: 0x8a5a36)), counterTop: RGB(hex: 0x2e2c2a), counterFront: RGB(hex: 0x3a3f44),
                                     machine: RGB(hex: 0x1e1e20), lamp: .globe, lampColor: RGB(hex: 0xf3e6cc))
                s.seed = 7; s.boardOnLeft = false; s.groups = 3; s.glow = 1
                s.draw(c)
                Lens.turn(c, yaw: 0.25, pitch: 0.02)
                develop(c, seed: 207, vignette: 0.4, warmth: 0.3, contrast: 1.08)
            },
            PhotoSpec("cafe-8", 900, 1200, draw: shop(.goldenHour, wall: 0x9fb59a, trim: 0xf1ece2, awning: (0xe0b23a, 0xf6f0e2), sign: 0x2f4a3a,
                                                     name: "BEAN & LEAF", seed: 8, finish: (0.3, 0.25, 1.05)) {
                $0.angle = 0.6; $0.distance = 9; $0.focal = 0.95; $0.horizon = 0.56
            }),
            PhotoSpec("cafe-9", 1200, 900) { c in
                var s = SeatingScene(wallColor: RGB(hex: 0x3e5a4a), floor: RGB(hex: 0x6a4028), chair: RGB(hex: 0x8a5a34), tableTop: RGB(hex: 0xd8cfc0), lampShade: .globe)
                s.seed = 9; s.evening = true; s.windowsLeft = false
                s.draw(c)
                develop(c, seed: 209, vignette: 0.4, warmth: 0.3, contrast: 1.06)
            },
            PhotoSpec("cafe-10", 1600, 900) { c in
                var s = StreetScene(time: .night, cafeFacade: RGB(hex: 0x2e3a4a), awning: (RGB(hex: 0x8a2a2a), RGB(hex: 0xe8dcc8)))
                s.seed = 10; s.wet = true
                s.draw(c)
                develop(c, seed: 210, vignette: 0.45, warmth: 0.1, contrast: 1.08)
            },
            PhotoSpec("cafe-11", 1000, 1000, draw: shop(.day, wall: 0xe9e6df, trim: 0x1f2f52, awning: (0x1f2f52, 0xf4f1ea), sign: 0x1f2f52, name: "COFFEE", seed: 11) {
                $0.doorOnLeft = true; $0.angle = -0.12; $0.distance = 11; $0.focal = 0.9; $0.horizon = 0.7
            }),
            PhotoSpec("cafe-12", 900, 1200) { c in
                var s = CounterScene(wall: .brick(RGB(hex: 0xa85a3e)), counterTop: RGB(hex: 0xd9c7a8), counterFront: RGB(hex: 0x5a3a24),
                                     machine: RGB(hex: 0x8fd0bd), lamp: .cone, lampColor: RGB(hex: 0x1f1f1f))
                s.seed = 12; s.glow = 1
                s.draw(c)
                Lens.turn(c, yaw: 0.12, pitch: 0.1)
                develop(c, seed: 212, warmth: 0.25)
            },
            PhotoSpec("cafe-13", 1200, 900, draw: shop(.night, wall: 0x5a2e24, brick: true, trim: 0x2a1a1a, awning: (0x6a1a24, 0xeadfcc), sign: 0x1a1010,
                                                     name: "CAFE NOIR", seed: 13, finish: (0.45, 0.12, 1.08)) {
                $0.stringLights = true; $0.streetLamp = true; $0.wet = true; $0.angle = 0.7; $0.distance = 8; $0.focal = 0.7; $0.horizon = 0.58
            }),
            PhotoSpec("cafe-14", 900, 1200) { c in
                var s = PavementTableScene(time: .goldenHour, tableTop: RGB(hex: 0xeeeae3))
                s.seed = 14
                s.draw(c)
                develop(c, seed: 214, warmth: 0.3)
            },
            PhotoSpec("cafe-15", 1080, 1350) { c in
                var s = SeatingScene(wallColor: RGB(hex: 0xe8c4b8), floor: RGB(hex: 0xd0b090), chair: RGB(hex: 0xf0ece4), tableTop: RGB(hex: 0xf6f2ea), lampShade: .cone)
                s.seed = 15
                s.draw(c)
                develop(c, seed: 215, warmth: 0.1, contrast: 1.06)
            },
            PhotoSpec("cafe-16", 1200, 900) { c in
                var s = CounterScene(wall: .tiles(RGB(hex: 0x2f5a4a)), counterTop: RGB(hex: 0xf0ece6), counterFront: RGB(hex: 0xc8a878),
                                     machine: RGB(hex: 0xc8ccd0), lamp: .dome, lampColor: RGB(hex: 0xb8903a))
                s.seed = 16; s.boardOnLeft = false; s.glow = 0.9
                s.draw(c)
                Lens.turn(c, yaw: -0.28, pitch: 0.03)
                develop(c, seed: 216, warmth: 0.2)
            },
            PhotoSpec("cafe-17", 1600, 900, draw: shop(.dusk, wall: 0xc8764e, trim: 0x1e3a3e, awning: (0x2a7a7a, 0xf0e8d8), sign: 0x1e3a3e, name: "MOCHA", seed: 17) {
                $0.bladeSign = true; $0.stringLights = true; $0.angle = -0.3; $0.distance = 15; $0.focal = 0.75; $0.horizon = 0.72
            }),
            PhotoSpec("cafe-18", 1200, 900) { c in
                var s = RainyWindowScene(time: .dusk, frame: RGB(hex: 0x3a2a20), ceramic: .terracotta)
                s.seed = 18
                s.draw(c)
                develop(c, seed: 218, vignette: 0.4, warmth: 0.2, contrast: 1.06)
            },
        ]
    }
}
