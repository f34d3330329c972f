import GridCore

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
