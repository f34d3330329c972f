extension Path {
    /// The outline of a polyline drawn with a round pen: a quad per segment and a disc per vertex,
    /// all the same orientation so they unite. `widths` may taper the pen along the line.
    public static func stroke(_ pts: [V2], width: Float, endWidth: Float? = nil) -> Path {
        var out = Path()
        guard let first = pts.first else { return out }
        let w1 = endWidth ?? width
        func w(_ i: Int) -> Float { pts.count < 2 ? width : mix(width, w1, Float(i) / Float(pts.count - 1)) }
        out.append(circle(center: first, radius: w(0) / 2))
        for i in 1..<max(1, pts.count) {
            let a = pts[i - 1], b = pts[i]
            let n = (b - a).normalized.perpendicular
            let ha = w(i - 1) / 2, hb = w(i) / 2
            if (b - a).length > 1e-4 {
                out.append(Path(polygon: oriented([a + n * ha, b + n * hb, b - n * hb, a - n * ha])))
            }
            out.append(circle(center: b, radius: hb))
        }
        return out
    }

    /// Points along a cubic Bézier, for strokes that curve.
    public static func bezierPoints(_ p0: V2, _ c1: V2, _ c2: V2, _ p1: V2, count: Int? = nil) -> [V2] {
        let n = count ?? segments(for: (c1 - p0).length + (c2 - c1).length + (p1 - c2).length)
        return (0...n).map { i in
            let t = Float(i) / Float(n), u = 1 - t
            return p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p1 * (t * t * t)
        }
    }
    /// Points along a quadratic Bézier.
    public static func quadPoints(_ p0: V2, _ c: V2, _ p1: V2, count: Int? = nil) -> [V2] {
        let n = count ?? segments(for: (c - p0).length + (p1 - c).length)
        return (0...n).map { i in
            let t = Float(i) / Float(n), u = 1 - t
            return p0 * (u * u) + c * (2 * u * t) + p1 * (t * t)
        }
    }
}
