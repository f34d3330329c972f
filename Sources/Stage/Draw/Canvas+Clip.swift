import CSDL2
import GridCore

extension Canvas {
    /// Restricts drawing to `rect` (points) intersected with every clip already pushed.
    public func pushClip(_ rect: Rect) {
        flush()
        let x0 = Int32(clamping: Int(px(rect.minX).rounded())), y0 = Int32(clamping: Int(px(rect.minY).rounded()))
        let x1 = Int32(clamping: Int(px(rect.maxX).rounded())), y1 = Int32(clamping: Int(px(rect.maxY).rounded()))
        var r = SDL_Rect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
        if let top = clipStack.last {
            let ix0 = max(r.x, top.x), iy0 = max(r.y, top.y)
            let ix1 = min(r.x + r.w, top.x + top.w), iy1 = min(r.y + r.h, top.y + top.h)
            r = SDL_Rect(x: ix0, y: iy0, w: max(0, ix1 - ix0), h: max(0, iy1 - iy0))
        }
        clipStack.append(r)
        applyClip()
    }

    /// Undoes the latest `pushClip`; an unmatched pop is logged and ignored.
    public func popClip() {
        guard !clipStack.isEmpty else {
            log("Canvas: popClip without a matching pushClip")
            return
        }
        flush()
        clipStack.removeLast()
        applyClip()
    }

    /// The active clip in points, or nil when nothing is clipped.
    public var clipRect: Rect? {
        clipStack.last.map {
            Rect(x: Double($0.x) / scale, y: Double($0.y) / scale, width: Double($0.w) / scale, height: Double($0.h) / scale)
        }
    }

    func applyClip() {
        guard var r = clipStack.last else {
            SDL_RenderSetClipRect(renderer, nil)
            return
        }
        // An empty rect can read as "no clipping" to SDL; park the clip off-target, and draws skip it anyway.
        if r.w <= 0 || r.h <= 0 { r = SDL_Rect(x: -2, y: -2, w: 1, h: 1) }
        SDL_RenderSetClipRect(renderer, &r)
    }
}
