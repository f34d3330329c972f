import GridCore
import ViewLayer
import StageInterface

/// An item's drawing as the renderer takes it, kept from frame to frame: colours resolved in the
/// window's appearance and the view's opacity applied, the renderer's font. Drawing one is a few
/// stores, not a conversion (the cells draw hundreds a frame).
enum ItemShape {
    /// A fill; `opacity` applies to a tint drawn instead of `color`.
    case fill(Rect, StageInterface.Color, cornerRadius: Double, opacity: Double)
    case text(String, StageInterface.Font, StageInterface.Color, Rect, opacity: Double)
    /// Anything else (shadows, images, symbols, clips), drawn from its drawing.
    case other(Drawing)

    init(_ d: Drawing, _ env: AppEnvironment) {
        switch d.shape {
        case let .fill(color, cornerRadius):
            self = .fill(d.frame, color.resolved(env).opacity(d.opacity), cornerRadius: cornerRadius, opacity: d.opacity)
        case let .text(text, font, color):
            self = .text(text, font.stage, color.resolved(env).opacity(d.opacity), d.frame, opacity: d.opacity)
        default:
            self = .other(d)
        }
    }

    /// This shape at `origin`; `tint` recolours fills and text (a selected item).
    func draw(at origin: GridCore.Point, _ list: inout DrawList, env: AppEnvironment, tint: ItemTint?) {
        switch self {
        case let .fill(frame, color, cornerRadius, opacity):
            list.fill(frame.offsetBy(dx: origin.x, dy: origin.y), tint.map { $0.fill.opacity(opacity) } ?? color, cornerRadius: cornerRadius)
        case let .text(text, font, color, frame, opacity):
            // Centred in its own frame, which layout sized for it: the glyphs' centre is the view's
            // whatever the renderer's font measures (layout's estimate is wider than the real text).
            list.text(text, font, tint.map { $0.text.opacity(opacity) } ?? color, in: frame.offsetBy(dx: origin.x, dy: origin.y), alignment: .center)
        case .other(let d):
            d.draw(at: origin, &list, env: env, tint: tint)
        }
    }
}
