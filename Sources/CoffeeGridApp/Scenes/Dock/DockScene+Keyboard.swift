import GridCore
import StageInterface

/// The toolbar's button, the help, and the keyboard: once Tab reaches the scene, arrows move a
/// focus ring over the photos, Return or Space moves the focused photo, and Tab goes from the grid
/// to the dock before leaving the scene.
extension DockScene {
    // The toolbar's button and the help.
    var toolbar: [ToolbarItem] {
        [button(.returnAll, symbol: "arrow.uturn.backward", label: "return every photo to the grid", key: "u")]
    }

    var help: [HelpEntry] {
        [HelpEntry(keys: "click", action: "a grid photo flies to the dock; a dock photo back to the end of the grid"),
         HelpEntry(keys: "drag", action: "drop on the dock to insert there, drag in the dock to reorder, drop elsewhere to send it back"),
         HelpEntry(keys: "Tab, arrows", action: "focus the grid or the dock, then a photo"),
         HelpEntry(keys: "Return / Space", action: "move the focused photo"),
         HelpEntry(keys: "u", action: "return every photo to the grid")]
    }

    enum Command: String {
        case returnAll
    }

    func perform(_ command: Command, env: AppEnvironment) {
        time = env.time
        switch command {
        case .returnAll: apply { $0.model.returnAll() }
        }
    }

    func handleKey(_ key: Key, _ modifiers: KeyModifiers, env: AppEnvironment) -> Bool {
        time = env.time
        switch key {
        case .character("u"):
            perform(.returnAll, env: env)
            return true
        case .escape:
            guard liftedId != nil else {
                guard !picked.isEmpty else { return false }
                picked.removeAll()
                return true
            }
            cancelDrag()
            return true
        case .tab:
            return hasFocus && tabWithin(backward: modifiers.contains(.shift))
        case .left, .right, .up, .down:
            guard hasFocus else { return overflow.handleKey(key) || grid.handleScrollKey(key, modifiers) }
            moveFocus(key)
            return true
        case .home, .end, .pageUp, .pageDown:
            guard hasFocus else { return grid.handleScrollKey(key, modifiers) }
            moveFocus(key)
            return true
        case .enter, .space:
            guard hasFocus else { return key == .space && grid.handleScrollKey(key, modifiers) }
            activateFocused()
            return true
        default:
            return grid.handleScrollKey(key, modifiers)
        }
    }

    func focusChanged(_ focused: Bool) {
        hasFocus = focused
        if focused { clampFocus() }
    }

    func list(_ place: Place) -> [String] { place == .grid ? model.grid : model.dock }

    /// The focused photo, while the scene has the keyboard focus.
    var focusedId: String? {
        guard hasFocus, let i = focusIndex[focusPlace] else { return nil }
        let l = list(focusPlace)
        return i < l.count ? l[i] : nil
    }

    /// Tab inside the scene: grid → dock; Shift+Tab: dock → grid. False hands Tab back to the shell.
    func tabWithin(backward: Bool) -> Bool {
        if !backward, focusPlace == .grid, !model.dock.isEmpty { setFocus(.dock); return true }
        if backward, focusPlace == .dock, !model.grid.isEmpty { setFocus(.grid); return true }
        return false
    }

    func setFocus(_ place: Place, index: Int? = nil) {
        focusPlace = place
        if let i = index { focusIndex[place] = i }
        clampFocus()
        revealFocus()
    }

    /// Keeps the focus on a photo that exists, moving to the other container when one empties.
    func clampFocus() {
        if list(focusPlace).isEmpty, !list(focusPlace == .grid ? .dock : .grid).isEmpty {
            focusPlace = focusPlace == .grid ? .dock : .grid
        }
        for place in [Place.grid, .dock] {
            focusIndex[place] = min(max(focusIndex[place] ?? 0, 0), max(list(place).count - 1, 0))
        }
    }

    func moveFocus(_ key: Key) {
        let i = focusIndex[focusPlace] ?? 0
        let count = list(focusPlace).count
        // Home and End go to the container's first and last photo, PageUp and PageDown a viewport
        // of photos at a time, as in every focused grid (clamped by `setFocus`).
        switch key {
        case .home: return setFocus(focusPlace, index: 0)
        case .end: return setFocus(focusPlace, index: count - 1)
        case .pageUp, .pageDown:
            let page = focusPlace == .dock ? max(dock.scrollView.visibleItems().count, 1) : pageOfGridPhotos
            return setFocus(focusPlace, index: key == .pageDown ? i + page : i - page)
        default: break
        }
        if focusPlace == .dock {
            switch key {
            case .left: setFocus(.dock, index: i - 1)
            case .right: setFocus(.dock, index: i + 1)
            case .up where !model.grid.isEmpty: setFocus(.grid)
            default: break
            }
            return
        }
        let columns = max(grid.layout.trackCount, 1)
        switch key {
        case .left: setFocus(.grid, index: i - 1)
        case .right: setFocus(.grid, index: i + 1)
        case .up: if i - columns >= 0 { setFocus(.grid, index: i - columns) }
        case .down:
            if i + columns < count {
                setFocus(.grid, index: i + columns)
            } else if i / columns < (count - 1) / columns {
                setFocus(.grid, index: count - 1)
            } else if !model.dock.isEmpty {
                setFocus(.dock)
            }
        default: break
        }
    }

    /// The photos of as many whole rows as the grid's scroll view shows.
    var pageOfGridPhotos: Int {
        let columns = max(grid.layout.trackCount, 1)
        let line = grid.layout.count > columns
            ? (grid.layout.frame(of: columns)?.minY ?? 0) - (grid.layout.frame(of: 0)?.minY ?? 0) : grid.frame.height
        return columns * max(line > 0 ? Int(grid.frame.height / line) : 1, 1)
    }

    func revealFocus() {
        guard let i = focusIndex[focusPlace], i < list(focusPlace).count else { return }
        if focusPlace == .grid { grid.scrollTo(i, anchor: nil, animation: .easeOut(duration: 0.25)) } else { dock.reveal(i, animation: .easeOut(duration: 0.25)) }
    }

    /// Return/Space: the focused photo changes container; the focus stays on the same place, now
    /// holding the next photo, so repeated presses move a run of photos.
    func activateFocused() {
        guard let id = focusedId else { return }
        toggle(id)
        revealFocus()
    }
}
