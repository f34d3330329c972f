/// Why a pasted grid spec was rejected, and where.
public struct GridSpecError: Error, Equatable, CustomStringConvertible {
    /// 1-based line and column of the offending text.
    public var line: Int
    public var column: Int
    /// The offending text as written.
    public var found: String
    /// What was wrong or what was expected.
    public var message: String

    public init(line: Int, column: Int, found: String, message: String) {
        self.line = line
        self.column = column
        self.found = found
        self.message = message
    }

    /// One line: place, what was expected, what was found.
    public var description: String {
        let place = line > 1 ? "line \(line), column \(column)" : "column \(column)"
        return "\(place): \(message), found '\(found)'"
    }
}
