import GridCore
import StageInterface

/// A scene built on one lazy grid in a scroll view (`grid`), as most demos are. The grid supplies
/// what each of them used to write out again: the desktop's selection (clicks with Ctrl and Shift,
/// the rubber band, Ctrl+A, Esc), Tab focus and the selection's keys over the items then the
/// scroll keys, the inspector, the
/// state file's grid keys, the invariants and the item a restored session scrolls back to. A scene
/// writes only what it does differently, and calls these for the grid's part.
protocol GridScene: Scene, SceneInvariants {
    var grid: GridScrollView { get }
}

extension GridScene {
    func advance(frame: Rect, env: AppEnvironment) -> Bool { grid.update(frame: frame, time: env.time, scale: env.scale) }

    func handleKey(_ key: Key, _ modifiers: KeyModifiers, env: AppEnvironment) -> Bool { gridKey(key, modifiers) }

    /// The grid's keys: arrows move the focus while the grid has it, then the scroll keys.
    func gridKey(_ key: Key, _ modifiers: KeyModifiers) -> Bool {
        grid.handleFocusKey(key, modifiers) || grid.handleScrollKey(key, modifiers)
    }

    func handlePointer(_ event: PointerEvent, env: AppEnvironment) { grid.handleSelectingPointer(event) }

    func focusChanged(_ focused: Bool) { grid.setFocus(focused) }

    var statusText: String? { grid.selectionStatus }

    var selects: Bool { true }

    func takeOpenRequest() -> Int? { grid.takeActivated() }

    func state(env: AppEnvironment) -> [(String, JSON)] { grid.stateEntries() }

    var inspector: InspectorModel? { grid.inspectorModel }

    func invariantViolations() -> [String] { grid.invariantViolations() }

    var restorableState: RestorableState { RestorableState(anchor: grid.anchorItem) }

    func restore(_ state: RestorableState) { grid.restoreAnchor(state.anchor) }

    var mainGrid: GridScrollView? { grid }
}
