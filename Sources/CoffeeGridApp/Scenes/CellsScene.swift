import GridCore
import GridMotion
import StageInterface

/// `cells`: the stage's own proof. 10,000 coloured 50-pt cells in
/// `LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))])`, numbered so scrolling is easy to follow.
/// `--items N` and `--columns SPEC` change the count and the columns (`make bench-peers` runs N up to
/// 10⁶ in three `.flexible()` columns).
final class CellsScene: GridScene {
    /// Its place in the scene switcher, and the variants `make screenshots` and the goldens picture.
    static let entry = SceneCatalog.Entry(name: "cells", label: "Cells", symbol: "tv.fill", make: { CellsScene(context: $0) })
    let title = "Cells"
    static let defaultCount = 10_000
    static let defaultColumns = [GridItem(.adaptive(minimum: 50))]
    let count: Int

    let grid: GridScrollView
    /// `make bench-peers` scrolls this grid in every program.
    var benchmarkGrid: GridScrollView? { grid }

    init(context: AppContext) {
        count = context.options.items ?? CellsScene.defaultCount
        // Options has already rejected a spec that does not parse.
        let columns = context.options.columns.flatMap { try? GridSpec.parse($0) } ?? CellsScene.defaultColumns
        grid = GridScrollView(.init(LazyVGrid(columns: columns, spacing: 8), sections: [GridSection(count: count)],
                                    sizing: .fill(50), padding: .all(10)))
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
        [HelpEntry(keys: "wheel, touch drag", action: "scroll")]
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
        // A selected cell is drawn as a desktop grid draws a selected item that is not a photo (GTK's
        // GridView, a file manager's icon): in the accent colour, its number white. No command more
        // than an unselected cell, so 10⁹ cells selected cost what none do (`make bench`).
        let accent = env.color(.accent)
        for item in grid.itemsToDraw() {
            let r = item.frame
            let selected = grid.selection.contains(item.index)
            list.fill(r, selected ? accent : CellsScene.color(item.index), cornerRadius: 8)
            list.text("\(item.index)", Font.caption.weight(.semibold), selected ? .white : Color.black.opacity(0.6), in: r, alignment: .center)
            if item.index == grid.hovered, !selected {
                list.stroke(r, env.color(.primary).opacity(0.35), cornerRadius: 8, lineWidth: 2)
            }
        }
        grid.drawBand(&list, env: env)
        grid.drawFocusRing(&list, env: env, cornerRadius: 8)
        grid.drawScrollbar(&list, env: env)
    }
}
