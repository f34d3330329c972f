import GridCore
import GridMotion

/// The exercise's two toolbar buttons, run as its code writes them, and the chapter/exercise picker.
extension CafesScene {
    /// The exercise's buttons, each symbol as its label says now; their keys and words are the app's.
    var toolbar: [ToolbarItem] {
        guard mode == .exercise else { return [] }
        let symbols = body.toolbarSymbols
        guard symbols.count == 2, let eye = symbols[0], let columns = symbols[1] else { return [] }
        let two = gridLayout.count == 2
        return [button(.coffee, symbol: eye, label: showCoffee ? "hide the coffee photos" : "show the coffee photos", key: "h", isOn: showCoffee),
                button(.columns, symbol: columns, label: two ? "one column (two now)" : "two columns (one now)", key: "g")]
    }

    var help: [HelpEntry] {
        [HelpEntry(keys: "e", action: "the chapter's demo or its exercise"),
         HelpEntry(keys: "h (exercise)", action: "show or hide each cafe's coffee photos"),
         HelpEntry(keys: "g (exercise)", action: "one column or two"),
         HelpEntry(keys: "resize", action: "under 500 pt high is landscape; 700 × 500 pt and larger is iPad-sized")]
    }

    /// The exercise's two buttons (and their keys), and the chapter/exercise picker.
    enum Command: String {
        case coffee, columns, mode
    }

    func perform(_ command: Command, env: AppEnvironment) {
        switch command {
        case .coffee where mode == .exercise:
            guard let press = body.pressToolbarButton(0) else { return }
            changeCoffee(env, animation: press.animation)
        case .columns where mode == .exercise:
            guard let press = body.pressToolbarButton(1) else { return }
            columnsChosen = true
            relayout(env, animation: press.animation, mapping: nil)
        case .mode:
            let was = coffeeVisible
            setMode(mode == .chapter ? .exercise : .chapter)
            let animation = body.gridAnimations.first?.animation
            if coffeeVisible != was { changeCoffee(env, animation: animation) } else { relayout(env, animation: animation, mapping: nil) }
        case .coffee, .columns: break
        }
    }

    /// Lays the grid out again from the tree after its state changed, animated as it asks.
    @discardableResult
    func relayout(_ env: AppEnvironment, animation: Animation?, mapping: GridScrollView.IndexMapping?) -> [PlacedItem] {
        animateNested = true
        if mode == .chapter { noteFrame = noteSize(width: grid.frame.width) }
        return grid.setConfiguration(configuration(in: grid.frame.size, env: env), animation: animation, mapping: mapping)
    }

    /// Hidden coffee grids leave the outer grid (so cafes alone can pair up two by two); cafes keep
    /// their identity across the change and move, coffee grids fade in or out in place
    /// (`.transition(.opacity)`).
    private func changeCoffee(_ env: AppEnvironment, animation: Animation?) {
        let mapping = coffeeVisible
            ? GridScrollView.IndexMapping(newIndex: { $0 * 2 }, oldIndex: { $0 % 2 == 0 ? $0 / 2 : nil })
            : GridScrollView.IndexMapping(newIndex: { $0 % 2 == 0 ? $0 / 2 : nil }, oldIndex: { $0 * 2 })
        grid.selection = grid.selection.remapped(mapping.newIndex)
        let removed = relayout(env, animation: animation, mapping: mapping)
        ghosts = coffeeVisible ? [] : removed.map { ($0.index / 2, $0.frame) }
        coffeeOpacity.set(coffeeVisible ? 1 : 0, animation: .easeIn, at: time)
    }
}
