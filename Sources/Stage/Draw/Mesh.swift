import CSDL2

/// Triangles waiting for one `SDL_RenderGeometry` call, anti-aliased with a one-pixel alpha
/// fringe: an inner ring at full colour and an outer ring at alpha 0, between which the
/// rasterizer's colour interpolation approximates pixel coverage.
struct Mesh {
    var vertices: [SDL_Vertex] = []
    var indices: [Int32] = []
    var raster: Raster

    init(_ raster: Raster) { self.raster = raster }

    /// Where the fringe lies, which differs by rasterizer.
    struct Raster {
        /// How far the transparent ring lies outside the edge, and the opaque one inside.
        var outside: Double
        var inside: Double
        /// Added to every position.
        var bias: Double

        /// GPUs sample at pixel centres from float positions: a fringe centred on the edge
        /// gives each pixel its coverage, and pixels wholly outside get alpha 0.
        static let gpu = Raster(outside: 0.5, inside: 0.5, bias: 0)
        /// SDL's software rasterizer truncates positions to whole pixels. The bias makes that
        /// rounding, and a fringe wholly inside the edge keeps pixels outside the shape untouched.
        static let software = Raster(outside: 0, inside: 1, bias: 0.5)

        /// Triangles cost per pixel of their bounding box (the software renderer): fill interiors
        /// with rectangles and keep triangles to the rim.
        var prefersRim: Bool { bias != 0 }

        /// The thinnest shape whose opaque ring does not turn inside out.
        var minimumSize: Double { Double(2 * inside) }

        static func of(_ renderer: OpaquePointer) -> Raster {
            var info = SDL_RendererInfo()
            guard SDL_GetRendererInfo(renderer, &info) == 0 else { return .gpu }
            return info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0 ? .software : .gpu
        }
    }

    var isEmpty: Bool { indices.isEmpty }

