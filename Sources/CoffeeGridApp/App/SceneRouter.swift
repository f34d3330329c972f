/// Which scene is shown and where the keyboard is: the catalog (with the Photos scene once a
/// person's photos are open, or it is asked for), each scene made when first shown and kept, the
/// switch from one to another, and the focus, which moves over the shell's controls and into the
/// scene's content.
final class SceneRouter {
    let context: AppContext
    private(set) var catalog: SceneCatalog
    private(set) var currentName: String
    private var scenes: [String: Scene] = [:]
    /// Each scene's saved state, handed to it when it is first made.
    var restoredStates: [String: RestorableState] = [:]
    var focus: Focus?

    /// The scenes that show `context.photos` (the others keep the bundled photos).
    static let photoSetScenes: Set<String> = ["photos", "dock"]

    init(context: AppContext, catalog: SceneCatalog, initialScene: String?) throws {
        self.context = context
        self.catalog = !context.photos.isBundled || initialScene == PhotosScene.entry.name ? catalog.addingPhotos() : catalog
        let catalog = self.catalog
        let start = context.photos.isBundled ? catalog.defaultScene : PhotosScene.entry.name
        let first = initialScene ?? (catalog.entry(named: start) != nil ? start : catalog.entries.first!.name)
        currentName = first
        try check(first)
    }

    var scene: Scene { scene(named: currentName) }
    /// The scenes made so far, by name.
    var scenesMade: [String: Scene] { scenes }
    var showsPhotoSet: Bool { SceneRouter.photoSetScenes.contains(currentName) }

    func scene(named name: String) -> Scene {
        if let s = scenes[name] { return s }
        let s = catalog.entry(named: name)!.makeScene(context)
        scenes[name] = s
        if let saved = restoredStates.removeValue(forKey: name) { s.restore(saved) }
        return s
    }

    /// Throws for a scene the catalog does not have, naming the ones it has.
    func check(_ name: String) throws {
        guard catalog.entry(named: name) == nil else { return }
        throw UsageError("unknown scene '\(name)'; scenes: \(catalog.names.joined(separator: ", "))")
    }

    /// Shows `name` (in the catalog, not the one shown): the scene left loses the keyboard, and
    /// focus stays only on what is still there; `shellButtons` are the ids of the shell's own
    /// toolbar buttons (the scene's went with it).
    func show(_ name: String, shellButtons: [String]) {
        if focus == .content { scene.focusChanged(false) }
        scene.disappeared()
        currentName = name
        if case .control(.button(let id)) = focus, !shellButtons.contains(id) { focus = nil }
        // One focus ring: on the switcher it follows the scene shown (a digit key switched it),
        // never staying on the entry left while the new one is highlighted.
        if case .control(.scene) = focus { focus = .control(.scene(name)) }
        if focus == .content { focus = nil }
    }

    /// A person's photos were opened: the first replaces the bundled photos in the Photos scene
    /// and the dock, which are made afresh (`wasBundled`); the catalog gains the Photos scene.
    func photosOpened(wasBundled: Bool) {
        if wasBundled {
            if focus == .content, showsPhotoSet { scene.focusChanged(false); focus = nil }
            for name in SceneRouter.photoSetScenes { scenes[name] = nil }
        }
        catalog = catalog.addingPhotos()
    }

    /// Tab (Shift+Tab: back) over `shellButtons` and the scene's toolbar buttons, the scene switcher,
    /// then the scene's content.
    func moveFocus(backward: Bool, shellButtons: [String]) {
        let order = (shellButtons + scene.toolbar.map(\.id)).map { Focus.control(.button($0)) }
            + catalog.entries.map { .control(.scene($0.name)) } + [.content]
        let i = focus.flatMap { order.firstIndex(of: $0) }
        let next: Int
        if let i = i { next = (i + (backward ? order.count - 1 : 1)) % order.count } else { next = backward ? order.count - 1 : 0 }
        if focus == .content && order[next] != .content { scene.focusChanged(false) }
        focus = order[next]
        if focus == .content { scene.focusChanged(true) }
    }
}
