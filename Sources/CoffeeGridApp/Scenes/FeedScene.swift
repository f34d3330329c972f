import GridCore
import Stage

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
/// changes the count continuously, like a photo library, and settles on the nearest count. Opened
/// on a person's own photos (`coffeegrid ~/Pictures`, or dropped folders), the feed shows them
/// instead of `samplePhotos`, growing as the scan finds them, with a name/date order button.
final class FeedScene: CommandScene, GridScene {
    /// Its place in the scene switcher, and the variants `make screenshots` and the goldens picture.
    static let entry = SceneCatalog.Entry(name: "feed", label: "Feed", symbol: "square.grid.2x2", make: { FeedScene(context: $0) },
        shots: [("", []), ("-2", ["key g"]), ("-3", ["key g", "key g"]), ("-4", ["key g", "key g", "key g"]), ("-2-inspector", ["key g", "key i"])])
    let title = "Coffee Feed"

    /// What a pinch may reach; the button cycles through the seed's 1…4.
    static let pinchRange = 1...6

    private(set) var columns = 1
    let grid: GridScrollView
    /// What `ForEach` walks: the bundled photos or a person's own.
    let photos: PhotoSet
    private var shownRevision: Int
    private var status: ScanStatus
    private(set) var pinch = ColumnPinch(range: FeedScene.pinchRange)
    private var pinchAnchor: (anchor: GridScrollView.Anchor, point: Point)?
    private var time = 0.0
    /// The selected photos by path, so a rescan or a new order keeps them selected.
    private var selectedPaths = SelectionByID()

    init(context: AppContext) {
        photos = context.photos
        shownRevision = photos.revision
        status = ScanStatus(photos: photos)
        grid = GridScrollView(FeedScene.configuration(columns: 1, count: photos.count))
    }

    /// `@State var gridLayout = Array(repeating: .init(.flexible()), count: columns)` and the frame
    /// modifiers above, for one column count.
    static func configuration(columns: Int, count: Int) -> GridScrollView.Configuration {
        GridScrollView.Configuration(LazyVGrid(columns: Array(repeating: GridItem(.flexible()), count: columns), alignment: .center, spacing: 10),
                                     sections: [GridSection(count: count)], sizing: .fill(columns == 1 ? 200 : 100), padding: .all(10))
    }

    /// The chapter's ContentView with the current `gridLayout`, from the configuration that lays the grid out.
    var code: String {
        let c = grid.configuration
        return SwiftCode.lines([
            "@State var gridLayout: [GridItem] = " + SwiftCode.items(c.items),
            "",
            "var body: some View {",
            "    NavigationStack {",
            "        ScrollView {",
            "            \(SwiftCode.gridCall(axis: c.axis, items: "gridLayout", alignment: c.alignment, spacing: c.spacing)) {",
            "                ForEach(samplePhotos.indices, id: \\.self) { index in",
            "                    Image(samplePhotos[index].name)",
            "                        .resizable()",
            "                        .scaledToFill()",
            "                        .frame(minWidth: 0, maxWidth: .infinity)",
            "                        .frame(height: gridLayout.count == 1 ? 200 : 100)",
            "                        .cornerRadius(10)",
            "                        .shadow(color: Color.primary.opacity(0.3), radius: 1)",
            "                }",
            "            }",
        ] + SwiftCode.padding(c.padding).map { "            " + $0 } + [
            "            .animation(.interactiveSpring(), value: gridLayout.count)",
            "        }",
            "        .navigationTitle(\"\(title)\")",
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
            "    }",
            "}",
        ])
    }

    var toolbar: [ToolbarItem] {
        let grid = button(.grid, symbol: "square.grid.2x2", label: "1 → 2 → 3 → 4 columns", key: "g")
        guard !photos.isBundled else { return [grid] }
        return [button(.order, symbol: "calendar", label: "order by capture time (off: by name)", key: "o",
                       isOn: photos.order == .date), grid]
    }

    var help: [HelpEntry] {
        [HelpEntry(keys: "g", action: "one, two, three, four columns"),
         HelpEntry(keys: "Ctrl + wheel, pinch", action: "zoom between 1 and 6 columns"),
         HelpEntry(keys: "Ctrl+= / Ctrl+-", action: "one column fewer / more")]
            + (photos.isBundled ? [] : [HelpEntry(keys: "o", action: "order by name / by capture time")])
    }

    enum Command: String {
        case grid, order
    }

    func perform(_ command: Command, env: AppEnvironment) {
        switch command {
        // `self.gridLayout = Array(repeating: .init(.flexible()), count: self.gridLayout.count % 4 + 1)`
        case .grid: setColumns(columns % 4 + 1)
        case .order: if !photos.isBundled { photos.setOrder(photos.order == .name ? .date : .name) }
        }
    }

    /// Animates to `n` columns with the seed's `.interactiveSpring()`, keeping `anchor` in place
    /// (the photo at the top of the viewport when nil).
    private func setColumns(_ n: Int, anchor: GridScrollView.Anchor? = nil) {
        // A key or button during a pinch ends the pinch: the blend gives way to this change.
        if pinch.isActive { _ = pinch.end(); pinchAnchor = nil }
        columns = min(max(n, FeedScene.pinchRange.lowerBound), FeedScene.pinchRange.upperBound)
        grid.setConfiguration(FeedScene.configuration(columns: columns, count: photos.count), animation: .interactiveSpring, anchor: anchor)
    }

