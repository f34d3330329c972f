/// Rules a scene keeps whatever input arrives (the input storm checks them after every event):
/// e.g. the dock shows each of its photos exactly once. Empty when all hold.
protocol SceneInvariants {
    func invariantViolations() -> [String]
}
