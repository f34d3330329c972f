/// Splits a snippet into tokens. Comments and white space are skipped, but line breaks are noted
/// (Swift ends a statement at one). Two things a pasted tutorial needs beyond Swift:
///
/// - A `//` comment of prose that runs on into code on the same line — a page that lost its line
///   breaks, as seed 003's declarations are printed — ends where the code starts: at a declaration
///   (`private`, `let`, `var`, `@state`), a bracketed call (`[griditem(`) or a call with a label
///   (`array(repeating:`), once the comment has had some non-ASCII prose. Each such repair is noted.
/// - A snippet that ends in an elision comment (`//...`) is an excerpt: `elidedAtEnd` tells the
///   parser to close what it left open.
final class Lexer {
    let text: SourceText
    private var i = 0
    private var line = 1
    private var lineStart = 0
    private var newline = true
    private var space = true
    private var elision = false
    var notes: [String] = []
    private(set) var elidedAtEnd = false

    init(_ text: SourceText) { self.text = text }

    private var s: [Unicode.Scalar] { text.scalars }

    /// Symbols of more than one character, longest first.
    static let longSymbols: [(String, [Unicode.Scalar])] = ["..<", "...", "==", "!=", "<=", ">=", "&&", "||", "->", "+=", "-=", "*=", "/=", "%=", "??"]
        .map { ($0, Array($0.unicodeScalars)) }
    static let longSymbolStarts = Set(longSymbols.map { $0.1[0] })
    static let symbols1: Set<Unicode.Scalar> = Set("{}()[],:;.?!=@\\#&|+-*/%<>^~".unicodeScalars)

    func tokens() throws -> [Token] {
        var result: [Token] = []
        while true {
            let t = try next(closing: nil)
            result.append(t)
            if t.isEnd { return result }
        }
    }

    private func error(_ message: String, at index: Int? = nil) -> SnippetError {
        let at = index ?? i
        var l = 1, start = 0
        for k in 0..<min(at, s.count) where s[k] == "\n" { l += 1; start = k + 1 }
        return SnippetError(line: l, column: at - start + 1, message)
    }

    private func isLetter(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v < 128 { return v >= 97 && v <= 122 || v >= 65 && v <= 90 || v == 95 }
        return c.properties.isAlphabetic
    }

