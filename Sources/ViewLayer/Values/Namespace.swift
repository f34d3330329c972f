/// `@Namespace private var photoTransition`: the space in which `matchedGeometryEffect` ids match.
/// A declaration's namespace is the same every time its view is made (SwiftUI keeps it with the
/// view's identity): it is named by where it is declared, or by the name given.
@propertyWrapper
public struct Namespace: Hashable, Sendable {
    public struct ID: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        public init(_ name: String) { self.name = name }
        public var description: String { name }
    }

    public let wrappedValue: ID

    public init(file: String = #fileID, line: Int = #line) { wrappedValue = ID("\(file):\(line)") }

    public init(_ name: String) { wrappedValue = ID(name) }
}
