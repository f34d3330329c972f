import Foundation
import GridCore
import GridMotion
import StageInterface

/// `symbols` — seed 000, first half: 10,000 SF Symbols in a three-column grid, and every variant
/// the chapter walks through, switchable with animation:
///
///     ScrollView {
///         LazyVGrid(columns: gridItemLayout, spacing: 20) {
///             ForEach((0...9999), id: \.self) {
///                 Image(systemName: symbols[$0 % symbols.count])
///                     .font(.system(size: 30))
///                     .frame(width: 50, height: 50)
///                     .background(colors[$0 % colors.count])
///                     .cornerRadius(10)
///             }
///         }
///     }
final class SymbolsScene: GridScene {
    /// Its place in the scene switcher, and the variants `make screenshots` and the goldens picture.
    static let entry = SceneCatalog.Entry(name: "symbols", label: "Symbols", symbol: "keyboard", make: { SymbolsScene(context: $0) },
        shots: [("", []), ("-fill", ["key f"]), ("-nospacing", ["key f", "key s"]), ("-6flexible", ["key c"]),
                ("-adaptive", ["key c", "key c"]), ("-fixed", ["key c", "key c", "key c"]),
                ("-fixed-adaptive", ["key c", "key c", "key c", "key c"]),
                ("-fixed-adaptive-inspector", ["key c", "key c", "key c", "key c", "key i"]), ("-horizontal", ["key f", "key a"]),
                ("-pinned", ["key c", "key c", "key p", "key p", "scroll 0 1130"])])
    let title = "Symbols"

    private let symbols = ["keyboard", "hifispeaker.fill", "printer.fill", "tv.fill", "desktopcomputer",
                           "headphones", "tv.music.note", "mic", "plus.bubble", "video"]
    private let colors: [SystemColor] = [.yellow, .purple, .green]
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
    let grid: GridScrollView

    init(context: AppContext, count: Int = 10_000) {
        self.count = count
        grid = GridScrollView(GridScrollView.Configuration())
        grid.configuration = configuration()
    }

    var columns: Int { bar.pickers[0].selection }
    var fills: Bool { bar.pickers[1].selection == 1 }
    var spacing: Double { bar.pickers[2].selection == 0 ? 20 : 0 }
    var axis: Axis { bar.pickers[3].selection == 0 ? .vertical : .horizontal }
    var sectionMode: Int { bar.pickers[4].selection }

    /// The grid items with the spacing variant applied: `GridItem(.flexible(), spacing: 0)`.
    var gridItemLayout: [GridItem] {
        SymbolsScene.layouts[columns].items.map { spacing == 0 ? GridItem($0.size, spacing: 0, alignment: $0.alignment) : $0 }
    }

    func configuration() -> GridScrollView.Configuration {
        let sizing = fills ? ItemSizing(cross: .fill, main: .fixed(50)) : .square(50)
        var sections = [GridSection(count: count)]
        if sectionMode != 0 {
            let header = axis == .vertical ? 36.0 : 120.0, footer = axis == .vertical ? 26.0 : 90.0
            sections = stride(from: 0, to: count, by: 100).map { _ in GridSection(count: 100, header: header, footer: footer) }
        }
        let pinned: PinnedScrollableViews = [[], [], .sectionHeaders, .sectionFooters, [.sectionHeaders, .sectionFooters]][sectionMode]
        // The seed writes no padding: `ScrollView { LazyVGrid(…) }` spans the window.
        return axis == .vertical
            ? .init(LazyVGrid(columns: gridItemLayout, spacing: spacing, pinnedViews: pinned), sections: sections, sizing: sizing)
            : .init(LazyHGrid(rows: gridItemLayout, spacing: spacing, pinnedViews: pinned), sections: sections, sizing: sizing)
    }

