/// The scenes built on one grid scroll view keep its rules.
extension SymbolsScene: SceneInvariants {
    func invariantViolations() -> [String] { grid.invariantViolations() }
}

extension StylesScene: SceneInvariants {
    func invariantViolations() -> [String] { grid.invariantViolations() }
}

extension BarsScene: SceneInvariants {
    func invariantViolations() -> [String] { grid.invariantViolations() }
}

extension PlaygroundScene: SceneInvariants {
    func invariantViolations() -> [String] { grid.invariantViolations() }
}

extension CellsScene: SceneInvariants {
    func invariantViolations() -> [String] { grid.invariantViolations() }
}

/// The stack grid: all twelve photos placed, one to six a row.
extension StackScene: SceneInvariants {
    func invariantViolations() -> [String] {
        var problems: [String] = []
        if !(1...6).contains(itemPerRow) { problems.append("itemPerRow \(itemPerRow)") }
        let frames = photoFrames()
        if frames.count != contentViews.count { problems.append("\(frames.count) photo frames for \(contentViews.count) photos") }
        if let bad = frames.first(where: { !($0.isFinite && $0.width >= 0) }) {
            problems.append("photo drawn at \(bad)")
        }
        return problems
    }
}

extension FeedScene: SceneInvariants {
    func invariantViolations() -> [String] {
        var problems = grid.invariantViolations()
        if !(1...6).contains(grid.layout.trackCount) { problems.append("feed shows \(grid.layout.trackCount) columns") }
        if grid.layout.count != photos.count { problems.append("feed holds \(grid.layout.count) photos, not \(photos.count)") }
        return problems
    }
}

extension CafesScene: SceneInvariants {
    func invariantViolations() -> [String] { grid.invariantViolations() }
}

/// The dock's promise: the grid and the dock together hold each of its photos exactly once,
/// and every photo is drawn somewhere finite.
extension DockScene: SceneInvariants {
    func invariantViolations() -> [String] {
        var problems: [String] = []
        let all = model.grid + model.dock
        let expected = Set(model.photos)
        if all.count != model.photos.count { problems.append("grid + dock hold \(all.count) photos, not \(model.photos.count)") }
        if Set(all) != expected { problems.append("photos missing or unknown: \(expected.symmetricDifference(Set(all)).sorted())") }
        for id in all {
            if let f = drawnFrame(of: id), !f.isFinite {
                problems.append("\(id) drawn at \(f)")
            }
        }
        return problems
    }
}
