import GridCore
import GridMotion
import StageInterface

/// `feed` — seed 000, second half: the chapter's SwiftUIPhotoGrid.
///
///     ScrollView {
///         LazyVGrid(columns: gridLayout, alignment: .center, spacing: 10) {
///             ForEach(samplePhotos.indices, id: \.self) { index in
///                 Image(samplePhotos[index].name)
///                     .resizable().scaledToFill()
///                     .frame(minWidth: 0, maxWidth: .infinity)
///                     .frame(height: gridLayout.count == 1 ? 200 : 100)
///                     .cornerRadius(10)
///                     .shadow(color: Color.primary.opacity(0.3), radius: 1)
///             }
///         }
///         .padding(.all, 10)
///         .animation(.interactiveSpring(), value: gridLayout.count)
///     }
///
/// The grid button cycles 1 → 2 → 3 → 4 columns. Beyond the chapter, a pinch (or Ctrl + wheel)
/// changes the count continuously, like a photo library, and settles on the nearest count. It
/// always shows the seed's `samplePhotos`: a person's own folder opens in the Photos scene.
final class FeedScene: CommandScene, GridScene {
    /// Its place in the scene switcher, and the variants `make screenshots` and the goldens picture.
    static let entry = SceneCatalog.Entry(name: "feed", label: "Feed", symbol: "square.grid.2x2", make: { FeedScene(context: $0) },
        shots: [("", []), ("-2", ["key g"]), ("-3", ["key g", "key g"]), ("-4", ["key g", "key g", "key g"]), ("-2-inspector", ["key g", "key i"])])
    let title = "Coffee Feed"

    /// What a pinch may reach; the button cycles through the seed's 1…4.
    static let pinchRange = 1...6

    let grid: GridScrollView
    /// What `ForEach` walks: the seed's `samplePhotos`.
    let photos: PhotoSet
    private let zoom: ColumnZoom
    var columns: Int { zoom.columns }
    var pinch: ColumnPinch { zoom.pinch }

    init(context: AppContext) {
        photos = PhotoSet(paths: [], resources: context.resources, log: context.log)
        let count = photos.count
        grid = GridScrollView(FeedScene.configuration(columns: 1, count: count))
        zoom = ColumnZoom(grid: grid, range: FeedScene.pinchRange) { FeedScene.configuration(columns: $0, count: count) }
    }

    /// `@State var gridLayout = Array(repeating: .init(.flexible()), count: columns)` and the frame
    /// modifiers above, for one column count.
    static func configuration(columns: Int, count: Int) -> GridScrollView.Configuration {
        GridScrollView.Configuration(LazyVGrid(columns: Array(repeating: GridItem(.flexible()), count: columns), alignment: .center, spacing: 10),
                                     sections: [GridSection(count: count)], sizing: .fill(columns == 1 ? 200 : 100), padding: .all(10))
    }

    /// The chapter's ContentView with the current `gridLayout`, from the configuration that lays the grid out.
    var code: String {
        FeedScene.code(grid.configuration, title: title,
                       forEach: ["ForEach(samplePhotos.indices, id: \\.self) { index in", "    Image(samplePhotos[index].name)"],
                       trailing: [
                           "        .toolbar {",
                           "            ToolbarItem(placement: .navigationBarTrailing) {",
                           "                Button {",
                           "                    self.gridLayout = Array(repeating: .init(.flexible()), count: self.gridLayout.count % 4 + 1)",
                           "                } label: {",
                           "                    Image(systemName: \"square.grid.2x2\")",
                           "                        .font(.title)",
                           "                }",
                           "                .tint(.primary)",
                           "            }",
                           "        }",
                       ])
    }

    /// The chapter's ContentView around `configuration`'s grid: `forEach` opens the loop and names its
    /// image (indented under the grid), `inCell` follows the image's modifiers inside the loop, and
    /// `trailing` follows `.navigationTitle`. The Photos scene prints the same grid over `photos`.
    static func code(_ c: GridScrollView.Configuration, title: String, forEach: [String], inCell: [String] = [],
                     trailing: [String] = []) -> String {
        SwiftCode.lines([
            "@State var gridLayout: [GridItem] = " + SwiftCode.items(c.items),
            "",
            "var body: some View {",
            "    NavigationStack {",
            "        ScrollView {",
            "            \(SwiftCode.gridCall(axis: c.axis, items: "gridLayout", alignment: c.alignment, spacing: c.spacing)) {",
        ] + forEach.map { "                " + $0 } + [
            "                        .resizable()",
            "                        .scaledToFill()",
            "                        .frame(minWidth: 0, maxWidth: .infinity)",
            "                        .frame(height: gridLayout.count == 1 ? 200 : 100)",
            "                        .cornerRadius(10)",
            "                        .shadow(color: Color.primary.opacity(0.3), radius: 1)",
        ] + inCell + [
            "                }",
            "            }",
        ] + SwiftCode.padding(c.padding).map { "            " + $0 } + [
            "            .animation(.interactiveSpring(), value: gridLayout.count)",
            "        }",
            "        .navigationTitle(\"\(title)\")",
        ] + trailing + [
            "    }",
            "}",
        ])
    }

