import Glibc

/// A pinhole camera in a world measured in metres (x right, y up, z away from the camera), for the
/// cafe scenes that are drawn as places rather than as flat pictures: facades, pavements, rooms.
/// Vertical lines stay vertical (no pitch), as in architectural photography; to see more above or
/// below the horizon the lens is shifted instead (`principal`).
public struct PerspectiveCamera {
    public var eye: V3
    /// Turn to the right, radians.
    public var yaw: Float
    /// Focal length in pixels.
    public var focal: Float
    /// Where the optical axis meets the image: the horizon is at `principal.y`.
    public var principal: V2

    public init(eye: V3, yaw: Float = 0, focal: Float, principal: V2) {
        self.eye = eye; self.yaw = yaw; self.focal = focal; self.principal = principal
    }

    /// Camera-space coordinates of a world point (z is its depth).
    public func local(_ p: V3) -> V3 {
        let d = p - eye, c = cos(yaw), s = sin(yaw)
        return V3(d.x * c - d.z * s, d.y, d.x * s + d.z * c)
    }
    public func depth(_ p: V3) -> Float { local(p).z }

    /// Where a world point lands in the image (depth must be positive).
    public func project(_ p: V3) -> V2 {
        let l = local(p), z = max(1e-3, l.z)
        return V2(principal.x + l.x * focal / z, principal.y - l.y * focal / z)
    }
    /// Pixels per metre at a world point, for sizing things drawn as sprites.
    public func scale(at p: V3) -> Float { focal / max(1e-3, depth(p)) }

    /// The world direction through an image point.
    public func ray(_ x: Float, _ y: Float) -> V3 {
        let dx = (x - principal.x) / focal, dy = -(y - principal.y) / focal
        let c = cos(yaw), s = sin(yaw)
        return V3(dx * c + s, dy, -dx * s + c)
    }

    /// The world point seen at an image point on the ground plane (y = 0), if it is below the horizon.
    public func ground(_ x: Float, _ y: Float, height: Float = 0) -> V3? {
        let d = ray(x, y)
        guard d.y < -1e-5 else { return nil }
        let t = (height - eye.y) / d.y
        return eye + d * t
    }

    /// A flat outline in the world, projected: a polygon for `Canvas.fill`.
    public func polygon(_ pts: [V3]) -> Path { .polygon(pts.map(project)) }
}

/// A plane in the world spanned by two axes from an origin, so a pixel can be traced back to
/// coordinates on it: how facades, awnings and floors are textured in perspective.
public struct Plane3 {
    public var origin: V3, u: V3, v: V3
    public init(origin: V3, u: V3, v: V3) { self.origin = origin; self.u = u; self.v = v }

    public func point(_ a: Float, _ b: Float) -> V3 { origin + u * a + v * b }

    /// Plane coordinates (in units of `u` and `v`) and distance along the ray of the point seen at
    /// an image point, or nil when the ray runs parallel to the plane or meets it behind the camera.
    public func hit(_ camera: PerspectiveCamera, _ x: Float, _ y: Float) -> (a: Float, b: Float, t: Float)? {
        let d = camera.ray(x, y), n = u.cross(v)
        let den = n.dot(d)
        guard abs(den) > 1e-7 else { return nil }
        let t = n.dot(origin - camera.eye) / den
        guard t > 0 else { return nil }
        let q = camera.eye + d * t - origin
        let nn = n.dot(n)
        return (q.cross(v).dot(n) / nn, u.cross(q).dot(n) / nn, t)
    }
}

extension V3 {
    public static func + (a: V3, b: V3) -> V3 { V3(a.x + b.x, a.y + b.y, a.z + b.z) }
    public static func - (a: V3, b: V3) -> V3 { V3(a.x - b.x, a.y - b.y, a.z - b.z) }
    public static func * (a: V3, s: Float) -> V3 { V3(a.x * s, a.y * s, a.z * s) }
    public func cross(_ o: V3) -> V3 { V3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x) }
    public var length: Float { dot(self).squareRoot() }
}
