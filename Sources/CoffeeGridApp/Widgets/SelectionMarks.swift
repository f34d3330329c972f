import GridCore
import StageInterface

/// How a selected cell looks, as desktop photo grids draw it: an accent ring inside the cell's
/// edge and a check badge in its top-trailing corner (the keyboard's focus ring, outside the
/// cell, stays distinct). The rubber band is a translucent accent rectangle with an accent edge.
/// Both resolve the accent and the background for the appearance, so dark mode draws them too.
enum SelectionMarks {
    static let ringWidth = 3.0

    static func draw(_ list: inout DrawList, around r: Rect, cornerRadius: Double, tint: SystemColor = .accent, env: AppEnvironment) {
        guard r.width > 4, r.height > 4 else { return }
        let accent = env.color(tint)
        let w = min(ringWidth, r.width / 8)
        list.stroke(r.insetBy(dx: w / 2, dy: w / 2), accent, cornerRadius: max(cornerRadius - w / 2, 0), lineWidth: w)
        // The badge scales down with small cells (the 50-point symbols) and never covers half of one.
        let radius = min(11, r.width / 5, r.height / 5)
        guard radius >= 4 else { return }
        let c = Point(x: r.maxX - radius - w - 3, y: r.minY + radius + w + 3)
        list.circle(center: c, radius: radius + 1.5, env.color(.background))
        list.circle(center: c, radius: radius, accent)
        // A check mark: two strokes, white on the accent in either appearance.
        let k = radius / 10
        let white = Color(red: 1, green: 1, blue: 1)
        list.line(from: Point(x: c.x - 4.5 * k, y: c.y + 0.2 * k), to: Point(x: c.x - 1.3 * k, y: c.y + 3.4 * k), width: 2.2 * k, white)
        list.line(from: Point(x: c.x - 1.3 * k, y: c.y + 3.4 * k), to: Point(x: c.x + 4.8 * k, y: c.y - 3.6 * k), width: 2.2 * k, white)
    }

    static func drawBand(_ list: inout DrawList, _ r: Rect, env: AppEnvironment) {
        guard r.width > 0 || r.height > 0 else { return }
        let accent = env.color(.accent)
        list.fill(r, accent.opacity(env.appearance == .dark ? 0.28 : 0.18))
        list.stroke(r, accent.opacity(0.9), lineWidth: 1)
    }
}
