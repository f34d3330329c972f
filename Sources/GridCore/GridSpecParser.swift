/// Reads the Swift a SwiftUI user writes for a grid's `columns:` or `rows:` and returns the items.
///
/// Accepted, as pasted: `[GridItem(.fixed(30), spacing: 1), GridItem(.flexible(minimum: 60))]`,
/// `Array(repeating: GridItem(.flexible(), spacing: 0), count: 3)`, `[GridItem(.adaptive(minimum: 50))]`,
/// `Array(repeating: .init(.flexible()), count: 6)`, `[ GridItem() ]`, a declaration such as
/// `private var gridItemLayout = [...]`, concatenation with `+`; brackets and leading dots optional.
///
/// Rejected with the column of the offending text: anything unreadable, negative, NaN or infinite
/// sizes (an infinite `maximum` is fine), minimum above maximum, adaptive minimum of zero, negative
/// spacing, an empty list.
public enum GridSpec {
    /// Adaptive minimums and repeat counts beyond these make grids no screen can show.
    public static let maxRepeatCount = 1000
    /// Sizes, minimums and spacings above this many points (a billion) are rejected: no screen shows
    /// them, and a thousand of them summed would overflow to infinity in the tracks.
    public static let maxPoints = 1e9

    /// A spec longer than this is refused before it is read: a thousand items fit in 128 KB.
    public static let maxSourceBytes = 128 << 10
    /// `CGFloat(CGFloat(…))` deeper than this is refused: the parser recurses once a level, and
    /// 14,000 levels (126 KB, under the size cap) overflowed a 2 MB stack.
    public static let maxNesting = 32

    public static func parse(_ source: String) throws -> [GridItem] {
        guard source.utf8.count <= maxSourceBytes else {
            throw GridSpecError(line: 1, column: 1, found: String(source.prefix(20)),
                                message: "the spec is \(source.utf8.count / 1024) KB; at most \(maxSourceBytes / 1024) KB (\(maxRepeatCount) GridItems) is read")
        }
        var parser = Parser(tokens: try SpecLexer.tokens(source))
        let items = try parser.spec()
        let most = mostTracks(items)
        guard most <= GridTracks.maxTracks else {
            let first = parser.tokens.first { $0.kind != .end && $0.kind != .symbol("[") } ?? parser.tokens[0]
            throw GridSpecError(line: first.line, column: first.column, found: String(first.text.prefix(20)),
                                message: "these \(formatCount(items.count)) items make up to \(formatCount(most)) tracks in a window \(formatCount(Int(maxExtent))) points wide "
                                    + "(an adaptive item as many as fit, up to \(formatCount(GridTracks.maxTracksPerAdaptiveItem))); a grid holds at most "
                                    + "\(formatCount(GridTracks.maxTracks)) tracks, so that a frame makes at most \(formatCount(LazyGridLayout.maxItemsPerQuery)) items")
        }
        return items
    }

    /// The widest extent a spec is checked against: the largest window (`--size` goes to 16,384).
    public static let maxExtent = 16_384.0

    /// The tracks `items` make at most, at any extent up to `maxExtent`: an adaptive item as many
    /// as its minimum and spacing fit (up to `GridTracks.maxTracksPerAdaptiveItem`), others one.
    public static func mostTracks(_ items: [GridItem]) -> Int {
        items.reduce(0) { total, item in
            guard case .adaptive(let lo, _) = item.size else { return total + 1 }
            let s = max(item.resolvedSpacing.isFinite ? item.resolvedSpacing : 0, 0)
            let fit = lo + s > 0 ? ((maxExtent + s) / (lo + s)).rounded(.down) : .infinity
            return total + Int(min(max(fit, 1), Double(GridTracks.maxTracksPerAdaptiveItem)))
        }
    }
}

private struct Parser {
    var tokens: [SpecToken]
    var pos = 0
    /// `CGFloat(` levels open around the number being read.
    var nesting = 0

    var current: SpecToken { tokens[pos] }

    mutating func spec() throws -> [GridItem] {
        skipDeclaration()
        if case .end = current.kind {
            throw error("expected a list of GridItem, such as [GridItem(.flexible())]")
        }
        let first = current
        var items = try sum()
        while accept(",") {
            if case .end = current.kind { break }
            items += try sum()
            try checkCount(items.count)
        }
        guard case .end = current.kind else {
            throw error("expected ',' or '+' between items, or the end of the spec")
        }
        if items.isEmpty {
            throw GridSpecError(line: first.line, column: first.column, found: first.text,
                                message: "the list is empty; a grid needs at least one GridItem")
        }
        return items
    }

    /// `private var name: [GridItem] = …` and `let x = …`: skip up to the `=`.
    mutating func skipDeclaration() {
        guard let eq = tokens.firstIndex(where: { $0.kind == .symbol("=") }) else { return }
        let head = tokens[..<eq]
        let keywords: Set<String> = ["let", "var"]
        if head.contains(where: { if case .identifier(let w) = $0.kind { return keywords.contains(w) }; return false }) {
            pos = eq + 1
        }
    }

