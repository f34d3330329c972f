/// `--state FILE`: the app's state written after every frame that changed it — in a real window
/// too — atomically, so a reader (a test, a person) never sees half a file.
final class StateFileWriter: FrameObserver {
    let path: String
    private let log: (String) -> Void
    private var lastText = ""
    /// The last write failed; a line was logged.
    private var failing = false
    /// A write failed during the run (a headless run then exits 1).
    private(set) var failed = false

    init(path: String, log: @escaping (String) -> Void) {
        self.path = path
        self.log = log
    }

    func frameShown(_ number: Int, at time: Double, by app: AppController) { write(app.stateText()) }

    /// Writes `text` unless the file already says it.
    func write(_ text: String) {
        guard text != lastText else { return }
        lastText = text
        do {
            try StateFile.write(text + "\n", to: path)
            failing = false
        } catch {
            // One line for a run of failures (a full disk), not one a frame.
            if !failing { log("coffeegrid: state file: \(DockStore.describe(error))") }
            failing = true
            failed = true
        }
    }
}

extension StateFileWriter {
    /// What the state file says of `app` now: the window, the shell's parts, the scene's own keys,
    /// the title, motion and the renderer (the keys in this order, which readers may rely on).
    static func json(of app: AppController) -> JSON {
        let env = app.env, shell = app.shell
        var pairs: [(String, JSON)] = [
            // The scene of the frame the keys below come from (`SceneFrame`).
            ("scene", .string(app.stateSceneName)),
            ("window", .object([("width", .number(env.windowSize.width)), ("height", .number(env.windowSize.height)), ("scale", .number(env.scale))])),
            ("sizeClass", .object([("horizontal", .string(env.sizeClasses.horizontal.rawValue)), ("vertical", .string(env.sizeClasses.vertical.rawValue))])),
            // The scene's area: the window less the navigation bar, the scene switcher and the code panel.
            ("content", JSON.rect(app.sceneFrame)),
            ("code", shell.codeState),
        ]
        pairs += app.sceneState
        pairs += shell.controlsState(env: env)
        pairs.append(("title", .string(app.windowTitle ?? WindowTitle.app)))
        // The title as the navigation bar draws it (the dock's heading is in its content).
        pairs.append(("sceneTitle", .string(app.scene.title)))
        pairs.append(("animating", .bool(app.isAnimating)))
        // Photos drawn as placeholders in the last frame (still decoding).
        pairs.append(("pendingPhotos", .number(Double(app.pendingImages))))
        // Photos drawn from a smaller picture than their cell asks for (a cached thumbnail standing
        // in while the file decodes at the cell's size).
        pairs.append(("photosBelowSize", .number(Double(app.painter?.imagesBelowSize ?? 0))))
        // The photos this frame drew by how their pictures were had (issue 24): the file decoded, or the thumbnail it carries.
        pairs.append(("decodePaths", app.decodePathsShown ?? .null))
        pairs.append(("appearance", .string(env.appearance.rawValue)))
        pairs += app.desktopState()
        pairs.append(("renderer", .string(app.rendererName)))
        // Frames whose scroll the X server moved, only the uncovered strip sent (0: headless, Wayland, GL).
        pairs.append(("serverScrolls", .number(Double(app.painter?.serverScrolls ?? 0))))
        pairs.append(("overlays", shell.overlaysState))
        pairs.append(("viewer", app.viewer?.state(at: env.time) ?? .null))
        pairs.append(("reveal", app.revealStateJSON))
        // The photo playing, in the viewer or the grid (null: none).
        pairs.append(("animation", app.animation.map { $0.state.json(leading: [("place", .string($0.place)), ("path", .string($0.state.path))]) } ?? .null))
        if let inspector = shell.inspectorState { pairs.append(("inspector", inspector)) }
        return .object(pairs)
    }
}
