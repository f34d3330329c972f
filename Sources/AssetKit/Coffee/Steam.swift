import Glibc

/// Wisps of steam rising from a hot drink: soft, translucent, curling strokes.
public enum Steam {
    public static func rise(on canvas: Canvas, from base: V2, width: Float, height: Float, wisps: Int, seed: UInt64,
                            strength: Float = 0.22) {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<wisps {
            let x0 = base.x + rng.range(-0.35, 0.35) * width
            let phase = rng.range(0, 2 * pi)
            let amp = rng.range(0.08, 0.22) * width
            let top = height * rng.range(0.55, 1)
            var pts: [V2] = []
            for i in 0...30 {
                let t = Float(i) / 30
                pts.append(V2(x0 + sin(phase + t * 5.5) * amp * t + t * t * amp * 0.6, base.y - t * top))
            }
            let w = width * rng.range(0.05, 0.1)
            let path = Path.stroke(pts, width: w, endWidth: w * 2.2)
            let fade = Paint { _, y in RGBA(RGB(1, 1, 1), smoothstep(base.y - top, base.y - top * 0.5, y) * smoothstep(base.y, base.y - top * 0.15, y)) }
            canvas.soft(path, fade, sigma: w * 0.8, opacity: strength, blend: .screen)
        }
    }
}
