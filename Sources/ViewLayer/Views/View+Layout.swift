import GridCore

/// The modifiers that size and place a view: frames, padding, aspect ratio, background.
extension View {
    /// `.frame(width:height:alignment:)`: exactly this size in each given dimension.
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> AnyView {
        AnyView(node: viewNode.modified(.frame(width: width, height: height, alignment: alignment)))
    }

    /// `.frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
    public func frame(minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
                      minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
                      alignment: Alignment = .center) -> AnyView {
        AnyView(node: viewNode.modified(.flexibleFrame(FlexibleFrame(minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth,
                                                                      minHeight: minHeight, idealHeight: idealHeight, maxHeight: maxHeight,
                                                                      alignment: alignment))))
    }

    /// `.padding()` (16 points), `.padding(.all, 10)`, `.padding(.horizontal, 12)`.
    public func padding(_ edges: Edge.Set = .all, _ length: Double? = nil) -> AnyView {
        AnyView(node: viewNode.modified(.padding(EdgeInsets(edges, length ?? Modifier.defaultPadding))))
    }

    /// `.padding(10)`.
    public func padding(_ length: Double) -> AnyView { padding(.all, length) }

    /// `.padding(EdgeInsets(top:leading:bottom:trailing:))`.
    public func padding(_ insets: EdgeInsets) -> AnyView { AnyView(node: viewNode.modified(.padding(insets))) }

    /// `.aspectRatio(_:contentMode:)`: nil keeps the content's own ratio.
    public func aspectRatio(_ ratio: Double? = nil, contentMode: ContentMode) -> AnyView {
        AnyView(node: viewNode.modified(.aspectRatio(ratio, contentMode)))
    }

    /// `.scaledToFill()`: the content's own ratio, filling the space offered (and overflowing it).
    public func scaledToFill() -> AnyView { aspectRatio(contentMode: .fill) }

    /// `.scaledToFit()`: the content's own ratio, inside the space offered.
    public func scaledToFit() -> AnyView { aspectRatio(contentMode: .fit) }

    /// `.background(Color.blue)`, `.background { … }`: behind the view, offered its size.
    public func background<B: View>(_ content: B, alignment: Alignment = .center) -> AnyView {
        AnyView(node: viewNode.modified(.background(content.viewNode, alignment: alignment)))
    }

    public func background(alignment: Alignment = .center, @ViewBuilder _ content: () -> AnyView) -> AnyView {
        background(content(), alignment: alignment)
    }
}

extension Modifier {
    /// `.padding()` without a length: the system padding, 16 points.
    public static let defaultPadding = 16.0
}
