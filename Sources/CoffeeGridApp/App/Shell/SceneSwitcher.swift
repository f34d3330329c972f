import GridCore
import StageInterface

/// Always-at-hand scene switcher: a sidebar in wide windows, a bottom tab bar in narrow ones.
struct SceneSwitcher {
    struct Entry: Equatable {
        var name: String
        var label: String
        var symbol: String
        /// What a tab too narrow for `label` says instead ("Play" for "Playground").
        var shortLabel: String? = nil
    }

    /// Tab labels are drawn at the largest of these sizes at which they fit their tab.
    static let labelSizes = [10.0, 9.0, 8.0]

    /// A tab's label and its font: the label at 10 pt, or smaller where the tab is narrow, or the
    /// short label where even 8 pt does not fit. Never cut with "…".
    static func tabLabel(_ e: Entry, width: Double, measure: TextMeasure) -> (text: String, font: Font) {
        for text in [e.label] + (e.shortLabel.map { [$0] } ?? []) {
            for size in labelSizes {
                let font = Font.system(size: size, weight: .medium)
                if measure.width(text, font) <= width - 2 { return (text, font) }
            }
        }
        return (e.shortLabel ?? e.label, Font.system(size: labelSizes.last!, weight: .medium))
    }

    enum Style { case sidebar, tabBar }

    static let sidebarWidth = 220.0
    /// At least this wide gets a sidebar; a phone in landscape keeps the tab bar.
    static let sidebarMinimumWindowWidth = 1000.0

    var entries: [Entry]
    var current: String

    static func style(for size: Size) -> Style {
        size.width >= sidebarMinimumWindowWidth ? .sidebar : .tabBar
    }

    /// iOS's: 32 pt of icons in a vertically compact (landscape) window, icons and labels otherwise.
    static func tabBarHeight(_ env: AppEnvironment) -> Double {
        env.sizeClasses.vertical == .compact ? 32 : 56
    }

    /// The switcher's own frame and the content frame that remains.
    static func split(_ window: Rect, env: AppEnvironment) -> (switcher: Rect, content: Rect, style: Style) {
        switch style(for: window.size) {
        case .sidebar:
            return (Rect(x: window.minX, y: window.minY, width: sidebarWidth, height: window.height),
                    Rect(x: window.minX + sidebarWidth, y: window.minY, width: window.width - sidebarWidth, height: window.height), .sidebar)
        case .tabBar:
            let h = min(tabBarHeight(env), window.height)
            return (Rect(x: window.minX, y: window.maxY - h, width: window.width, height: h),
                    Rect(x: window.minX, y: window.minY, width: window.width, height: window.height - h), .tabBar)
        }
    }

    func entryFrames(in frame: Rect, style: Style) -> [(Entry, Rect)] {
        switch style {
        case .sidebar:
            return entries.enumerated().map { i, e in
                (e, Rect(x: frame.minX + 10, y: frame.minY + 56 + Double(i) * 44, width: frame.width - 20, height: 40))
            }
        case .tabBar:
            let w = frame.width / Double(max(entries.count, 1))
            return entries.enumerated().map { i, e in (e, Rect(x: frame.minX + Double(i) * w, y: frame.minY, width: w, height: frame.height)) }
        }
    }

    func draw(_ list: inout DrawList, frame: Rect, style: Style, env: AppEnvironment, hovered: String?, focused: String?) {
        let accent = env.color(.accent)
        let secondary = env.color(.secondary)
        switch style {
        case .sidebar:
            list.fill(frame, env.color(.secondaryBackground))
            list.text("CoffeeGrid", Font.title3.weight(.bold), env.color(.primary),
                      in: Rect(x: frame.minX + 20, y: frame.minY + 14, width: frame.width - 40, height: 30))
            for (i, (e, r)) in entryFrames(in: frame, style: .sidebar).enumerated() {
                let selected = e.name == current
                if selected { list.fill(r, accent.opacity(0.16), cornerRadius: 8) } else if hovered == e.name { list.fill(r, env.color(.primary).opacity(0.06), cornerRadius: 8) }
                let tint = selected ? accent : env.color(.primary)
                list.symbol(e.symbol, in: Rect(x: r.minX + 10, y: r.minY + 10, width: 20, height: 20), tint)
                list.text(e.label, .body, tint, in: Rect(x: r.minX + 40, y: r.minY, width: r.width - 70, height: r.height), alignment: .leading)
                list.text("\(i + 1)", .footnote, secondary, in: Rect(x: r.maxX - 28, y: r.minY, width: 20, height: r.height), alignment: .trailing)
                if focused == e.name { FocusRing.draw(&list, around: r, cornerRadius: 8, env: env) }
            }
            list.fill(Rect(x: frame.maxX - 0.5, y: frame.minY, width: 0.5, height: frame.height), env.color(.separator))
        case .tabBar:
            list.fill(frame, env.color(.secondaryBackground).opacity(0.97))
            list.fill(Rect(x: frame.minX, y: frame.minY, width: frame.width, height: 0.5), env.color(.separator))
            let compact = frame.height < 44
            for (e, r) in entryFrames(in: frame, style: .tabBar) {
                let selected = e.name == current
                let tint = selected ? accent : (hovered == e.name ? env.color(.primary) : secondary)
                if compact {
                    list.symbol(e.symbol, in: Rect(x: r.midX - 10, y: r.midY - 10, width: 20, height: 20), tint)
                } else {
                    list.symbol(e.symbol, in: Rect(x: r.midX - 12, y: r.minY + 7, width: 24, height: 24), tint)
                    let (text, font) = SceneSwitcher.tabLabel(e, width: r.width, measure: env.measure)
                    list.text(text, font, tint, in: Rect(x: r.minX, y: r.minY + 34, width: r.width, height: 14), alignment: .center)
                }
                if focused == e.name { FocusRing.draw(&list, around: r.insetBy(dx: 3, dy: 3), cornerRadius: 8, env: env) }
            }
        }
    }
}
