import CSDL2
import GridCore

extension Canvas {
    /// SwiftUI's `.shadow(color:radius:x:y:)` under a rounded rectangle. `radius` is the blur's
    /// standard deviation in points (as Core Animation's shadowRadius reads in design tools,
    /// where a blur of 2r matches it). Drawn nine-sliced from a cached blurred image, so fifty a
    /// frame cost fifty small textured quads.
    public func shadow(_ rect: Rect, cornerRadius: Double, radius: Double, color: Color, offset: Size = .zero) {
        let moved = rect.offsetBy(dx: offset.width, dy: offset.height)
        guard radius.isFinite, px(radius) >= 0.5 else {
            fillRoundedRect(moved, cornerRadius: cornerRadius, color)
            return
        }
        guard !isClippedAway, rect.width > 0, rect.height > 0, color.opacity > 0 else { return }
        let sigma = px(radius)
        let x0 = px(moved.minX), y0 = px(moved.minY), x1 = px(moved.maxX), y1 = px(moved.maxY)
        let corner = max(0, min(px(cornerRadius), (x1 - x0) / 2, (y1 - y0) / 2))
        // Big blurs are smooth: render them at a lower resolution and let filtering scale up.
        let down = max(1, Int((sigma / 6).rounded(.down)))
        let d = Double(down)
        var key = ShadowKey(corner: Int((corner / d).rounded()), blur: ShadowImage.boxRadius(sigma: sigma / d),
                            width: 0, height: 0, downscale: down)
        let reach = Double(ShadowImage.reach(key)) * d
        let slice = Double(key.corner + 2 * ShadowImage.reach(key)) * d
        let sliceable = (x1 - x0) + 2 * reach >= 2 * slice + 2 * d && (y1 - y0) + 2 * reach >= 2 * slice + 2 * d
        if !sliceable {
            key.width = max(1, Int(((x1 - x0) / d).rounded()))
            key.height = max(1, Int(((y1 - y0) / d).rounded()))
        }
        guard let texture = shadowTexture(key) else { return }
        flush()
        var mesh = Mesh(raster)
        let c = sdlColor(color)
        let ox0 = Float(x0 - reach), oy0 = Float(y0 - reach), ox1 = Float(x1 + reach), oy1 = Float(y1 + reach)
        if sliceable {
            let tw = Float(texture.pixelWidth), th = Float(texture.pixelHeight)
            let st = Float(key.corner + 2 * ShadowImage.reach(key))
            let s = Float(slice)
            let xs: [Float] = [ox0, ox0 + s, ox1 - s, ox1], ys: [Float] = [oy0, oy0 + s, oy1 - s, oy1]
            let us: [Float] = [0, st / tw, (tw - st) / tw, 1], vs: [Float] = [0, st / th, (th - st) / th, 1]
            for j in 0..<3 {
                for i in 0..<3 {
                    mesh.quad(x0: xs[i], y0: ys[j], x1: xs[i + 1], y1: ys[j + 1], color: c,
                              u0: us[i], v0: vs[j], u1: us[i + 1], v1: vs[j + 1])
                }
            }
        } else {
            mesh.quad(x0: ox0, y0: oy0, x1: ox1, y1: oy1, color: c, u0: 0, v0: 0, u1: 1, v1: 1)
        }
        draw(mesh, texture: texture.handle)
    }

    private func shadowTexture(_ key: ShadowKey) -> Texture? {
        if let t = shadowCache[key] { return t }
        do {
            let t = try ShadowImage.make(key, renderer: renderer)
            shadowCache.insert(t, for: key, cost: t.byteCount)
            return t
        } catch {
            log("Canvas: cannot make a shadow image: \(error)")
            return nil
        }
    }
}
