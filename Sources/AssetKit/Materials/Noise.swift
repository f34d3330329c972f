import Glibc

/// Smooth value noise on an integer lattice, and its fractal sum: the raw stuff of wood, stone,
/// cloth, crema and grime.
public struct Noise {
    public let seed: UInt32
    public init(seed: UInt32) { self.seed = seed }

    /// Value noise in 0...1, smoothly interpolated between lattice points.
    public func value(_ x: Float, _ y: Float) -> Float {
        let fx = floor(x), fy = floor(y)
        let ix = Int32(fx), iy = Int32(fy)
        var tx = x - fx, ty = y - fy
        tx = tx * tx * (3 - 2 * tx); ty = ty * ty * (3 - 2 * ty)
        let a = hash01(ix, iy, seed), b = hash01(ix &+ 1, iy, seed)
        let c = hash01(ix, iy &+ 1, seed), d = hash01(ix &+ 1, iy &+ 1, seed)
        return mix(mix(a, b, tx), mix(c, d, tx), ty)
    }
    /// Fractal brownian motion: `octaves` layers of noise, each twice as fine and half as strong.
    public func fbm(_ x: Float, _ y: Float, octaves: Int = 5) -> Float {
        var sum: Float = 0, amp: Float = 0.5, f: Float = 1, norm: Float = 0
        for o in 0..<octaves {
            // Rotating each octave hides the lattice's grid alignment.
            let r = Float(o) * 0.5
            let rx = x * cos(r) - y * sin(r), ry = x * sin(r) + y * cos(r)
            sum += amp * value(rx * f + Float(o) * 17.3, ry * f - Float(o) * 9.1)
            norm += amp; amp *= 0.5; f *= 2
        }
        return sum / norm
    }
}
