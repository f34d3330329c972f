import GridCore
import GridMotion
import StageInterface

/// `bars` — seed 004: colour bars of five widths in a LazyHGrid with spacing 5, over the chapter's
/// four row sets. Declared once: `source(_:)` is the chapter's ContentView for a row set; the view
/// layer runs it, the grid is configured from its tree (the five widths measured from the views),
/// each bar draws as its view lays out, and the code panel prints it back.
final class BarsScene: GridScene {
    /// Its place in the scene switcher, and the variants `make screenshots` and the goldens picture.
    static let entry = SceneCatalog.Entry(name: "bars", label: "Bars", symbol: "rectangle.split.3x1", make: { BarsScene(context: $0) },
        shots: (0..<4).map { i in ("-" + String(i + 1), Array(repeating: "key r", count: i)) }
            + [("-1-inspector", ["key i"]), ("-3-inspector", ["key r", "key r", "key i"])])
    let title = "Bars"

    static let colors: [SystemColor] = [.red, .green, .blue, .yellow, .purple]
    static let widths: [Double] = [30, 40, 20, 25, 15]

    /// The four row sets, with the seed's iteration ranges (`0..<300` first, then `0...300`).
    static let rowSets: [(name: String, rows: [GridItem], iterations: Int)] = [
        ("fixed", [GridItem(.fixed(30), spacing: 1), GridItem(.fixed(60), spacing: 10),
                   GridItem(.fixed(90), spacing: 20), GridItem(.fixed(10), spacing: 50)], 300),
        ("flexible row 2", [GridItem(.fixed(30), spacing: 1), GridItem(.flexible(minimum: 60), spacing: 10),
                            GridItem(.fixed(90), spacing: 20), GridItem(.fixed(10), spacing: 50)], 301),
        ("flexible max 20", [GridItem(.fixed(30), spacing: 1), GridItem(.flexible(minimum: 60), spacing: 10),
                             GridItem(.fixed(90), spacing: 20), GridItem(.flexible(maximum: 20), spacing: 50)], 301),
        ("adaptive", [GridItem(.adaptive(minimum: 30, maximum: 100), spacing: 50)], 301),
    ]

    private var picker = SegmentedControl(options: ["fixed", "flexible", "max 20", "adaptive"], selection: 0)
    private var hovered: Int?
    private var pickerFrame = Rect.zero
    let grid = GridScrollView(GridScrollView.Configuration())
    /// The chapter's code for each row set, run when first shown and kept.
    private var bodies = SceneBodies<Int>()
    /// The rows' 221 pt do not fit a short window: the scene's area scrolls vertically to them.
    private var overflow = OverflowScroll()
    private var lastSize = Size(width: 390, height: 844)

    init(context: AppContext) { grid.configuration = configuration() }

    var set: Int { picker.selection }
    var count: Int { BarsScene.rowSets[set].iterations * 5 }

    /// The chapter's code for the row set shown.
    var body: SceneBody {
        // The app's own code, tested for every row set: it always runs.
        bodies.body(set) { _ in try! SceneBody(BarsScene.source(set)) }
    }

    /// The chapter's `ContentView` for row set `set` (the chapter writes `0..<300` for the first
    /// example and `0...300` after it).
    static func source(_ set: Int) -> String {
        let n = rowSets[set].iterations
        let range = n == 300 ? "0..<300" : "0...\(n - 1)"
        let bars = zip(colors, widths).map { "                Color.\($0.rawValue).frame(width: \(formatPoints($1)))" }
        return SwiftCode.lines([
            "struct ContentView: View {",
            "    let rows = " + SwiftCode.items(rowSets[set].rows, indent: "    "),
            "",
            "    var body: some View {",
            "        ScrollView(.horizontal) {",
            "            \(SwiftCode.gridCall(axis: .horizontal, items: "rows", spacing: 5)) {",
            "                ForEach(\(range), id: \\.self) { _ in",
        ] + bars.map { "    " + $0 } + [
            "                }",
            "            }",
            "        }",
            "    }",
            "}",
        ])
    }

