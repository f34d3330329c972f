import Glibc

/// Milk-foam patterns poured on espresso. Each is a function of a point in the cup's unit disc
/// (x right, y toward the far side of the pattern) returning milk coverage 0...1 with soft edges,
/// the way steamed milk feathers into crema.
public enum LatteArt: Sendable {
    case heart
    /// A heart with rings of crema inside it (the "wave heart").
    case layeredHeart
    case rosetta
    case tulip
    case swan
    /// Cappuccino: a dome of foam ringed by crema, dusted with cocoa.
    case foamDome
    /// Chocolate drizzle spiral dragged into a web.
    case spiderweb
    /// A small tight heart in a wide field of crema (flat white).
    case smallHeart
    /// No milk: espresso or americano crema.
    case none

    public func milk(_ x: Float, _ y: Float, noise: Noise) -> Float {
        // A little wobble so edges look poured, not plotted.
        let wx = x + (noise.value(x * 6, y * 6) - 0.5) * 0.035
        let wy = y + (noise.value(x * 6 + 40, y * 6) - 0.5) * 0.035
        switch self {
        case .heart: return LatteArt.heartCoverage(wx, wy, size: 0.84, rings: 0)
        case .layeredHeart: return LatteArt.heartCoverage(wx, wy, size: 0.86, rings: 3)
        case .smallHeart: return LatteArt.heartCoverage(wx, wy + 0.02, size: 0.45, rings: 0)
        case .rosetta: return LatteArt.rosetta(wx, wy, width: 0.6, layers: 13)
        case .tulip: return LatteArt.tulip(wx, wy)
        case .swan: return LatteArt.swan(wx / 1.18, wy / 1.18)
        case .foamDome: return 1 - smoothstep(0.80, 0.93, (wx * wx + wy * wy).squareRoot())
        case .spiderweb: return 1 - smoothstep(0.86, 0.95, (wx * wx + wy * wy).squareRoot())
        case .none: return 0
        }
    }

    /// Inigo Quilez's exact heart distance (tip at the origin, lobes up to y ≈ 1.1).
    static func heartDistance(_ px: Float, _ py: Float) -> Float {
        let x = abs(px)
        if py + x > 1 {
            let dx = x - 0.25, dy = py - 0.75
            return (dx * dx + dy * dy).squareRoot() - 0.35355339
        }
        let ax = x, ay = py - 1
        let m = 0.5 * max(x + py, 0)
        let bx = x - m, by = py - m
        return (min(ax * ax + ay * ay, bx * bx + by * by)).squareRoot() * (x - py >= 0 ? 1 : -1)
    }

    /// A latte heart: fuller than the geometric one, lobes toward +y, with the pour's thin tail
    /// running out of the tip; `rings` cut crema bands that follow its outline.
    static func heartCoverage(_ x: Float, _ y: Float, size: Float, rings: Int) -> Float {
        // Map so the heart is centred, lobes toward +y, tip toward -y.
        let hx = x / (size * 1.2), hy = (y + size * 0.62) / size
        let d = heartDistance(hx, hy * 0.95) * size
        var m = 1 - smoothstep(-0.012, 0.012, d)
        if rings > 0 {
            // Bands of crema inside, thinning toward the centre like a poured wave heart.
            let depth = -d / size
            let band = 0.5 + 0.5 * cos(depth * Float(rings) * 2 * pi * 1.6)
            let inner = smoothstep(0.02, 0.06, depth) * (1 - smoothstep(0.38, 0.42, depth))
            m *= 1 - inner * smoothstep(0.78, 0.92, band)
        }
        // The pull-through: a thin line from the tip toward the near edge.
        let tail = 1 - smoothstep(0.004, 0.014, abs(x) - 0.01 * (y + size * 0.62))
        let along = smoothstep(-0.92, -0.8, y) * (1 - smoothstep(-size * 0.62, -size * 0.5, y))
        return max(m, tail * along * 0.85)
    }

    /// Stacked arcs narrowing toward the tip, split by the pull-through line.
    static func rosetta(_ x: Float, _ y: Float, width: Float, layers: Int) -> Float {
        let base: Float = -0.66, top: Float = 0.62
        let t = (y - base) / (top - base)
        if t < -0.1 || t > 1.1 { return 0 }
        // Leaf outline: widest a third of the way up, pointed at the tip, round at the base.
        let env = width * sin(pi * min(1, max(0, pow(clamp01(t), 0.75)))) + 0.02
        let inside = 1 - smoothstep(env - 0.03, env + 0.01, abs(x))
        // Arcs that bend toward the tip and sharpen at the centre where the line pulled through.
        let bend = y + 0.55 * x * x + 0.06 * abs(x)
        let phase = (bend - base) / (top - base) * Float(layers)
        let stripe = 0.5 + 0.5 * cos(phase * 2 * pi)
        let milk = smoothstep(0.12, 0.32, stripe + 0.12 * (1 - t) - 0.05 * t)
        let stem = (1 - smoothstep(0.01, 0.022, abs(x))) * smoothstep(-0.8, -0.7, y) * (1 - smoothstep(top + 0.05, top + 0.12, y))
        let baseBlob = 1 - smoothstep(0.1, 0.14, ((x * x) / 0.6 + (y - base - 0.04) * (y - base - 0.04) / 0.05).squareRoot() * 0.3)
        return max(max(inside * milk, stem), baseBlob * inside)
    }

