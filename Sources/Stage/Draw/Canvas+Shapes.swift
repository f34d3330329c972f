import CSDL2
import Foundation
import GridCore
import StageInterface

extension Canvas {
    public func fill(_ rect: Rect, _ color: Color) {
        fillRoundedRect(rect, cornerRadius: 0, color)
    }

    public func fillRoundedRect(_ rect: Rect, cornerRadius: Double, _ color: Color) {
        guard let shape = PixelShape(rect: rect, cornerRadius: cornerRadius, scale: scale,
                                     minimumSize: raster.minimumSize) else { return }
        let c = sdlColor(color.opacity(shape.coverage))
        if shape.isPixelAligned && raster.prefersRim && cornerRadius <= 0 {
            // Software: SDL's rectangle fill is a tight loop (a store when opaque), where its triangle
            // rasterizer blends pixel by pixel; the backdrop and bars cover most of the window.
            guard !isClippedAway, c.a > 0 else { return }
            flush()
            let x0 = Canvas.nearest(shape.x0), y0 = Canvas.nearest(shape.y0)
            let r = SDL_Rect(x: x0, y: y0, w: Canvas.nearest(shape.x1) - x0, h: Canvas.nearest(shape.y1) - y0)
            if c.a == 255 { return storeOpaque([r], c) }
            SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
            var blended = r
            SDL_RenderFillRect(renderer, &blended)
        } else if shape.isPixelAligned {
            // Edges on pixel boundaries need no fringe, and a plain quad is exact everywhere.
            batch.quad(x0: Float(shape.x0), y0: Float(shape.y0), x1: Float(shape.x1), y1: Float(shape.y1), color: c)
        } else if raster.prefersRim {
            // Software: the shape's image, sliced; exact coverage and no per-triangle cost.
            roundedImage(rect, cornerRadius: cornerRadius, sigma: 0, color: color)
        } else {
            batch.fill(shape.outline(), color: c)
        }
    }

    /// A stroke centred on the rounded rectangle's edge, as SwiftUI's `.stroke(lineWidth:)`.
    public func strokeRoundedRect(_ rect: Rect, cornerRadius: Double, lineWidth: Double, _ color: Color) {
        guard lineWidth > 0, rect.width >= 0, rect.height >= 0 else { return }
        var w = px(lineWidth), alpha = 1.0
        // Thinner than the fringe allows: draw it that wide at proportionally less opacity.
        if w < raster.minimumSize { alpha = w / raster.minimumSize; w = raster.minimumSize }
        let x0 = px(rect.minX), y0 = px(rect.minY), x1 = px(rect.maxX), y1 = px(rect.maxY)
        let r = max(0, min(px(cornerRadius), (x1 - x0) / 2, (y1 - y0) / 2))
        let n = Outline.quarterSegments(radius: r + w / 2)
        let outer = Outline.roundedRect(x0: x0 - w / 2, y0: y0 - w / 2, x1: x1 + w / 2, y1: y1 + w / 2,
                                        radius: r + w / 2, segments: n)
        let ix0 = x0 + w / 2, iy0 = y0 + w / 2, ix1 = x1 - w / 2, iy1 = y1 - w / 2
        guard ix1 - ix0 > raster.minimumSize, iy1 - iy0 > raster.minimumSize else {
            // The stroke swallows the hole: it is a filled shape.
            batch.fill(outer, color: sdlColor(color.opacity(alpha)))
            return
        }
        let inner = Outline.roundedRect(x0: ix0, y0: iy0, x1: ix1, y1: iy1, radius: r - w / 2, segments: n)
        batch.ring(outer: outer, inner: inner, color: sdlColor(color.opacity(alpha)))
    }

    public func fillCircle(center: Point, radius: Double, _ color: Color) {
        guard radius > 0 else { return }
        fillRoundedRect(Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius),
                        cornerRadius: radius, color)
    }

    /// A straight line with butt ends, `width` points thick.
    public func line(from: Point, to: Point, width: Double, _ color: Color) {
        guard width > 0 else { return }
        if from.x == to.x || from.y == to.y {
            // Axis-aligned: a rectangle, which may land exactly on pixels.
            let h = width / 2
            fill(Rect(x: min(from.x, to.x) - (from.x == to.x ? h : 0), y: min(from.y, to.y) - (from.y == to.y ? h : 0),
                      width: from.x == to.x ? width : abs(to.x - from.x), height: from.y == to.y ? width : abs(to.y - from.y)),
                 color)
            return
        }
        let ax = px(from.x), ay = px(from.y), bx = px(to.x), by = px(to.y)
        let dx = bx - ax, dy = by - ay
        let len = (dx * dx + dy * dy).squareRoot()
        guard len > 1e-6 else { return }
        var w = px(width), alpha = 1.0
        if w < raster.minimumSize { alpha = w / raster.minimumSize; w = raster.minimumSize }
        // The unit normal; the corner order below is clockwise on screen for any direction.
        let nx = -dy / len * w / 2, ny = dx / len * w / 2
        let outline = Outline.quad([(ax - nx, ay - ny), (bx - nx, by - ny), (bx + nx, by + ny), (ax + nx, ay + ny)])
        batch.fill(outline, color: sdlColor(color.opacity(alpha)))
    }
}

/// A rounded rectangle converted to pixels, widened to `minimumSize` where it is thinner (the
/// lost area returned as `coverage`), so its anti-aliasing fringe never turns inside out.
struct PixelShape {
    var x0, y0, x1, y1, radius: Double
    var coverage: Double

    init?(rect: Rect, cornerRadius: Double, scale: Double, minimumSize m: Double) {
        guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite else { return nil }
        x0 = Canvas.snap(rect.minX * scale); x1 = Canvas.snap(rect.maxX * scale)
        y0 = Canvas.snap(rect.minY * scale); y1 = Canvas.snap(rect.maxY * scale)
        coverage = 1
        // Exactly-aligned thin rectangles (hairlines) are drawn as they are.
        let aligned = PixelShape.onGrid(x0) && PixelShape.onGrid(x1) && PixelShape.onGrid(y0) && PixelShape.onGrid(y1)
        if x1 - x0 < m && !(aligned && cornerRadius <= 0) {
            coverage *= (x1 - x0) / m
            let mid = (x0 + x1) / 2
            x0 = mid - m / 2; x1 = mid + m / 2
        }
        if y1 - y0 < m && !(aligned && cornerRadius <= 0) {
            coverage *= (y1 - y0) / m
            let mid = (y0 + y1) / 2
            y0 = mid - m / 2; y1 = mid + m / 2
        }
        radius = max(0, min(cornerRadius * scale, (x1 - x0) / 2, (y1 - y0) / 2))
    }

    private static func onGrid(_ v: Double) -> Bool { abs(v - v.rounded()) < 1e-3 }

    /// Sharp corners with every edge on a pixel boundary.
    var isPixelAligned: Bool {
        radius < 0.5 && PixelShape.onGrid(x0) && PixelShape.onGrid(x1) && PixelShape.onGrid(y0) && PixelShape.onGrid(y1)
    }

    var segments: Int { Outline.quarterSegments(radius: radius) }

    func outline() -> [OutlinePoint] {
        Outline.roundedRect(x0: x0, y0: y0, x1: x1, y1: y1, radius: radius, segments: segments)
    }
}
