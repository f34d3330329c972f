import GridCore
import StageInterface

// MARK: - Restorable state: photos a row, grid or stack, and the first photo in view.
extension StackScene {
    var restorableState: RestorableState {
        let row = itemWidth > 0 ? Int(scroll.offset(at: time) / itemWidth) : 0
        return RestorableState(selections: [itemPerRow - 1, Mode.allCases.firstIndex(of: mode) ?? 0],
                               anchor: mode == .grid ? row * itemPerRow : nil)
    }
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
