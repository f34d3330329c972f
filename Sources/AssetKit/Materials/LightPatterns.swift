import Glibc

/// Light falling through a window onto the scene: bright panes, soft mullion shadows and dappled
/// leaves. Applied after everything is drawn, like real light would be.
public enum LightPatterns {
    public static func window(_ canvas: Canvas, angle: Float, paneSize: Float, softness: Float, strength: Float,
                              leaves: Float = 0, seed: UInt32 = 9) {
        let noise = Noise(seed: seed)
        let ca = cos(angle), sa = sin(angle)
        canvas.map { x, y, c in
            let fx = Float(x), fy = Float(y)
            let u = (fx * ca + fy * sa) / paneSize, v = (-fx * sa + fy * ca) / (paneSize * 1.4)
            let mu = abs(u - floor(u) - 0.5) * 2, mv = abs(v - floor(v) - 0.5) * 2
            var lit = smoothstep(1, 1 - softness, mu) * smoothstep(1, 1 - softness, mv)
            lit *= smoothstep(-0.2, 0.6, 1 - abs(v - 0.6) * 0.8)
            if leaves > 0 {
                let n = noise.fbm(fx / paneSize * 1.6, fy / paneSize * 1.6, octaves: 4)
                lit *= 1 - leaves * smoothstep(0.45, 0.6, n)
            }
            let gain = 1 - strength * 0.45 + strength * 0.75 * lit
            return RGB(c.r * gain * 1.02, c.g * gain, c.b * gain * (0.97 + 0.03 * lit))
        }
    }
}
