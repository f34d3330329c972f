/// A camera looking down at a table at an elevation angle: circles on the table become ellipses
/// squashed by `squash` = sin(elevation), and world normals turn into image-space normals.
public struct TableCamera {
    public let squash: Float
    public init(squash: Float) { self.squash = squash }
    var cosE: Float { (1 - squash * squash).squareRoot() }

    /// World normal (x right, y toward the viewer along the table, z up) to image space
    /// (x right, y down, z toward the viewer).
    public func toImage(_ n: V3) -> V3 {
        V3(n.x, -n.z * cosE + n.y * squash, n.z * squash + n.y * cosE)
    }

    /// Lathe shading for a round thing lying flat (a saucer, a liquid surface, a rim) seen by this
    /// camera: `d` is the distance from the axis in radii, measured on the table.
    public func lathe(_ base: RGB, _ light: Lighting, center: V2, radius: Float, x: Float, y: Float, gloss: Float = 1,
                      height: (Float) -> Float) -> RGB {
        let dx = (x - center.x) / radius, dy = (y - center.y) / (radius * squash)
        let d = max(1e-4, (dx * dx + dy * dy).squareRoot())
        let e: Float = 0.01
        let slope = (height(d + e) - height(d - e)) / (2 * e)
        let n = V3(-slope * dx / d, -slope * dy / d, 1)
        return light.shade(base, toImage(n), gloss: gloss)
    }
}
