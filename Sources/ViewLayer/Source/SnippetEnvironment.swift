import GridCore

/// What a snippet reads from outside itself: SwiftUI's environment (`@Environment(\.verticalSizeClass)`,
/// `UIScreen.main.bounds`), the seed its random numbers come from, and values the host provides for
/// names the snippet uses but does not declare (a tutorial's `samplePhotos`, from its starter project).
public struct SnippetEnvironment {
    public var horizontalSizeClass: UserInterfaceSizeClass
    public var verticalSizeClass: UserInterfaceSizeClass
    public var screenSize: Size
    public var seed: UInt64
    public var values: [String: SnippetValue]

    public init(horizontalSizeClass: UserInterfaceSizeClass = .compact, verticalSizeClass: UserInterfaceSizeClass = .regular,
                screenSize: Size = Size(width: 390, height: 844), seed: UInt64 = 1, values: [String: SnippetValue] = [:]) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.screenSize = screenSize
        self.seed = seed
        self.values = Dictionary(values.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    func value(for path: [String]) -> Value {
        switch path.first {
        case "horizontalsizeclass": return .member(horizontalSizeClass.rawValue, nil)
        case "verticalsizeclass": return .member(verticalSizeClass.rawValue, nil)
        default: return .none
        }
    }
}

/// A value the host hands a snippet: numbers, text, arrays, and records (a struct's fields).
public struct SnippetValue {
    let value: Value

    public static func int(_ v: Int) -> SnippetValue { SnippetValue(value: .int(v)) }
    public static func double(_ v: Double) -> SnippetValue { SnippetValue(value: .double(v)) }
    public static func string(_ v: String) -> SnippetValue { SnippetValue(value: .string(v)) }
    public static func bool(_ v: Bool) -> SnippetValue { SnippetValue(value: .bool(v)) }
    public static func array(_ v: [SnippetValue]) -> SnippetValue { SnippetValue(value: .array(v.map(\.value))) }
    /// A struct's value: `record("Photo", ["id": .string("coffee-1"), "name": .string("coffee-1")])`.
    public static func record(_ type: String, _ fields: KeyValuePairs<String, SnippetValue>) -> SnippetValue {
        SnippetValue(value: .record(Record(typeName: type.lowercased(), fields: Dictionary(fields.map { ($0.key.lowercased(), $0.value.value) },
                                                                                            uniquingKeysWith: { a, _ in a }),
                                           order: fields.map { $0.key.lowercased() })))
    }
}
