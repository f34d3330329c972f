import GridCore

/// The modifiers that change how a view is drawn: its font and colours (which flow to every view
/// inside it), corners, clipping, shadow, opacity.
extension View {
    public func font(_ font: Font) -> AnyView { AnyView(node: viewNode.modified(.font(font))) }
    public func fontWeight(_ weight: Font.Weight) -> AnyView { AnyView(node: viewNode.modified(.fontWeight(weight))) }
    public func foregroundColor(_ color: Color) -> AnyView { AnyView(node: viewNode.modified(.foregroundColor(color))) }
    /// SwiftUI's newer spelling of `foregroundColor`, for a colour.
    public func foregroundStyle(_ color: Color) -> AnyView { foregroundColor(color) }
    public func tint(_ color: Color) -> AnyView { AnyView(node: viewNode.modified(.tint(color))) }
    /// Clips the view to its frame with rounded corners.
    public func cornerRadius(_ radius: Double) -> AnyView { AnyView(node: viewNode.modified(.cornerRadius(radius))) }
    /// Clips the view to its frame.
    public func clipped() -> AnyView { AnyView(node: viewNode.modified(.clipped)) }
    /// SwiftUI's default shadow is black at a third, straight under the view.
    public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: Double, x: Double = 0, y: Double = 0) -> AnyView {
        AnyView(node: viewNode.modified(.shadow(color: color, radius: radius, x: x, y: y)))
    }
    public func opacity(_ value: Double) -> AnyView { AnyView(node: viewNode.modified(.opacity(value))) }
}
