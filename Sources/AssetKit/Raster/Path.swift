import Glibc

/// A shape as closed polygons. Curves are flattened as they are added (finely enough for anti-aliased
/// edges), so rasterizing only ever sees straight edges. Sub-paths of the same orientation add up
/// (a union); a reversed sub-path cuts a hole.
public struct Path {
    public private(set) var contours: [[V2]] = []
    private var current: [V2] = []

    public init() {}
    public init(polygon: [V2]) { contours = [polygon] }

    public mutating func move(to p: V2) {
        flush()
        current = [p]
    }
    public mutating func line(to p: V2) { current.append(p) }
    public mutating func quad(to p: V2, control c: V2) {
        let p0 = current.last ?? p
        let n = Path.segments(for: (c - p0).length + (p - c).length)
        for i in 1...n {
            let t = Float(i) / Float(n), u = 1 - t
            current.append(p0 * (u * u) + c * (2 * u * t) + p * (t * t))
        }
    }
    public mutating func curve(to p: V2, control1 c1: V2, control2 c2: V2) {
        let p0 = current.last ?? p
        let n = Path.segments(for: (c1 - p0).length + (c2 - c1).length + (p - c2).length)
        for i in 1...n {
            let t = Float(i) / Float(n), u = 1 - t
            current.append(p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t))
        }
    }
    public mutating func close() { flush() }

    public mutating func append(_ other: Path) {
        flush()
        contours += other.contours
    }
    private mutating func flush() {
        if current.count > 2 { contours.append(current) }
        current = []
    }
    /// The finished path (an open contour is closed).
    public var closed: Path { var p = self; p.flush(); return p }

    public func reversed() -> Path {
        var p = closed
        p.contours = p.contours.map { $0.reversed() }
        return p
    }
    public func transformed(_ f: (V2) -> V2) -> Path {
        var p = closed
        p.contours = p.contours.map { $0.map(f) }
        return p
    }
    public func translated(_ d: V2) -> Path { transformed { $0 + d } }
    public func rotated(_ angle: Float, about c: V2) -> Path { transformed { c + ($0 - c).rotated(angle) } }
    public func scaled(_ sx: Float, _ sy: Float, about c: V2) -> Path {
        transformed { V2(c.x + ($0.x - c.x) * sx, c.y + ($0.y - c.y) * sy) }
    }

    public var bounds: (min: V2, max: V2) {
        var lo = V2(.infinity, .infinity), hi = V2(-.infinity, -.infinity)
        for c in closed.contours { for p in c {
            lo = V2(min(lo.x, p.x), min(lo.y, p.y)); hi = V2(max(hi.x, p.x), max(hi.y, p.y))
        } }
        return (lo, hi)
    }

    static func segments(for length: Float) -> Int { max(4, min(256, Int(length / 2.5))) }

    /// Twice the signed area: positive for the orientation every primitive here is built with.
    static func signedArea(_ pts: [V2]) -> Float {
        var a: Float = 0
        for i in pts.indices {
            let p = pts[i], q = pts[(i + 1) % pts.count]
            a += p.x * q.y - q.x * p.y
        }
        return a
    }
    /// Makes a contour positive, so overlapping primitives unite instead of cancelling.
    static func oriented(_ pts: [V2]) -> [V2] { signedArea(pts) < 0 ? pts.reversed() : pts }

    // MARK: primitives

    public static func ellipse(center c: V2, rx: Float, ry: Float, rotation: Float = 0) -> Path {
        let n = max(32, min(720, Int((rx + ry) * 1.25)))
        var pts: [V2] = []
        pts.reserveCapacity(n)
        for i in 0..<n {
            let a = Float(i) / Float(n) * 2 * pi
            pts.append(c + V2(cos(a) * rx, sin(a) * ry).rotated(rotation))
        }
        return Path(polygon: oriented(pts))
    }
    public static func circle(center c: V2, radius r: Float) -> Path { ellipse(center: c, rx: r, ry: r) }
    /// A band between two concentric ellipses.
    public static func ring(center c: V2, outer: Float, inner: Float, squash: Float = 1) -> Path {
        var p = ellipse(center: c, rx: outer, ry: outer * squash)
        p.append(ellipse(center: c, rx: inner, ry: inner * squash).reversed())
        return p
    }
    public static func rect(_ x: Float, _ y: Float, _ w: Float, _ h: Float) -> Path {
        Path(polygon: oriented([V2(x, y), V2(x + w, y), V2(x + w, y + h), V2(x, y + h)]))
    }
    public static func roundedRect(_ x: Float, _ y: Float, _ w: Float, _ h: Float, radius: Float) -> Path {
        let r = min(radius, w / 2, h / 2)
        if r <= 0.01 { return rect(x, y, w, h) }
        var pts: [V2] = []
        let corners = [(V2(x + w - r, y + r), -pi / 2), (V2(x + w - r, y + h - r), 0),
                       (V2(x + r, y + h - r), pi / 2), (V2(x + r, y + r), pi)]
        let n = max(4, Int(r * 0.6))
        for (c, start) in corners {
            for i in 0...n { pts.append(c + V2.polar(start + Float(i) / Float(n) * pi / 2, r)) }
        }
        return Path(polygon: oriented(pts))
    }
    public static func polygon(_ pts: [V2]) -> Path { Path(polygon: oriented(pts)) }
}
