import Stage

/// What code outside the app module reads of the scene on screen (the benchmark scrolls its grid and
/// finds a photo in its state, the soak presses its toolbar's keys) without the `Scene` protocol,
/// which stays the app's own: each is one line of what the scene already tells the shell.
extension AppController {
    package var sceneName: String { scene.name }
    /// The scene's one scrolling grid, nil for a scene without one.
    package var sceneGrid: GridScrollView? { scene.mainGrid }
    /// The scene's part of the state file, as `--state` writes it.
    /// Empty unless something reads the state (`recordsState`, `--state`, `--trace`).
    package var sceneState: [(String, JSON)] { currentFrame.state ?? [] }
    /// The scene the state keys are of: the scene of the last frame made (a switch shows from the next).
    var stateSceneName: String { currentFrame.scene.isEmpty ? currentName : currentFrame.scene }
    /// The keys the scene's toolbar buttons also answer to.
    package var sceneToolbarKeys: [String] { scene.toolbar.compactMap(\.key) }
}
