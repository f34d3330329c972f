/// How a paint combines with what is already there.
public enum Blend {
    case normal
    /// Adds light: glows, lamps, highlights.
    case add
    /// Lightens without clipping harshly: steam, haze, reflections.
    case screen
    /// Darkens by the paint colour: shadows and stains.
    case multiply
}

/// An RGB float image that shapes are painted into. A class so that the many drawing helpers can
/// share one without copying megabytes.
public final class Canvas {
    public let width: Int
    public let height: Int
    public var pixels: [Float]

    public init(width: Int, height: Int, fill: RGB = .black) {
        self.width = width
        self.height = height
        pixels = [Float](repeating: 0, count: width * height * 3)
        for i in 0..<(width * height) { pixels[i * 3] = fill.r; pixels[i * 3 + 1] = fill.g; pixels[i * 3 + 2] = fill.b }
    }
    public var w: Float { Float(width) }
    public var h: Float { Float(height) }
    public var center: V2 { V2(w / 2, h / 2) }

    public func pixel(_ x: Int, _ y: Int) -> RGB {
        let i = (y * width + x) * 3
        return RGB(pixels[i], pixels[i + 1], pixels[i + 2])
    }

    public func mask(_ path: Path) -> Mask { Rasterizer.mask(path, width: width, height: height) }

    /// Paints `paint` through a coverage mask.
    public func composite(_ mask: Mask, _ paint: Paint, opacity: Float = 1, blend: Blend = .normal) {
        guard !mask.isEmpty else { return }
        let xa = max(0, mask.x0), ya = max(0, mask.y0)
        let xb = min(width, mask.x0 + mask.width), yb = min(height, mask.y0 + mask.height)
        guard xb > xa, yb > ya else { return }
        let shade = paint.shade
        pixels.withUnsafeMutableBufferPointer { px in
            mask.coverage.withUnsafeBufferPointer { cov in
                for y in ya..<yb {
                    let mrow = (y - mask.y0) * mask.width - mask.x0
                    for x in xa..<xb {
                        let c = cov[mrow + x]
                        if c <= 0.0005 { continue }
                        let s = shade(Float(x) + 0.5, Float(y) + 0.5)
                        let a = c * opacity * s.a
                        if a <= 0 { continue }
                        let i = (y * width + x) * 3
                        Canvas.blendPixel(px, i, s.rgb, a, blend)
                    }
                }
            }
        }
    }

    @inline(__always) static func blendPixel(_ px: UnsafeMutableBufferPointer<Float>, _ i: Int, _ c: RGB, _ a: Float, _ blend: Blend) {
        switch blend {
        case .normal:
            px[i] += (c.r - px[i]) * a; px[i + 1] += (c.g - px[i + 1]) * a; px[i + 2] += (c.b - px[i + 2]) * a
        case .add:
            px[i] += c.r * a; px[i + 1] += c.g * a; px[i + 2] += c.b * a
        case .screen:
            px[i] = 1 - (1 - px[i]) * (1 - c.r * a)
            px[i + 1] = 1 - (1 - px[i + 1]) * (1 - c.g * a)
            px[i + 2] = 1 - (1 - px[i + 2]) * (1 - c.b * a)
        case .multiply:
            px[i] *= 1 - a + a * c.r; px[i + 1] *= 1 - a + a * c.g; px[i + 2] *= 1 - a + a * c.b
        }
    }

    public func fill(_ path: Path, _ paint: Paint, opacity: Float = 1, blend: Blend = .normal) {
        composite(mask(path), paint, opacity: opacity, blend: blend)
    }
    public func fill(_ path: Path, _ color: RGB, opacity: Float = 1, blend: Blend = .normal) {
        composite(mask(path), .solid(color), opacity: opacity, blend: blend)
    }
    /// Shades every pixel: backgrounds, table tops, skies.
    public func fillAll(_ paint: Paint, opacity: Float = 1, blend: Blend = .normal) {
        composite(Mask(x0: 0, y0: 0, width: width, height: height,
                       coverage: [Float](repeating: 1, count: width * height)), paint, opacity: opacity, blend: blend)
    }
    /// A shape blurred by `sigma`: soft shadows, glows, out-of-focus light.
    public func soft(_ path: Path, _ paint: Paint, sigma: Float, opacity: Float = 1, blend: Blend = .normal) {
        composite(mask(path).blurred(sigma), paint, opacity: opacity, blend: blend)
    }
    public func soft(_ path: Path, _ color: RGB, sigma: Float, opacity: Float = 1, blend: Blend = .normal) {
        soft(path, .solid(color), sigma: sigma, opacity: opacity, blend: blend)
    }

    /// Blurs the whole picture: what is drawn so far becomes the out-of-focus background.
    public func blur(_ sigma: Float) {
        guard sigma > 0.3 else { return }
        boxBlur3(&pixels, width: width, height: height, channels: 3, sigma: sigma)
    }
    /// Blurs by an amount that varies over the picture: `amount(x, y)` in 0...1 blends toward the
    /// fully blurred image (a tilted plane of focus).
    public func blur(_ sigma: Float, amount: (Float, Float) -> Float) {
        var blurred = pixels
        boxBlur3(&blurred, width: width, height: height, channels: 3, sigma: sigma)
        for y in 0..<height {
            for x in 0..<width {
                let t = clamp01(amount(Float(x) + 0.5, Float(y) + 0.5))
                if t <= 0 { continue }
                let i = (y * width + x) * 3
                for c in 0..<3 { pixels[i + c] += (blurred[i + c] - pixels[i + c]) * t }
            }
        }
    }

    /// Changes every pixel by a function of its position and colour: grading, vignettes, grain.
    public func map(_ f: (Int, Int, RGB) -> RGB) {
        pixels.withUnsafeMutableBufferPointer { px in
            for y in 0..<height {
                for x in 0..<width {
                    let i = (y * width + x) * 3
                    let c = f(x, y, RGB(px[i], px[i + 1], px[i + 2]))
                    px[i] = c.r; px[i + 1] = c.g; px[i + 2] = c.b
                }
            }
        }
    }

    /// 8-bit RGB, rounded and clamped: what files store.
    public func rgb24() -> [UInt8] {
        pixels.map { UInt8(min(255, max(0, ($0 * 255).rounded()))) }
    }

    /// A smaller copy by area averaging, for thumbnails and contact sheets.
    public func downsampled(to newW: Int, _ newH: Int) -> Canvas {
        let out = Canvas(width: newW, height: newH)
        let sx = Float(width) / Float(newW), sy = Float(height) / Float(newH)
        for y in 0..<newH {
            for x in 0..<newW {
                let xa = Int(Float(x) * sx), xb = max(xa + 1, Int(Float(x + 1) * sx))
                let ya = Int(Float(y) * sy), yb = max(ya + 1, Int(Float(y + 1) * sy))
                var acc = RGB(0, 0, 0)
                for yy in ya..<min(yb, height) { for xx in xa..<min(xb, width) { acc = acc + pixel(xx, yy) } }
                let n = Float((min(yb, height) - ya) * (min(xb, width) - xa))
                let i = (y * newW + x) * 3
                out.pixels[i] = acc.r / n; out.pixels[i + 1] = acc.g / n; out.pixels[i + 2] = acc.b / n
            }
        }
        return out
    }
}
