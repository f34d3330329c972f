import Glibc

/// A surface normal or light direction in 3-D: x right, y down (as the image), z toward the viewer.
public struct V3 {
    public var x: Float, y: Float, z: Float
    public init(_ x: Float, _ y: Float, _ z: Float) { self.x = x; self.y = y; self.z = z }
    public var normalized: V3 {
        let l = (x * x + y * y + z * z).squareRoot()
        return l > 0 ? V3(x / l, y / l, z / l) : V3(0, 0, 1)
    }
    public func dot(_ o: V3) -> Float { x * o.x + y * o.y + z * o.z }
}

/// One key light over the scene, shared by every object in a photo so shadows and highlights agree.
public struct Lighting {
    public var light: V3
    public var ambient: Float
    public var diffuse: Float
    public var specular: Float
    public var shininess: Float
    public var lightColor: RGB

    public init(light: V3 = V3(-0.5, -0.6, 0.75), ambient: Float = 0.55, diffuse: Float = 0.5,
                specular: Float = 0.55, shininess: Float = 36, lightColor: RGB = RGB(1, 0.97, 0.92)) {
        self.light = light.normalized
        self.ambient = ambient; self.diffuse = diffuse
        self.specular = specular; self.shininess = shininess; self.lightColor = lightColor
    }

    /// Lambert plus Blinn-Phong for a viewer straight above (or in front of) the picture.
    public func shade(_ base: RGB, _ n: V3, gloss: Float = 1) -> RGB {
        let nn = n.normalized
        let lambert = max(0, nn.dot(light))
        let h = V3(light.x, light.y, light.z + 1).normalized
        let spec = pow(max(0, nn.dot(h)), shininess) * specular * gloss
        return base * (ambient + diffuse * lambert) + lightColor * spec
    }

    /// The direction shadows fall in the image plane (away from the light), unit length.
    public var shadowDirection: V2 { V2(-light.x, -light.y).normalized }

    /// Shading for a shape turned on a lathe seen from above: `height(d)` is the surface height at
    /// distance `d` (in radii) from the axis. The normal comes from the height's slope.
    public func lathe(_ base: RGB, center: V2, radius: Float, x: Float, y: Float, gloss: Float = 1,
                      height: (Float) -> Float) -> RGB {
        let dx = x - center.x, dy = y - center.y
        let dist = max(1e-4, (dx * dx + dy * dy).squareRoot())
        let d = dist / radius
        let e: Float = 0.01
        let slope = (height(d + e) - height(d - e)) / (2 * e)
        let n = V3(-slope * dx / dist, -slope * dy / dist, 1)
        return shade(base, n, gloss: gloss)
    }
}