    /// Stacked crescents with a small heart on top.
    static func tulip(_ x: Float, _ y: Float) -> Float {
        let blobs: [(cy: Float, r: Float)] = [(-0.36, 0.44), (-0.04, 0.35), (0.22, 0.27), (0.42, 0.18)]
        var m: Float = 0
        for i in blobs.indices {
            let b = blobs[i]
            let dy = (y - b.cy) / 0.8
            let d = (x * x + dy * dy).squareRoot() - b.r
            var c = 1 - smoothstep(-0.01, 0.012, d)
            if i + 1 < blobs.count {
                // The next pour pushes into this one, leaving a crescent and a thin crema gap.
                let n = blobs[i + 1]
                let ndy = (y - n.cy + 0.06) / 0.8
                let nd = (x * x + ndy * ndy).squareRoot() - n.r - 0.045
                c *= smoothstep(-0.012, 0.012, nd)
            }
            m = max(m, c)
        }
        let stem = (1 - smoothstep(0.01, 0.022, abs(x))) * smoothstep(-0.85, -0.75, y) * (1 - smoothstep(0.5, 0.56, y))
        return max(m, stem)
    }

    /// A swan as a barista pours it: a feathered wing raised on the left (a rosetta bent up from
    /// the base, crema lines between its feathers), a body where it sits on the foam, and a thick
    /// neck rising on the right and bowing over to a small head with a beak.
    static func swan(_ x: Float, _ y: Float) -> Float {
        let p = V2(x, y)
        // Wing: feathers along a curved spine, wide on the outer (left) side and scalloped at each
        // feather's tip; their crema lines bow toward the wing tip like a rosetta's.
        let (d, s, outerSide) = nearest(p, on: swanSpine)
        let sc = clamp01(s)
        var w = outerSide ? 0.03 + 0.27 * pow(sin(pi * min(1, pow(sc, 0.7))), 0.8) : 0.03 + 0.11 * sin(pi * min(1, pow(sc, 0.9)))
        let rel = d / max(0.04, w)
        let phase = s * 8.5 + 1.1 * rel * rel * (outerSide ? 1 : 0.6)
        if outerSide { w *= 0.84 + 0.16 * sin(pi * (phase - floor(phase))) }
        let inside = (1 - smoothstep(w - 0.012, w + 0.012, d)) * smoothstep(-0.01, 0.03, s)
        let stripe = 0.5 + 0.5 * cos(phase * 2 * pi)
        let feathers = smoothstep(0.03, 0.14, stripe + 0.1 * (1 - sc))
        let vein = (1 - smoothstep(0.01, 0.022, d)) * (1 - smoothstep(0.8, 0.95, s)) * smoothstep(0, 0.05, s)
        let wing = max(inside * feathers, vein * inside)
        // Body: the flat pool of milk the wing and neck rise from.
        let body = 1 - smoothstep(0.9, 1.1, V2((x - 0.1) / 0.26, (y + 0.45) / 0.11).length)
        // Neck, thinning toward the head.
        let (nd, nt, _) = nearest(p, on: swanNeck)
        let nw = mix(0.07, 0.04, nt)
        let neck = 1 - smoothstep(nw - 0.012, nw + 0.012, nd)
        // Head and beak, facing left over the wing.
        let hx = x - 0.03, hy = y - 0.52
        let head = 1 - smoothstep(0.9, 1.1, V2(hx / 0.1, hy / 0.085).length)
        let bx = -(hx + 0.09), by = hy + 0.02 + bx * 0.35
        let beak = (1 - smoothstep(0, 0.012, abs(by) - 0.035 * (1 - bx / 0.09))) * smoothstep(-0.02, 0, bx) * (1 - smoothstep(0.08, 0.1, bx))
        return max(max(wing, body), max(neck, max(head, beak)))
    }

    static let swanSpine = cubicPoints(V2(0.12, -0.4), V2(-0.18, -0.38), V2(-0.36, -0.02), V2(-0.26, 0.4))
    static let swanNeck = cubicPoints(V2(0.26, -0.42), V2(0.5, -0.1), V2(0.42, 0.52), V2(0.08, 0.56))

    static func cubicPoints(_ q0: V2, _ q1: V2, _ q2: V2, _ q3: V2, count: Int = 40) -> [V2] {
        (0...count).map { i in
            let t = Float(i) / Float(count), u = 1 - t
            return q0 * (u * u * u) + q1 * (3 * u * u * t) + q2 * (3 * u * t * t) + q3 * (t * t * t)
        }
    }

    /// Distance from `p` to a polyline, where along it the nearest point lies (0…1), and whether
    /// `p` is on the polyline's left.
    static func nearest(_ p: V2, on line: [V2]) -> (distance: Float, along: Float, left: Bool) {
        var best: (Float, Float, Bool) = (.infinity, 0, false)
        for i in 1..<line.count {
            let a = line[i - 1], ab = line[i] - a, ap = p - a
            let t = clamp01(ap.dot(ab) / max(1e-9, ab.dot(ab)))
            let d = (ap - ab * t).length
            if d < best.0 { best = (d, (Float(i - 1) + t) / Float(line.count - 1), ab.x * ap.y - ab.y * ap.x > 0) }
        }
        return best
    }
}
