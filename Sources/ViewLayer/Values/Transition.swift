import GridCore

/// How a view comes in and goes out when an animation inserts or removes it, as SwiftUI's
/// `AnyTransition`: `.opacity` (the default), `.scale`, `.slide`, `.move(edge:)`, `.identity`,
/// and two of them combined.
public struct AnyTransition: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case identity, opacity, slide
        case scale(Double)
        case move(Edge)
    }

    public var parts: [Kind]

    init(_ parts: [Kind]) { self.parts = parts }

    public static let identity = AnyTransition([.identity])
    public static let opacity = AnyTransition([.opacity])
    public static let slide = AnyTransition([.slide])
    public static let scale = AnyTransition([.scale(0)])
    public static func scale(scale: Double) -> AnyTransition { AnyTransition([.scale(scale)]) }
    public static func move(edge: Edge) -> AnyTransition { AnyTransition([.move(edge)]) }

    public func combined(with other: AnyTransition) -> AnyTransition { AnyTransition(parts + other.parts) }

    /// Whether the view fades while it comes or goes.
    public var fades: Bool { parts.contains(.opacity) }
}
