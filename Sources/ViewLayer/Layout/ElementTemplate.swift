import GridCore
import GridMotion

/// What of an element's views its layout depends on: their structure, every modifier that sizes,
/// places or styles, each text's measured size and each image's natural size — everything but the
/// colours of its `Color` views and the strings of its texts, which are its `paints`. Two elements
/// with one signature, laid out in one size, put the same drawings in the same frames; only their
/// paints differ. A grid of numbered cells (`Text("\(i)")` on `Color(hue: …i…)`) lays out one
/// element per text width, not one per cell; the others are filled in (`ElementTemplate`).
public struct ElementSignature: Hashable {
    /// An element's own values, in the order its views are written: what a template fills in.
    public enum Paint: Hashable {
        case color(Color)
        case text(String)
    }

    enum Part: Hashable {
        case content(Int)
        case text(Font, width: Double, height: Double)
        case image(ImageSource, resizable: Bool, Size)
        case spacer(Double?)
        case stack(StackKind, Alignment, Double?, count: Int)
        case group(count: Int)
        case frame(Double?, Double?, Alignment)
        case flexibleFrame(FlexibleFrame)
        case padding(EdgeInsets)
        case aspectRatio(Double?, ContentMode)
        case background(Alignment)
        case font(Font)
        case fontWeight(Font.Weight)
        case foregroundColor(Color)
        case tint(Color)
        case cornerRadius(Double)
        case clipped
        case shadow(Color, Double, Double, Double)
        case opacity(Double)
        case id(AnyHashable)
        case tap(Int)
        case unknown(String)
    }

    let parts: [Part]
    /// Each paint's measured width (a text's unwrapped width; 0 for a colour), in paint order.
    let widths: [Double]
    /// The parts' numbers mixed (see `Part.mix`): hashing the parts themselves hashes every font's
    /// and named colour's strings, ~13 K instructions a grid item; equal signatures still compare
    /// their parts.
    let digest: UInt64

    /// Which paints are texts (the others are colours), in paint order.
    let isText: [Bool]

    init(parts: [Part], widths: [Double]) {
        self.parts = parts
        self.widths = widths
        isText = parts.compactMap { if case .text = $0 { return true }; if case .content(1) = $0 { return false }; return nil }
        digest = ElementSignature.digest(parts, widths)
    }

    /// FNV-1a over the parts' numbers and the widths.
    static func digest(_ parts: [Part], _ widths: [Double]) -> UInt64 {
        var d: UInt64 = 0xcbf2_9ce4_8422_2325
        for p in parts { d = (d ^ p.mix) &* 0x0000_0100_0000_01b3 }
        for w in widths { d = (d ^ w.bitPattern) &* 0x0000_0100_0000_01b3 }
        return d
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    public static func == (a: ElementSignature, b: ElementSignature) -> Bool {
        a.digest == b.digest && a.widths == b.widths && a.parts == b.parts
    }

    /// This signature with the texts' parts and widths replaced (the rest, `isText` included, kept).
    init(_ base: ElementSignature, parts: [Part], widths: [Double]) {
        self.parts = parts
        self.widths = widths
        isText = base.isText
        digest = ElementSignature.digest(parts, widths)
    }
}

extension ElementSignature.Part {
    /// The part's kind and its numbers, folded into 64 bits (names and strings left to `==`).
    var mix: UInt64 {
        func m(_ xs: Double?...) -> UInt64 {
            xs.reduce(0) { ($0 &* 31) ^ ($1?.bitPattern ?? 0x7ff8_dead) }
        }
        switch self {
        case .content(let k): return 1 &+ UInt64(truncatingIfNeeded: k)
        case let .text(f, w, h): return 2 ^ m(f.size, w, h)
        case let .image(_, r, s): return 3 ^ m(r ? 1 : 0, s.width, s.height)
        case .spacer(let l): return 4 ^ m(l)
        case let .stack(_, _, sp, n): return 5 ^ m(sp, Double(n))
        case .group(let n): return 6 ^ m(Double(n))
        case let .frame(w, h, _): return 7 ^ m(w, h)
        case .flexibleFrame(let f): return 8 ^ m(f.minWidth, f.idealWidth, f.maxWidth, f.minHeight, f.idealHeight, f.maxHeight)
        case .padding(let e): return 9 ^ m(e.top, e.leading, e.bottom, e.trailing)
        case .aspectRatio(let r, _): return 10 ^ m(r)
        case .background: return 11
        case .font(let f): return 12 ^ m(f.size)
        case .fontWeight: return 13
        case .foregroundColor(let c): return 14 ^ m(c.opacity)
        case .tint(let c): return 15 ^ m(c.opacity)
        case .cornerRadius(let r): return 16 ^ m(r)
        case .clipped: return 17
        case let .shadow(c, r, x, y): return 18 ^ m(c.opacity, r, x, y)
        case .opacity(let o): return 19 ^ m(o)
        case .id: return 20
        case .tap(let n): return 21 &+ UInt64(truncatingIfNeeded: n)
        case .unknown: return 22
        }
    }
}

extension ViewLayout {
    /// `node`'s signature and paints, or nil when it holds what a template cannot stand for: motion
    /// (`.animation`, `.transition`, `matchedGeometryEffect`, which compare frames between frames),
    /// containers that lay out lazily or scroll, buttons and navigation.
    public func signature(of node: ViewNode) -> (signature: ElementSignature, paints: [ElementSignature.Paint])? {
        var parts: [ElementSignature.Part] = []
        var paints: [ElementSignature.Paint] = []
        var widths: [Double] = []
        parts.reserveCapacity(12)
        guard walk(node, LayoutEnvironment(), &parts, &paints, &widths) else { return nil }
        return (ElementSignature(parts: parts, widths: widths), paints)
    }