    private func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 48 && c.value <= 57 }

    /// The next token; inside an interpolation, `closing` is the `)` that ends it.
    private func next(closing: Int?) throws -> Token {
        try skipTrivia()
        let start = i, col = i - lineStart + 1, l = line, nl = newline, sp = space, el = elision
        newline = false
        space = false
        elision = false
        func token(_ k: Token.Kind) -> Token {
            var t = Token(kind: k, line: l, column: col, range: start..<i, newlineBefore: nl, spaceBefore: sp)
            t.afterElision = el
            return t
        }
        guard i < s.count else { return token(.end) }
        let c = s[i]
        if isLetter(c) {
            while i < s.count, isLetter(s[i]) || isDigit(s[i]) { i += 1 }
            return token(.identifier(text.slice(start..<i)))
        }
        if c == "`" {
            i += 1
            while i < s.count, s[i] != "`", s[i] != "\n" { i += 1 }
            guard i < s.count, s[i] == "`" else { throw error("a `quoted` name is not closed", at: start) }
            i += 1
            return token(.identifier(text.slice((start + 1)..<(i - 1))))
        }
        if isDigit(c) {
            let k = try number()
            return token(k)
        }
        if c == "$", i + 1 < s.count, isDigit(s[i + 1]) {
            i += 1
            var n = 0
            while i < s.count, isDigit(s[i]) { n = n * 10 + Int(s[i].value - 48); i += 1; if n > 99 { break } }
            return token(.dollar(n))
        }
        if c == "\"" {
            let pieces = try stringPieces()
            return token(.string(pieces))
        }
        if Lexer.longSymbolStarts.contains(c) {
            for (sym, scalars) in Lexer.longSymbols where matches(scalars) {
                i += scalars.count
                return token(.symbol(sym))
            }
        }
        if Lexer.symbols1.contains(c) {
            i += 1
            return token(.symbol(String(c)))
        }
        throw error("unexpected character '\(c)'", at: start)
    }

    private func matches(_ sym: [Unicode.Scalar]) -> Bool {
        guard i + sym.count <= s.count else { return false }
        for (k, u) in sym.enumerated() where s[i + k] != u { return false }
        return true
    }

    private func number() throws -> Token.Kind {
        let start = i
        var digits = "", isFloat = false
        if s[i] == "0", i + 1 < s.count, s[i + 1] == "x" {
            i += 2
            while i < s.count, s[i].properties.isASCIIHexDigit || s[i] == "_" { if s[i] != "_" { digits.unicodeScalars.append(s[i]) }; i += 1 }
            guard let v = Int(digits, radix: 16) else { throw error("expected a hexadecimal number", at: start) }
            return .integer(v)
        }
        while i < s.count {
            let c = s[i]
            if isDigit(c) || c == "_" {
                if c != "_" { digits.unicodeScalars.append(c) }
                i += 1
            } else if c == ".", !isFloat, i + 1 < s.count, isDigit(s[i + 1]) {
                isFloat = true
                digits.append(".")
                i += 1
            } else if (c == "e" || c == "E"), i + 1 < s.count, isDigit(s[i + 1]) || ((s[i + 1] == "-" || s[i + 1] == "+") && i + 2 < s.count && isDigit(s[i + 2])) {
                isFloat = true
                digits.unicodeScalars.append(c)
                i += 1
                if s[i] == "-" || s[i] == "+" { digits.unicodeScalars.append(s[i]); i += 1 }
            } else { break }
        }
        if !isFloat, let v = Int(digits) { return .integer(v) }
        guard let v = Double(digits) else { throw error("the number \(digits) is too large", at: start) }
        return .float(v)
    }

    /// A string literal's pieces, from its opening quote; `\(…)` interpolations become tokens.
    private func stringPieces() throws -> [Token.StringPiece] {
        let start = i
        i += 1
        var pieces: [Token.StringPiece] = []
        var current = String.UnicodeScalarView()
        while true {
            guard i < s.count, s[i] != "\n" else { throw error("a string is not closed with \"", at: start) }
            let c = s[i]
            if c == "\"" { i += 1; break }
            if c == "\\" {
                guard i + 1 < s.count else { throw error("a string is not closed with \"", at: start) }
                let e = s[i + 1]
                i += 2
                switch e {
                case "(":
                    if !current.isEmpty { pieces.append(.text(String(current))); current = String.UnicodeScalarView() }
                    var inner: [Token] = []
                    var depth = 0
                    while true {
                        let t = try next(closing: depth)
                        if t.isEnd { throw error("an interpolation \\( is not closed", at: start) }
                        if t.isSymbol("(") { depth += 1 }
                        if t.isSymbol(")") {
                            if depth == 0 { break }
                            depth -= 1
                        }
                        inner.append(t)
                    }
                    let endToken = Token(kind: .end, line: line, column: i - lineStart, range: i..<i, newlineBefore: false, spaceBefore: false)
                    pieces.append(.interpolation(inner + [endToken]))
                case "n": current.append("\n")
                case "t": current.append("\t")
                case "0": current.append("\0")
                default: current.append(e)
                }
                continue
            }
            current.append(c)
            i += 1
        }
        if !current.isEmpty || pieces.isEmpty { pieces.append(.text(String(current))) }
        return pieces
    }

    private func skipTrivia() throws {
        while i < s.count {
            let c = s[i]
            if c == "\n" {
                newline = true; space = true
                i += 1; line += 1; lineStart = i
                continue
            }
            if c == " " || c == "\t" || c == "\r" || c.value > 127 && c.properties.isWhitespace {
                space = true
                i += 1
                continue
            }
            if c == "/", i + 1 < s.count, s[i + 1] == "/" {
                space = true
                lineComment()
                continue
            }
            if c == "/", i + 1 < s.count, s[i + 1] == "*" {
                space = true
                try blockComment()
                continue
            }
            return
        }
    }

    private func lineComment() {
        let start = i
        i += 2
        var end = i
        while end < s.count, s[end] != "\n" { end += 1 }
        let body = text.slice(i..<end).trimmingSpaces
        // Prose that runs on into code: end the comment where the code starts.
        if let code = runOnCode(from: i, to: end) {
            notes.append("line \(line): a comment runs on into code (line breaks lost?); read from '\(text.slice(code..<min(end, code + 24)))'")
            i = code
            // The comment stood for the rest of its line: what follows starts a new one.
            newline = true
            return
        }
        i = end
        let elides = body == "..." || body == "…"
        elision = elision || elides
        elidedAtEnd = elides && restIsBlank(from: end)
        _ = start
    }

    private func restIsBlank(from k: Int) -> Bool {
        var j = k
        while j < s.count {
            if !s[j].properties.isWhitespace { return false }
            j += 1
        }
        return true
    }

    /// Where code starts inside a comment's text, if the comment is prose running on into code.
    private func runOnCode(from lo: Int, to hi: Int) -> Int? {
        var sawProse = false
        var k = lo
        while k < hi {
            let c = s[k]
            if c.value > 127, c.properties.isAlphabetic { sawProse = true }
            let boundary = k > lo && (s[k - 1] == " " || s[k - 1] == "\t")
            if sawProse, boundary, startsCode(at: k, hi) { return k }
            k += 1
        }
        return nil
    }

    private func startsCode(at k: Int, _ hi: Int) -> Bool {
        func word(at j: Int) -> (String, Int)? {
            var e = j
            while e < hi, isLetter(s[e]) || isDigit(s[e]) { e += 1 }
            guard e > j, isLetter(s[j]) else { return nil }
            return (text.slice(j..<e).lowercased(), e)
        }
        if s[k] == "@", let (w, _) = word(at: k + 1), ["state", "namespace", "environment", "binding"].contains(w) { return true }
        if let (w, e) = word(at: k) {
            if ["private", "fileprivate", "let", "var", "static"].contains(w), e < hi, s[e] == " " { return true }
            // `name(label:` — a call with a labelled argument.
            if e < hi, s[e] == "(", let (_, e2) = word(at: e + 1), e2 < hi, s[e2] == ":" { return true }
        }
        if s[k] == "[", let (_, e) = word(at: k + 1), e < hi, s[e] == "(" { return true }
        return false
    }

    private func blockComment() throws {
        let start = i
        i += 2
        var depth = 1
        while i < s.count, depth > 0 {
            if s[i] == "\n" { line += 1; lineStart = i + 1; newline = true }
            if s[i] == "/", i + 1 < s.count, s[i + 1] == "*" { depth += 1; i += 2; continue }
            if s[i] == "*", i + 1 < s.count, s[i + 1] == "/" { depth -= 1; i += 2; continue }
            i += 1
        }
        guard depth == 0 else { throw error("a /* comment is not closed", at: start) }
    }
}

extension String {
    var trimmingSpaces: String {
        var v = Substring(self)
        while v.first?.isWhitespace == true { v.removeFirst() }
        while v.last?.isWhitespace == true { v.removeLast() }
        return String(v)
    }
}
