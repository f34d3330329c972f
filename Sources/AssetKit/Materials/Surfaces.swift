import Glibc

/// Table tops and walls as shaders: each returns a paint for the whole canvas, in pixel units with
/// `scale` = pixels per texture unit so a texture reads the same at every image size.
public enum Surface {
    /// Planks of wood running along `angle`, with rings, figure and seams.
    public static func wood(base: RGB, dark: RGB, seed: UInt32, scale: Float, angle: Float = 0, plank: Float = 7) -> Paint {
        let n = Noise(seed: seed), n2 = Noise(seed: seed &+ 11)
        let ca = cos(angle), sa = sin(angle)
        return .shader { x, y in
            let u = (x * ca + y * sa) / scale, v = (-x * sa + y * ca) / scale
            let plankIndex = floor(v / plank)
            let pv = v - plankIndex * plank
            let shift = hash01(Int32(plankIndex), 3, seed) * 40
            let tone = hash01(Int32(plankIndex), 7, seed) * 0.18 - 0.09
            let warp = n.fbm(u * 0.08 + shift, v * 0.6, octaves: 4) * 6
            let rings = 0.5 + 0.5 * sin((pv * 2.2 + warp) * 2.6)
            let fine = n2.value(u * 2.5 + shift, v * 9)
            var t = rings * 0.55 + fine * 0.25 + n.fbm(u * 0.02 + shift, v * 0.3) * 0.35
            t = clamp01(t + tone)
            var c = RGB.lerp(base, dark, t * 0.85)
            let seam = min(pv, plank - pv)
            c = c * (0.55 + 0.45 * smoothstep(0, 0.12, seam))
            return c
        }
    }

    /// Polished stone with soft veins.
    public static func marble(base: RGB, vein: RGB, seed: UInt32, scale: Float) -> Paint {
        let n = Noise(seed: seed), n2 = Noise(seed: seed &+ 5)
        return .shader { x, y in
            let u = x / scale, v = y / scale
            let turb = n.fbm(u * 0.12, v * 0.12, octaves: 6)
            let t = u * 0.05 + v * 0.03 + turb * 1.6
            let veins = abs(sin(t * 2 * pi))
            // Veins come and go along their length, and split into fine hairlines.
            let presence = smoothstep(0.42, 0.62, n2.fbm(u * 0.06 + 50, v * 0.06, octaves: 3))
            let thin = pow(1 - veins, 30) * presence + pow(1 - veins, 6) * presence * 0.25
            let cloud = n.fbm(u * 0.08 + 9, v * 0.08, octaves: 4)
            var c = RGB.lerp(base, base.shade(-0.1), smoothstep(0.3, 0.8, cloud))
            c = RGB.lerp(c, vein, min(1, thin) * 0.65)
            return c
        }
    }

    /// Woven cloth: a fine warp-and-weft with slub irregularity and soft folds.
    public static func linen(base: RGB, seed: UInt32, scale: Float, angle: Float = 0) -> Paint {
        let n = Noise(seed: seed)
        let ca = cos(angle), sa = sin(angle)
        return .shader { x, y in
            let u = (x * ca + y * sa) / scale, v = (-x * sa + y * ca) / scale
            let warp = 0.5 + 0.5 * sin(u * 9 + n.value(u * 0.5, v * 3) * 2)
            let weft = 0.5 + 0.5 * sin(v * 9 + n.value(u * 3, v * 0.5) * 2)
            let slub = n.value(u * 0.3, v * 4) * 0.5 + n.value(u * 4, v * 0.3) * 0.5
            let fold = n.fbm(u * 0.05, v * 0.08, octaves: 3)
            let t = (warp * weft) * 0.12 + slub * 0.08 + (fold - 0.5) * 0.35
            return base.shade(t - 0.08)
        }
    }

    /// Dark slate or concrete: speckled, slightly mottled.
    public static func stone(base: RGB, seed: UInt32, scale: Float) -> Paint {
        let n = Noise(seed: seed)
        return .shader { x, y in
            let u = x / scale, v = y / scale
            let m = n.fbm(u * 0.4, v * 0.4, octaves: 5)
            let speck = hash01(Int32(x / 2), Int32(y / 2), n.seed)
            var c = base.shade((m - 0.5) * 0.35)
            if speck > 0.93 { c = c.shade(0.12) } else if speck < 0.05 { c = c.shade(-0.15) }
            return c
        }
    }

    /// Painted plaster or a wall: broad, gentle mottling.
    public static func plaster(base: RGB, seed: UInt32, scale: Float, strength: Float = 0.12) -> Paint {
        let n = Noise(seed: seed)
        return .shader { x, y in
            let m = n.fbm(x / scale * 0.3, y / scale * 0.3, octaves: 5)
            return base.shade((m - 0.5) * strength * 2)
        }
    }

    /// Brick courses with mortar, each brick its own shade.
    public static func brick(base: RGB, mortar: RGB, seed: UInt32, brickWidth: Float, origin: V2 = V2(0, 0)) -> Paint {
        let n = Noise(seed: seed)
        let bh = brickWidth * 0.36
        return .shader { x, y in
            let lx = x - origin.x, ly = y - origin.y
            let row = floor(ly / bh)
            let off = row.truncatingRemainder(dividingBy: 2) == 0 ? 0 : brickWidth / 2
            let col = floor((lx + off) / brickWidth)
            let bx = lx + off - col * brickWidth, by = ly - row * bh
            let m = brickWidth * 0.06
            let inMortar = 1 - smoothstep(m * 0.5, m, min(bx, brickWidth - bx)) * smoothstep(m * 0.5, m, min(by, bh - by))
            let tone = hash01(Int32(col), Int32(row), seed) * 0.3 - 0.15
            let tex = (n.fbm(x * 0.15, y * 0.15, octaves: 3) - 0.5) * 0.25
            let c = base.shade(tone + tex)
            return RGB.lerp(c, mortar.shade(tex), inMortar)
        }
    }
}
