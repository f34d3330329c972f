/// A SwiftUI snippet as pasted: a `body`, a bare view expression, a whole `struct … : View { … }`,
/// declarations, or a modifier on its own (`.frame(height: 100)`), read into syntax. Reading is
/// bounded: more than `maxBytes` of text, or nesting deeper than `Parser.maxDepth`, is an error
/// naming where, not a stall.
public struct Snippet {
    /// A screenful of SwiftUI is a few kilobytes; the seeds' longest snippet is under two.
    public static let maxBytes = 256 << 10

    let text: SourceText
    let statements: [Stmt]
    /// What the reader repaired on the way (a comment that ran on into code, an excerpt closed).
    public let notes: [String]
    /// Blocks an excerpt left open, closed for it at the end.
    let unclosed: Int

    public var source: String { text.string }

    public static func parse(_ source: String) throws -> Snippet {
        let bytes = source.utf8.count
        guard bytes <= maxBytes else {
            throw SnippetError(line: 1, column: 1, "the snippet is \(bytes >> 10) KB; at most \(maxBytes >> 10) KB is read")
        }
        let text = SourceText(source)
        let lexer = Lexer(text)
        let tokens = try lexer.tokens()
        var parser = Parser(tokens: tokens, text: text, elided: lexer.elidedAtEnd)
        let statements = try parser.topLevel()
        var notes = lexer.notes + parser.notes
        if lexer.elidedAtEnd { notes.append("the snippet ends in //...: an excerpt, closed where it stops") }
        return Snippet(text: text, statements: statements, notes: notes, unclosed: parser.unclosed)
    }
}
