import GridCore

/// A view, as SwiftUI's: a value whose `body` describes it in other views. The primitives of this
/// layer (`Text`, `Image`, `VStack`, `LazyVGrid` …) answer `viewNode` themselves; any other view is
/// its body's node.
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
    /// The tree this view stands for. Views write `body`; only primitives answer this.
    var viewNode: ViewNode { get }
}

extension View {
    public var viewNode: ViewNode { body.viewNode }
}

extension Never: View {
    public var body: Never { return fatalError("Never has no body") }
    public var viewNode: ViewNode { .empty }
}

/// A view of this layer made directly from a node: it has no body of its own.
public protocol PrimitiveView: View where Body == Never {}

extension PrimitiveView {
    public var body: Never { return fatalError("\(Self.self) is a primitive view and has no body") }
}

/// Any view, erased to its node: what a `@ViewBuilder` block builds, and SwiftUI's `AnyView(…)`.
public struct AnyView: PrimitiveView {
    public let viewNode: ViewNode

    public init<V: View>(_ view: V) { viewNode = view.viewNode }
    public init(node: ViewNode) { viewNode = node }

    /// The views a builder block wrote, one after another.
    var children: [ViewNode] {
        if case .content(.group(let c)) = viewNode.kind { return c }
        return [viewNode]
    }
}

/// Builds a view from the views written one after another in a closure, as SwiftUI's
/// `@ViewBuilder`. An `if` (or `if … else`) is one view, empty when nothing is shown, so a
/// `ForEach` element always makes the same number of views.
@resultBuilder
public enum ViewBuilder {
    public static func buildExpression<V: View>(_ view: V) -> [ViewNode] { [view.viewNode] }
    public static func buildBlock(_ parts: [ViewNode]...) -> [ViewNode] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [ViewNode]?) -> [ViewNode] { [group(part ?? [])] }
    public static func buildEither(first part: [ViewNode]) -> [ViewNode] { [group(branch(part, 0))] }
    public static func buildEither(second part: [ViewNode]) -> [ViewNode] { [group(branch(part, 1))] }
    public static func buildLimitedAvailability(_ part: [ViewNode]) -> [ViewNode] { part }
    public static func buildFinalResult(_ parts: [ViewNode]) -> AnyView { AnyView(node: group(parts)) }

    static func group(_ parts: [ViewNode]) -> ViewNode {
        parts.count == 1 ? parts[0] : ViewNode(.group(parts))
    }

    /// The views of branch `b` of an `if … else`, each marked as that branch's (`Modifier.branch`):
    /// a group's views one by one, so the group still opens into its container. A `ForEach` or a
    /// `Section` is left as it is (marking it would make it one view): its elements keep the ids
    /// their data gives them, whichever branch shows them.
    static func branch(_ parts: [ViewNode], _ b: Int) -> [ViewNode] {
        parts.map { part in
            switch part.kind {
            case .content(.group(let children)): return ViewNode(.group(branch(children, b)), source: part.source)
            case .content(.forEach), .content(.section), .content(.empty): return part
            default: return part.modified(.branch(b))
            }
        }
    }
}

/// `EmptyView()`.
public struct EmptyView: PrimitiveView {
    public init() {}
    public var viewNode: ViewNode { .empty }
}

/// `Group { … }`: several views as one, laid out by the container it is in.
public struct Group: PrimitiveView {
    public let viewNode: ViewNode
    public init(@ViewBuilder content: () -> AnyView) { viewNode = ViewNode(.group(content().children)) }
}
