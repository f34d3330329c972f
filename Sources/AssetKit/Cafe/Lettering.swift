import Glibc

/// A tiny stroke alphabet for shop signs, so a sign says a real word instead of pretend glyphs.
/// Each letter is polylines in a unit box (x 0...1 across, y 0...1 down).
enum StrokeFont {
    static func arc(_ cx: Float, _ cy: Float, _ rx: Float, _ ry: Float, _ a0: Float, _ a1: Float) -> [V2] {
        (0...12).map { i in let a = a0 + (a1 - a0) * Float(i) / 12; return V2(cx + cos(a) * rx, cy + sin(a) * ry) }
    }
    static func glyph(_ ch: Character) -> [[V2]] {
        switch ch {
        case "A": return [[V2(0, 1), V2(0.5, 0), V2(1, 1)], [V2(0.22, 0.62), V2(0.78, 0.62)]]
        case "B": return [[V2(0.1, 0), V2(0.1, 1)], [V2(0.1, 0)] + arc(0.55, 0.25, 0.35, 0.25, -pi / 2, pi / 2) + [V2(0.1, 0.5)],
                          [V2(0.1, 0.5)] + arc(0.58, 0.75, 0.38, 0.25, -pi / 2, pi / 2) + [V2(0.1, 1)]]
        case "C": return [arc(0.55, 0.5, 0.48, 0.5, 0.9, 2 * pi - 0.9)]
        case "E": return [[V2(0.9, 0), V2(0.1, 0), V2(0.1, 1), V2(0.9, 1)], [V2(0.1, 0.5), V2(0.7, 0.5)]]
        case "F": return [[V2(0.9, 0), V2(0.1, 0), V2(0.1, 1)], [V2(0.1, 0.5), V2(0.7, 0.5)]]
        case "L": return [[V2(0.15, 0), V2(0.15, 1), V2(0.9, 1)]]
        case "N": return [[V2(0.1, 1), V2(0.1, 0), V2(0.9, 1), V2(0.9, 0)]]
        case "O": return [arc(0.5, 0.5, 0.45, 0.5, 0, 2 * pi)]
        case "R": return [[V2(0.1, 1), V2(0.1, 0)], [V2(0.1, 0)] + arc(0.5, 0.27, 0.4, 0.27, -pi / 2, pi / 2) + [V2(0.1, 0.54)], [V2(0.45, 0.54), V2(0.9, 1)]]
        case "S": return [arc(0.5, 0.26, 0.38, 0.26, -0.3, pi * 1.5).reversed() + arc(0.5, 0.74, 0.4, 0.26, -pi / 2, pi + 0.3)]
        case "T": return [[V2(0, 0), V2(1, 0)], [V2(0.5, 0), V2(0.5, 1)]]
        case "U": return [[V2(0.1, 0)] + arc(0.5, 0.6, 0.4, 0.4, pi, 0) + [V2(0.9, 0)]]
        case "M": return [[V2(0.05, 1), V2(0.1, 0), V2(0.5, 0.7), V2(0.9, 0), V2(0.95, 1)]]
        case "K": return [[V2(0.1, 0), V2(0.1, 1)], [V2(0.85, 0), V2(0.1, 0.6)], [V2(0.35, 0.42), V2(0.9, 1)]]
        case "H": return [[V2(0.1, 0), V2(0.1, 1)], [V2(0.9, 0), V2(0.9, 1)], [V2(0.1, 0.5), V2(0.9, 0.5)]]
        case "I": return [[V2(0.5, 0), V2(0.5, 1)]]
        case "&": return [[V2(0.9, 1), V2(0.2, 0.35)] + arc(0.42, 0.2, 0.22, 0.2, pi, 2 * pi) + [V2(0.2, 0.6)] + arc(0.42, 0.78, 0.28, 0.22, pi, pi * 2.3)]
        default: return []
        }
    }

    /// Strokes spelling `text` centred on `center`, letters `height` tall.
    static func strokes(_ text: String, center: V2, height: Float) -> [[V2]] {
        let lw = height * 0.72, gap = height * 0.32
        let total = Float(text.count) * (lw + gap) - gap
        var x = center.x - total / 2
        var out: [[V2]] = []
        for ch in text {
            for s in glyph(ch) { out.append(s.map { V2(x + $0.x * lw, center.y - height / 2 + $0.y * height) }) }
            x += lw + gap
        }
        return out
    }
}
