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
        if let bad = frames.first(where: { !($0.minX.isFinite && $0.minY.isFinite && $0.width.isFinite && $0.height.isFinite && $0.width >= 0) }) {
            problems.append("photo drawn at \(bad)")
        }
        return problems
    }
}