    private func walk(_ node: ViewNode, _ env: LayoutEnvironment, _ parts: inout [ElementSignature.Part],
                      _ paints: inout [ElementSignature.Paint], _ widths: inout [Double]) -> Bool {
        switch node.kind {
        case let .modified(inner, m):
            var env = env
            switch m {
            case let .frame(w, h, a): parts.append(.frame(w, h, a))
            case .flexibleFrame(let f): parts.append(.flexibleFrame(f))
            case .padding(let e): parts.append(.padding(e))
            case let .aspectRatio(r, mode): parts.append(.aspectRatio(r, mode))
            case let .background(b, a):
                parts.append(.background(a))
                guard walk(b, env, &parts, &paints, &widths) else { return false }
            case .font(let f): parts.append(.font(f)); env.font = f
            case .fontWeight(let w): parts.append(.fontWeight(w)); env.fontWeight = w
            case .foregroundColor(let c): parts.append(.foregroundColor(c))
            case .tint(let c): parts.append(.tint(c))
            case .cornerRadius(let r): parts.append(.cornerRadius(r))
            case .clipped: parts.append(.clipped)
            case let .shadow(c, r, x, y): parts.append(.shadow(c, r, x, y))
            case .opacity(let o): parts.append(.opacity(o))
            case .id(let id): parts.append(.id(id))
            case .onTapGesture(let count, _): parts.append(.tap(count))
            case .unknown(let name, _): parts.append(.unknown(name))
            case .matchedGeometryEffect, .animation, .transition, .navigationTitle, .toolbar: return false
            }
            return walk(inner, env, &parts, &paints, &widths)
        case .content(let c):
            switch c {
            case .empty: parts.append(.content(0))
            case .text(let s):
                let font = env.resolvedFont
                let size = measuring.size(of: s, font: font, maxWidth: nil)
                parts.append(.text(font, width: size.width, height: size.height))
                paints.append(.text(s))
                widths.append(size.width)
            case .color(let color):
                parts.append(.content(1))
                paints.append(.color(color))
                widths.append(0)
            case let .image(source, resizable):
                let natural: Size
                switch source {
                case .system(let name): natural = measuring.naturalSize(ofSymbol: name, font: env.resolvedFont)
                case .named(let name): natural = measuring.naturalSize(ofImage: name) ?? Size(width: -1, height: -1)
                }
                parts.append(.image(source, resizable: resizable, natural))
            case .spacer(let m): parts.append(.spacer(m))
            case let .stack(kind, alignment, spacing, children):
                parts.append(.stack(kind, alignment, spacing, count: children.count))
                for child in children { guard walk(child, env, &parts, &paints, &widths) else { return false } }
            case .group(let children):
                parts.append(.group(count: children.count))
                for child in children { guard walk(child, env, &parts, &paints, &widths) else { return false } }
            case .scroll, .grid, .forEach, .section, .navigation, .button, .toolbarItem:
                return false
            }
            return true
        }
    }
}

extension ViewLayout {
    /// The signature of an element made like `base`'s (same views, same modifiers) whose paints are
    /// `paints`: each text measured again in its font. Nil when the paints do not match `base`'s kinds.
    public func signature(_ base: ElementSignature, refilledWith paints: [ElementSignature.Paint]) -> ElementSignature? {
        guard paints.count == base.isText.count else { return nil }
        for (p, text) in zip(paints, base.isText) {
            if case .text = p, !text { return nil }
            if case .color = p, text { return nil }
        }
        var parts = base.parts, widths = base.widths
        var next = 0
        for (k, part) in parts.enumerated() {
            guard case .text(let font, _, _) = part else { continue }
            while next < paints.count, !base.isText[next] { next += 1 }
            guard next < paints.count, case .text(let s) = paints[next] else { return nil }
            let size = measuring.size(of: s, font: font, maxWidth: nil)
            parts[k] = .text(font, width: size.width, height: size.height)
            widths[next] = size.width
            next += 1
        }
        return ElementSignature(base, parts: parts, widths: widths)
    }
}

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
            default: break
            }
        }
        return result
    }
}
