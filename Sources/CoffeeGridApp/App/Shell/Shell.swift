import GridCore
import GridMotion
import StageInterface
import Stage

/// The app's frame around the scene: the navigation bar with the app's own buttons and the scene's,
/// the scene switcher, the code panel and the overlays (the layout inspector, help). It lays them out
/// into one `ShellFrame`, says which control is under a point, draws them and reports them to the
/// state file; the scene gets what is left.
final class Shell {
    private let router: SceneRouter
    let codePanel = CodePanel()
    private(set) var frame = ShellFrame()
    var helpVisible = false
    var inspectorVisible = false
    /// The control under the pointer, and the one pressed and not released yet.
    var hovered: ShellControl?
    var pressed: ShellControl?
    /// `--bench-scroll`: no code and no buttons of the app's own, so the window holds the bare grid
    /// the peers' windows hold (`make bench-peers` finds cell 0 where theirs is).
    var isBare = false
    /// How many times the code was copied (the state file says so, for tests).
    private(set) var copies = 0
    private var codeChoice = CodeChoice()
    private var inspectorScroll = ScrollModel()
    private var inspectorText: (key: [String], rows: [InspectorPanel.Row], height: Double)?

    init(router: SceneRouter) { self.router = router }

    private var scene: Scene { router.scene }

    // MARK: - Layout

    /// What the code panel shows: the scene's code, or nothing in a bare window.
    var code: String { isBare ? "" : scene.code }

    /// The app's own toolbar buttons, on the navigation bar's leading side: the code panel and help.
    var toolbar: [ToolbarItem] {
        guard !isBare else { return [] }
        return [ToolbarItem(id: "code", symbol: "chevron.left.forwardslash.chevron.right", label: "show or fold the SwiftUI code",
                            key: "Ctrl+K", isOn: codePanel.disclosure.isOpen) { [weak self] env in self?.toggleCode(env: env) },
                ToolbarItem(id: "help", symbol: "questionmark.circle", label: "help: every key and button", key: "?") { [weak self] _ in
                    self?.helpVisible = true
                }]
    }

    func navigationBar(env: AppEnvironment) -> NavigationBar {
        NavigationBar(title: scene.titleInContent ? "" : scene.title, leading: toolbar, items: scene.toolbar,
                      inline: env.sizeClasses.vertical == .compact || scene.titleInContent, compact: env.sizeClasses.vertical == .compact,
                      status: scene.statusText)
    }

    var switcher: SceneSwitcher {
        SceneSwitcher(entries: router.catalog.entries.map { SceneSwitcher.Entry(name: $0.name, label: $0.label, symbol: $0.symbol, shortLabel: $0.shortLabel) },
                      current: router.currentName)
    }

    func layout(env: AppEnvironment) {
        var f = frame
        let window = Rect(x: 0, y: 0, width: env.windowSize.width, height: env.windowSize.height)
        let (sw, main, style) = SceneSwitcher.split(window, env: env)
        f.switcher = sw
        f.switcherStyle = style
        let navHeight = min(navigationBar(env: env).height, main.height)
        f.navigation = Rect(x: main.minX, y: main.minY, width: main.width, height: navHeight)
        f.content = Rect(x: main.minX, y: main.minY + navHeight, width: main.width, height: max(0, main.height - navHeight))
        f.area = f.content
        if inspectorVisible {
            // The content gives the panel its space: nothing the inspector explains is hidden under
            // it, while the scene keeps 55 % of the window below the code panel's folded bar.
            (f.content, f.inspector, f.inspectorStyle) = InspectorPanel.split(f.content, keeping: keptBesideInspector(env))
        } else {
            f.inspector = .zero
        }
        // A window that gives the inspector a sheet has no room for the code panel as well.
        f.scene = codePanel.layout(code: code, in: f.content, scale: env.scale, time: env.time,
                                   sharing: inspectorVisible && f.inspectorStyle != .side)
        frame = f
    }

    /// What the scene keeps beside an inspector sheet: 55 % of the window, under the code panel's bar.
    private func keptBesideInspector(_ env: AppEnvironment) -> Double {
        (env.windowSize.height * InspectorPanel.keptWindowFraction).rounded(.up) + CodePanel.foldedCost
    }

    /// A scene that opens with the inspector (the playground) opens it where it fits beside or
    /// under the content; a window too small to share starts with it closed (`i` opens it).
    func opensInspectorByDefault(env: AppEnvironment) -> Bool {
        guard scene.showsInspectorByDefault else { return false }
        return InspectorPanel.split(frame.area, keeping: keptBesideInspector(env)).style != .overlay
    }

