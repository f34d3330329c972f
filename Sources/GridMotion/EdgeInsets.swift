import GridCore

/// Padding around content, as SwiftUI's `EdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double, leading: Double, bottom: Double, trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }

    /// `.padding(.all, v)`.
    public static func all(_ v: Double) -> EdgeInsets { EdgeInsets(top: v, leading: v, bottom: v, trailing: v) }
    public static let zero = EdgeInsets()

    public func inset(_ r: Rect) -> Rect {
        Rect(x: r.minX + leading, y: r.minY + top,
             width: max(0, r.width - leading - trailing), height: max(0, r.height - top - bottom))
    }
}
