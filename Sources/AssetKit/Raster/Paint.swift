/// What fills a shape: a colour for each pixel centre, with its own opacity.
public struct Paint {
    public let shade: (Float, Float) -> RGBA
    public init(_ shade: @escaping (Float, Float) -> RGBA) { self.shade = shade }

    public static func solid(_ c: RGB, alpha: Float = 1) -> Paint {
        let v = RGBA(c, alpha)
        return Paint { _, _ in v }
    }
    /// A shader giving only a colour.
    public static func shader(_ f: @escaping (Float, Float) -> RGB) -> Paint { Paint { x, y in RGBA(f(x, y)) } }

    /// Colours spread along the line from `a` to `b`, clamped beyond the ends.
    public static func linear(_ a: V2, _ b: V2, _ stops: KeyValuePairs<Float, RGB>) -> Paint {
        let d = b - a, len2 = max(1e-6, d.dot(d))
        let g = Gradient(stops)
        return Paint { x, y in RGBA(g.at((V2(x, y) - a).dot(d) / len2)) }
    }
    /// Colours by distance from `center`, 0 there and 1 at `radius` (elliptical with `squash`).
    public static func radial(_ center: V2, _ radius: Float, _ stops: KeyValuePairs<Float, RGB>, squash: Float = 1) -> Paint {
        let g = Gradient(stops)
        return Paint { x, y in
            let dx = x - center.x, dy = (y - center.y) / squash
            return RGBA(g.at((dx * dx + dy * dy).squareRoot() / radius))
        }
    }
}

/// Piecewise-linear colour stops, smoothed between stops.
public struct Gradient {
    let stops: [(Float, RGB)]
    public init(_ stops: [(Float, RGB)]) { self.stops = stops }
    public init(_ stops: KeyValuePairs<Float, RGB>) { self.stops = stops.map { ($0.key, $0.value) } }
    public func at(_ t: Float) -> RGB {
        guard let first = stops.first, let last = stops.last else { return .black }
        if t <= first.0 { return first.1 }
        if t >= last.0 { return last.1 }
        for i in 1..<stops.count where t <= stops[i].0 {
            let (t0, c0) = stops[i - 1], (t1, c1) = stops[i]
            let u = (t - t0) / max(1e-6, t1 - t0)
            return RGB.lerp(c0, c1, u * u * (3 - 2 * u))
        }
        return last.1
    }
}

extension Paint {
    /// Another canvas placed with its top-left corner at `origin` (nearest pixel; for compositing
    /// pre-rendered layers such as the blurred room behind a shop window).
    public static func image(_ layer: Canvas, origin: V2) -> Paint {
        Paint { x, y in
            let ix = min(layer.width - 1, max(0, Int(x - origin.x))), iy = min(layer.height - 1, max(0, Int(y - origin.y)))
            return RGBA(layer.pixel(ix, iy))
        }
    }
}
