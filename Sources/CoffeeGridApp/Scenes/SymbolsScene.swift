import Foundation
import GridCore
import GridMotion
import StageInterface

/// `symbols` — seed 000, first half: 10,000 SF Symbols in a three-column grid, and every variant
/// the chapter walks through, switchable with animation. Declared once: `source(_:count:)` is the
/// chapter's code for the variant shown; the view layer runs it, the grid is configured from its
/// tree, each symbol and section line draws as its views lay out, and the code panel prints it back.
final class SymbolsScene: GridScene {
    /// Its place in the scene switcher, and the variants `make screenshots` and the goldens picture.
    static let entry = SceneCatalog.Entry(name: "symbols", label: "Symbols", symbol: "keyboard", make: { SymbolsScene(context: $0) },
        shots: [("", []), ("-fill", ["key f"]), ("-nospacing", ["key f", "key s"]), ("-6flexible", ["key c"]),
                ("-adaptive", ["key c", "key c"]), ("-fixed", ["key c", "key c", "key c"]),
                ("-fixed-adaptive", ["key c", "key c", "key c", "key c"]),
                ("-fixed-adaptive-inspector", ["key c", "key c", "key c", "key c", "key i"]), ("-horizontal", ["key f", "key a"]),
                ("-pinned", ["key c", "key c", "key p", "key p", "scroll 0 1130"])])
    let title = "Symbols"

    static let symbols = ["keyboard", "hifispeaker.fill", "printer.fill", "tv.fill", "desktopcomputer",
                          "headphones", "tv.music.note", "mic", "plus.bubble", "video"]
    static let colors: [SystemColor] = [.yellow, .purple, .green]
    /// The chapter's 10,000; the memory benchmark makes one with a million.
    let count: Int

    /// The chapter's column sets, in the order it introduces them.
    static let layouts: [(name: String, items: [GridItem])] = [
        ("3 flexible", Array(repeating: GridItem(.flexible()), count: 3)),
        ("6 flexible", Array(repeating: GridItem(.flexible()), count: 6)),
        ("adaptive 50", [GridItem(.adaptive(minimum: 50))]),
        ("fixed 100, 150", [GridItem(.fixed(100)), GridItem(.fixed(150))]),
        ("fixed 150 + adaptive", [GridItem(.fixed(150)), GridItem(.adaptive(minimum: 50))]),
    ]

    private var bar = PickerBar(pickers: [
        .init(key: "c", title: "columns", options: SymbolsScene.layouts.map(\.name), selection: 0),
        .init(key: "f", title: "frame", options: ["50×50", "maxWidth ∞"], selection: 0),
        .init(key: "s", title: "spacing", options: ["20", "0"], selection: 0),
        .init(key: "a", title: "axis", options: ["vertical", "horizontal"], selection: 0),
        .init(key: "p", title: "sections", options: ["none", "by 100", "pin headers", "pin footers", "pin both"], selection: 0),
    ])
    private var hoveredPicker: Int?
    private var barFrame = Rect.zero
    let grid = GridScrollView(GridScrollView.Configuration())
    /// The chapter's code for each variant shown, run when first shown and kept (the last few).
    private var bodies = SceneBodies<SymbolsVariant>()
    private var lastSize = Size(width: 390, height: 844)

    init(context: AppContext, count: Int = 10_000) {
        self.count = count
        grid.configuration = configuration()
    }

    var variant: SymbolsVariant { SymbolsVariant(selections: bar.pickers.map(\.selection)) }

    /// The chapter's code for the variant shown.
    var body: SceneBody {
        let v = variant
        return bodies.body(v) { kept in
            // The app's own code, tested for every variant: it always runs.
            let b = try! SceneBody(SymbolsScene.source(v, count: count))
            if let same = kept.first(where: { $0.key.items == v.items })?.value { b.drawsItems(like: same) }
            return b
        }
    }

    /// The tree's grid, laid out in the grid's last size with the window's fonts when known.
    func configuration(env: AppEnvironment? = nil) -> GridScrollView.Configuration {
        body.configuration(in: lastSize, env: env) ?? grid.configuration
    }

