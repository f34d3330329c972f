import GridCore
import GridMotion
import ViewLayer

/// The state file's cafes, and what a session restores: Chapter or Exercise, the exercise's two
/// `@State`s, and the grid item at the top.
extension CafesScene {
    func state(env: AppEnvironment) -> [(String, JSON)] {
        let ids = grid.stateEntries(id: { [self] i in
            let (k, isCoffee) = item(i)
            guard cafes.indices.contains(k) else { return nil }
            return isCoffee ? cafes[k].image + "/coffee" : cafes[k].image
        })
        return ids + [("cafes", .object([
            ("mode", .string(mode.label)),
            ("columns", .array(grid.configuration.items.map { .string($0.size.description) })),
            ("coffeeVisible", .bool(coffeeVisible)),
            // The exercise's one-or-two-columns toggle (the chapter always has two tracks).
            ("twoColumns", .bool(mode == .chapter || gridLayout.count == 2)),
            ("photoCounts", .array(cafes.map { .number(Double($0.coffeePhotos.count)) })),
            ("picker", JSON.rect(pickerFrame)),
            ("note", mode == .chapter ? .string(CafesScene.landscapeNote) : .null),
            // Each coffee grid's selection, by its cafe's photo.
            ("coffeeSelection", .object(coffeeSelection.keys.sorted().compactMap { k in
                guard let s = coffeeSelection[k], !s.isEmpty, cafes.indices.contains(k) else { return nil }
                return (cafes[k].image, SelectionStatus.state(s, id: { [cafes] j in cafes[k].coffeePhotos.indices.contains(j) ? cafes[k].coffeePhotos[j] : nil }).1)
            })),
        ]))]
    }

    /// The exercise's column count is kept only when the reader chose it (0: the window's default).
    var restorableState: RestorableState {
        var columns = 0
        if columnsChosen, case .gridItems(let g)? = bodies[Mode.exercise.rawValue].program.state("gridLayout") { columns = g.count }
        return RestorableState(selections: [mode.rawValue, showCoffee ? 1 : 0, columns], anchor: grid.anchorItem)
    }

    func restore(_ state: RestorableState) {
        if let s = state.selections(counts: [2, 2, 3]) {
            setMode(Mode(rawValue: s[0]) ?? .exercise)
            _ = try? bodies[Mode.exercise.rawValue].setState("showCoffee", .bool(s[1] == 1))
            restoredColumns = s[2] == 0 ? nil : s[2]
            columnsChosen = restoredColumns != nil
            coffeeOpacity = AnimatedValue(coffeeVisible ? 1 : 0)
        }
        grid.restoreAnchor(state.anchor)
    }

    /// A restored column choice, once the body has seen this window (its `.onChange` would reset it).
    func applyRestoredColumns() {
        guard let n = restoredColumns else { return }
        restoredColumns = nil
        _ = try? bodies[Mode.exercise.rawValue].setState("gridLayout", .gridItems(Array(repeating: GridItem(.flexible()), count: n)))
    }
}
