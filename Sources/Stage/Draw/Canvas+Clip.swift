import CSDL2
import GridCore

extension Canvas {
    /// Restricts drawing to `rect` (points) intersected with every clip already pushed.
    public func pushClip(_ rect: Rect) {
        flush()
        clipStack.append(Canvas.clip(pixels(rect), within: clipStack.last))
        applyClip()
    }

    /// `rect` (points) on whole pixels, as a clip takes it: each edge rounded to the nearest pixel.
    public func pixels(_ rect: Rect) -> SDL_Rect {
        let x0 = Canvas.nearest(px(rect.minX)), y0 = Canvas.nearest(px(rect.minY))
        let x1 = Canvas.nearest(px(rect.maxX)), y1 = Canvas.nearest(px(rect.maxY))
        return SDL_Rect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
    }

    /// The clip `r` makes inside `top` (the one already active, if any).
    public static func clip(_ r: SDL_Rect, within top: SDL_Rect?) -> SDL_Rect {
        guard let top = top else { return r }
        let ix0 = max(r.x, top.x), iy0 = max(r.y, top.y)
        let ix1 = min(r.x + r.w, top.x + top.w), iy1 = min(r.y + r.h, top.y + top.h)
        return SDL_Rect(x: ix0, y: iy0, w: max(0, ix1 - ix0), h: max(0, iy1 - iy0))
    }

    /// Replaces every clip with one in pixels (nil: none), for drawing retained frames' damage.
    func setClip(_ r: PixelRect?) {
        let wanted = r?.sdl
        if clipStack.count <= 1, let a = clipStack.last, let b = wanted, a.x == b.x, a.y == b.y, a.w == b.w, a.h == b.h { return }
        if clipStack.isEmpty && wanted == nil { return }
        flush()
        clipStack = wanted.map { [$0] } ?? []
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
