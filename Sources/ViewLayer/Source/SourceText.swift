/// A snippet's text, kept once and shared by every token and node that points into it.
public final class SourceText {
    public let string: String
    let scalars: [Unicode.Scalar]

    init(_ string: String) {
        self.string = string
        scalars = Array(string.unicodeScalars)
    }

    func slice(_ range: Range<Int>) -> String {
        let lo = max(0, min(range.lowerBound, scalars.count)), hi = max(lo, min(range.upperBound, scalars.count))
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars[lo..<hi])
        return String(s)
    }
}

/// A stretch of a snippet's text: what a node or a closure was written as.
public struct SourceSpan {
    let text: SourceText
    let range: Range<Int>

    /// The text as written.
    public var string: String { text.slice(range) }
}

/// Why a snippet could not be read or run, and where: one line, with the line and column.
public struct SnippetError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "line \(line), column \(column): \(message)" }
}
