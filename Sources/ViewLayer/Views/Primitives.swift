import GridCore

/// `Text("…")`: a line (or lines, when it wraps) in the environment's font and colour.
public struct Text: PrimitiveView {
    public let viewNode: ViewNode
    public init(_ content: String) { viewNode = ViewNode(.text(content)) }
}

/// `Image(name)` (a photo by name or path) or `Image(systemName:)` (an SF Symbol). Shown at its
/// natural size unless `.resizable()`.
public struct Image: PrimitiveView {
    let source: ImageSource
    let isResizable: Bool

    public init(_ name: String) { source = .named(name); isResizable = false }
    public init(systemName: String) { source = .system(systemName); isResizable = false }

    init(source: ImageSource, resizable: Bool) { self.source = source; isResizable = resizable }

    /// The image takes the size it is offered instead of its own.
    public func resizable() -> Image { Image(source: source, resizable: true) }

    public var viewNode: ViewNode { ViewNode(.image(source, resizable: isResizable)) }
}

extension Color: PrimitiveView {
    /// A colour is a view that fills the space it is offered.
    public var viewNode: ViewNode { ViewNode(.color(self)) }
}

/// `Spacer()`: grows along its stack's axis (both axes outside a stack), never below `minLength`.
public struct Spacer: PrimitiveView {
    public let minLength: Double?
    public init(minLength: Double? = nil) { self.minLength = minLength }
    public var viewNode: ViewNode { ViewNode(.spacer(minLength: minLength)) }
}

/// `VStack(alignment:spacing:) { … }`: children top to bottom, `spacing` apart (nil: 8).
public struct VStack: PrimitiveView {
    public let viewNode: ViewNode
    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> AnyView) {
        viewNode = ViewNode(.stack(.vertical, alignment: Alignment(horizontal: alignment, vertical: .center), spacing: spacing, content().children))
    }
}

/// `HStack(alignment:spacing:) { … }`: children leading to trailing, `spacing` apart (nil: 8).
public struct HStack: PrimitiveView {
    public let viewNode: ViewNode
    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> AnyView) {
        viewNode = ViewNode(.stack(.horizontal, alignment: Alignment(horizontal: .center, vertical: alignment), spacing: spacing, content().children))
    }
}

/// `ZStack(alignment:) { … }`: children over one another, the first at the back.
public struct ZStack: PrimitiveView {
    public let viewNode: ViewNode
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> AnyView) {
        viewNode = ViewNode(.stack(.depth, alignment: alignment, spacing: nil, content().children))
    }
}

/// `ScrollView(_:showsIndicators:) { … }`: offers its content unlimited length along its axes and
/// shows the part at its scroll offset (which the host keeps: see `ViewFrame.scrollViews`).
public struct ScrollView: PrimitiveView {
    public let viewNode: ViewNode
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> AnyView) {
        viewNode = ViewNode(.scroll(axes, showsIndicators: showsIndicators, content().children))
    }
}

/// `LazyVGrid(columns:alignment:spacing:pinnedViews:) { … }`: GridCore lays it out; only the items
/// in view (and half a viewport around) are made.
public struct LazyVGrid: PrimitiveView {
    public let viewNode: ViewNode
    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: Double? = nil,
                pinnedViews: PinnedScrollableViews = [], @ViewBuilder content: () -> AnyView) {
        let grid = GridDescription(axis: .vertical, items: columns, alignment: alignment.fraction, spacing: spacing, pinnedViews: pinnedViews)
        viewNode = ViewNode(.grid(grid, content().children))
    }
}

/// `LazyHGrid(rows:alignment:spacing:pinnedViews:) { … }`.
public struct LazyHGrid: PrimitiveView {
    public let viewNode: ViewNode
    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: Double? = nil,
                pinnedViews: PinnedScrollableViews = [], @ViewBuilder content: () -> AnyView) {
        let grid = GridDescription(axis: .horizontal, items: rows, alignment: alignment.fraction, spacing: spacing, pinnedViews: pinnedViews)
        viewNode = ViewNode(.grid(grid, content().children))
    }
}

/// `Section { … } header: { … } footer: { … }`.
public struct Section: PrimitiveView {
    public let viewNode: ViewNode
    public init(@ViewBuilder content: () -> AnyView, @ViewBuilder header: () -> AnyView = { AnyView(EmptyView()) },
                @ViewBuilder footer: () -> AnyView = { AnyView(EmptyView()) }) {
        viewNode = ViewNode(.section(header: Section.views(header()), content: content().children, footer: Section.views(footer())))
    }

    /// No views for an empty header, so a section without one has no header line.
    static func views(_ v: AnyView) -> [ViewNode] {
        if case .content(.empty) = v.viewNode.kind { return [] }
        return v.children
    }
}

/// `NavigationStack { … }`: its content, under the title and toolbar its modifiers name.
public struct NavigationStack: PrimitiveView {
    public let viewNode: ViewNode
    public init(@ViewBuilder content: () -> AnyView) { viewNode = ViewNode(.navigation(content().children)) }
}

/// `Button { action } label: { … }` and `Button("Title") { action }`.
public struct Button: PrimitiveView {
    public let viewNode: ViewNode
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> AnyView) {
        viewNode = ViewNode(.button(Action(action), label: label().children))
    }
    public init(_ title: String, action: @escaping () -> Void) {
        viewNode = ViewNode(.button(Action(action), label: [Text(title).viewNode]))
    }
}

/// `ToolbarItem(placement:) { … }` in a `.toolbar { }`.
public struct ToolbarItem: PrimitiveView {
    public let viewNode: ViewNode
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> AnyView) {
        viewNode = ViewNode(.toolbarItem(placement: placement.rawValue, content().children))
    }
}

public struct ToolbarItemPlacement: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let automatic = ToolbarItemPlacement(rawValue: "automatic")
    public static let navigationBarTrailing = ToolbarItemPlacement(rawValue: "navigationBarTrailing")
    public static let navigationBarLeading = ToolbarItemPlacement(rawValue: "navigationBarLeading")
    public static let topBarTrailing = ToolbarItemPlacement(rawValue: "topBarTrailing")
    public static let topBarLeading = ToolbarItemPlacement(rawValue: "topBarLeading")
}
