/// A mistake in how the program was called: printed as one line, exit code 2.
public struct UsageError: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