    var toolbar: [ToolbarItem] {
        [button(.grid, symbol: "square.grid.2x2", label: "1 → 2 → 3 → 4 columns", key: "g")]
    }

    var help: [HelpEntry] {
        [HelpEntry(keys: "g", action: "one, two, three, four columns"),
         HelpEntry(keys: "Ctrl + wheel, pinch", action: "zoom between 1 and 6 columns"),
         HelpEntry(keys: "Ctrl+= / Ctrl+-", action: "one column fewer / more")]
    }

    enum Command: String {
        case grid
    }

    func perform(_ command: Command, env: AppEnvironment) {
        switch command {
        // `self.gridLayout = Array(repeating: .init(.flexible()), count: self.gridLayout.count % 4 + 1)`
        case .grid: zoom.setColumns(columns % 4 + 1)
        }
    }

    func advance(frame: Rect, env: AppEnvironment) -> Bool {
        // A wheel pinch has no end event: it ends when it times out, and settles from this frame.
        let moving = grid.update(frame: frame, time: env.time, scale: env.scale) { _ = zoom.wheelEnded(at: env.time) }
        return moving || pinch.isActive
    }

    func handleKey(_ key: Key, _ modifiers: KeyModifiers, env: AppEnvironment) -> Bool {
        if zoom.handleKey(key, modifiers) { return true }
        if key == .character("g"), !modifiers.contains(.control) { perform(.grid, env: env); return true }
        return gridKey(key, modifiers)
    }

    func handlePointer(_ event: PointerEvent, env: AppEnvironment) {
        if !zoom.handlePointer(event, time: env.time) { grid.handleSelectingPointer(event) }
    }

    var photoCells: PhotoCells? {
        grid.photoCells(count: photos.count, path: { [photos] in photos.path(at: $0) }, name: { [photos] in photos.id(at: $0) }, cornerRadius: 10)
    }

    // MARK: - Drawing and state

    func draw(_ list: inout DrawList, env: AppEnvironment) {
        let shadow = env.color(.primary).opacity(0.3)
        let sampling = grid.imageSampling
        for item in grid.itemsToDraw() {
            let r = item.frame
            guard let path = photos.path(at: item.index) else { continue }
            list.shadow(r, cornerRadius: 10, radius: 1, color: shadow, beneathOpaque: true)
            list.image(path, in: r, cornerRadius: 10, priority: grid.priority(of: r), sampling: sampling)
            // A growing photo decodes once, at the size it grows to; until then the smaller one serves.
            if grid.isTransitioning, let end = grid.windowFrame(of: item.index), end.width > r.width || end.height > r.height {
                list.prefetch(path, in: end, priority: grid.priority(of: r))
            }
        }
        grid.drawSelection(&list, env: env, cornerRadius: 10)
        grid.drawFocusRing(&list, env: env, cornerRadius: 10)
        grid.drawScrollbar(&list, env: env)
    }

    func state(env: AppEnvironment) -> [(String, JSON)] {
        grid.stateEntries(id: { [photos] in photos.id(at: $0) })
            + [("feed", .object([("columns", .number(Double(columns))), ("pinch", pinch.columns.map(JSON.number) ?? .null)]))]
    }

    /// The grid's rules, one to six columns, and every photo of the set in the grid.
    func invariantViolations() -> [String] {
        var problems = grid.invariantViolations()
        if !(1...6).contains(grid.layout.trackCount) { problems.append("feed shows \(grid.layout.trackCount) columns") }
        if grid.layout.count != photos.count { problems.append("feed holds \(grid.layout.count) photos, not \(photos.count)") }
        return problems
    }
}

// MARK: - Restorable state: the column count and the photo at the top.
extension FeedScene {
    var restorableState: RestorableState { RestorableState(selections: [columns], anchor: grid.anchorItem) }

    func restore(_ state: RestorableState) {
        if let n = state.selections(counts: [FeedScene.pinchRange.upperBound + 1])?.first { zoom.restore(n) }
        grid.restoreAnchor(state.anchor)
    }
}
