import Foundation
import GridCore
import GridMotion
import StageInterface
import Stage

/// `playground`: paste any `columns:`/`rows:` spec — the same Swift `coffeegrid layout` reads — and
/// see the grid SwiftUI would make, with the layout inspector on. An invalid spec shows the parser's
/// message in a banner (and on stderr); the last valid layout stays on screen. A whole SwiftUI
/// snippet pasted outside the field runs as a scene's body does (`PlaygroundScene+Paste.swift`).
final class PlaygroundScene: CommandScene, GridScene {
    /// Its place in the scene switcher, and the variants `make screenshots` and the goldens picture.
    static let entry = SceneCatalog.Entry(name: "playground", label: "Playground", symbol: "info.circle", make: { PlaygroundScene(context: $0) },
        needs: [.bundledPhotoSizes],
        shots: [("", []), ("-mix", ["key p", "key p", "key p", "key p"]), ("-overflow", ["key p", "key p", "key p", "key p", "key p"]),
                ("-error", ["key e", "key Ctrl+U", "type [GridItem(.fixd(30))]", "key Return"])],
        shortLabel: "Play")
    let title = "Playground"

    let symbols = ["keyboard", "hifispeaker.fill", "printer.fill", "tv.fill", "desktopcomputer",
                           "headphones", "tv.music.note", "mic", "plus.bubble", "video"]
    let colors: [SystemColor] = [.yellow, .purple, .green, .orange, .teal]
    let count = 120

    /// Layouts worth a look, each teaching one rule.
    static let presets = [
        "[GridItem(.adaptive(minimum: 50))]",
        "Array(repeating: GridItem(.flexible()), count: 3)",
        "[GridItem(.fixed(150)), GridItem(.adaptive(minimum: 50))]",
        "[GridItem(.fixed(100)), GridItem(.fixed(150))]",
        "[GridItem(.fixed(120)), GridItem(.flexible(maximum: 80)), GridItem(.adaptive(minimum: 40))]",
        "[GridItem(.flexible(minimum: 100)), GridItem(.flexible(minimum: 300))]",
        "[GridItem(.adaptive(minimum: 60, maximum: 70))]",
        "[GridItem(.flexible(), spacing: 0), GridItem(.flexible(), spacing: 24), GridItem(.flexible())]",
    ]

    var field: TextField
    /// The spec the grid shows now (the last one that parsed).
    var validSpec: String
    var preset = 0
    var error: String?
    var items: [GridItem]
    let log: (String) -> Void
    var snippet = PastedSnippet()
    /// The bundled photos' shapes: a pasted `Image("cafe-3")` is that photo.
    let images: [String: Size]
    private(set) var fieldFrame = Rect.zero
    var bannerFrame = Rect.zero
    var bannerLines: [String] = []
    /// What the banner says: the spec's mistake, else the pasted snippet's.
    var banner: String? { error ?? snippet.message }
    /// The `e` that started editing: a real keyboard also sends it as typed text, right after the key.
    var startingKeyText: String?
    var axis = Axis.vertical
    /// `--columns` was given: it wins over a restored spec.
    var specFromCommandLine = false
    let grid = GridScrollView(GridScrollView.Configuration())
    /// Below the field and the banner: where the grid, or a pasted tree, is shown.
    var area = Rect.zero

    init(context: AppContext) {
        log = context.log
        images = context.services.bundledImageSizes
        snippet.seed = context.options.seed
        items = try! GridSpec.parse(PlaygroundScene.presets[0])
        validSpec = PlaygroundScene.presets[0]
        field = TextField(PlaygroundScene.presets[0])
        if let spec = context.options.columns { apply(spec); specFromCommandLine = true }
        grid.configuration = configuration()
    }

    var showsInspectorByDefault: Bool { true }
    var capturesKeyboard: Bool { field.isEditing }

    var toolbar: [ToolbarItem] {
        [button(.axis, symbol: axis == .vertical ? "rectangle.grid.1x2" : "rectangle.split.3x1", label: "LazyVGrid / LazyHGrid", key: "a"),
         button(.preset, symbol: "chevron.right", label: "next preset layout", key: "p")]
    }

    var help: [HelpEntry] {
        [HelpEntry(keys: "e or click the field", action: "edit the spec; Return applies, Esc ends editing and restores the applied spec"),
         HelpEntry(keys: "while editing", action: "arrows, Home/End (Ctrl: by word, whole text), Shift selects, drag or Shift+click selects, double-click a word; Ctrl+A, Ctrl+Z, Ctrl+Shift+Z, Ctrl+C/X/V, Ctrl+U clears"),
         HelpEntry(keys: "p / Shift+p", action: "next / previous preset"),
         HelpEntry(keys: "Ctrl+V", action: "run a SwiftUI snippet from the clipboard (a tutorial's body or ContentView)"),
         HelpEntry(keys: "a", action: "columns of a LazyVGrid or rows of a LazyHGrid")]
    }

