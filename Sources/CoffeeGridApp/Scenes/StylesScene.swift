import GridCore
import GridMotion
import StageInterface

/// `styles` — seed 003: 999 weather symbols, white on blue, in six GridItem styles, as rows of a
/// LazyHGrid (the chapter's main code) or columns of a LazyVGrid (the columns it gives "for
/// reference"). Declared once: `source(vertical:)` is the chapter's view, its `@State private var
/// styleSelection` set to the picked style; the view layer runs it, the grid is configured from its
/// tree, each symbol draws as its views lay out, and the code panel prints it with the state.
final class StylesScene: GridScene {
    /// Its place in the scene switcher, and the variants `make screenshots` and the goldens picture.
    static let entry = SceneCatalog.Entry(name: "styles", label: "Styles", symbol: "cloud.drizzle", make: { StylesScene(context: $0) },
        shots: (0..<6).map { i in ("-" + StylesScene.rowStyles[i], Array(repeating: "key s", count: i)) }
            + (0..<6).map { i in ("-v" + StylesScene.rowStyles[i], ["key a"] + Array(repeating: "key s", count: i)) })
    let title = "Styles"

    static let weathers = ["sun.max", "moon", "cloud.drizzle", "snow", "wind.snow"]
    static let rowStyles = ["adaptive", "fixed", "flexible", "mix1", "mix2", "mix3"]
    /// Exactly the seed's arrays; the same six serve as `rows` and as `columns`.
    static let rows: [[GridItem]] = [
        [GridItem(.adaptive(minimum: 60))],
        Array(repeating: GridItem(.fixed(80)), count: 3),
        Array(repeating: GridItem(.flexible(minimum: 60)), count: 3),
        [GridItem(.fixed(100)), GridItem(.adaptive(minimum: 50))],
        [GridItem(.fixed(80)), GridItem(.flexible(minimum: 60))],
        [GridItem(.fixed(120)), GridItem(.flexible(maximum: 80)), GridItem(.adaptive(minimum: 40))],
    ]
    static let state = "styleSelection"

    /// `Picker("Style", selection: $styleSelection) { … }.pickerStyle(.segmented)`, and the grid kind.
    private var stylePicker = SegmentedControl(options: StylesScene.rowStyles, selection: 0)
    private var axisPicker = SegmentedControl(options: ["LazyHGrid", "LazyVGrid"], selection: 0)
    private var hoveredStyle: Int?, hoveredAxis: Int?
    private var styleFrame = Rect.zero
    private var axisFrame = Rect.zero
    let grid = GridScrollView(GridScrollView.Configuration())
    /// Three fixed 80-pt rows do not fit a short window: the scene's area scrolls vertically to them.
    private var overflow = OverflowScroll()
    /// The chapter's view for each grid kind and style, its state set to the style: made when
    /// first shown and kept (twelve at most), so going back to a style draws what was drawn.
    private var bodies = SceneBodies<[Int]>()
    private var lastSize = Size(width: 390, height: 844)

    init(context: AppContext) { grid.configuration = configuration() }

    var styleSelection: Int { stylePicker.selection }
    var axis: Axis { axisPicker.selection == 0 ? .horizontal : .vertical }

    /// The chapter's view with `styleSelection` at the picked style.
    var body: SceneBody {
        bodies.body([axisPicker.selection, styleSelection]) { _ in
            // The app's own code, tested for both kinds and every style: it always runs.
            let b = try! SceneBody(StylesScene.source(vertical: axis == .vertical))
            _ = try! b.setState(StylesScene.state, .int(styleSelection))
            return b
        }
    }

