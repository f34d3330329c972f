/// One column of a `LazyVGrid` or one row of a `LazyHGrid`, as in SwiftUI.
///
/// `spacing` is the gap *after* this item (the last item's is unused); nil means the
/// platform default of 8 points. `alignment`, when set, anchors every cell of this
/// track and overrides the grid's own alignment.
public struct GridItem: Hashable, Sendable {
    /// How a track claims space along the grid's cross axis.
    public enum Size: Hashable, Sendable {
        /// Exactly this many points, whatever the space.
        case fixed(Double)
        /// One track taking an even share of what the fixed tracks left, clamped to min…max.
        case flexible(minimum: Double = 10, maximum: Double = .infinity)
        /// As many tracks as fit at `minimum`, sharing the space evenly (capped at `maximum`).
        case adaptive(minimum: Double, maximum: Double = .infinity)
    }

    public var size: Size
    public var spacing: Double?
    public var alignment: Alignment?

    public init(_ size: Size = .flexible(), spacing: Double? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }

    /// The default gap SwiftUI puts between tracks and between rows.
    public static let defaultSpacing: Double = 8

    /// The gap after this item, with the default applied.
    public var resolvedSpacing: Double { spacing ?? GridItem.defaultSpacing }
}

extension GridItem.Size: CustomStringConvertible {
    /// The Swift source for this size, as a SwiftUI user would write it.
    public var description: String {
        switch self {
        case .fixed(let v): return ".fixed(\(formatPoints(v)))"
        case .flexible(let lo, let hi):
            var args: [String] = []
            if lo != 10 { args.append("minimum: \(formatPoints(lo))") }
            if hi != .infinity { args.append("maximum: \(formatPoints(hi))") }
            return ".flexible(\(args.joined(separator: ", ")))"
        case .adaptive(let lo, let hi):
            var text = ".adaptive(minimum: \(formatPoints(lo))"
            if hi != .infinity { text += ", maximum: \(formatPoints(hi))" }
            return text + ")"
        }
    }
}

extension GridItem: CustomStringConvertible {
    public var description: String {
        var args = [size.description]
        if let s = spacing { args.append("spacing: \(formatPoints(s))") }
        if let a = alignment, let name = Alignment.named.first(where: { $0.value == a })?.key {
            args.append("alignment: .\(name)")
        }
        return "GridItem(\(args.joined(separator: ", ")))"
    }
}

/// Points printed the way people write them: `50`, `124.667`, `.infinity`.
/// Three decimals is finer than any screen pixel at 8× and keeps output readable.
public func formatPoints(_ v: Double) -> String {
    if v.isNaN { return "nan" }
    if v == .infinity { return ".infinity" }
    if v == -.infinity { return "-.infinity" }
    // Beyond three decimals' reach (and Int64's): Swift's own spelling, which reads back as written.
    if abs(v) >= 1e15 { return String(v) }
    let rounded = (v * 1000).rounded() / 1000
    // A value three decimals would print as 0 is not 0 to the grid (an adaptive minimum must be above
    // 0): Swift's spelling, `1e-06`, so printed code reads back as the same grid.
    if rounded == 0, v != 0 { return String(v) }
    if rounded == rounded.rounded(), abs(rounded) < 1e15 {
        return String(Int64(rounded))
    }
    var text = String(rounded)
    // String(Double) can fall back to exponent form for tiny or huge values; keep it plain.
    if text.contains("e") {
        let scaled = Int64((abs(rounded) * 1000).rounded())
        let sign = rounded < 0 ? "-" : ""
        var frac = String(scaled % 1000)
        while frac.count < 3 { frac = "0" + frac }
        while frac.hasSuffix("0") { frac.removeLast() }
        text = "\(sign)\(scaled / 1000)" + (frac.isEmpty ? "" : ".\(frac)")
    }
    return text
}

/// A count as messages print it, in groups of three: 1,024,000 (without Foundation).
public func formatCount(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
        out.append(c)
    }
    return (n < 0 ? "-" : "") + out
}
