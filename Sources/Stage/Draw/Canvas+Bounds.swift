import CSDL2
import GridCore
import StageInterface

extension Canvas {
    /// Every pixel drawing `command` can touch at this scale (before any clip), or nil when it draws
    /// nothing. Generous by a couple of pixels — rounding, anti-aliasing fringes and shapes widened
    /// to the rasteriser's minimum size all fit — since a retained frame redraws only inside these:
    /// a pixel missed here would keep a stale colour.
    func pixelBounds(of command: DrawCommand) -> PixelRect? {
        let margin = 2
        func box(_ r: Rect, grow: Double = 0) -> PixelRect? {
            guard r.width.isFinite, r.height.isFinite, r.width >= 0, r.height >= 0 else { return nil }
            return PixelRect(covering: (px(r.minX) - grow, px(r.minY) - grow, px(r.maxX) + grow, px(r.maxY) + grow), margin: margin)
        }
        /// A stroke or line's half width in pixels, widened as the rasteriser widens thin ones.
        func half(_ width: Double) -> Double { max(px(width), raster.minimumSize) / 2 }
        switch command {
        case let .fill(r, _, _), let .image(_, r, _, _, _, _, _), let .snapshot(_, r, _):
            guard r.width > 0, r.height > 0 else { return nil }
            // A broken-image card also strokes its edge, one point wide.
            if case .image = command { return box(r, grow: half(1)) }
            return box(r)
        case let .stroke(r, _, _, w):
            guard w > 0 else { return nil }
            return box(r, grow: half(w))
        case let .shadow(r, _, radius, _, offset, _):
            let moved = r.offsetBy(dx: offset.width, dy: offset.height)
            guard radius.isFinite, px(radius) >= 0.5 else { return box(moved) }
            let sigma = px(radius), down = max(1, Int((sigma / 6).rounded(.down)))
            let reach = Double(3 * ShadowImage.boxRadius(sigma: sigma / Double(down)) * down)
            return box(moved, grow: reach + Double(down))
        case let .text(s, font, _, r, alignment):
            guard !s.isEmpty, r.width > 0 else { return nil }
            return textBounds(font: font, in: r, alignment: alignment).flatMap { PixelRect(covering: $0, margin: margin) }
        case let .symbol(_, r, _):
            guard r.width > 0, r.height > 0 else { return nil }
            return box(r, grow: 2)
        case let .line(a, b, w, _):
            guard w > 0 else { return nil }
            return box(Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y)), grow: half(w))
        case let .circle(c, radius, _):
            guard radius > 0 else { return nil }
            return box(Rect(x: c.x - radius, y: c.y - radius, width: 2 * radius, height: 2 * radius))
        case .prefetch, .pushClip, .popClip, .beginOpacity, .endOpacity:
            return nil
        }
    }

    /// What a retained frame may know of `item`'s pixels beyond its bounds: those a plain rectangle
    /// fill paints whole, or a stroke's hole. Asked only of items that changed.
    func coverage(of item: FrameItem) -> FrameDamage.Coverage {
        switch item.command {
        case .fill(_, _, cornerRadius: 0):
            if let r = solidPixels(of: item.command)?.intersection(item.bounds), !r.isEmpty { return .solid(r) }
        case .stroke:
            if let r = untouchedPixels(of: item.command) { return .hole(r) }
        default: break
        }
        return .bounds
    }

    /// Pixels a plain rectangle fill paints with exactly its colour over whatever is beneath: sharp
    /// corners, edges on whole pixels (a fill off them is drawn another way, whose blend may differ
    /// in the last bit), not widened from a hairline. nil for any other command. Two such fills of
    /// one colour agree on the pixels both cover, whatever their sizes, which lets a retained frame
    /// redraw only where a resized one changed (a rubber band).
    func solidPixels(of command: DrawCommand) -> PixelRect? {
        guard case let .fill(r, _, radius) = command, radius <= 0,
              let shape = PixelShape(rect: r, cornerRadius: 0, scale: scale, minimumSize: raster.minimumSize),
              shape.coverage == 1, shape.isPixelAligned else { return nil }
        return PixelRect(inside: (shape.x0, shape.y0, shape.x1, shape.y1))
    }

    /// Pixels inside a stroke's bounds it never touches: the hole of the ring, short of its width,
    /// its corners and a fringe. nil for any other command, or a ring with no such hole.
    func untouchedPixels(of command: DrawCommand) -> PixelRect? {
        guard case let .stroke(r, _, radius, w) = command, w > 0, radius.isFinite, radius >= 0,
              r.width.isFinite, r.height.isFinite else { return nil }
        let inset = max(px(w), raster.minimumSize) / 2 + px(radius) + 2
        return PixelRect(inside: (px(r.minX) + inset, px(r.minY) + inset, px(r.maxX) - inset, px(r.maxY) - inset))
    }

    /// Where a line placed by `text(_:font:color:in:alignment:)` can land, in pixels: across the
    /// rect (it is cut short to fit its width), and one line box high at the alignment's height —
    /// found without shaping the text.
    private func textBounds(font: Font, in r: Rect, alignment: Alignment) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
        guard let f = fonts.font(font, scale: scale) else { return nil }
        let skip = Double(TTF_FontLineSkip(f.handle)), height = Double(TTF_FontHeight(f.handle))
        let y = px(r.minY + (r.height - skip / scale) * alignment.vertical.fraction)
        let leading = abs(skip - height) / 2
        return (px(r.minX) - 1, y - leading - 1, px(r.maxX) + 1, y + max(skip, height) + leading + 1)
    }

    /// What a symbol drawn in `rect` shows beyond its name and colour: its texture, nothing while it
    /// is on its way from the rasteriser, or the missing-symbol box.
    func symbolResource(_ name: String, in rect: Rect) -> FrameItem.Resource {
        guard rect.width > 0, rect.height > 0 else { return .none }
        let w = max(1, min(4096, Int(px(rect.width).rounded()))), h = max(1, min(4096, Int(px(rect.height).rounded())))
        if let t = symbolTexture(name, width: w, height: h) { return .texture(t) }
        return missingSymbols.contains(name) ? .missing : .pending
    }
}
