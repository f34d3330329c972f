import GridCore

/// One view of a tree, as a value: a primitive (`Text`, `Image`, a stack, a grid …) or a modifier
/// applied to another node, the shape of SwiftUI's `ModifiedContent`. Nodes never change once made;
/// a tree is rebuilt from a body each frame and laid out into a `ViewFrame`.
///
/// A node is a class so that a layout pass can remember what it measured of one (stacks ask a
/// child its size several times) and a cached subtree can be handed out again without copying.
// @unchecked: every stored property is a `let` and a node never changes once made (the content
// enum holds closures, which the checker cannot see are never mutated).
public final class ViewNode: @unchecked Sendable {
    public enum Kind {
        case content(ViewContent)
        case modified(ViewNode, Modifier)
    }

    public let kind: Kind
    /// The SwiftUI source this node was evaluated from, when a snippet made it: printing shows it.
    public let source: SourceSpan?

    public init(_ content: ViewContent, source: SourceSpan? = nil) {
        kind = .content(content)
        self.source = source
    }

    public init(_ inner: ViewNode, _ modifier: Modifier, source: SourceSpan? = nil) {
        kind = .modified(inner, modifier)
        self.source = source
    }

    /// `node` as written at `source`.
    public init(node: ViewNode, source: SourceSpan?) {
        kind = node.kind
        self.source = source
    }

    /// This node with `modifier` applied outside it.
    public func modified(_ modifier: Modifier) -> ViewNode { ViewNode(self, modifier) }

    /// The primitive under every modifier.
    public var content: ViewContent {
        var n = self
        while case .modified(let inner, _) = n.kind { n = inner }
        guard case .content(let c) = n.kind else { return .empty }
        return c
    }

    /// The modifiers from the innermost (written first) to the outermost.
    public var modifiers: [Modifier] {
        var result: [Modifier] = []
        var n = self
        while case .modified(let inner, let m) = n.kind {
            result.append(m)
            n = inner
        }
        return result.reversed()
    }

    public static let empty = ViewNode(.empty)
}

/// What a primitive view is.
public indirect enum ViewContent {
    case empty
    case text(String)
    case image(ImageSource, resizable: Bool)
    case color(Color)
    /// `Spacer(minLength:)`: nil is the system spacing, 8 points.
    case spacer(minLength: Double?)
    case stack(StackKind, alignment: Alignment, spacing: Double?, [ViewNode])
    /// `ScrollView(axes, showsIndicators:)`; several children stack along the scroll axis.
    case scroll(Axis.Set, showsIndicators: Bool, [ViewNode])
    case grid(GridDescription, [ViewNode])
    case forEach(ForEachContent)
    /// A `Section` in a lazy grid: its header and footer each take a whole line of the grid.
    case section(header: [ViewNode], content: [ViewNode], footer: [ViewNode])
    /// Several views written one after another (a `@ViewBuilder` block, `Group`).
    case group([ViewNode])
    /// `NavigationStack { }`: its content, titled and with a toolbar through modifiers inside it.
    case navigation([ViewNode])
    case button(Action, label: [ViewNode])
    /// `ToolbarItem(placement:) { }` inside a `.toolbar`.
    case toolbarItem(placement: String, [ViewNode])
}

public enum StackKind: String, Hashable, Sendable {
    case vertical = "VStack", horizontal = "HStack", depth = "ZStack"
}

/// Where an image comes from: a named asset (a photo's name or path) or an SF Symbol.
public enum ImageSource: Hashable, Sendable {
    case named(String)
    case system(String)
}

/// A `LazyVGrid(columns:alignment:spacing:pinnedViews:)` or `LazyHGrid(rows:…)`: its axis and what
/// GridCore sizes the tracks from.
public struct GridDescription: Hashable, Sendable {
    public var axis: Axis
    public var items: [GridItem]
    /// Across the tracks: a column grid's horizontal alignment, a row grid's vertical one, as 0 … 1.
    public var alignment: Double
    public var spacing: Double?
    public var pinnedViews: PinnedScrollableViews

    public init(axis: Axis, items: [GridItem], alignment: Double = 0.5, spacing: Double? = nil, pinnedViews: PinnedScrollableViews = []) {
        self.axis = axis
        self.items = items
        self.alignment = alignment.isFinite ? min(max(alignment, 0), 1) : 0.5
        self.spacing = spacing
        self.pinnedViews = pinnedViews
    }
}

/// Something a view does when used: a tap, a button's action. Run by the host between frames,
/// never while laying out.
public struct Action {
    public let perform: () -> Void
    /// The closure's source when a snippet wrote it.
    public let source: String?

    public init(source: String? = nil, _ perform: @escaping () -> Void) {
        self.perform = perform
        self.source = source
    }
}