    /// The chapter's code for the current variant, from the configuration that lays the grid out.
    var code: String {
        let c = grid.configuration
        let vertical = c.axis == .vertical
        let frame: String
        switch (fills, vertical) {
        case (false, _): frame = ".frame(width: 50, height: 50)"
        case (true, true): frame = ".frame(minWidth: 0, maxWidth: .infinity, minHeight: 50)"
        // The grid draws 50-point columns, the width a 50-point minimum gives every symbol here.
        case (true, false): frame = ".frame(minWidth: 50, maxWidth: .infinity, minHeight: 50, maxHeight: .infinity)"
        }
        let call = SwiftCode.gridCall(axis: c.axis, items: "gridItemLayout", spacing: c.spacing, pinned: c.pinnedViews)
        let last = count - 1
        let cell = { (range: String) in SwiftCode.lines([
            "ForEach(\(range), id: \\.self) {",
            "    Image(systemName: symbols[$0 % symbols.count])",
            "        .font(.system(size: 30))",
            "        \(frame)",
            "        .background(colors[$0 % colors.count])",
            "        .cornerRadius(10)",
            "}",
        ]) }
        let content: String
        if sectionMode == 0 {
            content = cell("(0...\(last))")
        } else {
            let header = vertical ? ".frame(maxWidth: .infinity, minHeight: 36, alignment: .leading)" : ".frame(minWidth: 120, maxHeight: .infinity)"
            let footer = vertical ? ".frame(maxWidth: .infinity, minHeight: 26, alignment: .leading)" : ".frame(minWidth: 90, maxHeight: .infinity)"
            content = SwiftCode.lines([
                "ForEach(0..<\(count / 100)) { section in",
                "    Section {",
                SwiftCode.indent(cell("(section * 100)..<(section * 100 + 100)"), 2),
                "    } header: {",
                "        Text(\"Symbols \\(section * 100)–\\(section * 100 + 99)\")",
                "            .font(.headline)",
                vertical ? "            .padding(.horizontal, 12)" : nil,
                "            \(header)",
                "            .background(Color(.secondarySystemBackground))",
                "    } footer: {",
                "        Text(\"100 items\")",
                "            .font(.footnote)",
                "            .foregroundStyle(.secondary)",
                vertical ? "            .padding(.horizontal, 12)" : nil,
                "            \(footer)",
                "            .background(Color(.secondarySystemBackground))",
                "    }",
                "}",
            ].compactMap { $0 })
        }
        return SwiftCode.lines([
            "private var gridItemLayout = " + SwiftCode.items(c.items),
            "private var symbols = [" + symbols.map { "\"\($0)\"" }.joined(separator: ", ") + "]",
            "private var colors: [Color] = [" + colors.map { "." + $0.rawValue }.joined(separator: ", ") + "]",
            "",
            "var body: some View {",
            vertical ? "    ScrollView {" : "    ScrollView(.horizontal) {",
            "        \(call) {",
            SwiftCode.indent(content, 3),
            "        }",
            "    }",
            "}",
        ])
    }

    var help: [HelpEntry] {
        bar.pickers.map { HelpEntry(keys: "\($0.key) (Shift+\($0.key) back)", action: "\($0.title): " + $0.options.joined(separator: " · ")) }
            + [HelpEntry(keys: "click", action: "select a symbol")]
    }

    // MARK: - Scene

    func advance(frame: Rect, env: AppEnvironment) -> Bool {
        let barHeight = bar.height(width: frame.width, measure: PickerBar.estimatedWidth)
        barFrame = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: barHeight)
        let gridFrame = Rect(x: frame.minX, y: barFrame.maxY, width: frame.width, height: max(0, frame.maxY - barFrame.maxY))
        return grid.update(frame: gridFrame, time: env.time, scale: env.scale)
    }

    private func choose(_ picker: Int, backward: Bool = false) {
        bar.pickers[picker].advance(backward: backward)
        let old = grid.axis
        let c = configuration()
        // Turning the grid on its side keeps no meaningful scroll position: start at the top.
        if c.axis != old { grid.configuration = c; grid.scroll.settle(at: 0) } else { grid.setConfiguration(c, animation: .spring) }
    }

    func handleKey(_ key: Key, _ modifiers: KeyModifiers, env: AppEnvironment) -> Bool {
        if case .character(let ch) = key, !modifiers.contains(.control), let i = bar.pickers.firstIndex(where: { $0.key == ch }) {
            choose(i, backward: modifiers.contains(.shift))
            return true
        }
        return gridKey(key, modifiers)
    }

    func handlePointer(_ event: PointerEvent, env: AppEnvironment) {
        switch event {
        case .down(let p, _) where barFrame.contains(p):
            if let i = bar.hit(p, in: barFrame, measure: PickerBar.estimatedWidth) { choose(i) }
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
            for item in grid.itemsToDraw() {
                let r = item.frame
                list.fill(r, env.color(colors[item.index % colors.count]), cornerRadius: 10)
                // `.font(.system(size: 30))`: the glyph is about 30 points.
                let glyph = Rect(x: r.midX - 15, y: r.midY - 15, width: 30, height: 30)
                list.symbol(symbols[item.index % symbols.count], in: glyph, env.color(.primary))
            }
            grid.drawSelection(&list, env: env, cornerRadius: 10)
            for view in grid.supplementaryViews() { drawSection(view, &list, env: env) }
            grid.drawFocusRing(&list, env: env, cornerRadius: 10)
            grid.drawScrollbar(&list, env: env)
        }
    }

    private func drawSection(_ v: SupplementaryView, _ list: inout DrawList, env: AppEnvironment) {
        let first = v.section * 100
        let r = v.frame
        list.fill(r, env.color(.secondaryBackground).opacity(v.isPinned ? 0.97 : 0.9))
        let text = v.kind == .header ? "Symbols \(first)–\(first + 99)" : "100 items"
        let font = v.kind == .header ? Font.headline : Font.footnote
        let color = v.kind == .header ? env.color(.primary) : env.color(.secondary)
        list.text(text, font, color, in: r.insetBy(dx: 12, dy: 0), alignment: axis == .vertical ? .leading : .center)
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
