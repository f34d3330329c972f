/// Coverage (0...1) over a rectangle of the canvas: what a shape leaves after rasterizing.
public struct Mask {
    public var x0: Int, y0: Int, width: Int, height: Int
    public var coverage: [Float]

    public init(x0: Int, y0: Int, width: Int, height: Int, coverage: [Float]? = nil) {
        self.x0 = x0; self.y0 = y0; self.width = max(0, width); self.height = max(0, height)
        self.coverage = coverage ?? [Float](repeating: 0, count: self.width * self.height)
    }
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The mask grown by `pad` pixels on every side (for blurs that spill outward).
    public func padded(_ pad: Int) -> Mask {
        var m = Mask(x0: x0 - pad, y0: y0 - pad, width: width + 2 * pad, height: height + 2 * pad)
        for y in 0..<height {
            for x in 0..<width { m.coverage[(y + pad) * m.width + x + pad] = coverage[y * width + x] }
        }
        return m
    }
    /// A soft copy: a gaussian-like blur (three box passes) that grows the mask to fit the spill.
    public func blurred(_ sigma: Float) -> Mask {
        guard sigma > 0.3 else { return self }
        var m = padded(Int(sigma * 3) + 2)
        boxBlur3(&m.coverage, width: m.width, height: m.height, channels: 1, sigma: sigma)
        return m
    }
    /// Coverage scaled by a function of the pixel centre: gradients of opacity.
    public func modulated(_ f: (Float, Float) -> Float) -> Mask {
        var m = self
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                if m.coverage[i] > 0 { m.coverage[i] *= f(Float(x0 + x) + 0.5, Float(y0 + y) + 0.5) }
            }
        }
        return m
    }
    /// Coverage at a canvas pixel (0 outside).
    @inline(__always) public func at(_ x: Int, _ y: Int) -> Float {
        let lx = x - x0, ly = y - y0
        guard lx >= 0, ly >= 0, lx < width, ly < height else { return 0 }
        return coverage[ly * width + lx]
    }
    /// Both shapes at once: the product of coverages, over this mask's rectangle.
    public func intersected(_ other: Mask) -> Mask {
        var m = self
        for y in 0..<height { for x in 0..<width { m.coverage[y * width + x] *= other.at(x0 + x, y0 + y) } }
        return m
    }
    /// This shape less the other.
    public func subtracting(_ other: Mask) -> Mask {
        var m = self
        for y in 0..<height { for x in 0..<width { m.coverage[y * width + x] *= 1 - other.at(x0 + x, y0 + y) } }
        return m
    }
}
