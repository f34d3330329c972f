/// A token of a Swift snippet, where it starts (1-based line and column) and its place in the text.
struct Token {
    enum Kind {
        case identifier(String)
        case integer(Int)
        case float(Double)
        /// Text pieces and `\(…)` interpolations, each already split into tokens.
        case string([StringPiece])
        /// `$0`, `$1` …
        case dollar(Int)
        case symbol(String)
        case end
    }

    enum StringPiece {
        case text(String)
        case interpolation([Token])
    }

    let kind: Kind
    let line: Int
    let column: Int
    let range: Range<Int>
    /// A line break comes before it: a new statement may start here.
    let newlineBefore: Bool
    /// White space comes right before it (`a - b` against `-b`).
    let spaceBefore: Bool
    /// An elision comment (`//...`) comes just before it: what surrounds it is an excerpt.
    var afterElision = false

    /// An identifier's spelling folded to lower case: identifiers are matched case-insensitively,
    /// so seed 003's all-lowercase `lazyhgrid(rows:)` reads as `LazyHGrid(rows:)`.
    var word: String? {
        if case .identifier(let w) = kind { return w.lowercased() }
        return nil
    }

    var symbol: String? {
        if case .symbol(let s) = kind { return s }
        return nil
    }

    func isSymbol(_ s: String) -> Bool { symbol == s }
    func isWord(_ w: String) -> Bool { word == w }

    var isEnd: Bool {
        if case .end = kind { return true }
        return false
    }
}
