#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A point or offset in pixel space (y grows downward, as in the image).
public struct V2: Equatable, Sendable {
    public var x: Float
    public var y: Float
    public init(_ x: Float, _ y: Float) { self.x = x; self.y = y }

    public static func + (a: V2, b: V2) -> V2 { V2(a.x + b.x, a.y + b.y) }
    public static func - (a: V2, b: V2) -> V2 { V2(a.x - b.x, a.y - b.y) }
    public static func * (a: V2, s: Float) -> V2 { V2(a.x * s, a.y * s) }
    public static func * (s: Float, a: V2) -> V2 { V2(a.x * s, a.y * s) }
    public var length: Float { (x * x + y * y).squareRoot() }
    public var normalized: V2 { let l = length; return l > 0 ? V2(x / l, y / l) : V2(0, 0) }
    /// Rotated a quarter turn; the left normal of a direction.
    public var perpendicular: V2 { V2(-y, x) }
    public func dot(_ o: V2) -> Float { x * o.x + y * o.y }
    public func rotated(_ angle: Float) -> V2 {
        let c = cos(angle), s = sin(angle)
        return V2(x * c - y * s, x * s + y * c)
    }
    public static func lerp(_ a: V2, _ b: V2, _ t: Float) -> V2 { a + (b - a) * t }
    /// The unit vector at `angle` radians.
    public static func polar(_ angle: Float, _ r: Float = 1) -> V2 { V2(cos(angle) * r, sin(angle) * r) }
}

@inline(__always) public func clamp01(_ v: Float) -> Float { min(1, max(0, v)) }
@inline(__always) public func mix(_ a: Float, _ b: Float, _ t: Float) -> Float { a + (b - a) * t }
@inline(__always) public func smoothstep(_ e0: Float, _ e1: Float, _ x: Float) -> Float {
    let t = clamp01((x - e0) / (e1 - e0))
    return t * t * (3 - 2 * t)
}
public let pi = Float.pi