    mutating func sum() throws -> [GridItem] {
        var items = try term()
        while accept("+") {
            items += try term()
            try checkCount(items.count)
        }
        return items
    }

    mutating func term() throws -> [GridItem] {
        if check("[") {
            // `[GridItem](repeating:count:)` or a literal list.
            if case .identifier("GridItem") = tokens[pos + 1].kind, tokens[pos + 2].kind == .symbol("]") {
                pos += 3
                return try repeating()
            }
            let open = current
            pos += 1
            var items: [GridItem] = []
            while !check("]") {
                if case .end = current.kind {
                    throw GridSpecError(line: open.line, column: open.column, found: "[",
                                        message: "expected ']' to close this list")
                }
                items.append(try item())
                try checkCount(items.count)
                if !accept(",") {
                    guard check("]") else { throw error("expected ',' or ']' after a GridItem") }
                }
            }
            pos += 1
            return items
        }
        if case .identifier("Array") = current.kind {
            pos += 1
            if accept("<") {
                try expectIdentifier("GridItem", "expected GridItem in Array<GridItem>")
                try expect(">", "expected '>' after Array<GridItem")
            }
            return try repeating()
        }
        return [try item()]
    }

    /// A literal list is held to the cap `Array(repeating:count:)` has: no screen shows more tracks.
    func checkCount(_ n: Int) throws {
        guard n > GridSpec.maxRepeatCount else { return }
        throw error("more than \(GridSpec.maxRepeatCount) GridItems; a grid holds at most \(GridSpec.maxRepeatCount) tracks")
    }

    /// `(repeating: ITEM, count: N)`
    mutating func repeating() throws -> [GridItem] {
        try expect("(", "expected '(' after Array, as in Array(repeating: GridItem(), count: 3)")
        try label("repeating")
        let element = try item()
        try expect(",", "expected ',' then count: after the repeated GridItem")
        try label("count")
        let countToken = current
        let n = try number()
        try expect(")", "expected ')' to close Array(repeating:count:)")
        guard n == n.rounded(), n >= 1, n <= Double(GridSpec.maxRepeatCount) else {
            throw GridSpecError(line: countToken.line, column: countToken.column, found: countToken.text,
                                message: "count must be a whole number from 1 to \(GridSpec.maxRepeatCount)")
        }
        return Array(repeating: element, count: Int(n))
    }

    /// `GridItem(…)`, `GridItem.init(…)`, `.init(…)`, `init(…)`.
    mutating func item() throws -> GridItem {
        let start = pos
        if case .identifier("GridItem") = current.kind {
            pos += 1
            if accept(".") { try expectIdentifier("init", "expected init after GridItem.") }
        } else {
            _ = accept(".")
            guard case .identifier("init") = current.kind else {
                pos = start
                throw error("expected a GridItem, such as GridItem(.flexible()) or .init(.fixed(50))")
            }
            pos += 1
        }
        try expect("(", "expected '(' after GridItem")
        var size = GridItem.Size.flexible()
        var spacing: Double?
        var alignment: Alignment?
        var seenSize = false, seenSpacing = false, seenAlignment = false
        while !check(")") {
            if case .identifier(let word) = current.kind, tokens[pos + 1].kind == .symbol(":") {
                let labelToken = current
                pos += 2
                switch word {
                case "spacing" where !seenSpacing:
                    seenSpacing = true
                    let t = current
                    let v = try number()
                    if let fault = GridItem.spacingFault(v) {
                        throw GridSpecError(line: t.line, column: t.column, found: t.text, message: fault)
                    }
                    spacing = v
                case "alignment" where !seenAlignment:
                    seenAlignment = true
                    alignment = try alignmentValue()
                default:
                    throw GridSpecError(line: labelToken.line, column: labelToken.column, found: word,
                                        message: "expected a size, spacing: or alignment: in GridItem(…)")
                }
            } else {
                guard !seenSize, !seenSpacing, !seenAlignment else {
                    throw error("expected spacing: or alignment: (the size comes first, once)")
                }
                seenSize = true
                size = try sizeValue()
            }
            if !accept(",") {
                guard check(")") else { throw error("expected ',' or ')' in GridItem(…)") }
            }
        }
        pos += 1
        return GridItem(size, spacing: spacing, alignment: alignment)
    }

