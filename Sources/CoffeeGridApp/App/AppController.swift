import Desktop
import Foundation
import GridCore
import GridMotion
import StageInterface
import Stage

/// The app: routes input to the shell and the current scene, advances them, draws the frame and
/// writes the state file. One of these drives the real window and the headless runner alike.
package final class AppController: HostDelegate {
    package let context: AppContext
    /// The scenes, the one shown, and the focus.
    let router: SceneRouter
    package var catalog: SceneCatalog { router.catalog }
    var currentName: String { router.currentName }
    var scene: Scene { router.scene }
    var scenesMade: [String: Scene] { router.scenesMade }
    func sceneNamed(_ name: String) -> Scene { router.scene(named: name) }
    var focus: Focus? { router.focus }

    /// The bars, the code panel and the overlays around the scene.
    let shell: Shell
    var codePanel: CodePanel { shell.codePanel }
    var helpVisible: Bool { shell.helpVisible }
    var inspectorVisible: Bool { shell.inspectorVisible }
    /// Under the navigation bar: the code panel, then the scene.
    var contentFrame: Rect { shell.frame.content }
    /// What the scene is given: the content less the code panel.
    package var sceneFrame: Rect { shell.frame.scene }

    private(set) var env: AppEnvironment
    private var capturedByScene = false
    private var dirty = true
    private var quit = false
    private var animating = false

    /// The host's painter (nil until the app is the host's delegate, and after shutdown).
    private(set) var painter: FramePainter?
    package var images: ImagePipeline? { painter?.images }
    /// Photos drawn as placeholders in the last frame (not decoded yet).
    package var pendingImages: Int { painter?.pendingImages ?? 0 }
    /// The canvas frames are drawn on (nil until a renderer is attached); tests read its pixels.
    package var canvas: Canvas? { painter?.canvas }
    /// The list painted last: what is on screen.
    var lastDrawList: DrawList { painter?.lastList ?? DrawList() }
    /// `--report-startup`: told about every frame; the app quits once it has reported.
    var startupReport: StartupReport?
    /// `--bench-scroll`: scrolls the cells grid every frame as the peer benchmark's programs do.
    var benchScroll: BenchScroll? { didSet { shell.isBare = benchScroll != nil } }
    /// Headless runs wait for every requested photo before drawing, so screenshots are identical.
    package var waitsForImages = false { didSet { painter?.waitsForImages = waitsForImages } }

    /// `--state FILE`.
    private(set) var stateFile: StateFileWriter?
    var statePath: String? {
        get { stateFile?.path }
        set { stateFile = newValue.map { StateFileWriter(path: $0, log: context.log) } }
    }
    /// A state file write failed during the run (a headless run then exits 1).
    var outputFailed: Bool { stateFile?.failed ?? false }
    /// SDL's name for the renderer frames are drawn with ("software", "opengl"…), in the state file.
    private(set) var rendererName = "none"
    /// SDL's video driver ("wayland", "x11", "dummy"…), in the state file.
    private(set) var videoDriver = "none"
    /// `--trace FILE`: a line for every frame shown.
    var trace: FrameTrace?

    // Desktop citizenship (see AppController+Desktop.swift).
    /// Reduce motion, made current while scenes handle events and frames.
    let motion = MotionPolicy()
    /// Follow the desktop's colour scheme, or the person's Ctrl+D choice.
    var appearanceChoice = AppearanceChoice.system { didSet { applyAppearance() } }
    /// The desktop's preferences, asked every frame (the settings portal in a real window; nil headless).
    var desktop: (() -> DesktopPreferences)?
    var desktopSeen = DesktopPreferences()
    var crossfade: Crossfade?
    /// A photo open full-window over the scene (see PhotoViewer.swift).
    private(set) var viewer: PhotoViewer?
    /// The library's revision the viewer last saw.
    private var viewerRevision = 0
    /// Shows photos in the file manager (see AppController+Reveal.swift): made at the first use,
    /// or set by a test to a private bus; what it did as of this frame.
    var revealer: FileManagerReveal?
    var revealState: (inFlight: Int, last: FileManagerReveal.Outcome?) = (0, nil)
    /// The last frame presented's photos by how their pictures were had (the state file's `decodePaths`).
    private(set) var decodePathsShown: JSON?
    /// How many of the library's renames the image pipeline has been told of.
    private var renamesApplied = 0
    /// The saved session of a real window: told of every frame shown, it saves when the app rests.
    weak var desktopSession: DesktopSession?

    package init(context: AppContext, catalog: SceneCatalog = .standard(), initialScene: String?, windowSize: Size, scale: Double) throws {
        self.context = context
        router = try SceneRouter(context: context, catalog: catalog, initialScene: initialScene)
        shell = Shell(router: router)
        env = AppEnvironment(windowSize: windowSize, sizeClasses: SizeClasses(windowSize: windowSize), scale: scale,
                             appearance: .light, time: 0, resources: context.resources)
        motion.reduced = context.options.reduceMotion
        shell.layout(env: env)
        shell.sceneChanged(from: nil, env: env)
    }

    /// The host's painter: text is measured with its canvas from now on (the app can be driven
    /// without one in unit tests).
    package func attach(_ painter: FramePainter) {
        guard !isShutDown else { return }
        self.painter = painter
        rendererName = painter.rendererName
        videoDriver = StageHost.videoDriver
        painter.waitsForImages = waitsForImages
        // Scenes measure text while they lay out, before the first frame is drawn: at the drawing scale.
        painter.canvas.scale = env.scale
        env.measure = .canvas(painter.canvas)
    }

    func switchScene(to name: String) throws {
        try router.check(name)
        guard name != currentName else { return }
        let old = currentName
        router.show(name, shellButtons: shellToolbar.map(\.id))
        shell.sceneChanged(from: old, env: env)
        dirty = true
    }

    /// The appearance `applyAppearance` settled on (the environment's setter is this file's).
    func setAppearance(_ a: Appearance) { env.appearance = a; dirty = true }

    /// Something outside the scenes changed (a desktop setting): draw, and write the state, again.
    func setNeedsDisplay() { dirty = true }

    // MARK: - HostDelegate

    /// True while the last update said something moves.
    var isAnimating: Bool { animating }

    package var needsDisplay: Bool {
        dirty || animating || (painter?.needsFrames ?? false)
            || (context.photos.isScanning && showsPhotoSet) || context.photos.isBusyWithFiles
    }

    /// The scene shown, or the folder of a person's photos (see `WindowTitle`).
    package var windowTitle: String? { WindowTitle.title(scene: scene.title, photos: showsPhotoSet ? context.photos : nil) }

    private var showsPhotoSet: Bool { router.showsPhotoSet }
    package var wantsQuit: Bool { quit }

    package func windowRequest(for event: InputEvent) -> WindowRequest? { AppKeyPolicy.windowRequest(for: event) }

    package func handle(_ event: InputEvent, at time: Double) {
        // The host asked `windowRequest(for:)` first; a caller that is not a host (a test, the storm) quits here.
        if windowRequest(for: event) == .quit { quit = true; return }
        env.time = time
        dirty = true
        // What a person does (a key, a click, a pinch's end) may change the state the code prints:
        // the code panel brings that change into view. Changes of their own (a size class at start) do not move it.
        switch event {
        case .key, .mouseDown, .mouseUp, .pinchEnded: codePanel.followsNextChange = true
        default: break
        }
        motion.run {
            if let v = viewer, v.consumes(event) { v.handle(event, at: time) } else { route(event) }
            openViewerIfRequested()
        }
        startCrossfadeIfRequested()
    }

    private func route(_ event: InputEvent) {
        switch event {
        case .resize(let size):
            resize(to: size)
        case .mouseMove(let p):
            shell.hovered = shell.control(at: p, env: env)
            codePanel.pointerMoved(to: p)
            if capturedByScene || sceneFrame.contains(p) && !codePanel.covers(p) { scene.handlePointer(.move(p), env: env) } else { scene.handlePointer(.exit, env: env) }
        case let .mouseDown(p, .left, press):
            if shell.helpVisible { shell.helpVisible = false; return }
            if let id = shell.control(at: p, env: env) { shell.pressed = id; return }
            let inspector = shell.inspectorHit(p)
            if inspector.onPanel {
                if inspector.closes { shell.inspectorVisible = false }
                return
            }
            // The code sheet lies over the content: what is under it is not clicked through it.
            if codePanel.covers(p) { return }
            if sceneFrame.contains(p) {
                capturedByScene = true
                if focus != .content, focus != nil { router.focus = nil }
                scene.handlePointer(.down(p, press), env: env)
            }
        case .mouseUp(let p, .left):
            if let id = shell.pressed {
                shell.pressed = nil
                if shell.control(at: p, env: env) == id { activate(id) }
                return
            }
            if capturedByScene {
                capturedByScene = false
                scene.handlePointer(.up(p), env: env)
            }
        case .mouseDown, .mouseUp:
            break
        case let .wheel(dx, dy, precise, at, mods):
            if shell.inspectorHit(at).onPanel { shell.scrollInspector(by: dy, animated: !precise, at: env.time); return }
            if codePanel.wheel(dy: dy, at: at) { return }
            if sceneFrame.contains(at) { scene.handlePointer(.wheel(dx: dx, dy: dy, precise: precise, at: at, modifiers: mods), env: env) }
        case let .pinch(scale, at):
            scene.handlePointer(.pinch(scale: scale, at: at), env: env)
        case .pinchEnded(let at):
            scene.handlePointer(.pinchEnded(at: at), env: env)
        case .mouseExit:
            shell.hovered = nil
            scene.handlePointer(.exit, env: env)
        case let .key(key, mods):
            handleKey(key, mods)
        case .text(let text):
            if scene.capturesKeyboard { scene.handleText(text, env: env) }
        case .quit:
            quit = true
        case .dropFile(let path):
            open([path])
        case .focusGained:
            // Folders past the watch limit are not followed: coming back to the window looks again;
            // so does a gone folder that is there again.
            if context.photos.watchLimitReached { context.photos.rescan() } else { context.photos.lookForGoneRoots() }
        }
    }

    /// Delete or Ctrl+Z in a scene of photos: the library moves files to the Trash or back.
    private func performLibraryRequest() {
        guard let request = scene.takeLibraryRequest() else { return }
        context.photos.perform(request, at: env.time)
        dirty = true
    }

    /// Delete or Ctrl+Z in the viewer, on a person's photo: the library moves it to the Trash or back
    /// (the viewer then shows the next photo, or the one put back, as the photos change).
    private func performViewerLibraryRequest() {
        guard let v = viewer else { return }
        let trash = v.takeTrashRequest(), undo = v.takeUndoRequest()
        guard showsPhotoSet, !context.photos.isBundled else { return }
        if let path = trash, context.photos.identity(of: path) != nil { context.photos.perform(.trash([path]), at: env.time) }
        if undo { context.photos.perform(.undoTrash, at: env.time) }
        dirty = true
    }

    /// A double-click or Return on one of the scene's photos opens it full-window.
    private func openViewerIfRequested() {
        performLibraryRequest()
        performViewerLibraryRequest()
        performRevealRequest()
        guard let i = scene.takeOpenRequest(), viewer == nil, let cells = scene.photoCells else { return }
        viewer = PhotoViewer(cells: cells, index: i, window: windowRect, scale: env.scale, env: env)
        shell.helpVisible = false
    }

    private var windowRect: Rect { Rect(x: 0, y: 0, width: env.windowSize.width, height: env.windowSize.height) }

    /// Files and folders dropped on the window (or opened later): the first replaces the bundled
    /// photos in the Photos scene and the dock, which are made afresh; later ones add to them. Shows
    /// the Photos scene unless the dock is on screen.
    func open(_ paths: [String]) {
        let wasBundled = context.photos.isBundled
        context.photos.open(paths)
        router.photosOpened(wasBundled: wasBundled)
        if !showsPhotoSet { try? switchScene(to: PhotosScene.entry.name) }
        dirty = true
    }

    private func resize(to size: Size) {
        let old = env.sizeClasses
        // What was under the pointer moved: no hover highlight stays on a control the pointer is no
        // longer over (the next pointer move finds what it is over now). A press in progress keeps its own.
        if size != env.windowSize, shell.pressed == nil, !capturedByScene {
            shell.hovered = nil
            scene.handlePointer(.exit, env: env)
        }
        env.windowSize = size
        env.sizeClasses = SizeClasses(windowSize: size)
        shell.layout(env: env)
        if env.sizeClasses != old { scene.sizeClassesChanged(from: old, to: env.sizeClasses, env: env) }
    }

    private func handleKey(_ key: Key, _ mods: KeyModifiers) {
        if scene.capturesKeyboard {
            _ = scene.handleKey(key, mods, env: env)
            return
        }
        if shell.helpVisible {
            if key == .escape || key == .character("?") || key == .enter || key == .function(1) { shell.helpVisible = false }
            return
        }
        if key == .function(1) { shell.helpVisible = true; return }
        if mods.contains(.control) {
            switch key {
            case .character("d"): toggleAppearance()
            case .character("c"): copyCode()
            case .character("k"): toggleCode()
            default: _ = scene.handleKey(key, mods, env: env)
            }
            return
        }
        switch key {
        case .tab:
            // A scene with several focusable areas moves between them before focus leaves it.
            if focus == .content, scene.handleKey(key, mods, env: env) { return }
            router.moveFocus(backward: mods.contains(.shift), shellButtons: shellToolbar.map(\.id))
            return
        case .enter, .space:
            if case .control(let control) = focus { activate(control); return }
        case .escape:
            // Esc closes one thing at a time, the outermost first: the inspector, then what the scene
            // has open (a drag, a rubber band, a selection). It never quits: that would lose a
            // person's place. Ctrl+Q quits.
            if shell.inspectorVisible { shell.closeInspector(env: env); return }
            _ = scene.handleKey(key, mods, env: env)
            return
        default:
            break
        }
        if scene.handleKey(key, mods, env: env) { return }
        switch key {
        case .character("?"): shell.helpVisible = true
        case .character("i"): shell.toggleInspector(env: env)
        case .character(let c) where c.isNumber:
            if let n = c.wholeNumberValue, n >= 1, n <= catalog.entries.count { try? switchScene(to: catalog.entries[n - 1].name) }
        default: break
        }
    }

    private func activate(_ control: ShellControl) {
        switch control {
        case .button(let id): (shellToolbar + scene.toolbar).first { $0.id == id }?.run(env)
        case .scene(let name): try? switchScene(to: name)
        case .copyCode: copyCode()
        case .codeToggle: toggleCode()
        }
    }

    /// The app's own toolbar buttons: the code panel and help.
    var shellToolbar: [ToolbarItem] { shell.toolbar }

    /// Ctrl+K, the toolbar's `</>`, the panel's chevron or its folded bar: show or fold the code.
    func toggleCode() {
        shell.toggleCode(env: env)
        dirty = true
    }

    /// Ctrl+C or the code panel's button: the scene's code onto the clipboard.
    func copyCode() { shell.copyCode(env: env, log: context.log) }

    package func update(at time: Double, scale: Double) -> Bool {
        adopt(scale: scale)
        return update(at: time)
    }

    /// Brings the app to `time` before a batch of input (the window may have slept): the scene
    /// advances, but no frame is made; the frame that shows what the input did follows.
    package func advance(to time: Double, scale: Double) {
        adopt(scale: scale)
        _ = update(at: time, makingFrame: false)
    }

    /// The host's pixels per point, when it is one (a bad value keeps the last).
    private func adopt(scale: Double) {
        if scale.isFinite && scale > 0 { env.scale = scale }
    }

    /// The scene's value of the last frame made: what is drawn, inspected and reported.
    private(set) var currentFrame = SceneFrame.none

    /// A headless session reads the state at any frame: its scene's state keys are made every frame.
    package var recordsState = false
    /// Something reads the scene's state keys this frame.
    private var stateIsRead: Bool { recordsState || stateFile != nil || trace != nil }

    /// `update(at:scale:)` at the scale of the last update (the drivers that run the app without a host).
    func update(at time: Double) -> Bool { update(at: time, makingFrame: true) }

    private func update(at time: Double, makingFrame: Bool) -> Bool {
        env.time = time
        followDesktop()
        // Photos the background scan found since the last frame (O(new ones)). Headless runs that
        // wait for every photo wait for the whole scan too, so their pictures are reproducible.
        if waitsForImages {
            context.photos.finishScanning()
            context.photos.finishFileWork()
        }
        // And what the Trash worker did (photos leave a batch at a time; no file is touched here).
        if context.photos.poll(at: time) { dirty = true }
        // Files rewritten on disk are decoded again (the library said which; the scene does no I/O).
        for path in context.photos.takeRewritten() { images?.forget(path) }
        // Files renamed on disk keep their pictures under the new name.
        for r in context.photos.renames.dropFirst(renamesApplied) { images?.rename(r.from, to: r.to) }
        renamesApplied = context.photos.renames.count
        takeRevealOutcomes()
        if let due = sceneChange, time >= due { dirty = true }
        // A session save held back: a frame, after which it is written (`DesktopSession.frameDrawn`).
        if let due = desktopSession?.nextSave, time >= due { dirty = true }
        // What scenes changed since the last update reaches their files, and what another window
        // wrote there reaches the scenes in this one (the scenes themselves do no I/O).
        context.services.sync()
        shell.layout(env: env)
        if let bench = benchScroll, let grid = scene.benchmarkGrid,
           let delta = bench.delta(at: time, offset: grid.offset, maxOffset: grid.scroll.maxOffset) {
            handle(.wheel(dx: 0, dy: delta, precise: true, at: sceneFrame.center, modifiers: []), at: time)
        }
        if makingFrame {
            let made = motion.run { scene.update(frame: sceneFrame, env: env, recordingState: stateIsRead,
                                                  inspecting: shell.inspectorVisible) }
            currentFrame = made
            animating = made.isMoving
        } else {
            animating = motion.run { scene.advance(frame: sceneFrame, env: env) }
        }
        let made = currentFrame
        // A layout the scene chose while updating (a size class met for the first time) changes its
        // code, and the panel's height with it. The scene updates once a frame: the panel takes the
        // new code in the next frame's layout, drawn at once (one frame of old text, never a second
        // update whose first result was thrown away).
        if shell.code != codePanel.code { animating = true }
        if let v = viewer {
            // The photos changed under it (Delete in the viewer, Ctrl+Z, the folder): it follows.
            if context.photos.revision != viewerRevision, showsPhotoSet, let cells = scene.photoCells {
                motion.run { v.photosChanged(cells) }
            }
            viewerRevision = context.photos.revision
            animating = motion.run { v.update(window: windowRect, scale: env.scale, time: time) } || animating
            if v.isDone { viewer = nil }
        }
        // Under the viewer only the scene's toast shows (drawn over it); nothing else of the scene wakes the window.
        let sceneShown = viewer == nil || made.toast != nil
        sceneChange = [sceneShown ? made.nextChange : nil, motion.takeWake()].compactMap { $0 }.filter { $0 > time }.min()
        updateAnimation(at: time)
        shell.updateInspector(made.inspector, env: env)
        animating = animating || shell.isAnimating(at: time)
        startCrossfadeIfRequested()
        animating = updateCrossfade() || animating
        return animating || motion.takeFramesWanted() || pendingImages > 0 || (benchScroll?.isActive ?? false)
    }

    // MARK: - Animated photos

    /// The animated photo playing and where: the viewer's photo, else the grid's under the pointer
    /// when the scene's play-on-hover option is on; nil when none plays.
    private(set) var animation: (state: AnimationState, place: String)?

    /// Plays the photo the viewer shows, or the one the grid plays on hover, frame by frame through
    /// the image pipeline (its decoder works on a thread of its own); a frame that changed is drawn.
    /// The frames come when they are due: the window sleeps until `nextWake` between them.
    private func updateAnimation(at time: Double) {
        guard let images = images else { return }
        var want: (path: String, pixelSize: Size, playing: Bool, place: String)?
        if let v = viewer {
            want = v.animationRequest(scale: env.scale, reduced: motion.reduced).map { ($0.path, $0.pixelSize, $0.playing, "viewer") }
        } else if let hover = currentFrame.hoverAnimation {
            // Asked for by the person (the option and the pointer): it plays under reduce motion too.
            want = (hover.path, Size(width: (hover.frame.width * env.scale).rounded(.up), height: (hover.frame.height * env.scale).rounded(.up)), true, "grid")
        }
        guard let w = want else {
            if animation != nil || images.animationState != nil {
                images.stopAnimating()
                animation = nil
                dirty = true
            }
            return
        }
        let played = images.animate(w.path, pixelSize: w.pixelSize, playing: w.playing, at: time, waiting: waitsForImages)
        // Drawn again when what shows changes (the frame, the play button, a failure), not when the
        // worker merely decoded ahead.
        if played.changed || animation.map({ !$0.state.looksLike(played.state) }) ?? true { dirty = true }
        animation = (played.state, w.place)
        viewer?.animation = played.state
    }

    /// When the photo playing shows its next frame: the window wakes then (nil: nothing is due).
    package var nextWake: Double? { [images?.animationNextChange, sceneChange, desktopSession?.nextSave].compactMap { $0 }.min() }
    /// When the scene said something it shows changes by itself (`Scene.nextChange`): that frame is drawn.
    private var sceneChange: Double?

    // MARK: - Drawing

    func buildDrawList() -> DrawList {
        // The canvas is cleared to the background before the list is drawn; no second full-window fill.
        var list = currentFrame.drawing
        codePanel.draw(&list, env: env)
        // Reduce motion: the old layout (and its code) fades out over the new one, under the bars and overlays.
        if let c = crossfade, let picture = c.snapshot { list.snapshot(picture, in: contentFrame, opacity: c.opacity(at: env.time)) }
        shell.drawBars(&list, env: env, focus: focus)
        shell.drawOverlays(&list, inspector: currentFrame.inspector, env: env)
        if let viewer {
            viewer.draw(&list, env: env, sceneFrame: sceneFrame)
            // A Delete (or Ctrl+Z) in the viewer is told where the person is looking.
            currentFrame.toast?.draw(&list, in: sceneFrame, env: env)
        }
        return list
    }

    /// The help card for the current scene and window, measured as it is drawn.
    func helpLayout() -> HelpOverlay.Layout { shell.helpLayout(env: env) }

    package func drawList(at time: Double, size: Size) -> DrawList {
        guard let painter = painter else { return DrawList() }
        painter.appearance = env.appearance
        painter.background = env.color(.background)
        return buildDrawList()
    }

    /// The frame is on screen: what reports on frames reads it now, from the state it was drawn from.
    package func presented(frame: Int, at time: Double) {
        dirty = false
        // The photos of this frame by how their pictures were had (the running totals are
        // --report-startup's): every state written from this frame says the same, and two runs
        // that end on the same frame by different ways (a click, a key) say the same too.
        decodePathsShown = images.map { StartupReport.decodePaths($0.decodePathsThisFrame) }
        let observers: [FrameObserver?] = [benchScroll, startupReport, stateFile, desktopSession, trace]
        for case let observer? in observers { observer.frameShown(frame, at: time, by: self) }
    }

    /// The startup report is done: the run ends after this frame.
    func requestQuit() { quit = true }

    /// Stops the decoders before the renderer they upload to goes away. Textures die with the
    /// renderer that made them, so the drawer (and every texture it caches) is released here, while
    /// the host's renderer is still alive: the order in which the owners' stored properties are
    /// released afterwards no longer matters (it crashed in SDL_DestroyTexture when it did).
    func shutdown() {
        // A Delete under way stops after its current file: each is in the folder or in the Trash with its info.
        context.photos.stopFileWork()
        // A change made after the last frame shown (a click, then Ctrl+Q at once) still reaches its file.
        context.services.syncBeforeQuitting()
        painter?.images.shutdown()
        painter = nil
        crossfade = nil
        isShutDown = true
    }
    private var isShutDown = false

    // MARK: - State file

    func stateJSON() -> JSON { StateFileWriter.json(of: self) }

    /// The state file's text: `stateJSON` with its long lists cut (`StateFile.capLists`), so a
    /// frame writes kilobytes whatever the scene holds (100,000 photo ids were 5 MB a frame).
    func stateText() -> String { StateFile.capLists(stateJSON()).text }

    func writeStateIfChanged() { stateFile?.write(stateText()) }
}
