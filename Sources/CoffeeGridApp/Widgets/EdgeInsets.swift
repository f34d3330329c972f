import GridCore

/// Padding around content, as SwiftUI's `EdgeInsets`.
struct EdgeInsets: Hashable {
    var top: Double, leading: Double, bottom: Double, trailing: Double

    init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }

    /// `.padding(.all, v)`.
    static func all(_ v: Double) -> EdgeInsets { EdgeInsets(top: v, leading: v, bottom: v, trailing: v) }
    static let zero = EdgeInsets()

    func inset(_ r: Rect) -> Rect {
        Rect(x: r.minX + leading, y: r.minY + top,
             width: max(0, r.width - leading - trailing), height: max(0, r.height - top - bottom))
    }
}
