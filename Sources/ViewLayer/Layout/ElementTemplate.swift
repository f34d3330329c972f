import GridCore

/// One element's drawing with its paints left open: made from an element laid out whole, filled
/// in with the paints of any element of the same signature laid out in the same size.
public struct ElementTemplate {
    private let drawing: [Drawing]
    /// For each drawing, the paint it shows (an index into the paints), or nil when its look is
    /// fixed by the signature.
    private let slots: [Int?]

    /// The template of `drawing` — what layout drew for an element of `signature` and `paints`
    /// (`laidOut`), as the host draws it (`drawing`: the same shapes, perhaps merged or moved) —
    /// or nil when a fill or a text cannot be traced to exactly one paint (two views painted alike)
    /// or a text was wrapped (another string of the same width may wrap elsewhere): such elements
    /// are laid out whole each time.
    public init?(_ drawing: [Drawing], laidOut: [Drawing], signature: ElementSignature, paints: [ElementSignature.Paint]) {
        for d in laidOut {
            guard case .text(let s, _, _) = d.shape else { continue }
            guard let k = paints.firstIndex(of: .text(s)), k < signature.widths.count,
                  d.frame.width >= signature.widths[k] - 1e-9 else { return nil }
        }
        var slots: [Int?] = []
        slots.reserveCapacity(drawing.count)
        for d in drawing {
            let paint: ElementSignature.Paint
            switch d.shape {
            case .fill(let c, _): paint = .color(c)
            case .text(let s, _, _): paint = .text(s)
            case .image(.system(let name), _): paint = .symbol(name)
            case .image, .shadow, .pushClip, .popClip:
                slots.append(nil)
                continue
            }
            guard let k = paints.firstIndex(of: paint), paints.lastIndex(of: paint) == k else { return nil }
            slots.append(k)
        }
        self.drawing = drawing
        self.slots = slots
    }

    /// The drawing of an element of the same signature whose paints are `paints`.
    public func drawing(with paints: [ElementSignature.Paint]) -> [Drawing] {
        var result = drawing
        for (i, slot) in slots.enumerated() {
            guard let k = slot, k < paints.count else { continue }
            switch (result[i].shape, paints[k]) {
            case let (.fill(_, radius), .color(c)): result[i].shape = .fill(c, cornerRadius: radius)
            case let (.text(_, font, color), .text(s)): result[i].shape = .text(s, font, color)
            case let (.image(.system, color), .symbol(name)): result[i].shape = .image(.system(name), color)
            default: break
            }
        }
        return result
    }
}