    /// `.fixed(N)`, `.flexible(minimum:maximum:)`, `.adaptive(minimum:maximum:)`, leading dot optional,
    /// optionally qualified as `GridItem.Size.`.
    mutating func sizeValue() throws -> GridItem.Size {
        if case .identifier("GridItem") = current.kind {
            pos += 1
            try expect(".", "expected '.Size.' after GridItem")
            try expectIdentifier("Size", "expected Size after GridItem.")
        }
        _ = accept(".")
        let nameToken = current
        guard case .identifier(let name) = current.kind, ["fixed", "flexible", "adaptive"].contains(name) else {
            throw error("expected a size: .fixed(50), .flexible() or .adaptive(minimum: 50)")
        }
        pos += 1
        try expect("(", "expected '(' after .\(name)")
        switch name {
        case "fixed":
            let t = current
            let v = try number()
            try expect(")", "expected ')' after the fixed size")
            if let fault = GridItem.Size.fixed(v).fault {
                throw GridSpecError(line: t.line, column: t.column, found: t.text, message: fault.message)
            }
            return .fixed(v)
        default:
            var minimum: Double? = nil, maximum: Double? = nil
            var minToken = nameToken, maxToken = nameToken
            while !check(")") {
                let t = current
                guard case .identifier(let word) = current.kind, word == "minimum" || word == "maximum",
                      tokens[pos + 1].kind == .symbol(":") else {
                    throw error("expected minimum: or maximum: in .\(name)(…)")
                }
                pos += 2
                let valueToken = current
                let v = try number()
                if word == "minimum" {
                    guard minimum == nil, maximum == nil else {
                        throw GridSpecError(line: t.line, column: t.column, found: word,
                                            message: "minimum: comes once, before maximum:")
                    }
                    minimum = v; minToken = valueToken
                } else {
                    guard maximum == nil else {
                        throw GridSpecError(line: t.line, column: t.column, found: word, message: "maximum: comes once")
                    }
                    maximum = v; maxToken = valueToken
                }
                if !accept(",") {
                    guard check(")") else { throw error("expected ',' or ')' in .\(name)(…)") }
                }
            }
            pos += 1
            if name == "adaptive" && minimum == nil {
                throw GridSpecError(line: nameToken.line, column: nameToken.column, found: "adaptive",
                                    message: "expected .adaptive(minimum: N); an adaptive size needs a minimum")
            }
            let lo = minimum ?? 10, hi = maximum ?? .infinity
            let size: GridItem.Size = name == "adaptive" ? .adaptive(minimum: lo, maximum: hi) : .flexible(minimum: lo, maximum: hi)
            switch size.fault {
            case .minimum(let m)?: throw GridSpecError(line: minToken.line, column: minToken.column, found: minToken.text, message: m)
            case .maximum(let m)?, .size(let m)?: throw GridSpecError(line: maxToken.line, column: maxToken.column, found: maxToken.text, message: m)
            case nil: return size
            }
        }
    }

    /// `.leading`, `Alignment.topLeading`, …
    mutating func alignmentValue() throws -> Alignment {
        if case .identifier("Alignment") = current.kind { pos += 1 }
        try expect(".", "expected an alignment such as .leading or .top")
        guard case .identifier(let name) = current.kind, let a = Alignment.named[name] else {
            throw error("expected an alignment: " + Alignment.named.keys.sorted().map { "." + $0 }.joined(separator: ", "))
        }
        pos += 1
        return a
    }

    /// A number literal, `-N`, `.infinity`, `CGFloat.infinity`, `.nan`, `CGFloat(N)`.
    mutating func number() throws -> Double {
        let negative = accept("-")
        var v: Double
        switch current.kind {
        case .number(let n):
            pos += 1
            v = n
        case .identifier(let type) where ["CGFloat", "Double", "Float"].contains(type):
            let typeToken = current
            pos += 1
            if accept("(") {
                guard nesting < GridSpec.maxNesting else {
                    throw GridSpecError(line: typeToken.line, column: typeToken.column, found: type,
                                        message: "\(type)(…) nested more than \(GridSpec.maxNesting) deep; write the number itself")
                }
                nesting += 1
                defer { nesting -= 1 }
                v = try number()
                try expect(")", "expected ')' after \(type)(…")
            } else {
                try expect(".", "expected .infinity or (N) after \(type)")
                v = try namedNumber()
            }
        case .symbol("."):
            pos += 1
            v = try namedNumber()
        default:
            throw error("expected a number of points")
        }
        return negative ? -v : v
    }

    mutating func namedNumber() throws -> Double {
        guard case .identifier(let name) = current.kind else { throw error("expected infinity") }
        switch name {
        case "infinity", "greatestFiniteMagnitude": pos += 1; return name == "infinity" ? .infinity : .greatestFiniteMagnitude
        case "nan": pos += 1; return .nan
        case "zero": pos += 1; return 0
        default: throw error("expected .infinity")
        }
    }

    // MARK: - Small helpers

    func check(_ c: Character) -> Bool { current.kind == .symbol(c) }

    mutating func accept(_ c: Character) -> Bool {
        guard check(c) else { return false }
        pos += 1
        return true
    }

    mutating func expect(_ c: Character, _ message: String) throws {
        guard accept(c) else { throw error(message) }
    }

    mutating func expectIdentifier(_ word: String, _ message: String) throws {
        guard case .identifier(word) = current.kind else { throw error(message) }
        pos += 1
    }

    mutating func label(_ word: String) throws {
        try expectIdentifier(word, "expected \(word):")
        try expect(":", "expected ':' after \(word)")
    }

    func error(_ message: String) -> GridSpecError {
        GridSpecError(line: current.line, column: current.column, found: current.text, message: message)
    }
}
