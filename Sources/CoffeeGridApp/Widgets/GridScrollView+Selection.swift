import GridCore
import StageInterface

/// The grid's selection as a Linux desktop grid keeps it (GTK's GridView, Nautilus): a click
/// selects one, Ctrl+click toggles, Shift+click selects from the anchor, Ctrl+Shift+click adds
/// that range, a click on empty space clears, and a mouse drag draws a rubber band that selects
/// what it touches (Ctrl: adding), autoscrolling past the viewport's edge. The model is GridCore's
/// `GridSelection`, so none of this costs more with more items selected.
extension GridScrollView {
    /// `handlePointer` for a grid with a selection: clicks and the rubber band select. Returns the
    /// gesture, so a scene can open what was double-clicked.
    @discardableResult
    func handleSelectingPointer(_ event: PointerEvent) -> GridGesture? {
        let gesture = handlePointer(event)
        select(for: gesture)
        return gesture
    }

    /// What a gesture does to the selection (a scene that handles some clicks itself, as the cafes
    /// do for their coffee grids, passes the rest here).
    func select(for gesture: GridGesture?) {
        switch gesture {
        case let .clicked(i, press):
            // The second press of a double-click keeps what the first one selected, and opens it.
            if press.clicks >= 2, press.modifiers.isEmpty {
                if !selection.contains(i) { selection.select(i) }
                activated = i
                break
            }
            click(i, press.modifiers)
        case .background(let press):
            if !press.modifiers.contains(.control) { selection.removeAll() }
        case .bandBegan(let press):
            var base = press.modifiers.contains(.control) ? selection : GridSelection()
            base.anchor = selection.anchor
            base.focus = selection.focus
            bandBase = (base, selection)
            _ = updateBand()
        case .bandEnded:
            _ = updateBand()
            bandBase = nil
        case nil:
            break
        }
        keepSelectable()
    }

    /// Only the items `isSelectable` allows stay selected (the cafes' coffee-grid cells are not
    /// items to select: their photos are). O(selected), for the small grids that set it.
    func keepSelectable() {
        guard let ok = isSelectable, !selection.isEmpty, selection.indices.contains(where: { !ok($0) }) else { return }
        var kept = selection.remapped { ok($0) ? $0 : nil }
        kept.anchor = selection.anchor
        kept.focus = selection.focus
        selection = kept
    }

    /// A click on item `i` with `modifiers` held, by the desktop's rules.
    func click(_ i: Int, _ modifiers: KeyModifiers) {
        switch (modifiers.contains(.control), modifiers.contains(.shift)) {
        case (false, false): selection.select(i)
        case (true, false): selection.toggle(i)
        case (false, true): selection.extend(to: i, adding: false)
        case (true, true): selection.extend(to: i, adding: true)
        }
    }

    /// The rubber band as it is now, if one is being drawn.
    var band: RubberBand? { gestures.band }

    /// The band's rectangle in window points, clipped to the viewport (what is drawn).
    var bandFrame: Rect? {
        guard let b = band else { return nil }
        let r = b.rect(origin: layoutOrigin).offsetBy(dx: layoutOrigin.x, dy: layoutOrigin.y)
        let x0 = max(r.minX, frame.minX), y0 = max(r.minY, frame.minY)
        let x1 = min(r.maxX, frame.maxX), y1 = min(r.maxY, frame.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// Once a frame while a band is drawn: autoscroll, then select what the band touches now (the
    /// rows it crosses only). Returns true while autoscrolling moves the grid.
    func updateBand() -> Bool {
        guard band != nil, let base = bandBase?.base else { return false }
        var scroll = self.scroll
        let scrolled = gestures.autoscroll(in: measured, scroll: &scroll, time: time)
        if scrolled { self.scroll = scroll; lastScrollActivity = time }
        guard let b = band else { return scrolled }
        var touched = layout.selection(touching: b.rect(origin: layoutOrigin))
        touched = base.isEmpty ? touched : base.union(touched)
        touched.anchor = base.anchor ?? touched.ranges.first?.lowerBound
        touched.focus = base.focus ?? touched.anchor
        if touched != selection { selection = touched; keepSelectable() }
        return scrolled
    }

    /// Esc during a band: the selection goes back to what it was before it.
    func cancelBand() -> Bool {
        guard band != nil, let before = bandBase?.before else { return false }
        gestures.cancelBand()
        selection = before
        bandBase = nil
        return true
    }

    /// The items went away or changed count (a rescan, a new spec): nothing past the end stays selected.
    func clampSelection() { selection.clamp(to: layout.count) }

    /// What the title bar says while something is selected: the count, and what the keys do.
    var selectionStatus: String? {
        SelectionStatus.text(count: selection.count, total: layout.count)
    }

    /// `"selection":{"count","ranges","anchor","focus"}` for the state file, with `"ids"` of the
    /// first 64 selected items where the scene names them. At most 64 ranges are listed: the count
    /// says how many items there are, whatever their runs.
    func selectionState(id: ((Int) -> String?)? = nil) -> (String, JSON) {
        SelectionStatus.state(selection, id: id)
    }
}

/// The selection's words and its state-file entry, shared by the grids and the scenes that keep
/// a selection of their own (the stack's photos, a cafe's coffee grid).
enum SelectionStatus {
    static func text(count: Int, total: Int) -> String? {
        guard count > 0 else { return nil }
        let all = count == total && total > 1 ? "all \(count) selected" : "\(count) selected"
        return all + " · Ctrl+click toggles · Shift+click extends · Ctrl+A all · Esc clears"
    }

    static func state(_ s: GridSelection, id: ((Int) -> String?)? = nil) -> (String, JSON) {
        var pairs: [(String, JSON)] = [
            ("count", .number(Double(s.count))),
            ("ranges", .array(s.ranges.prefix(64).map { .array([.number(Double($0.lowerBound)), .number(Double($0.upperBound))]) })),
            ("anchor", s.anchor.map { .number(Double($0)) } ?? .null),
            ("focus", s.focus.map { .number(Double($0)) } ?? .null),
        ]
        if let id = id { pairs.append(("ids", .array(s.first(64).map { id($0).map(JSON.string) ?? .number(Double($0)) }))) }
        return ("selection", .object(pairs))
    }
}