    func update(frame: Rect, env: AppEnvironment) -> Bool {
        time = env.time
        // Photos found since the last frame join the grid (not mid-pinch: the blend holds its counts).
        if photos.revision != shownRevision, !pinch.isActive {
            shownRevision = photos.revision
            var c = grid.configuration
            c.sections = [GridSection(count: photos.count)]
            grid.configuration = c
            if !grid.selection.isEmpty || grid.selection.focus != nil {
                var at: [String: Int] = [:]
                for (i, id) in photos.ids.enumerated() { at[id] = i }
                grid.selection = selectedPaths.restore { at[$0] }
            }
        }
        selectedPaths.remember(grid.selection) { [photos] in photos.id(at: $0) }
        var moving = grid.update(frame: frame, time: env.time)
        // A wheel gesture has no end event: keep frames coming until it times out, then settle from
        // here (the grid has reached this frame's time, so the settle starts now, not a frame ago).
        if pinch.wheelEnded(at: env.time) {
            endPinch()
            moving = grid.update(frame: frame, time: env.time)
        }
        return moving || pinch.isActive || status.update(at: env.time)
    }

    func handleKey(_ key: Key, _ modifiers: KeyModifiers, env: AppEnvironment) -> Bool {
        if modifiers.contains(.control) {
            switch key {
            case .character("="), .character("+"): setColumns(columns - 1)
            case .character("-"): setColumns(columns + 1)
            default: return gridKey(key, modifiers)
            }
            return true
        }
        if key == .character("g") { perform(.grid, env: env); return true }
        if key == .character("o"), !photos.isBundled { perform(.order, env: env); return true }
        return gridKey(key, modifiers)
    }

    func handlePointer(_ event: PointerEvent, env: AppEnvironment) {
        switch event {
        case let .wheel(_, dy, _, at, mods) where mods.contains(.control):
            guard grid.frame.contains(at) else { return }
            beginPinchIfNeeded(at: at)
            pinch.wheel(dy: dy, from: columns, at: env.time)
            applyPinch()
        case let .pinch(scale, at):
            guard pinch.isActive || grid.frame.contains(at) else { return }
            beginPinchIfNeeded(at: at)
            pinch.pinch(scale: scale, from: columns, at: env.time)
            applyPinch()
        case .pinchEnded:
            endPinch()
        default:
            grid.handleSelectingPointer(event)
        }
    }

    // MARK: - Pinch

    private func beginPinchIfNeeded(at p: Point) {
        guard !pinch.isActive else { return }
        pinchAnchor = grid.anchor(at: p).map { ($0, p) }
    }

    private func applyPinch() {
        guard let b = pinch.bracket, let a = pinchAnchor else { return }
        grid.setBlend(from: FeedScene.configuration(columns: b.lower, count: photos.count),
                      to: FeedScene.configuration(columns: b.upper, count: photos.count),
                      fraction: b.fraction, anchor: a.anchor, at: a.point)
    }

    /// The gesture ended: spring to the nearest whole count, the photo under the pointer staying put.
    private func endPinch() {
        guard let n = pinch.end() else { return }
        let anchor = pinchAnchor?.anchor
        pinchAnchor = nil
        setColumns(n, anchor: anchor)
    }

    var photoCells: PhotoCells? {
        grid.photoCells(count: photos.count, path: { [photos] in photos.path(at: $0) }, name: { [photos] in photos.id(at: $0) }, cornerRadius: 10)
    }

    // MARK: - Drawing and state

    func draw(_ list: inout DrawList, env: AppEnvironment) {
        let shadow = env.color(.primary).opacity(0.3)
        for item in grid.itemsToDraw() {
            let r = item.frame
            guard let path = photos.path(at: item.index) else { continue }
            list.shadow(r, cornerRadius: 10, radius: 1, color: shadow, beneathOpaque: true)
            list.image(path, in: r, cornerRadius: 10, priority: grid.priority(of: r))
            // A growing photo decodes once, at the size it grows to; until then the smaller one serves.
            if grid.isTransitioning, let end = grid.windowFrame(of: item.index), end.width > r.width || end.height > r.height {
                list.prefetch(path, in: end, priority: grid.priority(of: r))
            }
        }
        grid.drawSelection(&list, env: env, cornerRadius: 10)
        grid.drawFocusRing(&list, env: env, cornerRadius: 10)
        grid.drawScrollbar(&list, env: env)
        status.draw(&list, in: grid.frame, env: env)
    }

    func state(env: AppEnvironment) -> [(String, JSON)] {
        grid.stateEntries(id: { [photos] in photos.id(at: $0) })
            + [("feed", .object([("columns", .number(Double(columns))), ("pinch", pinch.columns.map(JSON.number) ?? .null)])),
               ("library", photos.stateJSON)]
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
        if let n = state.selections(counts: [FeedScene.pinchRange.upperBound + 1])?.first, FeedScene.pinchRange.contains(n) {
            columns = n
            grid.configuration = FeedScene.configuration(columns: n, count: photos.count)
        }
        grid.restoreAnchor(state.anchor)
    }
}
