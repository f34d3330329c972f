import Foundation
import GridCore
import Stage

/// `playground`: paste any `columns:`/`rows:` spec — the same Swift `coffeegrid layout` reads — and
/// see the grid SwiftUI would make, with the layout inspector on. An invalid spec shows the parser's
/// message in a banner (and on stderr); the last valid layout stays on screen.
final class PlaygroundScene: Scene {
    let name = "playground"
    let title = "Playground"

    private let symbols = ["keyboard", "hifispeaker.fill", "printer.fill", "tv.fill", "desktopcomputer",
                           "headphones", "tv.music.note", "mic", "plus.bubble", "video"]
    private let colors: [SystemColor] = [.yellow, .purple, .green, .orange, .teal]
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

    private var field: TextField
    /// The spec the grid shows now (the last one that parsed).
    private(set) var validSpec: String
    private var preset = 0
    private(set) var error: String?
    private var items: [GridItem]
    private let log: (String) -> Void
    private var fieldFrame = Rect.zero
    private var bannerFrame = Rect.zero
    private var axis = Axis.vertical
    let grid = GridScrollView(GridScrollView.Configuration())

    init(context: AppContext) {
        log = context.log
        items = try! GridSpec.parse(PlaygroundScene.presets[0])
        validSpec = PlaygroundScene.presets[0]
        field = TextField(PlaygroundScene.presets[0])
        if let spec = context.options.columns { apply(spec) }
        grid.configuration = configuration()
    }

    var showsInspectorByDefault: Bool { true }
    var capturesKeyboard: Bool { field.isEditing }

    var toolbar: [ToolbarItem] {
        [ToolbarItem(id: "axis", symbol: axis == .vertical ? "rectangle.grid.1x2" : "rectangle.split.3x1", label: "LazyVGrid / LazyHGrid", key: "a"),
         ToolbarItem(id: "preset", symbol: "chevron.right", label: "next preset layout", key: "p")]
    }

    var help: [HelpEntry] {
        [HelpEntry(keys: "e or click the field", action: "edit the spec; Return applies, Esc cancels, Ctrl+V pastes, Ctrl+U clears"),
         HelpEntry(keys: "p / Shift+p", action: "next / previous preset"),
         HelpEntry(keys: "a", action: "columns of a LazyVGrid or rows of a LazyHGrid")]
    }

    func configuration() -> GridScrollView.Configuration {
        var c = GridScrollView.Configuration()
        c.axis = axis
        c.items = items
        c.sections = [GridSection(count: count)]
        c.sizing = ItemSizing(cross: .fill, main: .fixed(50))
        return c
    }

    /// Parses `spec`; on success it becomes the layout, on failure the banner shows why.
    func apply(_ spec: String) {
        do {
            items = try GridSpec.parse(spec)
            error = nil
            validSpec = spec
            field.set(spec)
        } catch let e as GridSpecError {
            error = "invalid SPEC at \(e)"
            log("coffeegrid: \(error!)")
        } catch {
            self.error = "\(error)"
        }
    }

    func perform(_ action: String, env: AppEnvironment) {
        switch action {
        case "axis":
            axis = axis == .vertical ? .horizontal : .vertical
            grid.configuration = configuration()
            grid.scroll.settle(at: 0)
        case "preset": choosePreset(by: 1)
        default: break
        }
    }

    private func choosePreset(by step: Int) {
        preset = (preset + step + PlaygroundScene.presets.count) % PlaygroundScene.presets.count
        apply(PlaygroundScene.presets[preset])
        grid.setConfiguration(configuration(), animation: .spring)
    }

    func update(frame: Rect, env: AppEnvironment) -> Bool {
        fieldFrame = Rect(x: frame.minX + 12, y: frame.minY + 6, width: max(0, frame.width - 24), height: 34)
        bannerFrame = error == nil ? Rect(x: frame.minX, y: fieldFrame.maxY, width: frame.width, height: 0)
                                   : Rect(x: frame.minX + 12, y: fieldFrame.maxY + 6, width: max(0, frame.width - 24), height: 62)
        let top = bannerFrame.maxY + 6
        let moving = grid.update(frame: Rect(x: frame.minX, y: top, width: frame.width, height: max(0, frame.maxY - top)), time: env.time)
        return moving || field.isEditing
    }

    func handleKey(_ key: Key, _ modifiers: KeyModifiers, env: AppEnvironment) -> Bool {
        if field.isEditing {
            if case .commit(let text) = field.handleKey(key, modifiers) {
                apply(text)
                grid.setConfiguration(configuration(), animation: .spring)
            }
            return true
        }
        switch key {
        case .character("e"): field.beginEditing(); return true
        case .character("p"): choosePreset(by: modifiers.contains(.shift) ? -1 : 1); return true
        case .character("a"): perform("axis", env: env); return true
        default: return grid.handleFocusKey(key, modifiers) || grid.handleScrollKey(key, modifiers)
        }
    }

    func handleText(_ text: String, env: AppEnvironment) { field.insert(text) }

    func handlePointer(_ event: PointerEvent, env: AppEnvironment) {
        if case .down(let p) = event, fieldFrame.contains(p) { field.beginEditing(); return }
        var background = false
        if let hit = grid.handlePointer(event, clickedBackground: &background) { grid.selected = hit }
        if background { grid.selected = nil }
    }

    func draw(_ list: inout DrawList, env: AppEnvironment) {
        field.draw(&list, in: fieldFrame, env: env, time: env.time, error: error != nil)
        if let message = error {
            list.fill(bannerFrame, env.color(.red).opacity(0.12), cornerRadius: 8)
            list.symbol("exclamationmark.triangle", in: Rect(x: bannerFrame.minX + 10, y: bannerFrame.midY - 9, width: 18, height: 18), env.color(.red))
            let textWidth = bannerFrame.width - 44
            for (i, line) in TextWrap.lines(message, width: textWidth, fontSize: 13, maxLines: 3).enumerated() {
                list.text(line, Font.footnote, env.color(.red), in: Rect(x: bannerFrame.minX + 36, y: bannerFrame.minY + 6 + Double(i) * 18, width: textWidth, height: 18))
            }
        }
        list.clipped(to: grid.frame) { list in
            for item in grid.itemsToDraw() {
                let r = item.frame
                list.fill(r, env.color(colors[item.index % colors.count]), cornerRadius: 8)
                let side = min(26, r.width - 6, r.height - 6)
                if side > 6 {
                    list.symbol(symbols[item.index % symbols.count], in: Rect(x: r.midX - side / 2, y: r.midY - side / 2, width: side, height: side), env.color(.primary))
                }
            }
            grid.drawFocusRing(&list, env: env, cornerRadius: 8)
            grid.drawScrollbar(&list, env: env)
        }
    }

    func state(env: AppEnvironment) -> [(String, JSON)] {
        grid.stateEntries(idPrefix: "") + [("playground", .object([("spec", .string(validSpec)), ("typed", .string(field.text)), ("editing", .bool(field.isEditing)),
                                                                  ("error", error.map(JSON.string) ?? .null)]))]
    }

    var inspector: InspectorModel? { grid.inspectorModel }

    func focusChanged(_ focused: Bool) { grid.setFocus(focused) }
}
