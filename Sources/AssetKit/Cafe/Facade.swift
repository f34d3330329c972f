import Glibc

/// Street facades traced in perspective: what a building front shows at a point on it, `a` metres
/// along from its start and `b` metres up. A cafe's ground floor is shop glass with the warm room
/// behind; other floors are rows of windows, some lit. Shared by every scene that looks at a street.
public struct Facade {
    public var time: TimeOfDay
    public var trim: RGB

    public init(time: TimeOfDay, trim: RGB) { self.time = time; self.trim = trim }

    /// One building along a street: where it starts and ends (metres), how tall it is and what it
    /// is clad in.
    public struct Frontage {
        public var from: Float, to: Float, height: Float, wall: RGB, brick: Bool
        public init(from: Float, to: Float, height: Float, wall: RGB, brick: Bool) {
            self.from = from; self.to = to; self.height = height; self.wall = wall; self.brick = brick
        }
    }

    /// What a facade shows at `a` metres along it and `b` up: a colour lit by the scene, and light
    /// of its own (shop glass, lit rooms).
    public func shade(a: Float, b: Float, width: Float, front: Frontage, cafe: Bool, seed: UInt32, view: V3, normal: V3)
        -> (surface: RGB, emission: RGB) {
        let n = Noise(seed: seed)
        // Glass reflects more of the sky at grazing angles (Fresnel, roughly).
        let grazing = 1 - abs(view.normalized.dot(normal))
        let reflect = 0.08 + 0.6 * pow(grazing, 3)
        let skyRefl = RGB.lerp(time.skyHorizon, time.skyTop, clamp01((b - 2) / 12))
        var wallCol: RGB
        if front.brick {
            let row = floor(b / 0.075)
            let off: Float = Int(row) % 2 == 0 ? 0 : 0.11
            let col = floor((a + off) / 0.22)
            let fr: Float = b / 0.075 - row, fc: Float = (a + off) / 0.22 - col
            let mortar = min(fr, fc) < 0.12
            wallCol = mortar ? RGB(hex: 0xb8b0a4) : front.wall.shade((hash01(Int32(col), Int32(row), seed) - 0.5) * 0.2)
        } else {
            wallCol = front.wall.shade((n.fbm(a * 0.8, b * 0.8, octaves: 4) - 0.5) * 0.22)
        }
        // Rain streaks and grime: darker toward the ground and below sills.
        wallCol = wallCol.shade(-0.18 * (1 - smoothstep(0, 1.2, b)) - 0.06 * n.value(a * 3, b * 0.3))
        // Parapet and cornice.
        if b > front.height - 0.45 { return (wallCol.shade(b > front.height - 0.3 ? 0.08 : -0.35), RGB(0, 0, 0)) }
        let groundTop: Float = 3.55
        if cafe && b < groundTop {
            if b < 0.32 { return (RGB(hex: 0x2a2b2d).shade((n.value(a * 5, b * 5) - 0.5) * 0.2), RGB(0, 0, 0)) }
            if b > 3.0 { return (trim.shade(b > 3.48 ? 0.15 : 0), RGB(0, 0, 0)) }     // fascia
            let bay: Float = 2.6, first: Float = 0.5
            let k = floor((a - first) / bay), u = a - first - k * bay
            if a < first || u < 0.22 || a > width - 0.3 || k > 3 { return (trim.shade(-0.05), RGB(0, 0, 0)) }  // piers
            let frame: Float = 0.06
            if u < 0.22 + frame || u > bay - frame || b < 0.32 + frame || b > 3.0 - frame || abs(b - 2.4) < frame * 0.5 {
                return (trim.shade(-0.2), RGB(0, 0, 0))
            }
            return glass(cu: (u - 0.22) / (bay - 0.22), b: b, bay: Int(k), seed: seed, view: view, normal: normal)
        }
        // Upper floors: a grid of windows, some lit.
        let floorH: Float = 3.2
        let level = floor((b - groundTop) / floorH), fb = b - groundTop - level * floorH
        let pitch: Float = 2.6
        let col = floor((a - 0.9) / pitch), fu = a - 0.9 - col * pitch
        if a > 0.9, a < width - 1.2, fu < 1.25, fb > 0.9, fb < 2.6, level >= 0 {
            if fu < 0.07 || fu > 1.18 || fb < 0.97 || fb > 2.53 || abs(fu - 0.625) < 0.03 { return (wallCol.shade(0.2), RGB(0, 0, 0)) }
            let lit = hash01(Int32(col), Int32(level), seed &+ 9) < 0.25 + 0.45 * time.glow
            if lit {
                let inside = RGB(hex: 0xffc77e) * (0.35 + 0.65 * time.glow) * (0.7 + 0.3 * n.value(fu * 3, fb * 3))
                let curtain = smoothstep(0.5, 0.55, abs(fu - 0.625) / 0.625) * 0.4
                return (skyRefl * reflect * 0.5, inside * (1 - curtain))
            }
            return (skyRefl * (0.35 + reflect) + RGB(gray: 0.03), RGB(0, 0, 0))
        }
        // Sills cast a shadow line just below them.
        if fb > 0.8 && fb < 0.9 && fu < 1.35 && a > 0.8 && a < width - 1.1 { return (wallCol.shade(fb < 0.85 ? 0.25 : -0.3), RGB(0, 0, 0)) }
        return (wallCol, RGB(0, 0, 0))
    }

    /// What shop glass shows at `cu` across its pane (0…1) and `b` metres up: the warm room behind
    /// it (lamps near the top, someone at a table, the counter low down) and the sky it reflects,
    /// more of it the flatter the glass is seen. `bay` picks who sits behind which pane.
    public func glass(cu: Float, b: Float, bay k: Int, seed: UInt32, view: V3, normal: V3) -> (surface: RGB, emission: RGB) {
        let grazing = 1 - abs(view.normalized.dot(normal))
        let reflect = 0.08 + 0.6 * pow(grazing, 3)
        let skyRefl = RGB.lerp(time.skyHorizon, time.skyTop, clamp01((b - 2) / 12))
        var room = RGB(hex: 0xd08a48) * (0.55 + 0.45 * smoothstep(0.3, 2.6, b))
        let lamp = exp(-pow((cu - 0.5) / 0.08, 2) - pow((b - 2.15) / 0.12, 2))
        room = room + RGB(hex: 0xfff0c8) * (lamp * 2.2)
        let person = hash01(Int32(k), 3, seed) > 0.35
        if person {
            let px = 0.25 + 0.5 * hash01(Int32(k), 5, seed)
            // Shoulders and a head, out of focus behind the glass.
            let body = 1 - smoothstep(0.5, 1.3, V2((cu - px) / 0.13, (b - 1.05) / 0.42).length)
            let head = 1 - smoothstep(0.5, 1.3, V2((cu - px) / 0.05, (b - 1.6) / 0.11).length)
            room = RGB.lerp(room, RGB(hex: 0x3a2a22), max(body, head) * 0.7)
        }
        room = RGB.lerp(room, RGB(hex: 0x4a2e1c), (1 - smoothstep(0.32, 1.0, b)) * 0.7)   // counter and tables
        let glow = time.glow * 0.85 + 0.25
        return (skyRefl * reflect, room * glow * (1 - reflect))
    }
}
