import Foundation

/// A point on a convex shape's edge, in pixels, with the direction its anti-aliasing fringe grows:
/// the unit normal on curves, the miter vector (e.g. (1, 1)) at sharp corners, so that moving by
/// `d * dir` offsets the edge by `d` pixels.
struct OutlinePoint {
    var x: Double
    var y: Double
    var dx: Double
    var dy: Double
}

/// Convex outlines in pixel space, all listed clockwise on screen (y down).
enum Outline {
    /// Segments per quarter circle so the polygon strays at most ~0.1 px from the true arc;
    /// 0 means the corner is sharp (radius under a pixel shows no curve anyway).
    static func quarterSegments(radius r: Double) -> Int {
        guard r >= 1 else { return 0 }
        let step = 2 * acos(max(-1, 1 - 0.1 / r))
        return max(2, min(64, Int(((Double.pi / 2) / step).rounded(.up))))
    }

    /// A rounded rectangle with `segments` steps per corner. Every corner emits `segments + 1`
    /// points whatever its radius, so two outlines with the same `segments` pair up point by point
    /// (a stroke joins them); a sharp corner repeats its corner point with fanning directions.
    static func roundedRect(x0: Double, y0: Double, x1: Double, y1: Double,
                            radius: Double, segments n: Int) -> [OutlinePoint] {
        let r = max(0, min(radius, (x1 - x0) / 2, (y1 - y0) / 2))
        let sharp = r < 1 || n == 0
        // Corner centres and the angle each arc starts at, clockwise from top-left.
        let corners: [(cx: Double, cy: Double, start: Double, sx: Double, sy: Double)] = [
            (x0 + r, y0 + r, Double.pi, -1, -1),
            (x1 - r, y0 + r, Double.pi * 1.5, 1, -1),
            (x1 - r, y1 - r, 0, 1, 1),
            (x0 + r, y1 - r, Double.pi * 0.5, -1, 1),
        ]
        var out: [OutlinePoint] = []
        out.reserveCapacity(4 * (n + 1))
        for c in corners {
            if sharp {
                let px = c.sx < 0 ? x0 : x1, py = c.sy < 0 ? y0 : y1
                for _ in 0...n {
                    out.append(OutlinePoint(x: px, y: py, dx: c.sx, dy: c.sy))
                }
                continue
            }
            for i in 0...n {
                let a = c.start + Double.pi / 2 * Double(i) / Double(n)
                let ux = cos(a), uy = sin(a)
                // On the canvas's grid: cos(3π/2) is not quite 0, and a corner whose centre sits on
                // a half pixel must not land a hair to either side of it.
                out.append(OutlinePoint(x: Canvas.snap(c.cx + r * ux), y: Canvas.snap(c.cy + r * uy), dx: ux, dy: uy))
            }
        }
        return out
    }

    /// A quadrilateral with sharp corners (a thick line), given as its four corners clockwise.
    static func quad(_ p: [(Double, Double)]) -> [OutlinePoint] {
        var out: [OutlinePoint] = []
        for i in 0..<p.count {
            let prev = p[(i + p.count - 1) % p.count], cur = p[i], next = p[(i + 1) % p.count]
            let n1 = outwardNormal(prev, cur), n2 = outwardNormal(cur, next)
            // Miter: the vector whose projection on both edge normals is 1.
            let dot = n1.0 * n2.0 + n1.1 * n2.1
            let k = 1 / max(0.25, 1 + dot)
            out.append(OutlinePoint(x: Canvas.snap(cur.0), y: Canvas.snap(cur.1), dx: (n1.0 + n2.0) * k, dy: (n1.1 + n2.1) * k))
        }
        return out
    }

    /// For a clockwise (on screen) edge a→b, the normal pointing out of the shape.
    private static func outwardNormal(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) {
        let ex = b.0 - a.0, ey = b.1 - a.1
        let len = max(1e-9, (ex * ex + ey * ey).squareRoot())
        return (ey / len, -ex / len)
    }
}
