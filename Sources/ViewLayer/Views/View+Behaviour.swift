import GridCore
import GridMotion

/// The modifiers that give a view identity, gestures and motion, and the navigation facts the
/// shell reads.
extension View {
    /// `.id(photo.id)`: the view's identity (what `scrollTo` and animations follow).
    public func id<ID: Hashable>(_ id: ID) -> AnyView { AnyView(node: viewNode.modified(.id(AnyHashable(id)))) }

    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> AnyView {
        AnyView(node: viewNode.modified(.onTapGesture(count: max(1, count), Action(action))))
    }

    /// Flies the view from where a view of the same id in `namespace` was to where it is now, when
    /// one is removed and the other inserted in the same animated change.
    public func matchedGeometryEffect<ID: Hashable>(id: ID, in namespace: Namespace.ID, isSource: Bool = true) -> AnyView {
        AnyView(node: viewNode.modified(.matchedGeometryEffect(id: AnyHashable(id), namespace: namespace, isSource: isSource)))
    }

    /// Animates the changes inside this view in a frame where `value` differs from the last frame's.
    public func animation<V: Hashable>(_ animation: Animation?, value: V) -> AnyView {
        AnyView(node: viewNode.modified(.animation(animation, value: AnyHashable(value))))
    }

    /// How the view comes and goes when an animated change inserts or removes it.
    public func transition(_ t: AnyTransition) -> AnyView { AnyView(node: viewNode.modified(.transition(t))) }

    public func navigationTitle(_ title: String) -> AnyView { AnyView(node: viewNode.modified(.navigationTitle(title))) }

    public func toolbar(@ViewBuilder content: () -> AnyView) -> AnyView {
        AnyView(node: viewNode.modified(.toolbar(content().children)))
    }
}

/// The animation of the changes an event makes, as SwiftUI's `withAnimation`: the host takes it
/// (`Transaction.take()`) when it lays out the next frame.
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    let result = try body()
    Transaction.pending = animation.map { Transaction(animation: $0) } ?? Transaction.pending
    return result
}

/// The animation that goes with the changes of one event.
public struct Transaction: Sendable {
    public var animation: Animation?

    public init(animation: Animation?) { self.animation = animation }

    /// What `withAnimation` asked for since the host last took it. The UI runs on one thread.
    // nonisolated(unsafe): events and frames run on one thread, the only one that touches it.
    nonisolated(unsafe) static var pending: Transaction?

    /// The transaction of the events since the last frame, cleared.
    public static func take() -> Transaction? {
        defer { pending = nil }
        return pending
    }
}
