import GridCore
import GridMotion
import StageInterface

/// `cells`: the stage's own proof. 10,000 coloured 50-pt cells in
/// `LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))])`, numbered so scrolling is easy to follow.
/// `--items N` and `--columns SPEC` change the count and the columns (`make bench-peers` runs N up to
/// 10⁶ in three `.flexible()` columns).
///
/// Declared once: `source` is the scene's body. The view layer runs it, the grid is configured from
/// the tree it makes, each cell draws as its views lay out, and the code panel prints it back.
final class CellsScene: GridScene {
    /// Its place in the scene switcher, and the variants `make screenshots` and the goldens picture.
    static let entry = SceneCatalog.Entry(name: "cells", label: "Cells", symbol: "tv.fill", make: { CellsScene(context: $0) })
    let title = "Cells"
    static let defaultCount = 10_000
    static let defaultColumns = [GridItem(.adaptive(minimum: 50))]
    let count: Int

    /// The body, with the count and the columns written in as a reader would type them.
    static func source(count: Int, columns: [GridItem]) -> String {
        """
        ScrollView {
            LazyVGrid(columns: \(SwiftCode.items(columns, indent: "    ")), spacing: 8) {
                ForEach(0..<\(count), id: \\.self) { i in
                    Text("\\(i)")
                        .font(.caption.weight(.semibold))
                        .foregroundStyle(.black.opacity(0.6))
                        .frame(minWidth: 0, maxWidth: .infinity, minHeight: 50)
                        .background(Color(hue: Double(i % 120) / 120, saturation: 0.55, brightness: 1))
                        .cornerRadius(8)
                }
            }
            .padding(.all, 10)
        }
        """
    }

    let body: SceneBody
    let grid: GridScrollView
    /// `make bench-peers` scrolls this grid in every program.
    var benchmarkGrid: GridScrollView? { grid }

    init(context: AppContext) {
        count = context.options.items ?? CellsScene.defaultCount
        // Options has already rejected a spec that does not parse.
        let columns = context.options.columns.flatMap { try? GridSpec.parse($0) } ?? CellsScene.defaultColumns
        do {
            body = try SceneBody(CellsScene.source(count: count, columns: columns))
        } catch {
            // Every count and every spec Options accepts prints as code that reads back (tested); the
            // default body is the guard against one that does not.
            context.log("cells: \(error); showing the default cells")
            body = try! SceneBody(CellsScene.source(count: CellsScene.defaultCount, columns: CellsScene.defaultColumns))
        }
        grid = GridScrollView(body.configuration(in: Size(width: 390, height: 844)) ?? .init())
    }

    var code: String { body.code }

    var help: [HelpEntry] {
        [HelpEntry(keys: "wheel, touch drag", action: "scroll")]
    }

    func advance(frame: Rect, env: AppEnvironment) -> Bool {
        body.configure(grid, for: frame.size, env: env)
        return grid.update(frame: frame, time: env.time, scale: env.scale)
    }

    func draw(_ list: inout DrawList, env: AppEnvironment) {
        // A selected cell is drawn as a desktop grid draws a selected item that is not a photo (GTK's
        // GridView, a file manager's icon): in the accent colour, its number white. No command more
        // than an unselected cell, so 10⁹ cells selected cost what none do (`make bench`).
        let tint = ItemTint(fill: env.color(.accent), text: .white)
        let items = body.drawer(env)
        for item in grid.itemsToDraw() {
            let r = item.frame
            let selected = grid.selection.contains(item.index)
            items.draw(item.index, in: r, &list, tint: selected ? tint : nil)
            if item.index == grid.hovered, !selected {
                list.stroke(r, env.color(.primary).opacity(0.35), cornerRadius: 8, lineWidth: 2)
            }
        }
        grid.drawBand(&list, env: env)
        grid.drawFocusRing(&list, env: env, cornerRadius: 8)
        grid.drawScrollbar(&list, env: env)
    }
}

extension CoffeeGrid {
    /// The cells scene's body for `count` cells in its default columns: what `bench view` runs.
    public static func cellsSource(count: Int) -> String {
        CellsScene.source(count: count, columns: CellsScene.defaultColumns)
    }
}
