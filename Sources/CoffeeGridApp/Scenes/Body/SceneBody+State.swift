import GridCore
import GridMotion
import ViewLayer

/// What changes a body's state — its own toolbar's buttons, a host setting a `@State` — and the
/// animation its tree asks for when that state changes.
extension SceneBody {
    /// Runs the action of the tree's toolbar button `index` (in the order written) and makes the
    /// body again. False when there is no such button.
    func performToolbarButton(_ index: Int = 0) throws -> Bool {
        let buttons = SceneBody.toolbarButtons(tree)
        guard buttons.indices.contains(index) else { return false }
        buttons[index].action.perform()
        try refresh()
        return true
    }

    /// Runs toolbar button `index` as `performToolbarButton` does, and answers the animation its
    /// change asks for: the action's `withAnimation`, else the grid's `.animation(_:value:)` whose
    /// value it changed (nil: none). Nil when there is no such button or its body no longer runs.
    func pressToolbarButton(_ index: Int) -> ButtonPress? {
        let before = gridAnimations
        _ = Transaction.take()
        guard (try? performToolbarButton(index)) == true else { return nil }
        return ButtonPress(animation: Transaction.take()?.animation ?? animation(since: before))
    }

    struct ButtonPress {
        var animation: Animation?
    }

    /// Sets the root view's `@State var name` and makes the body again. False when there is no
    /// such state.
    func setState(_ name: String, _ value: StateValue) throws -> Bool {
        guard program.setState(name, value) else { return false }
        try refresh()
        return true
    }

    /// `.animation(_:value:)` written around the tree's grid (or around what holds it): the
    /// animation and the value it watches, outermost last. A change of layout animates with the
    /// innermost one whose value changed (SwiftUI's rule), and with none when no value changed.
    var gridAnimations: [(animation: Animation?, value: AnyHashable)] { SceneBody.gridAnimations(tree) }

    /// The animation for going from a tree whose grid's `.animation` values were `before` to this
    /// one's: nil when none of them changed.
    func animation(since before: [(animation: Animation?, value: AnyHashable)]) -> Animation? {
        let now = gridAnimations
        guard now.count == before.count else { return now.first?.animation }
        return zip(now, before).first { $0.value != $1.value }?.0.animation
    }

    /// The symbols the tree's toolbar buttons show (`label: { Image(systemName: …) }`), in the
    /// order written: what the shell's toolbar draws for them.
    var toolbarSymbols: [String?] { SceneBody.toolbarButtons(tree).map(\.symbol) }

    /// The tree's toolbar buttons: each one's action and the symbol its label shows, if one.
    static func toolbarButtons(_ node: ViewNode) -> [(action: Action, symbol: String?)] {
        var found: [(action: Action, symbol: String?)] = []
        func symbol(_ nodes: [ViewNode]) -> String? {
            for n in nodes {
                switch n.content {
                case .image(.system(let name), _): return name
                default: if let s = symbol(holders(n)) { return s }
                }
            }
            return nil
        }
        func items(_ nodes: [ViewNode]) {
            for n in nodes {
                switch n.content {
                case let .button(a, label): found.append((a, symbol(label)))
                case .toolbarItem(_, let inner), .group(let inner): items(inner)
                default: break
                }
            }
        }
        func walk(_ n: ViewNode) {
            for case .toolbar(let toolbar) in n.modifiers { items(toolbar) }
            holders(n).forEach(walk)
        }
        walk(node)
        return found
    }

    static func gridAnimations(_ node: ViewNode) -> [(animation: Animation?, value: AnyHashable)] {
        // Innermost first along the path down to the grid.
        func path(_ n: ViewNode) -> [(Animation?, AnyHashable)]? {
            let own: [(Animation?, AnyHashable)] = n.modifiers.compactMap {
                if case let .animation(a, value) = $0 { return (a, value) }
                return nil
            }
            if case .grid = n.content { return own }
            for c in holders(n) { if let inner = path(c) { return inner + own } }
            return nil
        }
        return (path(node) ?? []).map { (animation: $0.0, value: $0.1) }
    }
}

extension SceneBody {
    /// Runs what the tree does when it is first shown (`.onAppear`, `.onChange(of:initial: true)`)
    /// and makes the body again: once, when the scene is made.
    func appear() throws {
        let actions = tree.lifecycle.onFirstAppearance
        guard !actions.isEmpty else { return }
        actions.forEach { $0.perform() }
        try refresh()
    }

    /// The window's size classes and size as the snippet's environment; a value a `.onChange`
    /// watches that changed runs its action (a rotation resets the cafes' exercise to its default).
    /// True when the size classes changed.
    @discardableResult
    func setEnvironment(_ sizeClasses: SizeClasses, screen: Size) throws -> Bool {
        var e = program.environment
        let classes = e.horizontalSizeClass != sizeClasses.horizontal || e.verticalSizeClass != sizeClasses.vertical
        guard classes || e.screenSize != screen else { return false }
        e.horizontalSizeClass = sizeClasses.horizontal
        e.verticalSizeClass = sizeClasses.vertical
        e.screenSize = screen
        program.environment = e
        try refresh()
        return classes
    }
}