    /// True while the code panel or the inspector's text still moves.
    func isAnimating(at time: Double) -> Bool {
        codePanel.isAnimating(at: time) || inspectorVisible && inspectorScroll.isMoving(at: time)
    }

    // MARK: - What is open

    /// Another scene is shown (`old` was, nil at launch): the code panel takes its choice, the
    /// inspector opens if the scene opens with it.
    func sceneChanged(from old: String?, env: AppEnvironment) {
        codeChoice.switched(from: old, to: router.currentName, panel: codePanel)
        inspectorVisible = opensInspectorByDefault(env: env)
        if old != nil { inspectorScroll.settle(at: 0) }
    }

    /// Ctrl+K, the toolbar's `</>`, the panel's chevron or its folded bar: show or fold the code.
    func toggleCode(env: AppEnvironment) {
        codePanel.toggle(at: env.time)
        // One panel over the content at a time: the code's sheet closes an inspector laid over it.
        if codePanel.disclosure.presentation == .sheet, inspectorVisible, frame.inspectorStyle == .overlay { inspectorVisible = false }
        layout(env: env)
    }

    /// `i`: the inspector opens or closes.
    func toggleInspector(env: AppEnvironment) {
        inspectorVisible.toggle()
        layout(env: env)
        // One panel over the content at a time.
        if inspectorVisible, frame.inspectorStyle == .overlay { codePanel.foldSheet() }
    }

    func closeInspector(env: AppEnvironment) {
        inspectorVisible = false
        layout(env: env)
    }

    func scrollInspector(by dy: Double, animated: Bool, at time: Double) {
        inspectorScroll.scroll(by: dy, animated: animated, at: time)
    }

    /// A saved choice of the code panel brought back.
    func restoreSharedCode(_ shown: Bool) { codeChoice.restoreShared(shown, current: router.currentName, panel: codePanel) }

    /// The code panel's choice the next launch brings back.
    var sharedWantsCode: Bool { codeChoice.sharedWantsCode(current: router.currentName, panel: codePanel) }

    /// Ctrl+C or the code panel's button: the scene's code onto the clipboard.
    func copyCode(env: AppEnvironment, log: (String) -> Void) {
        let code = scene.code
        guard !code.isEmpty else { return }
        copies += 1
        codePanel.copied(at: env.time)
        do { try Clipboard.set(code) } catch { log("coffeegrid: \(error)") }
    }

    // MARK: - Hit testing

    /// The control under `p`.
    func control(at p: Point, env: AppEnvironment) -> ShellControl? {
        for (item, r) in navigationBar(env: env).buttonFrames(in: frame.navigation) where r.contains(p) { return .button(item.id) }
        for (e, r) in switcher.entryFrames(in: frame.switcher, style: frame.switcherStyle) where r.contains(p) { return .scene(e.name) }
        if codePanel.frame.height > 0, codePanel.buttonFrame.contains(p) { return .copyCode }
        if codePanel.toggleFrame.contains(p) { return .codeToggle }
        return nil
    }

    /// True when `p` is on the inspector's panel; `closes` when on its close button.
    func inspectorHit(_ p: Point) -> (onPanel: Bool, closes: Bool) {
        guard inspectorVisible, frame.inspector.contains(p) else { return (false, false) }
        return (true, InspectorPanel.closeButton(in: frame.inspector).contains(p))
    }

    // MARK: - Drawing

    /// The navigation bar and the switcher, a control lit where the pointer is and ringed where the focus is.
    func drawBars(_ list: inout DrawList, env: AppEnvironment, focus: Focus?) {
        var hoveredButton: String?, hoveredScene: String?, focusedButton: String?, focusedScene: String?
        switch hovered {
        case .button(let id): hoveredButton = id
        case .scene(let name): hoveredScene = name
        case .copyCode, .codeToggle, nil: break
        }
        switch focus {
        case .control(.button(let id)): focusedButton = id
        case .control(.scene(let name)): focusedScene = name
        case .control(.copyCode), .control(.codeToggle), .content, nil: break
        }
        navigationBar(env: env).draw(&list, frame: frame.navigation, env: env, hovered: hoveredButton, focused: focusedButton)
        switcher.draw(&list, frame: frame.switcher, style: frame.switcherStyle, env: env, hovered: hoveredScene, focused: focusedScene)
    }

    /// The inspector and the help card, over the bars.
    func drawOverlays(_ list: inout DrawList, inspector: InspectorModel?, env: AppEnvironment) {
        if inspectorVisible, let model = inspector { drawInspector(&list, model.addingSizeClasses(of: env.windowSize), env: env) }
        if helpVisible {
            HelpOverlay.draw(&list, layout: helpLayout(env: env), window: Rect(x: 0, y: 0, width: env.windowSize.width, height: env.windowSize.height), env: env)
        }
    }