    /// The chapter's view (its rows, or the columns it gives beside them), as it declares it.
    static func source(vertical: Bool) -> String {
        let name = vertical ? "columns" : "rows"
        return SwiftCode.lines([
            "struct ContentView: View {",
            "    private let weathers = [" + weathers.map { "\"\($0)\"" }.joined(separator: ", ") + "]",
            "    private let rowStyles = [" + rowStyles.map { "\"\($0)\"" }.joined(separator: ", ") + "]",
            "    @State private var styleSelection: Int = 0",
            "    private let \(name) = [",
        ] + rows.enumerated().map { "        " + SwiftCode.items($1, width: .max) + ($0 < rows.count - 1 ? "," : "") } + [
            "    ]",
            "",
            "    var body: some View {",
            vertical ? "        ScrollView {" : "        ScrollView(.horizontal) {",
            "            \(vertical ? "LazyVGrid(columns:" : "LazyHGrid(rows:") \(name)[styleSelection]) {",
            "                ForEach(0..<999) { i in",
            "                    Image(systemName: weathers[i % weathers.count])",
            "                        .font(.title)",
            "                        .frame(minWidth: 40, maxHeight: .infinity)",
            "                        .foregroundColor(Color.white)",
            "                        .background(Color.blue)",
            "                        .cornerRadius(8)",
            "                }",
            "            }",
            "        }",
            "        .frame(maxHeight: .infinity)",
            "    }",
            "}",
        ])
    }

    /// The tree's grid, laid out in the scene's last size with the window's fonts when known.
    func configuration(env: AppEnvironment? = nil) -> GridScrollView.Configuration {
        body.configuration(in: lastSize, env: env) ?? grid.configuration
    }

    var code: String { body.code }

    var help: [HelpEntry] {
        [HelpEntry(keys: "s / Shift+s", action: "style: " + StylesScene.rowStyles.joined(separator: " · ")),
         HelpEntry(keys: "a", action: "LazyHGrid (rows) or LazyVGrid (columns)")]
    }

    /// The two pickers, then the grid's scroll view as tall as a LazyHGrid's rows need (all the
    /// height left, or more: then the area scrolls by the rest).
    func advance(frame: Rect, env: AppEnvironment) -> Bool {
        lastSize = frame.size
        body.prepareDrawing(in: frame.size, env: env)
        let above = 4 + SegmentedControl.height + 6 + SegmentedControl.height + 6
        let height = grid.naturalHeight(in: max(0, frame.height - above))
        let content = overflow.layout(frame: frame, contentHeight: above + height, time: env.time)
        styleFrame = Rect(x: frame.minX + 12, y: content.minY + 4, width: max(0, frame.width - 24), height: SegmentedControl.height)
        axisFrame = Rect(x: frame.minX + 12, y: styleFrame.maxY + 6, width: min(260, max(0, frame.width - 24)), height: SegmentedControl.height)
        let moving = grid.update(frame: Rect(x: frame.minX, y: axisFrame.maxY + 6, width: frame.width, height: height), time: env.time, scale: env.scale)
        return moving || overflow.isMoving(at: env.time)
    }

    private func step(_ picker: Int, backward: Bool = false, env: AppEnvironment) {
        if picker == 0 {
            let n = stylePicker.options.count
            choose(0, (stylePicker.selection + (backward ? n - 1 : 1)) % n, env: env)
        } else {
            choose(1, 1 - axisPicker.selection, env: env)
        }
    }

    private func choose(_ picker: Int, _ segment: Int, env: AppEnvironment) {
        if picker == 0 { stylePicker.selection = segment } else { axisPicker.selection = segment }
        let c = configuration(env: env)
        if c.axis != grid.axis { grid.replace(with: c) } else { grid.setConfiguration(c, animation: .spring) }
    }

    func handleKey(_ key: Key, _ modifiers: KeyModifiers, env: AppEnvironment) -> Bool {
        guard !modifiers.contains(.control) else { return gridKey(key, modifiers) }
        if key == .character("s") { step(0, backward: modifiers.contains(.shift), env: env); return true }
        if key == .character("a") { step(1, env: env); return true }
        return gridKey(key, modifiers) || overflow.handleKey(key)
    }

    func handlePointer(_ event: PointerEvent, env: AppEnvironment) {
        var event = event
        if case let .wheel(dx, dy, precise, at, mods) = event, dx == 0 {
            let rest = overflow.wheel(dy: dy, precise: precise, at: at)
            guard rest != 0 else { return }
            event = .wheel(dx: dx, dy: rest, precise: precise, at: at, modifiers: mods)
        }
        switch (stylePicker.pointer(event, in: styleFrame, hovered: &hoveredStyle),
                axisPicker.pointer(event, in: axisFrame, hovered: &hoveredAxis)) {
        case (.chose(let s), _): choose(0, s, env: env)
        case (_, .chose(let s)): choose(1, s, env: env)
        case (.passed, .passed): grid.handleSelectingPointer(event)
        default: break
        }
    }

    func draw(_ list: inout DrawList, env: AppEnvironment) {
        stylePicker.draw(&list, in: styleFrame, env: env, hovered: hoveredStyle)
        axisPicker.draw(&list, in: axisFrame, env: env, hovered: hoveredAxis)
        list.clipped(to: grid.frame) { list in
            body.drawer(env).drawItems(of: grid, &list)
            // Orange, as the seed's cells are the accent's blue.
            grid.drawSelection(&list, env: env, cornerRadius: 8, tint: .orange)
            grid.drawFocusRing(&list, env: env, cornerRadius: 8)
            grid.drawScrollbar(&list, env: env)
        }
        overflow.drawIndicator(&list, env: env)
    }

    func state(env: AppEnvironment) -> [(String, JSON)] {
        // Where each picker's segments are, so end-to-end tests can click them like a person.
        let segments = [(stylePicker, styleFrame), (axisPicker, axisFrame)].flatMap { picker, frame in
            zip(picker.options, picker.segments(in: frame)).map { option, r in
                JSON.object([("option", .string(option)), ("x", .number(r.minX)), ("y", .number(r.minY)), ("width", .number(r.width)), ("height", .number(r.height))])
            }
        }
        return grid.stateEntries() + [("styles", .object([("style", .string(stylePicker.options[styleSelection])), ("grid", .string(axisPicker.options[axisPicker.selection])),
                                                                       ("segments", .array(segments))])),
                                      ("overflow", overflow.stateJSON)]
    }
}

// MARK: - Restorable state: the style and grid pickers and the symbol at the start.
extension StylesScene {
    var restorableState: RestorableState {
        RestorableState(selections: [stylePicker.selection, axisPicker.selection], anchor: grid.anchorItem)
    }

    func restore(_ state: RestorableState) {
        if let s = state.selections(counts: [stylePicker.options.count, axisPicker.options.count]) {
            stylePicker.selection = s[0]
            axisPicker.selection = s[1]
            grid.configuration = configuration()
        }
        grid.restoreAnchor(state.anchor)
    }
}