    var code: String { body.code }

    var help: [HelpEntry] {
        bar.pickers.map { HelpEntry(keys: "\($0.key) (Shift+\($0.key) back)", action: "\($0.title): " + $0.options.joined(separator: " · ")) }
            + [HelpEntry(keys: "click", action: "select a symbol")]
    }

    // MARK: - Scene

    func advance(frame: Rect, env: AppEnvironment) -> Bool {
        let barHeight = bar.height(width: frame.width, measure: PickerBar.estimatedWidth)
        barFrame = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: barHeight)
        let gridFrame = Rect(x: frame.minX, y: barFrame.maxY, width: frame.width, height: max(0, frame.maxY - barFrame.maxY))
        lastSize = gridFrame.size
        body.configure(grid, for: gridFrame.size, env: env)
        return grid.update(frame: gridFrame, time: env.time, scale: env.scale)
    }

    private func choose(_ picker: Int, backward: Bool = false, env: AppEnvironment) {
        bar.pickers[picker].advance(backward: backward)
        let old = grid.axis
        let c = configuration(env: env)
        // Turning the grid on its side keeps no meaningful scroll position: start at the top.
        if c.axis != old { grid.replace(with: c) } else { grid.setConfiguration(c, animation: .spring) }
    }

    func handleKey(_ key: Key, _ modifiers: KeyModifiers, env: AppEnvironment) -> Bool {
        if case .character(let ch) = key, !modifiers.contains(.control), let i = bar.pickers.firstIndex(where: { $0.key == ch }) {
            choose(i, backward: modifiers.contains(.shift), env: env)
            return true
        }
        return gridKey(key, modifiers)
    }

    func handlePointer(_ event: PointerEvent, env: AppEnvironment) {
        switch event {
        case .down(let p, _) where barFrame.contains(p):
            if let i = bar.hit(p, in: barFrame, measure: PickerBar.estimatedWidth) { choose(i, env: env) }
            return
        case .move(let p):
            hoveredPicker = barFrame.contains(p) ? bar.hit(p, in: barFrame, measure: PickerBar.estimatedWidth) : nil
        case .exit:
            // The pointer left the window (or the window resized under it): no picker stays lit.
            hoveredPicker = nil
        default: break
        }
        grid.handleSelectingPointer(event)
    }

    func draw(_ list: inout DrawList, env: AppEnvironment) {
        bar.draw(&list, in: barFrame, env: env, hovered: hoveredPicker, measure: PickerBar.estimatedWidth)
        list.clipped(to: grid.frame) { list in
            let views = body.drawer(env)
            views.drawItems(of: grid, &list)
            grid.drawSelection(&list, env: env, cornerRadius: 10)
            for line in grid.supplementaryViews() { views.draw(line, &list) }
            grid.drawFocusRing(&list, env: env, cornerRadius: 10)
            grid.drawScrollbar(&list, env: env)
        }
    }

    func state(env: AppEnvironment) -> [(String, JSON)] {
        grid.stateEntries() + [("symbols", .object(bar.pickers.map { ($0.title, JSON.string($0.current)) }))]
    }
}

// MARK: - Restorable state: the five pickers and the symbol at the top.
extension SymbolsScene {
    var restorableState: RestorableState { RestorableState(selections: bar.pickers.map(\.selection), anchor: grid.anchorItem) }

    func restore(_ state: RestorableState) {
        if let s = state.selections(counts: bar.pickers.map(\.options.count)) {
            for (i, v) in s.enumerated() { bar.pickers[i].selection = v }
            grid.configuration = configuration()
        }
        grid.restoreAnchor(state.anchor)
    }
}

extension SceneCatalog {
    /// The symbols scene alone, with `count` symbols instead of 10,000: the grid at a size no
    /// window offers, for measuring what a million items cost.
    package static func symbolsOnly(count: Int) -> SceneCatalog {
        SceneCatalog(entries: [SceneCatalog.Entry(name: "symbols", label: "Symbols", symbol: "keyboard",
                                                  make: { SymbolsScene(context: $0, count: count) })])
    }
}
