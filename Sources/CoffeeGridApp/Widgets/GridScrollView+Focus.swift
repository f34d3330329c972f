import GridCore
import StageInterface

extension GridScrollView {
    /// The selection's keys. Ctrl+A selects every item and Esc clears the selection (or ends a
    /// rubber band) wherever the keyboard focus is; while the grid has the focus, arrows move it
    /// (a row or column at a time along the main axis), Home/End to the first and last item,
    /// PageUp/PageDown a viewport at a time — with Shift each selects from the anchor to where the
    /// focus lands — Space toggles the focused item and Return selects and opens it. The view scrolls to keep
    /// the focused item wholly visible. Returns true when the key was used.
    func handleFocusKey(_ key: Key, _ mods: KeyModifiers) -> Bool {
        if mods.contains(.control), key == .character("a") {
            selection.selectAll(count: layout.count)
            keepSelectable()
            return true
        }
        if key == .escape {
            if cancelBand() { return true }
            guard !selection.isEmpty else { return false }
            selection.removeAll()
            return true
        }
        guard hasFocus, layout.count > 0 else { return false }
        let current = min(max(selection.focus ?? visibleItems().first?.index ?? 0, 0), layout.count - 1)
        let perLine = max(layout.trackCount, 1)
        let lineLength = layout.count > perLine ? max((windowFrame(of: perLine).map { axis == .vertical ? $0.minY : $0.minX } ?? 0)
                                                        - (windowFrame(of: 0).map { axis == .vertical ? $0.minY : $0.minX } ?? 0), 1) : 1
        let pageLines = max(Int(viewportLength / lineLength), 1)
        let next: Int
        switch (key, axis) {
        case (.right, .vertical), (.down, .horizontal): next = current + 1
        case (.left, .vertical), (.up, .horizontal): next = current - 1
        case (.down, .vertical), (.right, .horizontal): next = current + perLine
        case (.up, .vertical), (.left, .horizontal): next = current - perLine
        case (.pageDown, _): next = current + perLine * pageLines
        case (.pageUp, _): next = current - perLine * pageLines
        case (.home, _): next = 0
        case (.end, _): next = layout.count - 1
        case (.space, _):
            selection.toggle(current)
            return true
        case (.enter, _):
            if !selection.contains(current) { selection.select(current) }
            activated = current
            return true
        default:
            return false
        }
        // Past either end the focus stops on the first or last item.
        selection.moveFocus(to: min(max(next, 0), layout.count - 1), extending: mods.contains(.shift))
        keepSelectable()
        scrollTo(selection.focus ?? current, anchor: nil, animation: .easeOut(duration: 0.2))
        return true
    }

    /// Focus enters the grid on its focused item if it is on screen, else on the first item on
    /// screen; it leaves with the item remembered (a Shift+arrow later still extends from the anchor).
    func setFocus(_ inside: Bool) {
        hasFocus = inside
        guard inside, layout.count > 0 else { return }
        let shown = visibleItems()
        if let f = selection.focus, f < layout.count, shown.contains(where: { $0.index == f }) { return }
        let first = shown.first?.index ?? 0
        selection.focus = first
        if selection.anchor == nil { selection.anchor = first }
    }

    func drawFocusRing(_ list: inout DrawList, env: AppEnvironment, cornerRadius: Double = 10) {
        guard let i = focused, let r = drawnFrame(of: i) else { return }
        FocusRing.draw(&list, around: r, cornerRadius: cornerRadius, env: env)
    }

    /// Every drawn item's selection ring and badge, and the rubber band: what every grid scene
    /// draws over its items (`SelectionMarks`). O(items drawn).
    func drawSelection(_ list: inout DrawList, env: AppEnvironment, cornerRadius: Double = 10, tint: SystemColor = .accent) {
        if !selection.isEmpty {
            for item in itemsToDraw() where selection.contains(item.index) {
                SelectionMarks.draw(&list, around: item.frame, cornerRadius: cornerRadius, tint: tint, env: env)
            }
        }
        drawBand(&list, env: env)
    }

    /// The rubber band alone (for a scene that draws its selected items itself).
    func drawBand(_ list: inout DrawList, env: AppEnvironment) {
        if let r = bandFrame { SelectionMarks.drawBand(&list, r, env: env) }
    }
}
