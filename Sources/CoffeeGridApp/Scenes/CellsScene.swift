import GridCore
import Stage

/// `cells`: the stage's own proof. 10,000 coloured 50-pt cells in
/// `LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))])`, numbered so scrolling is easy to follow.
/// `--items N` and `--columns SPEC` change the count and the columns (`make bench-peers` runs N up to
/// 10⁶ in three `.flexible()` columns).
final class CellsScene: Scene {
    let name = "cells"
    let title = "Cells"
    static let defaultCount = 10_000
    static let defaultColumns = [GridItem(.adaptive(minimum: 50))]
    let count: Int

    let grid: GridScrollView

    init(context: AppContext) {
        count = context.options.items ?? CellsScene.defaultCount
        // Options has already rejected a spec that does not parse.
        let columns = context.options.columns.flatMap { try? GridSpec.parse($0) } ?? CellsScene.defaultColumns
        grid = GridScrollView(.init(axis: .vertical, items: columns, spacing: 8,
                                    sections: [GridSection(count: count)], sizing: .fill(50), padding: .all(10)))
    }

    /// The cells as SwiftUI code, from the configuration that lays the grid out.
    var code: String {
        let c = grid.configuration
        return SwiftCode.lines([
            "ScrollView {",
            "    \(SwiftCode.gridCall(axis: c.axis, items: SwiftCode.items(c.items), spacing: c.spacing)) {",
            "        ForEach(0..<\(count), id: \\.self) { i in",
            "            Text(\"\\(i)\")",
            "                .font(.caption.weight(.semibold))",
            "                .foregroundStyle(.black.opacity(0.6))",
            "                .frame(minWidth: 0, maxWidth: .infinity, minHeight: 50)",
            "                .background(Color(hue: Double(i % 120) / 120, saturation: 0.55, brightness: 1))",
            "                .cornerRadius(8)",
            "        }",
            "    }",
        ] + SwiftCode.padding(c.padding).map { "    " + $0 } + [
            "}",
        ])
    }

    var help: [HelpEntry] {
        [HelpEntry(keys: "click", action: "select a cell"), HelpEntry(keys: "drag, wheel", action: "scroll")]
    }

    func update(frame: Rect, env: AppEnvironment) -> Bool {
        grid.update(frame: frame, time: env.time)
    }

    func handleKey(_ key: Key, _ modifiers: KeyModifiers, env: AppEnvironment) -> Bool {
        grid.handleFocusKey(key, modifiers) || grid.handleScrollKey(key, modifiers)
    }

    func handlePointer(_ event: PointerEvent, env: AppEnvironment) {
        grid.handleSelectingPointer(event)
    }

    /// A hue wheel that turns once every 120 cells, so neighbours differ and rows drift in colour.
    static func color(_ i: Int) -> Color {
        let h = Double(i % 120) / 120
        let k = { (n: Double) -> Double in
            let t = (n + h * 6).truncatingRemainder(dividingBy: 6)
            return 1 - 0.55 * max(0, min(1, min(t, 4 - t)))
        }
        return Color(red: k(5), green: k(3), blue: k(1))
    }

    func draw(_ list: inout DrawList, env: AppEnvironment) {
        for item in grid.itemsToDraw() {
            let r = item.frame
            list.fill(r, CellsScene.color(item.index), cornerRadius: 8)
            list.text("\(item.index)", Font.caption.weight(.semibold), Color.black.opacity(0.6), in: r, alignment: .center)
            if item.index == grid.selected {
                list.stroke(r.insetBy(dx: -2, dy: -2), env.color(.accent), cornerRadius: 10, lineWidth: 3)
            } else if item.index == grid.hovered {
                list.stroke(r, env.color(.primary).opacity(0.35), cornerRadius: 8, lineWidth: 2)
            }
        }
        grid.drawFocusRing(&list, env: env, cornerRadius: 8)
        grid.drawScrollbar(&list, env: env)
    }

    func state(env: AppEnvironment) -> [(String, JSON)] {
        grid.stateEntries()
    }

    var inspector: InspectorModel? { grid.inspectorModel }

    func focusChanged(_ focused: Bool) { grid.setFocus(focused) }
}

// MARK: - Restorable state: the cell at the top.
extension CellsScene {
    var restorableState: RestorableState { RestorableState(anchor: grid.anchorItem) }
    func restore(_ state: RestorableState) { grid.restoreAnchor(state.anchor) }
}
