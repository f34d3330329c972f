import CSDL2
import GridCore
import StageInterface

extension Canvas {
    /// SwiftUI's `.shadow(color:radius:x:y:)` under a rounded rectangle. `radius` is the blur's
    /// standard deviation in points (as Core Animation's shadowRadius reads in design tools,
    /// where a blur of 2r matches it). Drawn nine-sliced from a cached blurred image.
    /// `hollow` skips the uniform middle, for a shadow under something opaque that covers it.
    public func shadow(_ rect: Rect, cornerRadius: Double, radius: Double, color: Color, offset: Size = .zero,
                       hollow: Bool = false) {
        let moved = rect.offsetBy(dx: offset.width, dy: offset.height)
        guard radius.isFinite, px(radius) >= 0.5 else {
            if !hollow { fillRoundedRect(moved, cornerRadius: cornerRadius, color) }
            return
        }
        roundedImage(moved, cornerRadius: cornerRadius, sigma: px(radius), color: color, hollow: hollow)
    }

    /// A rounded rectangle (`rect` in points), blurred by `sigma` pixels, drawn from a cached
    /// image: eight copies at whole pixels (edges tiled, so nothing is scaled) and a fill.
    func roundedImage(_ rect: Rect, cornerRadius: Double, sigma: Double, color: Color, hollow: Bool = false) {
        guard !isClippedAway, rect.width > 0, rect.height > 0 else { return }
        let c = sdlColor(color)
        guard c.a > 0 else { return }
        let x0 = px(rect.minX), y0 = px(rect.minY), x1 = px(rect.maxX), y1 = px(rect.maxY)
        let corner = max(0, min(px(cornerRadius), (x1 - x0) / 2, (y1 - y0) / 2))
        // Big blurs are smooth: make them at a lower resolution and let filtering scale up.
        let down = max(1, Int((sigma / 6).rounded(.down)))
        let d = Double(down)
        let rgba = UInt32(c.r) << 24 | UInt32(c.g) << 16 | UInt32(c.b) << 8 | UInt32(c.a)
        var key = ShadowKey(corner: Int((corner / d).rounded()), blur: ShadowImage.boxRadius(sigma: sigma / d),
                            width: 0, height: 0, downscale: down, rgba: rgba)
        let reach = Double(ShadowImage.reach(key)) * d
        let slice = Double(ShadowImage.slice(key)) * d
        func snap(_ v: Double) -> Int32 { Canvas.nearest(v) }
        let xs = [snap(x0 - reach), snap(x0 - reach + slice), snap(x1 + reach - slice), snap(x1 + reach)]
        let ys = [snap(y0 - reach), snap(y0 - reach + slice), snap(y1 + reach - slice), snap(y1 + reach)]
        // Small plain rounded rectangles (grid cells) come whole from one cached image: a single copy
        // beats four corners and three fills when hundreds are drawn a frame.
        let small = sigma == 0 && x1 - x0 <= 160 && y1 - y0 <= 160
        let sliceable = xs[1] <= xs[2] && ys[1] <= ys[2] && !small
        if !sliceable && down == 1 {
            // Whole: the image is exactly as many pixels as the shape covers at its snapped edges,
            // so the copy is 1:1. Rounding the fractional size instead gave an image a pixel
            // narrower than half the cells of an adaptive grid (50.2-point cells land on 50 or 51
            // pixels): each was stretched, and a stretched copy cut by a clip or a damage tile is
            // scaled whole into a scratch target first (`copy`) — most of a scroll frame.
            key.width = max(1, Int(snap(x1) - snap(x0)))
            key.height = max(1, Int(snap(y1) - snap(y0)))
        } else if !sliceable {
            key.width = max(1, Int(((x1 - x0) / d).rounded()))
            key.height = max(1, Int(((y1 - y0) / d).rounded()))
        }
        guard let texture = shadowTexture(key) else { return }
        flush()
        SDL_SetTextureColorMod(texture.handle, 255, 255, 255)
        SDL_SetTextureAlphaMod(texture.handle, 255)
        guard sliceable else {
            self.copy(texture.handle, nil, to: SDL_Rect(x: xs[0], y: ys[0], w: xs[3] - xs[0], h: ys[3] - ys[0]))
            return
        }
        let tw = Int32(texture.pixelWidth), th = Int32(texture.pixelHeight)
        let st = Int32(ShadowImage.slice(key)), mid = Int32(ShadowImage.middle)
        let us: [Int32] = [0, st, tw - st, tw], vs: [Int32] = [0, st, th - st, th]
        func copy(_ sx: Int32, _ sy: Int32, _ sw: Int32, _ sh: Int32, _ dx: Int32, _ dy: Int32, _ dw: Int32, _ dh: Int32) {
            guard dw > 0, dh > 0, sw > 0, sh > 0 else { return }
            self.copy(texture.handle, SDL_Rect(x: sx, y: sy, w: sw, h: sh), to: SDL_Rect(x: dx, y: dy, w: dw, h: dh))
        }
        for j in [0, 2] {
            for i in [0, 2] {
                copy(us[i], vs[j], us[i + 1] - us[i], vs[j + 1] - vs[j], xs[i], ys[j], xs[i + 1] - xs[i], ys[j + 1] - ys[j])
            }
        }
        if sigma == 0 {
            // A plain rounded rectangle: past the corners every pixel is the colour itself (edges land on
            // whole pixels), so the rest is three rectangle fills — stores when opaque — not dozens of copies.
            storeOpaque([SDL_Rect(x: xs[1], y: ys[0], w: xs[2] - xs[1], h: ys[3] - ys[0]),
                         SDL_Rect(x: xs[0], y: ys[1], w: xs[1] - xs[0], h: ys[2] - ys[1]),
                         SDL_Rect(x: xs[2], y: ys[1], w: xs[3] - xs[2], h: ys[2] - ys[1])], c)
            return
        }
        // Edges: runs of the uniform middle, copied at 1:1 where the image is full-size.
        let step = down == 1 ? mid : Int32.max
        var x = xs[1]
        while x < xs[2] {
            let w = min(step, xs[2] - x), sw = down == 1 ? w : mid
            copy(st, 0, sw, st, x, ys[0], w, ys[1] - ys[0])
            copy(st, th - st, sw, st, x, ys[2], w, ys[3] - ys[2])
            x += w
        }
        var y = ys[1]
        while y < ys[2] {
            let h = min(step, ys[2] - y), sh = down == 1 ? h : mid
            copy(0, st, st, sh, xs[0], y, xs[1] - xs[0], h)
            copy(tw - st, st, st, sh, xs[2], y, xs[3] - xs[2], h)
            y += h
        }
        // An opaque middle is a plain store, several times cheaper than blending on the software renderer.
        if !hollow { storeOpaque([SDL_Rect(x: xs[1], y: ys[1], w: xs[2] - xs[1], h: ys[2] - ys[1])], c) }
    }

    private func shadowTexture(_ key: ShadowKey) -> Texture? {
        if let t = shadowCache[key] { return t }
        let outer = profile?.enter(.shapeImage)
        defer { if let p = profile { p.leave(outer) } }
        do {
            let shapeKey = ShadowImage.shapeKey(key)
            let shape = shadowShapes[shapeKey] ?? ShadowImage.shape(key)
            // Kept while small (a cell's, a shadow's slices); a big one is rarely drawn in another colour.
            if shape.byteCount <= 1 << 20 { shadowShapes.insert(shape, for: shapeKey, cost: shape.byteCount) }
            let t = try ShadowImage.make(key, shape: shape, renderer: renderer)
            shadowCache.insert(t, for: key, cost: t.byteCount)
            return t
        } catch {
            log("Canvas: cannot make a shadow image: \(error)")
            return nil
        }
    }
}
