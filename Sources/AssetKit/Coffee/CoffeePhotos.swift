/// The twenty coffee photographs (`coffee-1` … `coffee-20`): each a composition of the pieces in
/// this folder, with its own cup, drink, surface and light.
public enum CoffeePhotos {
    public static var all: [PhotoSpec] {
        [
            PhotoSpec("coffee-1", 1200, 900) { c in
                let u = min(c.w, c.h), light = Lighting()
                c.fillAll(Surface.wood(base: RGB(hex: 0x7a4a2a), dark: RGB(hex: 0x3e2212), seed: 11, scale: u / 90, angle: 0.08))
                var cup = TopDownCup(center: V2(c.w * 0.5, c.h * 0.52), radius: u * 0.22, ceramic: .white, drink: .latte(.heart))
                cup.saucer = .white; cup.spoon = true; cup.handleAngle = 0.35; cup.artAngle = -0.25
                cup.draw(on: c, light: light)
                Film.finish(c, seed: 101, warmth: 0.3)
            },
            PhotoSpec("coffee-2", 900, 1200) { c in
                let u = min(c.w, c.h)
                let light = Lighting(light: V3(-0.6, -0.5, 0.65), ambient: 0.5, diffuse: 0.55)
                let horizon = c.h * 0.42
                Backdrop.cafeBokeh(c, top: RGB(hex: 0x3b2a20), bottom: RGB(hex: 0x6b4a34), lights: RGB(hex: 0xffc070), count: 26, seed: 2)
                Backdrop.table(c, horizon: horizon, texture: Surface.wood(base: RGB(hex: 0x9a6a40), dark: RGB(hex: 0x5a3418), seed: 21, scale: 4, angle: 1.57), focal: c.h * 0.5)
                c.blur(u * 0.012, amount: { _, y in 1 - smoothstep(horizon, c.h * 0.75, y) })
                var cup = ThreeQuarterCup(rimCenter: V2(c.w * 0.5, c.h * 0.6), radius: u * 0.25, camera: TableCamera(squash: 0.42),
                                          profile: .bowl, ceramic: .terracotta, drink: .cappuccino)
                cup.saucer = .terracotta; cup.spoon = true
                cup.draw(on: c, light: light)
                Steam.rise(on: c, from: V2(c.w * 0.5, c.h * 0.57), width: u * 0.25, height: c.h * 0.3, wisps: 4, seed: 22)
                Film.finish(c, seed: 102, warmth: 0.4)
            },
            PhotoSpec("coffee-3", 1000, 1000) { c in
                let u = min(c.w, c.h), light = Lighting(light: V3(-0.4, -0.7, 0.7))
                c.fillAll(Surface.marble(base: RGB(hex: 0xe9e6e1), vein: RGB(hex: 0x8f8a86), seed: 31, scale: u / 40))
                let center = V2(c.w * 0.46, c.h * 0.47)
                Props.scatterBeans(on: c, count: 34, size: u * 0.032, region: (V2(0, 0), V2(c.w, c.h)),
                                   keepOut: [(center, u * 0.27)], light: light, seed: 33)
                var cup = TopDownCup(center: center, radius: u * 0.14, ceramic: .black, drink: .espresso)
                cup.saucer = .black; cup.saucerScale = 1.7; cup.handleAngle = -0.6
                cup.draw(on: c, light: light)
                Film.finish(c, seed: 103, warmth: 0.1)
            },
            PhotoSpec("coffee-4", 1600, 900) { c in
                let u = min(c.w, c.h), light = Lighting(light: V3(-0.7, -0.4, 0.7))
                c.fillAll(Surface.linen(base: RGB(hex: 0xd8cbb5), seed: 41, scale: u / 260, angle: 0.05))
                Props.napkin(on: c, center: V2(c.w * 0.8, c.h * 0.7), size: u * 0.22, angle: 0.3, color: RGB(hex: 0x6f8a78), light: light, seed: 42)
                var cup = TopDownCup(center: V2(c.w * 0.46, c.h * 0.5), radius: u * 0.26, ceramic: .teal, drink: .latte(.rosetta))
                cup.handleAngle = 0.2; cup.artAngle = 0.35
                cup.draw(on: c, light: light)
                Props.sugarCube(on: c, center: V2(c.w * 0.15, c.h * 0.3), size: u * 0.06, angle: 0.3, light: light, seed: 43)
                Props.sugarCube(on: c, center: V2(c.w * 0.2, c.h * 0.36), size: u * 0.06, angle: 0.9, light: light, seed: 44)
                Film.finish(c, seed: 104, warmth: 0.15)
            },
            PhotoSpec("coffee-5", 900, 1200) { c in
                let u = min(c.w, c.h), light = Lighting(light: V3(-0.6, -0.4, 0.7))
                let horizon = c.h * 0.5
                Backdrop.cafeBokeh(c, top: RGB(hex: 0xd9cfc2), bottom: RGB(hex: 0xb9a892), lights: RGB(hex: 0xfff3dc), count: 18, seed: 5)
                Backdrop.table(c, horizon: horizon, texture: Surface.marble(base: RGB(hex: 0xf0ede8), vein: RGB(hex: 0x9a958e), seed: 51, scale: 6), focal: c.h * 0.45, edgeShade: 0.1)
                c.blur(u * 0.01, amount: { _, y in 1 - smoothstep(horizon, c.h * 0.8, y) })
                var glass = Glass(rimCenter: V2(c.w * 0.5, c.h * 0.26), radius: u * 0.2, height: c.h * 0.56, camera: TableCamera(squash: 0.3),
                                  contents: .layers([0.45: RGB(hex: 0xf2ebe0), 0.72: RGB(hex: 0xb77f4c), 0.78: RGB(hex: 0x7a4a28), 1.0: RGB(hex: 0xf6f1e8)]))
                glass.fill = 0.88; glass.taper = 0.86
                glass.draw(on: c, light: light, tint: RGB(hex: 0xc99a6a))
                ThreeQuarterCup.spoon(c, light: light, bowl: V2(c.w * 0.2, c.h * 0.9), tip: V2(c.w * 0.02, c.h * 0.78), size: u * 0.06, squash: 0.3)
                Film.finish(c, seed: 105, warmth: 0.2, contrast: 1.02)
            },
            PhotoSpec("coffee-6", 1000, 1000) { c in
                let u = min(c.w, c.h), light = Lighting(light: V3(-0.5, -0.5, 0.7))
                c.fillAll(Surface.stone(base: RGB(hex: 0x3a3d42), seed: 61, scale: u / 30))
                var cup = TopDownCup(center: V2(c.w * 0.52, c.h * 0.5), radius: u * 0.24, ceramic: .navy, drink: .mocha)
                cup.saucer = .navy; cup.saucerScale = 1.6; cup.handleAngle = 2.4; cup.spoon = true
                cup.draw(on: c, light: light)
                Film.finish(c, seed: 106, warmth: 0.05, contrast: 1.1)
            },
            PhotoSpec("coffee-7", 900, 1200) { c in
                let u = min(c.w, c.h), light = Lighting(light: V3(-0.5, -0.5, 0.7))
                let horizon = c.h * 0.55
                c.fillAll(.linear(V2(0, 0), V2(c.w, c.h), [0: RGB(hex: 0xf3d9c4), 1: RGB(hex: 0xe2b9a0)]))
                c.soft(.circle(center: V2(c.w * 0.8, c.h * 0.15), radius: u * 0.35), RGB(hex: 0x7c9a6a), sigma: u * 0.08, opacity: 0.5)
                Backdrop.table(c, horizon: horizon, texture: Surface.wood(base: RGB(hex: 0xe0c39c), dark: RGB(hex: 0xb48e62), seed: 71, scale: 3, angle: 1.57), focal: c.h * 0.4, edgeShade: 0.05)
                c.blur(u * 0.012, amount: { _, y in 1 - smoothstep(horizon, c.h * 0.8, y) })
                var glass = Glass(rimCenter: V2(c.w * 0.5, c.h * 0.3), radius: u * 0.22, height: c.h * 0.55, camera: TableCamera(squash: 0.28),
                                  contents: .iced(coffee: RGB(hex: 0x4a2614), milk: RGB(hex: 0xe9d6bd), cubes: 5))
                glass.straw = RGB(hex: 0x2d7a5e); glass.droplets = 60; glass.seed = 77; glass.fill = 0.82
                glass.draw(on: c, light: light, tint: RGB(hex: 0x9a6a40))
                Film.finish(c, seed: 107, warmth: 0.15, contrast: 1.03)
            },
            PhotoSpec("coffee-8", 1200, 900) { c in
                let u = min(c.w, c.h), light = Lighting(light: V3(-0.3, -0.7, 0.7))
                c.fillAll(Surface.wood(base: RGB(hex: 0xc49a68), dark: RGB(hex: 0x8a6038), seed: 81, scale: u / 110, angle: 1.5, plank: 9))
                Props.napkin(on: c, center: V2(c.w * 0.56, c.h * 0.55), size: u * 0.44, angle: -0.2, color: RGB(hex: 0xe8e2d6), light: light, seed: 82)
                var cup = TopDownCup(center: V2(c.w * 0.54, c.h * 0.52), radius: u * 0.3, ceramic: .cream, drink: .latte(.swan))
                cup.saucer = .cream; cup.saucerScale = 1.5; cup.handleAngle = -2.6; cup.artAngle = 0.1
                cup.draw(on: c, light: light)
                Film.finish(c, seed: 108, warmth: 0.25)
            },
            PhotoSpec("coffee-9", 1200, 900) { c in
                let u = min(c.w, c.h), light = Lighting(light: V3(-0.6, -0.5, 0.7))
                c.fillAll(Surface.wood(base: RGB(hex: 0x5c3a24), dark: RGB(hex: 0x2c190e), seed: 91, scale: u / 80, angle: 0.6))
                Props.scatterBeans(on: c, count: 9, size: u * 0.03, region: (V2(c.w * 0.72, c.h * 0.55), V2(c.w * 0.98, c.h * 0.95)),
                                   keepOut: [], light: light, seed: 93)
                PourOver(center: V2(c.w * 0.45, c.h * 0.48), radius: u * 0.33, ceramic: .white).draw(on: c, light: light)
                Steam.rise(on: c, from: V2(c.w * 0.45, c.h * 0.7), width: u * 0.4, height: c.h * 0.6, wisps: 5, seed: 94, strength: 0.12)
                Film.finish(c, seed: 109, warmth: 0.3)
            },
            PhotoSpec("coffee-10", 1600, 900) { c in
                let u = min(c.w, c.h)
                let light = Lighting(light: V3(0.7, -0.45, 0.5), ambient: 0.35, diffuse: 0.7, specular: 0.7)
                let horizon = c.h * 0.52
                Backdrop.cafeBokeh(c, top: RGB(hex: 0x120c0a), bottom: RGB(hex: 0x2a1c14), lights: RGB(hex: 0xff9a40), count: 30, seed: 10, window: false)
                Backdrop.table(c, horizon: horizon, texture: Surface.wood(base: RGB(hex: 0x3a2418), dark: RGB(hex: 0x160c06), seed: 101, scale: 3, angle: 1.57), focal: c.h * 0.5)
                c.blur(u * 0.012, amount: { _, y in 1 - smoothstep(horizon, c.h * 0.85, y) })
                var cup = ThreeQuarterCup(rimCenter: V2(c.w * 0.42, c.h * 0.42), radius: u * 0.22, camera: TableCamera(squash: 0.36),
                                          profile: .mug, ceramic: .black, drink: .americano)
                cup.saucer = .black; cup.saucerScale = 1.75; cup.handleSide = -1; cup.spoon = true
                cup.draw(on: c, light: light)
                Steam.rise(on: c, from: V2(c.w * 0.42, c.h * 0.4), width: u * 0.22, height: c.h * 0.4, wisps: 5, seed: 103, strength: 0.3)
                Film.finish(c, seed: 110, vignette: 0.5, warmth: 0.35, contrast: 1.1)
            },
            PhotoSpec("coffee-11", 1600, 900) { c in
                let u = min(c.w, c.h), light = Lighting(light: V3(-0.6, -0.6, 0.7))
                c.fillAll(Surface.wood(base: RGB(hex: 0xa8784a), dark: RGB(hex: 0x6a4424), seed: 111, scale: u / 100, angle: -0.05, plank: 6))
                Props.scatterBeans(on: c, count: 22, size: u * 0.028, region: (V2(0, 0), V2(c.w, c.h)),
                                   keepOut: [(V2(c.w * 0.33, c.h * 0.5), u * 0.4), (V2(c.w * 0.7, c.h * 0.45), u * 0.26)], light: light, seed: 113)
                var a = TopDownCup(center: V2(c.w * 0.33, c.h * 0.5), radius: u * 0.21, ceramic: .sage, drink: .cappuccino)
                a.saucer = .sage; a.handleAngle = 2.8; a.spoon = true
                a.draw(on: c, light: light)
                var b = TopDownCup(center: V2(c.w * 0.7, c.h * 0.45), radius: u * 0.12, ceramic: .white, drink: .espresso)
                b.saucer = .white; b.saucerScale = 1.8; b.handleAngle = 0.7; b.seed = 7
                b.draw(on: c, light: light)
                Film.finish(c, seed: 111, warmth: 0.25)
            },
            PhotoSpec("coffee-12", 1200, 900) { c in
                let u = min(c.w, c.h), light = Lighting(light: V3(-0.7, -0.35, 0.6))
                let horizon = c.h * 0.48
                Backdrop.cafeBokeh(c, top: RGB(hex: 0xf1ede6), bottom: RGB(hex: 0xcfc6b8), lights: RGB(hex: 0xffffff), count: 14, seed: 12)
                Backdrop.table(c, horizon: horizon, texture: Surface.marble(base: RGB(hex: 0xf3f1ee), vein: RGB(hex: 0x8a8a8e), seed: 121, scale: 5), focal: c.h * 0.5, edgeShade: 0.08)
                c.blur(u * 0.01, amount: { _, y in 1 - smoothstep(horizon, c.h * 0.8, y) })
                var cup = ThreeQuarterCup(rimCenter: V2(c.w * 0.5, c.h * 0.47), radius: u * 0.17, camera: TableCamera(squash: 0.4),
                                          profile: .demitasse, ceramic: .white, drink: .espresso)
                cup.saucer = .white; cup.saucerScale = 1.9; cup.spoon = true
                cup.draw(on: c, light: light)
                Film.finish(c, seed: 112, warmth: 0.1, contrast: 1.04)
            },
            PhotoSpec("coffee-13", 900, 1200) { c in
                let u = min(c.w, c.h), light = Lighting(light: V3(-0.5, -0.6, 0.7))
                c.fillAll(Surface.marble(base: RGB(hex: 0xf1d9d3), vein: RGB(hex: 0xb88c86), seed: 131, scale: u / 30))
                var cup = TopDownCup(center: V2(c.w * 0.5, c.h * 0.42), radius: u * 0.2, ceramic: .mint, drink: .flatWhite)
                cup.saucer = .mint; cup.handleAngle = 0.9; cup.artAngle = 0.2
                cup.draw(on: c, light: light)
                Props.sugarCube(on: c, center: V2(c.w * 0.28, c.h * 0.8), size: u * 0.07, angle: 0.2, light: light, seed: 132)
                Props.sugarCube(on: c, center: V2(c.w * 0.38, c.h * 0.84), size: u * 0.07, angle: 0.7, light: light, seed: 133)
                Props.spoon(on: c, bowl: V2(c.w * 0.7, c.h * 0.78), direction: V2(0.5, 0.9), length: u * 0.3, size: u * 0.05, light: light)
                Film.finish(c, seed: 113, warmth: 0.1)
            },
            PhotoSpec("coffee-14", 1200, 900) { c in
                let u = min(c.w, c.h), light = Lighting(light: V3(-0.5, -0.6, 0.7), specular: 0.7)
                c.fillAll(.solid(RGB(hex: 0x1e100a)))
                // A bed of beans: a jittered grid, drawn in shuffled order so they pile.
                var rng = SeededRandom(seed: 141)
                let s = u * 0.036
                var spots: [V2] = []
                var y: Float = -s
                while y < c.h + s { var x: Float = -s; while x < c.w + s { spots.append(V2(x, y)); x += s * 1.55 }; y += s * 1.15 }
                for i in spots.indices.reversed() { spots.swapAt(i, rng.int(0, i)) }
                let cc = V2(c.w * 0.5, c.h * 0.5)
                for p in spots where (p - cc).length > u * 0.32 {
                    Props.bean(on: c, center: p + V2(rng.range(-0.4, 0.4), rng.range(-0.4, 0.4)) * s, size: s * rng.range(0.85, 1.05),
                               angle: rng.range(0, 2 * pi), light: light, tone: rng.unit(), shadow: 0.7)
                }
                var cup = TopDownCup(center: cc, radius: u * 0.22, ceramic: .white, drink: .latte(.tulip))
                cup.handleAngle = -0.7; cup.artAngle = -0.3
                cup.draw(on: c, light: light)
                Film.finish(c, seed: 114, warmth: 0.2, contrast: 1.08)
            },
            PhotoSpec("coffee-15", 1200, 900) { c in
                let u = min(c.w, c.h), light = Lighting(light: V3(-0.55, -0.5, 0.65))
                let horizon = c.h * 0.36
                Backdrop.cafeBokeh(c, top: RGB(hex: 0x7d8c8f), bottom: RGB(hex: 0xb9b2a4), lights: RGB(hex: 0xfff0d0), count: 16, seed: 15)
                Backdrop.table(c, horizon: horizon, texture: Surface.linen(base: RGB(hex: 0xe6ddcc), seed: 151, scale: 0.4), focal: c.h * 0.5, edgeShade: 0.05)
                c.blur(u * 0.008, amount: { _, y in 1 - smoothstep(horizon, c.h * 0.7, y) })
                var cup = ThreeQuarterCup(rimCenter: V2(c.w * 0.48, c.h * 0.5), radius: u * 0.3, camera: TableCamera(squash: 0.5),
                                          profile: .tulip, ceramic: .cobalt, drink: .latte(.heart))
                cup.saucer = .cobalt; cup.saucerScale = 1.45; cup.artAngle = 0.15
                cup.draw(on: c, light: light)
                Film.finish(c, seed: 115, warmth: 0.15)
            },
            PhotoSpec("coffee-16", 1000, 1000) { c in
                let u = min(c.w, c.h), light = Lighting(light: V3(-0.6, -0.4, 0.7))
                c.fillAll(Surface.stone(base: RGB(hex: 0xa7a49e), seed: 161, scale: u / 25))
                var cup = TopDownCup(center: V2(c.w * 0.5, c.h * 0.5), radius: u * 0.27, ceramic: .mustard, drink: .latte(.layeredHeart))
                cup.handleAngle = 0.8; cup.artAngle = 0.5
                cup.draw(on: c, light: light)
                Film.finish(c, seed: 116, warmth: 0.1)
            },
            PhotoSpec("coffee-17", 900, 1200) { c in
                let u = min(c.w, c.h), light = Lighting(light: V3(-0.5, -0.7, 0.7))
                c.fillAll(Surface.wood(base: RGB(hex: 0xd2aa78), dark: RGB(hex: 0x9c7446), seed: 171, scale: u / 70, angle: 1.57, plank: 30))
                var cup = TopDownCup(center: V2(c.w * 0.5, c.h * 0.45), radius: u * 0.25, ceramic: .speckledGrey, drink: .cappuccino)
                cup.saucer = .speckledGrey; cup.saucerScale = 1.55; cup.handleAngle = 1.9; cup.seed = 17
                cup.draw(on: c, light: light)
                Props.scatterBeans(on: c, count: 6, size: u * 0.035, region: (V2(c.w * 0.05, c.h * 0.78), V2(c.w * 0.95, c.h * 0.98)),
                                   keepOut: [], light: light, seed: 172)
                Film.finish(c, seed: 117, warmth: 0.25)
            },
            PhotoSpec("coffee-18", 1200, 900) { c in
                let u = min(c.w, c.h), light = Lighting(light: V3(-0.6, -0.5, 0.7))
                let horizon = c.h * 0.4
                Backdrop.cafeBokeh(c, top: RGB(hex: 0x2c3a33), bottom: RGB(hex: 0x55624f), lights: RGB(hex: 0xffd890), count: 22, seed: 18)
                Backdrop.table(c, horizon: horizon, texture: Surface.wood(base: RGB(hex: 0x6e4a30), dark: RGB(hex: 0x3a2416), seed: 181, scale: 3, angle: 1.57), focal: c.h * 0.5)
                c.blur(u * 0.012, amount: { _, y in 1 - smoothstep(horizon, c.h * 0.75, y) })
                var cup = ThreeQuarterCup(rimCenter: V2(c.w * 0.56, c.h * 0.5), radius: u * 0.24, camera: TableCamera(squash: 0.45),
                                          profile: .bowl, ceramic: .blush, drink: .latte(.rosetta))
                cup.saucer = .blush; cup.artAngle = -0.2; cup.handleSide = -1
                cup.draw(on: c, light: light)
                Steam.rise(on: c, from: V2(c.w * 0.56, c.h * 0.5), width: u * 0.24, height: c.h * 0.4, wisps: 4, seed: 183, strength: 0.18)
                Film.finish(c, seed: 118, warmth: 0.3)
            },
            PhotoSpec("coffee-19", 1600, 900) { c in
                let u = min(c.w, c.h), light = Lighting(light: V3(-0.7, -0.5, 0.6))
                c.fillAll(Surface.wood(base: RGB(hex: 0xd9b98e), dark: RGB(hex: 0xa88158), seed: 191, scale: u / 110, angle: 0.02, plank: 8))
                var cup = TopDownCup(center: V2(c.w * 0.55, c.h * 0.52), radius: u * 0.24, ceramic: .white, drink: .latte(.rosetta))
                cup.saucer = .white; cup.handleAngle = 0.1; cup.artAngle = -1.2; cup.spoon = true; cup.seed = 19
                cup.draw(on: c, light: light)
                LightPatterns.window(c, angle: -0.5, paneSize: u * 0.45, softness: 0.12, strength: 0.7, leaves: 0.6, seed: 192)
                Film.finish(c, seed: 119, warmth: 0.35)
            },
            PhotoSpec("coffee-20", 900, 1200) { c in
                let u = min(c.w, c.h), light = Lighting(light: V3(-0.5, -0.5, 0.7))
                let horizon = c.h * 0.5
                c.fillAll(.linear(V2(0, 0), V2(0, c.h * 0.5), [0: RGB(hex: 0x9fc3cf), 1: RGB(hex: 0xd7e4e0)]))
                c.soft(.circle(center: V2(c.w * 0.15, c.h * 0.2), radius: u * 0.3), RGB(hex: 0x6f9b5e), sigma: u * 0.06, opacity: 0.6)
                Backdrop.table(c, horizon: horizon, texture: Surface.stone(base: RGB(hex: 0xd6d1c8), seed: 201, scale: 3), focal: c.h * 0.4, edgeShade: 0.05)
                c.blur(u * 0.012, amount: { _, y in 1 - smoothstep(horizon, c.h * 0.8, y) })
                var glass = Glass(rimCenter: V2(c.w * 0.45, c.h * 0.3), radius: u * 0.2, height: c.h * 0.5, camera: TableCamera(squash: 0.3),
                                  contents: .iced(coffee: RGB(hex: 0x3a1c0e), milk: RGB(hex: 0xf2e6d4), cubes: 4))
                glass.droplets = 90; glass.seed = 205; glass.fill = 0.78; glass.taper = 0.9
                glass.draw(on: c, light: light, tint: RGB(hex: 0x8a5a30))
                Props.bean(on: c, center: V2(c.w * 0.8, c.h * 0.9), size: u * 0.04, angle: 0.4, light: light, tone: 0.3)
                Props.bean(on: c, center: V2(c.w * 0.88, c.h * 0.86), size: u * 0.04, angle: 2.0, light: light, tone: 0.7)
                Film.finish(c, seed: 120, warmth: 0.05, contrast: 1.03)
            },
        ]
    }
}