    func configuration() -> GridScrollView.Configuration {
        let sections = [GridSection(count: count)], sizing = ItemSizing(cross: .fill, main: .fixed(50))
        return axis == .vertical ? .init(LazyVGrid(columns: items), sections: sections, sizing: sizing)
                                 : .init(LazyHGrid(rows: items), sections: sections, sizing: sizing)
    }

    /// The grid the playground draws, with the items that lay it out (the last spec that parsed).
    var code: String {
        if let b = snippet.body { return b.code }
        let c = grid.configuration
        let vertical = c.axis == .vertical
        let name = vertical ? "columns" : "rows"
        return SwiftCode.lines([
            "let \(name) = " + SwiftCode.items(c.items),
            "",
            vertical ? "ScrollView {" : "ScrollView(.horizontal) {",
            "    \(SwiftCode.gridCall(axis: c.axis, items: name, spacing: c.spacing)) {",
            "        ForEach(0..<\(count)) { i in",
            "            Image(systemName: symbols[i % symbols.count])",
            vertical ? "                .frame(minWidth: 0, maxWidth: .infinity, minHeight: 50)"
                     : "                .frame(minWidth: 50, minHeight: 0, maxHeight: .infinity)",
            "                .background(colors[i % colors.count])",
            "                .cornerRadius(8)",
            "        }",
            "    }",
            "}",
        ])
    }

    /// Parses `spec`; on success it becomes the layout, on failure the banner shows why. A spec
    /// from outside the field (a preset, `--columns`) replaces the field's text; one typed there
    /// stays as typed, with its undo history.
    func apply(_ spec: String, typed: Bool = false) {
        do {
            items = try GridSpec.parse(spec)
            error = nil
            validSpec = spec
            if !typed { field.set(spec) }
        } catch let e as GridSpecError {
            error = "invalid SPEC at \(e)"
            log("coffeegrid: \(error!)")
        } catch {
            self.error = "\(error)"
        }
    }

    enum Command: String {
        case axis, preset
    }

    func perform(_ command: Command, env: AppEnvironment) {
        switch command {
        case .axis:
            leaveSnippet()
            axis = axis == .vertical ? .horizontal : .vertical
            grid.replace(with: configuration())
        case .preset: choosePreset(by: 1)
        }
    }

    func choosePreset(by step: Int) {
        leaveSnippet()
        preset = (preset + step + PlaygroundScene.presets.count) % PlaygroundScene.presets.count
        apply(PlaygroundScene.presets[preset])
        grid.setConfiguration(configuration(), animation: .spring)
    }

    func advance(frame: Rect, env: AppEnvironment) -> Bool {
        // The text of the key that began editing comes with that key's events, before this frame.
        startingKeyText = nil
        readPendingSnippet(env: env)
        // The whole spec shows: the field grows a line at a time as the text wraps.
        let width = max(0, frame.width - 24)
        // Up to 40 % of the scene's height; a longer spec scrolls inside the field to the caret.
        field.maxVisibleLines = max(2, Int((frame.height * 0.4 - 2 * TextField.inset.y) / TextField.lineHeight))
        field.scrollToCaret(width: width, measure: env.measure)
        fieldFrame = Rect(x: frame.minX + 12, y: frame.minY + 6, width: width, height: field.height(width: width, measure: env.measure))
        bannerLines = banner.map { PlaygroundScene.bannerLines($0, width: max(1, width - 44), measure: env.measure) } ?? []
        bannerFrame = banner == nil ? Rect(x: frame.minX, y: fieldFrame.maxY, width: frame.width, height: 0)
                                   : Rect(x: frame.minX + 12, y: fieldFrame.maxY + 6, width: width, height: Double(bannerLines.count) * 18 + 12)
        let top = bannerFrame.maxY + 6
        area = Rect(x: frame.minX, y: top, width: frame.width, height: max(0, frame.maxY - top))
        var gridFrame = area
        // The window's size classes are a pasted tree's environment (its `.onChange` handlers run);
        // its grid goes where the tree puts it (inside its padding, under its heading).
        try? snippet.body?.setEnvironment(env.sizeClasses, screen: env.windowSize)
        if let b = snippet.body, let p = b.gridPlacement(in: area.size, env: env) {
            gridFrame = p.viewport.offsetBy(dx: area.minX, dy: area.minY)
            b.configure(grid, for: gridFrame.size, env: env)
            if grid.configuration.leadingContent != p.leadingContent { grid.configuration.leadingContent = p.leadingContent }
        }
        let moving = grid.update(frame: gridFrame, time: env.time, scale: env.scale)
        return moving || field.isEditing
    }

}