    mutating func removeAll() {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    /// Maps a pixel position to texture coordinates: the image's top-left corner (ix, iy) and size
    /// in pixels, and the texture's size in texels; nil for untextured shapes.
    struct UVMap {
        var ix: Double, iw: Double, iy: Double, ih: Double
        var tw: Double, th: Double

        /// Texture coordinates in 0…1. The software rasteriser samples texel `Int(u * tw)` from
        /// the float it is given; the texel is picked here, in full precision, and handed over as
        /// its centre, so the choice does not hang on how a float rounds at that position.
        func callAsFunction(_ x: Double, _ y: Double, snapped: Bool) -> SDL_FPoint {
            let u = min(1, max(0, (x - ix) / iw)), v = min(1, max(0, (y - iy) / ih))
            guard snapped, tw > 0, th > 0 else { return SDL_FPoint(x: Float(u), y: Float(v)) }
            // The far edge (texel `tw`, as SDL takes 1.0) stays 1: coordinates past it are refused.
            func centre(_ t: Double, _ n: Double) -> Float { t >= 1 ? 1 : Float(((t * n).rounded(.down) + 0.5) / n) }
            return SDL_FPoint(x: centre(u, tw), y: centre(v, th))
        }
    }

    /// A position as the rasteriser gets it. The software one truncates to whole pixels; here the
    /// pixel is found first, rounding down in full precision, so a shape moved by whole pixels
    /// lands on pixels moved by exactly as many (a float's rounding near a pixel edge, or
    /// truncation towards zero left of or above the window, would not).
    func position(_ v: Double) -> Float {
        raster.prefersRim ? Float((v + raster.bias).rounded(.down)) : Float(v + raster.bias)
    }

    @discardableResult
    private mutating func vertex(_ x: Double, _ y: Double, _ c: SDL_Color, _ uv: UVMap?) -> Int32 {
        // On the canvas's grid first (`Canvas.snap`): a fringe offset along cos(3π/2) is a hair off 0.
        let (x, y) = raster.prefersRim ? (Canvas.snap(x), Canvas.snap(y)) : (x, y)
        let t = uv.map { $0(x, y, snapped: raster.prefersRim) } ?? SDL_FPoint(x: 0, y: 0)
        vertices.append(SDL_Vertex(position: SDL_FPoint(x: position(x), y: position(y)), color: c, tex_coord: t))
        return Int32(vertices.count - 1)
    }

    /// A filled convex outline: the inner ring triangulated top to bottom (thin horizontal bands
    /// keep the software rasterizer's per-triangle bounding boxes small) plus the fringe strip.
    mutating func fill(_ outline: [OutlinePoint], color c: SDL_Color, uv: UVMap? = nil) {
        guard outline.count >= 3, c.a > 0 else { return }
        var clear = c
        clear.a = 0
        let first = Int32(vertices.count)
        var top = 0
        for (i, p) in outline.enumerated() {
            vertex(p.x - raster.inside * p.dx, p.y - raster.inside * p.dy, c, uv)
            vertex(p.x + raster.outside * p.dx, p.y + raster.outside * p.dy, clear, uv)
            if p.y < outline[top].y || (p.y == outline[top].y && p.x < outline[top].x) { top = i }
        }
        let n = outline.count
        func inner(_ i: Int) -> Int32 { first + Int32(2 * ((i % n + n) % n)) }
        // Walk down both sides from the top point, always advancing the higher one.
        var l = top, r = (top + 1) % n
        for _ in 0..<(n - 2) {
            let nl = (l - 1 + n) % n, nr = (r + 1) % n
            if outline[nl].y < outline[nr].y {
                indices += [inner(l), inner(r), inner(nl)]
                l = nl
            } else {
                indices += [inner(l), inner(r), inner(nr)]
                r = nr
            }
        }
        for i in 0..<n {
            let inI = inner(i), outI = inI + 1, inJ = inner(i + 1), outJ = inJ + 1
            indices += [inI, outI, outJ, inI, outJ, inJ]
        }
    }

    /// An interior rectangle in rasterizer positions (bias included), to fill by other means.
    struct Band {
        var x0, y0, x1, y1: Double
        /// On whole pixels as the rim's vertices are (`position`), so bands meet the rim exactly.
        var pixels: SDL_Rect {
            func p(_ v: Double) -> Int32 { Int32(clamping: Int(v.rounded(.down))) }
            return SDL_Rect(x: p(x0), y: p(y0), w: p(x1) - p(x0), h: p(y1) - p(y0))
        }
    }

    /// Only the rim of a rounded rectangle from `Outline.roundedRect` with `n` segments: the
    /// fringe strip and four small corner fans. Returns the three interior bands (top, middle,
    /// bottom) for the caller to fill with plain rectangle fills or copies, which the software
    /// renderer does many times faster than triangles.
    mutating func rim(_ outline: [OutlinePoint], segments n: Int, color c: SDL_Color, uv: UVMap? = nil) -> [Band] {
        guard outline.count == 4 * (n + 1), c.a > 0 else { return [] }
        var clear = c
        clear.a = 0
        func inner(_ i: Int) -> (x: Double, y: Double) {
            let p = outline[i]
            return (Canvas.snap(p.x - raster.inside * p.dx), Canvas.snap(p.y - raster.inside * p.dy))
        }
        let first = Int32(vertices.count)
        for p in outline {
            vertex(p.x - raster.inside * p.dx, p.y - raster.inside * p.dy, c, uv)
            vertex(p.x + raster.outside * p.dx, p.y + raster.outside * p.dy, clear, uv)
        }
        let count = Int32(outline.count)
        for i in 0..<count {
            let inI = first + 2 * i, outI = inI + 1, inJ = first + 2 * ((i + 1) % count), outJ = inJ + 1
            indices += [inI, outI, outJ, inI, outJ, inJ]
        }
        // Each corner's arc fanned from the point where the bands meet it.
        let tl = inner(0), tlTop = inner(n), trTop = inner(n + 1), tr = inner(2 * n + 1)
        let br = inner(2 * n + 2), brBottom = inner(3 * n + 2), blBottom = inner(3 * n + 3), bl = inner(4 * n + 3)
        let centres = [(tlTop.x, tl.y), (trTop.x, tr.y), (brBottom.x, br.y), (blBottom.x, bl.y)]
        for (k, centre) in centres.enumerated() where n > 0 {
            let ci = vertex(centre.0, centre.1, c, uv)
            for j in 0..<n {
                let a = first + Int32(2 * (k * (n + 1) + j))
                indices += [ci, a, a + 2]
            }
        }
        let b = raster.bias
        return [
            Band(x0: tlTop.x + b, y0: tlTop.y + b, x1: trTop.x + b, y1: tl.y + b),
            Band(x0: tl.x + b, y0: tl.y + b, x1: tr.x + b, y1: bl.y + b),
            Band(x0: blBottom.x + b, y0: bl.y + b, x1: brBottom.x + b, y1: blBottom.y + b),
        ].filter { $0.x1 > $0.x0 && $0.y1 > $0.y0 }
    }

    /// The band between two outlines with the same point count (outer around inner), each edge
    /// with its own fringe.
    mutating func ring(outer: [OutlinePoint], inner: [OutlinePoint], color c: SDL_Color) {
        guard outer.count == inner.count, outer.count >= 3, c.a > 0 else { return }
        var clear = c
        clear.a = 0
        let first = Int32(vertices.count)
        for (o, i) in zip(outer, inner) {
            vertex(o.x + raster.outside * o.dx, o.y + raster.outside * o.dy, clear, nil)
            vertex(o.x - raster.inside * o.dx, o.y - raster.inside * o.dy, c, nil)
            vertex(i.x + raster.inside * i.dx, i.y + raster.inside * i.dy, c, nil)
            vertex(i.x - raster.outside * i.dx, i.y - raster.outside * i.dy, clear, nil)
        }
        let n = Int32(outer.count)
        for k in 0..<n {
            let a = first + 4 * k, b = first + 4 * ((k + 1) % n)
            for s in Int32(0)..<3 {
                indices += [a + s, a + s + 1, b + s + 1, a + s, b + s + 1, b + s]
            }
        }
    }

    /// An axis-aligned quad with no fringe: for pixel-aligned rectangles and nine-slice pieces.
    mutating func quad(x0: Float, y0: Float, x1: Float, y1: Float, color c: SDL_Color,
                       u0: Float = 0, v0: Float = 0, u1: Float = 0, v1: Float = 0) {
        guard x1 > x0, y1 > y0 else { return }
        let first = Int32(vertices.count)
        let b = Float(raster.bias)
        vertices.append(SDL_Vertex(position: SDL_FPoint(x: x0 + b, y: y0 + b), color: c, tex_coord: SDL_FPoint(x: u0, y: v0)))
        vertices.append(SDL_Vertex(position: SDL_FPoint(x: x1 + b, y: y0 + b), color: c, tex_coord: SDL_FPoint(x: u1, y: v0)))
        vertices.append(SDL_Vertex(position: SDL_FPoint(x: x1 + b, y: y1 + b), color: c, tex_coord: SDL_FPoint(x: u1, y: v1)))
        vertices.append(SDL_Vertex(position: SDL_FPoint(x: x0 + b, y: y1 + b), color: c, tex_coord: SDL_FPoint(x: u0, y: v1)))
        indices += [first, first + 1, first + 2, first, first + 2, first + 3]
    }
}
