/// A token of a pasted SwiftUI grid spec, with where it starts (1-based line and column).
struct SpecToken: Equatable {
    enum Kind: Equatable {
        case identifier(String)
        case number(Double)
        case symbol(Character)
        case end
    }
    var kind: Kind
    var line: Int
    var column: Int
    /// The source text of the token, for messages.
    var text: String
}

/// Splits Swift-like source into identifiers, numbers and punctuation. `//` and `/* */`
/// comments and whitespace are skipped; `_` separators in numbers are allowed, as in Swift.
struct SpecLexer {
    static func tokens(_ source: String) throws -> [SpecToken] {
        var result: [SpecToken] = []
        let chars = Array(source)
        var i = 0, line = 1, column = 1
        func advance() {
            if chars[i] == "\n" { line += 1; column = 1 } else { column += 1 }
            i += 1
        }
        while i < chars.count {
            let c = chars[i]
            if c.isWhitespace { advance(); continue }
            if c == "/", i + 1 < chars.count, chars[i + 1] == "/" {
                while i < chars.count, chars[i] != "\n" { advance() }
                continue
            }
            if c == "/", i + 1 < chars.count, chars[i + 1] == "*" {
                let (l0, c0) = (line, column)
                advance(); advance()
                while i < chars.count, !(chars[i] == "*" && i + 1 < chars.count && chars[i + 1] == "/") { advance() }
                guard i < chars.count else {
                    throw GridSpecError(line: l0, column: c0, found: "/*", message: "unterminated comment")
                }
                advance(); advance()
                continue
            }
            let (l0, c0) = (line, column)
            if c.isLetter || c == "_" {
                var word = ""
                while i < chars.count, chars[i].isLetter || chars[i].isNumber || chars[i] == "_" {
                    word.append(chars[i]); advance()
                }
                result.append(SpecToken(kind: .identifier(word), line: l0, column: c0, text: word))
                continue
            }
            if c.isASCII && c.isNumber {
                var text = ""
                while i < chars.count, (chars[i].isASCII && chars[i].isNumber) || chars[i] == "_" || chars[i] == "."
                        || ((chars[i] == "e" || chars[i] == "E") && !text.contains("e") && !text.contains("E"))
                        || ((chars[i] == "-" || chars[i] == "+") && (text.last == "e" || text.last == "E")) {
                    // A dot followed by a letter is member access (`5.0.rounded`), not a decimal point.
                    if chars[i] == ".", i + 1 < chars.count, !(chars[i + 1].isASCII && chars[i + 1].isNumber) { break }
                    text.append(chars[i]); advance()
                }
                let digits = text.replacingUnderscores()
                guard let v = Double(digits), digits.first?.isNumber == true else {
                    throw GridSpecError(line: l0, column: c0, found: text, message: "expected a number")
                }
                result.append(SpecToken(kind: .number(v), line: l0, column: c0, text: text))
                continue
            }
            if "[](),:.+-=<>?".contains(c) {
                advance()
                result.append(SpecToken(kind: .symbol(c), line: l0, column: c0, text: String(c)))
                continue
            }
            throw GridSpecError(line: l0, column: c0, found: String(c),
                                message: "unexpected character; expected Swift code such as [GridItem(.flexible())]")
        }
        result.append(SpecToken(kind: .end, line: line, column: column, text: "end of input"))
        return result
    }
}

private extension String {
    func replacingUnderscores() -> String { String(filter { $0 != "_" }) }
}
