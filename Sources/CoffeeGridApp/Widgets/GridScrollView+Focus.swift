import GridCore
import Stage

extension GridScrollView {
    /// Keyboard focus inside the grid: arrows move between items (a row or column at a time along
    /// the main axis), the view scrolls to keep the focused item wholly visible, Return or Space
    /// selects it. Returns true when the key was used.
    func handleFocusKey(_ key: Key, _ mods: KeyModifiers) -> Bool {
        guard let current = focused, layout.count > 0 else { return false }
        let perLine = max(layout.trackCount, 1)
        let step: Int
        switch (key, axis) {
        case (.right, .vertical), (.down, .horizontal): step = 1
        case (.left, .vertical), (.up, .horizontal): step = -1
        case (.down, .vertical), (.right, .horizontal): step = perLine
        case (.up, .vertical), (.left, .horizontal): step = -perLine
        case (.enter, _), (.space, _):
            selected = current
            return true
        default:
            return false
        }
        let next = min(max(current + step, 0), layout.count - 1)
        focused = next
        scrollTo(next, anchor: nil, animation: .easeOut(duration: 0.2))
        return true
    }

    /// Focus enters the grid on the first item on screen, and leaves it with nothing focused.
    func setFocus(_ inside: Bool) {
        focused = inside ? (visibleItems().first?.index ?? (layout.count > 0 ? 0 : nil)) : nil
    }

    func drawFocusRing(_ list: inout DrawList, env: AppEnvironment, cornerRadius: Double = 10) {
        guard let i = focused, let r = drawnFrame(of: i) else { return }
        FocusRing.draw(&list, around: r, cornerRadius: cornerRadius, env: env)
    }
}
