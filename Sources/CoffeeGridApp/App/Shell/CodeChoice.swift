/// Whether the code panel is shown, as the person chose it: the Photos scene keeps a choice of its
/// own and starts without code (a person's folder is not a lesson); the other scenes share one.
struct CodeChoice {
    static let scenesWithoutCode: Set<String> = [PhotosScene.entry.name]
    private var shared: Bool?
    private var own: [String: Bool] = [:]

    /// The panel shows the choice of `new`, the scene shown now; the one of `old` is kept.
    mutating func switched(from old: String?, to new: String, panel: CodePanel) {
        let keepsOwn = CodeChoice.scenesWithoutCode
        if let old = old {
            if keepsOwn.contains(old) { own[old] = panel.disclosure.wantsCode } else { shared = panel.disclosure.wantsCode }
        }
        if keepsOwn.contains(new) {
            if old == nil || !keepsOwn.contains(old!) { shared = shared ?? panel.disclosure.wantsCode }
            panel.restore(wantsCode: own[new] ?? false)
        } else if let shared = shared, old.map(keepsOwn.contains) == true {
            panel.restore(wantsCode: shared)
        }
    }

    /// A saved choice brought back: shown at once unless the scene shown keeps its own.
    mutating func restoreShared(_ shown: Bool, current: String, panel: CodePanel) {
        if CodeChoice.scenesWithoutCode.contains(current) { shared = shown } else { panel.restore(wantsCode: shown) }
    }

    /// The choice the next launch brings back: the shared one, whichever scene is shown.
    func sharedWantsCode(current: String, panel: CodePanel) -> Bool {
        CodeChoice.scenesWithoutCode.contains(current) ? shared ?? true : panel.disclosure.wantsCode
    }
}
