import GridCore
import StageInterface

/// The keyboard focus ring: a 2-point accent outline, as macOS draws it.
enum FocusRing {
    static func draw(_ list: inout DrawList, around r: Rect, cornerRadius: Double, env: AppEnvironment) {
        list.stroke(r.insetBy(dx: -2, dy: -2), env.color(.accent).opacity(0.85), cornerRadius: cornerRadius + 2, lineWidth: 2.5)
    }
}
