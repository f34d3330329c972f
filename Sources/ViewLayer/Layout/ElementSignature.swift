import GridCore
import GridMotion

/// What of an element's views its layout depends on: their structure, every modifier that sizes,
/// places or styles, each text's measured size and each image's natural size — everything but the
/// colours of its `Color` views, the strings of its texts and the names of its symbols, which are its `paints`. Two elements
/// with one signature, laid out in one size, put the same drawings in the same frames; only their
/// paints differ. A grid of numbered cells (`Text("\(i)")` on `Color(hue: …i…)`) lays out one
/// element per text width, not one per cell; the others are filled in (`ElementTemplate`).
public struct ElementSignature: Hashable {
    /// An element's own values, in the order its views are written: what a template fills in.
    public enum Paint: Hashable {
        case color(Color)
        case text(String)
        /// An SF Symbol's name: symbols of one natural size lay out alike (the size is in the signature).
        case symbol(String)
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

    /// Which paints are texts (the others are colours and symbols), in paint order.
    let isText: [Bool]

    init(parts: [Part], widths: [Double]) {
        self.parts = parts
        self.widths = widths
        isText = parts.compactMap { part -> Bool? in
            switch part {
            case .text: return true
            case .content(1), .image(.system, _, _): return false
            default: return nil
            }
        }
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

    /// This signature with its texts measured `textSizes` (width, height, in paint order, as
    /// `ViewLayout.textSizes` gives them); the rest, `isText` included, kept.
    public func refilled(textSizes sizes: [Double]) -> ElementSignature {
        var parts = self.parts, widths = self.widths
        var text = 0, paint = 0
        for (k, part) in parts.enumerated() {
            guard case .text(let font, _, _) = part, 2 * text + 1 < sizes.count else { continue }
            while paint < isText.count, !isText[paint] { paint += 1 }
            parts[k] = .text(font, width: sizes[2 * text], height: sizes[2 * text + 1])
            if paint < widths.count { widths[paint] = sizes[2 * text] }
            text += 1
            paint += 1
        }
        return ElementSignature(parts: parts, widths: widths, isText: isText)
    }

    private init(parts: [Part], widths: [Double], isText: [Bool]) {
        self.parts = parts
        self.widths = widths
        self.isText = isText
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