    /// The tree's grid: the same at any height (the row sizes come from the rows, the bars' widths
    /// from their views). Laid out in the scene's last size with the window's fonts when known, so
    /// that drawing the frame after finds the tree laid out already.
    func configuration(env: AppEnvironment? = nil) -> GridScrollView.Configuration {
        body.configuration(in: lastSize, env: env) ?? grid.configuration
    }

    var code: String { body.code }

    var help: [HelpEntry] {
        [HelpEntry(keys: "r / Shift+r", action: "row set: " + BarsScene.rowSets.map(\.name).joined(separator: " · "))]
    }

    /// The picker, then the seed's `ScrollView(.horizontal)` as tall as its rows need (all the
    /// height left, or more: then the area scrolls by the rest).
    func advance(frame: Rect, env: AppEnvironment) -> Bool {
        lastSize = frame.size
        body.prepareDrawing(in: frame.size, env: env)
        let above = 4 + SegmentedControl.height + 6
        let height = grid.naturalHeight(in: max(0, frame.height - above))
        let content = overflow.layout(frame: frame, contentHeight: above + height, time: env.time)
        pickerFrame = Rect(x: frame.minX + 12, y: content.minY + 4, width: min(420, max(0, frame.width - 24)), height: SegmentedControl.height)
        let moving = grid.update(frame: Rect(x: frame.minX, y: pickerFrame.maxY + 6, width: frame.width, height: height), time: env.time, scale: env.scale)
        return moving || overflow.isMoving(at: env.time)
    }

    private func choose(_ segment: Int, env: AppEnvironment) {
        picker.selection = segment
        grid.setConfiguration(configuration(env: env), animation: .spring)
    }

    func handleKey(_ key: Key, _ modifiers: KeyModifiers, env: AppEnvironment) -> Bool {
        if key == .character("r"), !modifiers.contains(.control) {
            let n = picker.options.count
            choose((set + (modifiers.contains(.shift) ? n - 1 : 1)) % n, env: env)
            return true
        }
        return gridKey(key, modifiers) || overflow.handleKey(key)
    }

    func handlePointer(_ event: PointerEvent, env: AppEnvironment) {
        var event = event
        if case let .wheel(dx, dy, precise, at, mods) = event, dx == 0 {
            let rest = overflow.wheel(dy: dy, precise: precise, at: at)
            guard rest != 0 else { return }
            event = .wheel(dx: dx, dy: rest, precise: precise, at: at, modifiers: mods)
        }
        switch picker.pointer(event, in: pickerFrame, hovered: &hovered) {
        case .chose(let s): choose(s, env: env)
        case .consumed: break
        case .passed: grid.handleSelectingPointer(event)
        }
    }

    func draw(_ list: inout DrawList, env: AppEnvironment) {
        picker.draw(&list, in: pickerFrame, env: env, hovered: hovered)
        list.clipped(to: grid.frame) { list in
            body.drawer(env).drawItems(of: grid, &list)
            grid.drawSelection(&list, env: env, cornerRadius: 0)
            grid.drawFocusRing(&list, env: env, cornerRadius: 0)
            grid.drawScrollbar(&list, env: env)
        }
        overflow.drawIndicator(&list, env: env)
    }

    func state(env: AppEnvironment) -> [(String, JSON)] {
        grid.stateEntries() + [("bars", .object([("rows", .string(BarsScene.rowSets[set].name)), ("views", .number(Double(count)))])),
                               ("overflow", overflow.stateJSON)]
    }
}

// MARK: - Restorable state: the row set and the bar at the start.
extension BarsScene {
    var restorableState: RestorableState { RestorableState(selections: [picker.selection], anchor: grid.anchorItem) }

    func restore(_ state: RestorableState) {
        if let s = state.selections(counts: [picker.options.count]) {
            picker.selection = s[0]
            grid.configuration = configuration()
        }
        grid.restoreAnchor(state.anchor)
    }
}