    /// The help card for the current scene and window, measured as it is drawn.
    func helpLayout(env: AppEnvironment) -> HelpOverlay.Layout {
        let sections = [HelpOverlay.Section(title: "CoffeeGrid", rows: HelpOverlay.appRows(sceneCount: router.catalog.entries.count)),
                        HelpOverlay.Section(title: scene.title, rows: HelpOverlay.sceneRows(help: scene.help, toolbar: scene.toolbar)
                                                + (scene.selects ? HelpOverlay.selectionRows : []))]
        return HelpOverlay.layout(window: Rect(x: 0, y: 0, width: env.windowSize.width, height: env.windowSize.height),
                                  sections: sections, measure: env.measure)
    }

    /// The panel's wrapped text, wrapped again only when the words or the width change.
    func inspectorRows(_ model: InspectorModel, measure: TextMeasure) -> (rows: [InspectorPanel.Row], height: Double) {
        let width = InspectorPanel.textFrame(in: frame.inspector).width
        let key = [InspectorPanel.summary(model), "\(width)", measure.signature] + model.explanation.map { "\($0.indent)\($0.item ?? -1) \($0.text)" }
        if let cached = inspectorText, cached.key == key { return (cached.rows, cached.height) }
        let laid = InspectorPanel.rows(model, width: width, measure: measure)
        inspectorText = (key, laid.rows, laid.height)
        return laid
    }

    /// The panel's text for the scene's grid as updated, and its scroll over that text.
    func updateInspector(_ model: InspectorModel?, env: AppEnvironment) {
        guard inspectorVisible, let model = model?.addingSizeClasses(of: env.windowSize) else { return }
        let text = inspectorRows(model, measure: env.measure)
        inspectorScroll.setGeometry(content: text.height, viewport: InspectorPanel.textFrame(in: frame.inspector).height, at: env.time)
        _ = inspectorScroll.update(at: env.time)
    }

    func drawInspector(_ list: inout DrawList, _ model: InspectorModel, env: AppEnvironment) {
        list.clipped(to: frame.scene) { InspectorOverlay.draw(&$0, model: model, env: env, measure: env.measure) }
        let text = inspectorRows(model, measure: env.measure)
        InspectorPanel.draw(&list, panel: frame.inspector, style: frame.inspectorStyle, rows: text.rows, contentHeight: text.height,
                            offset: inspectorScroll.offset(at: env.time), env: env)
    }

    // MARK: - State file

    /// The code panel: its text, wrapped line count, scroll offset, copies, presentation, the
    /// person's choice and where its frame and buttons are.
    var codeState: JSON {
        .object([("text", .string(codePanel.code)), ("lines", .number(Double(codePanel.lines.count))),
                 ("offset", .number(codePanel.offset)), ("copies", .number(Double(copies))),
                 ("presentation", .string(codePanel.disclosure.presentation.rawValue)),
                 ("wantsCode", .bool(codePanel.disclosure.wantsCode)),
                 ("frame", JSON.rect(codePanel.frame)), ("button", JSON.rect(codePanel.buttonFrame)),
                 ("toggle", JSON.rect(codePanel.toggleFrame))])
    }

    /// Where the controls are, so end-to-end tests can click them like a person.
    func controlsState(env: AppEnvironment) -> [(String, JSON)] {
        [("toolbar", .array(navigationBar(env: env).buttonFrames(in: frame.navigation).map { item, r in
            .object([("id", .string(item.id)), ("symbol", .string(item.symbol)), ("on", .bool(item.isOn))] + Shell.box(r))
        })),
         ("switcher", .array(switcher.entryFrames(in: frame.switcher, style: frame.switcherStyle).map { e, r in
            .object([("scene", .string(e.name))] + Shell.box(r))
        }))]
    }

    var overlaysState: JSON { .object([("help", .bool(helpVisible)), ("inspector", .bool(inspectorVisible))]) }

    /// The inspector's panel while it is open (the state file's `content` is what the scene kept).
    var inspectorState: JSON? {
        inspectorVisible ? .object([("style", .string(frame.inspectorStyle.rawValue))] + Shell.box(frame.inspector)) : nil
    }

    static func box(_ r: Rect) -> [(String, JSON)] {
        [("x", .number(r.minX)), ("y", .number(r.minY)), ("width", .number(r.width)), ("height", .number(r.height))]
    }
}
