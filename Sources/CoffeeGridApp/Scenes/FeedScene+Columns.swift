import GridCore
import ViewLayer

/// The feed's column count is the chapter's `@State var gridLayout`: its button changes it, and so
/// do the host's gestures beyond the seed (a pinch, Ctrl+= and Ctrl+-, a restored session), each
/// grid made by the tree with the state at that count.
extension FeedScene {
    /// The feed's tree lays its grid out the same at any width (flexible columns, fixed heights).
    static let layoutSize = Size(width: 390, height: 844)

    /// The tree's grid with `gridLayout` holding `n` flexible columns. The state is left as the
    /// count on screen says, so the code panel prints what is shown (a pinch asks for two counts).
    func configuration(columns n: Int) -> GridScrollView.Configuration {
        defer { setState(columns: zoom.columns) }
        if let known = layouts[n] { return known }
        setState(columns: n)
        let c = body.configuration(in: FeedScene.layoutSize) ?? grid.configuration
        layouts[n] = c
        return c
    }

    var stateColumns: Int? {
        if case .gridItems(let items)? = body.program.state(FeedScene.state) { return items.count }
        return nil
    }

    func setState(columns n: Int) {
        guard stateColumns != n else { return }
        _ = try? body.setState(FeedScene.state, .gridItems(Array(repeating: GridItem(.flexible()), count: n)))
    }
}

// MARK: - Restorable state: the column count and the photo at the top.
extension FeedScene {
    var restorableState: RestorableState { RestorableState(selections: [columns], anchor: grid.anchorItem) }

    func restore(_ state: RestorableState) {
        if let n = state.selections(counts: [FeedScene.pinchRange.upperBound + 1])?.first { zoom.restore(n) }
        grid.restoreAnchor(state.anchor)
    }
}
