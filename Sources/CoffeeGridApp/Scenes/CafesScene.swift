import GridCore
import Stage

/// `cafes` — seed 000, "使用多個網格構建網格佈局": the chapter's MultiGridView, grids inside a grid.
///
///     LazyVGrid(columns: gridLayout, alignment: .center, spacing: 10) {
///         ForEach(sampleCafes) { cafe in
///             Image(cafe.image).resizable().scaledToFill()
///                 .frame(minWidth: 0, maxWidth: .infinity).frame(maxHeight: 150)
///                 .cornerRadius(10).shadow(color: .primary.opacity(0.3), radius: 1)
///             LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))]) { … }   // NestedGrid
///                 .frame(minHeight: 0, maxHeight: .infinity, alignment: .top)
///                 .animation(.easeIn, value: gridLayout.count)
///         }
///     }
///     .padding(.all, 10)
///     .animation(.interactiveSpring(), value: gridLayout.count)
///     .onChange(of: verticalSizeClass) { gridLayout = [GridItem(.adaptive(minimum: …)), GridItem(.flexible())] }
///
/// Two outer items per cafe: its photo, then its coffee photos. With
/// `[GridItem(.adaptive(minimum: 100)), GridItem(.flexible())]` they pair up side by side.
///
/// The chapter's exercises are the toolbar: show/hide the coffee photos, one or two columns.
/// The exercise opens an iPhone in portrait on one column with the coffee photos hidden; this
/// scene opens, in every window, on the chapter's main figure (two columns, coffee photos shown),
/// as the issue asks, and the two buttons reach the exercise's layouts.
final class CafesScene: Scene {
    let name = "cafes"
    /// The chapter titles this screen "Coffee Feed" too, because there MultiGridView replaces
    /// ContentView as the app's only screen. Here both screens live side by side, and the large
    /// title is what tells a reader which one they are looking at, so this one is named for its cafes.
    let title = "Cafes"

    let cafes: [Cafe]
    /// Each cafe photo's height per point of width, from its file header (3:4 when unknown).
    let aspects: [Double]

    private(set) var coffeeVisible = true
    private(set) var twoColumns = true
    let grid: GridScrollView

    private var nested: [Int: NestedGrid] = [:]
    private var animateNested = false
    private var sizeClassChanged = false
    /// Opacity of the coffee photos: fades them in when shown and the removed ones out when hidden.
    private var coffeeOpacity = AnimatedValue(1)
    /// Coffee grids that were on screen when hidden, fading out where they were (cafe, window frame).
    private var ghosts: [(cafe: Int, frame: Rect)] = []
    private var time = 0.0

    init(context: AppContext) {
        cafes = Cafe.samples(seed: context.options.seed)
        aspects = cafes.map { cafe in
            let size = ImagePipeline.pixelSize(ofFile: PhotoLibrary.shared.path(cafe.image, in: context.resources))
            return size.map { $0.height / $0.width } ?? 0.75
        }
        grid = GridScrollView(GridScrollView.Configuration())
    }

    // MARK: - Layout

    /// The adaptive minimum of the cafe column for these size classes, at grid width `extent`.
    ///
    /// The adaptive item gets half of what the spacing leaves, `share = (extent − 8) / 2`, and
    /// splits into `⌊(share + 8) / (minimum + 8)⌋` tracks. At 100 it splits once share reaches
    /// 208 pt, a grid 424 pt wide: fine for a phone in portrait (370 pt), wrong for the same phone
    /// turned to landscape (824 pt: three cafe tracks, and photos and coffee no longer pair up),
    /// and wrong for an iPad (1024×1366, beside the sidebar: 784 pt). So the seed's text gives
    /// 250 to a vertically compact window, and the exercise needs it for a regular width too:
    /// 100 only where the window is compact × regular. 250 holds one track up to a 1023-pt grid;
    /// wider windows than the chapter's devices step the minimum up by 50 until it holds again.
    static func cafeMinimum(_ classes: SizeClasses, extent: Double) -> Double {
        var minimum = classes.horizontal == .compact && classes.vertical == .regular ? 100.0 : 250.0
        guard extent.isFinite, extent > 0 else { return minimum }
        while GridTracks(items: [GridItem(.adaptive(minimum: minimum)), GridItem(.flexible())], extent: extent).tracks.count > 2 {
            minimum += 50
        }
        return minimum
    }

    /// The outer `gridLayout`: cafe photo and coffee photos side by side, or one column.
    func columns(_ classes: SizeClasses, extent: Double) -> [GridItem] {
        twoColumns ? [GridItem(.adaptive(minimum: CafesScene.cafeMinimum(classes, extent: extent))), GridItem(.flexible())] : [GridItem()]
    }

    /// A `scaledToFill` photo as wide as its track is as tall as its aspect makes it, up to 150.
    static func photoHeight(aspect: Double, width: Double) -> Double { min(width * aspect, 150) }

    func configuration(_ classes: SizeClasses, extent: Double) -> GridScrollView.Configuration {
        let aspects = self.aspects, counts = cafes.map(\.coffeePhotos.count), visible = coffeeVisible
        // The nested grid is as tall as its rows at its track's width, and fills its row
        // (`maxHeight: .infinity`) so its photos start at the top; a cafe photo is centred in its
        // row at its own height (drawn so below).
        let sizing = ItemSizing(cross: .fill, main: .perItem { i, width in
            guard visible else { return CafesScene.photoHeight(aspect: aspects[i], width: width) }
            return i % 2 == 0 ? CafesScene.photoHeight(aspect: aspects[i / 2], width: width)
                              : NestedGrid.height(count: counts[i / 2], width: width)
        }, fillsRow: true)
        return GridScrollView.Configuration(axis: .vertical, items: columns(classes, extent: extent), alignment: 0.5, spacing: 10,
                                            sections: [GridSection(count: visible ? cafes.count * 2 : cafes.count)],
                                            sizing: sizing, padding: .all(10))
    }

    /// Which cafe item `index` shows, and whether it is the coffee grid.
    func item(_ index: Int) -> (cafe: Int, isCoffee: Bool) {
        coffeeVisible ? (index / 2, index % 2 == 1) : (index, false)
    }

    // MARK: - Code

    /// MultiGridView with the current `gridLayout`, from the configuration that lays the grid out.
    var code: String {
        let c = grid.configuration
        let nested = NestedGrid.grid
        let coffee = [
            "\(SwiftCode.gridCall(axis: .vertical, items: SwiftCode.items(nested.columns))) {",
            "    ForEach(cafe.coffeePhotos) { photo in",
            "        Image(photo.name)",
            "            .resizable()",
            "            .scaledToFill()",
            "            .frame(minWidth: 0, maxWidth: .infinity)",
            "            .frame(height: \(formatPoints(NestedGrid.photoHeight)))",
            "            .cornerRadius(10)",
            "    }",
            "}",
            ".frame(minHeight: 0, maxHeight: .infinity, alignment: .top)",
            ".animation(.easeIn, value: gridLayout.count)",
        ]
        return SwiftCode.lines([
            "@State var gridLayout = " + SwiftCode.items(c.items),
            "@State var showCoffee = \(coffeeVisible)",
            "@Environment(\\.verticalSizeClass) var verticalSizeClass: UserInterfaceSizeClass?",
            "",
            "var body: some View {",
            "    NavigationStack {",
            "        ScrollView {",
            "            \(SwiftCode.gridCall(axis: c.axis, items: "gridLayout", alignment: c.alignment, spacing: c.spacing)) {",
            "                ForEach(sampleCafes) { cafe in",
            "                    Image(cafe.image)",
            "                        .resizable()",
            "                        .scaledToFill()",
            "                        .frame(minWidth: 0, maxWidth: .infinity)",
            "                        .frame(maxHeight: 150)",
            "                        .cornerRadius(10)",
            "                        .shadow(color: .primary.opacity(0.3), radius: 1)",
            "",
            "                    if showCoffee {",
        ] + coffee.map { "                        " + $0 } + [
            "                    }",
            "                }",
            "            }",
        ] + SwiftCode.padding(c.padding).map { "            " + $0 } + [
            "            .animation(.interactiveSpring(), value: gridLayout.count)",
            "        }",
            "        .navigationTitle(\"\(title)\")",
            "    }",
            "}",
        ])
    }

    // MARK: - Toolbar

    var toolbar: [ToolbarItem] {
        [ToolbarItem(id: "coffee", symbol: coffeeVisible ? "eye" : "eye.slash", label: "show / hide the coffee photos", key: "h", isOn: coffeeVisible),
         ToolbarItem(id: "columns", symbol: "rectangle.grid.1x2", label: "one / two columns", key: "g", isOn: !twoColumns)]
    }

    var help: [HelpEntry] {
        [HelpEntry(keys: "h", action: "show or hide each cafe's coffee photos"),
         HelpEntry(keys: "g", action: "one column or two (cafe and coffee side by side)"),
         HelpEntry(keys: "resize", action: "landscape (under 500 pt high) widens the cafe column")]
    }

    func perform(_ action: String, env: AppEnvironment) {
        switch action {
        case "coffee": toggleCoffee(env)
        case "columns":
            twoColumns.toggle()
            relayout(env, mapping: nil)
        default: break
        }
    }

    @discardableResult
    private func relayout(_ env: AppEnvironment, mapping: GridScrollView.IndexMapping?) -> [PlacedItem] {
        animateNested = true
        return grid.setConfiguration(configuration(env.sizeClasses, extent: grid.gridExtent), animation: .interactiveSpring, mapping: mapping)
    }

    /// Hidden coffee grids leave the outer grid (so cafes alone can pair up two by two); cafes keep
    /// their identity across the change and move, coffee grids fade in or out in place.
    private func toggleCoffee(_ env: AppEnvironment) {
        coffeeVisible.toggle()
        let mapping = coffeeVisible
            ? GridScrollView.IndexMapping(newIndex: { $0 * 2 }, oldIndex: { $0 % 2 == 0 ? $0 / 2 : nil })
            : GridScrollView.IndexMapping(newIndex: { $0 % 2 == 0 ? $0 / 2 : nil }, oldIndex: { $0 * 2 })
        let removed = relayout(env, mapping: mapping)
        ghosts = coffeeVisible ? [] : removed.map { ($0.index / 2, $0.frame) }
        coffeeOpacity.set(coffeeVisible ? 1 : 0, animation: .easeIn, at: time)
    }

    func sizeClassesChanged(from old: SizeClasses, to new: SizeClasses, env: AppEnvironment) {
        // The window has its new size but the grid has not seen it yet: animate on the next update,
        // from where everything was drawn to the new layout in the new viewport.
        sizeClassChanged = true
    }

    // MARK: - Frame

    func update(frame: Rect, env: AppEnvironment) -> Bool {
        time = env.time
        let target = configuration(env.sizeClasses, extent: max(0, frame.width - 20))
        if sizeClassChanged {
            sizeClassChanged = false
            animateNested = true
            grid.setConfiguration(target, animation: .interactiveSpring, resizingTo: frame)
        } else if target.items != grid.configuration.items || target.sections != grid.configuration.sections {
            // First frame, a size class that changed while another scene was showing, or a minimum
            // stepped up in a live resize (same tracks): no animation.
            grid.configuration = target
        }
        var moving = grid.update(frame: frame, time: env.time)
        layoutNestedGrids()
        if !coffeeVisible, !coffeeOpacity.isAnimating(at: env.time) { ghosts = [] }
        moving = moving || coffeeOpacity.isAnimating(at: env.time) || nested.values.contains { $0.isAnimating(at: env.time) }
        return moving
    }

    /// Each coffee grid about to be drawn is laid out at its cell's final width: with the nested
    /// grid's `.easeIn` when the outer layout just changed, at once when it first appears or the
    /// window is being resized.
    private func layoutNestedGrids() {
        defer { animateNested = false }
        guard coffeeVisible else { return }
        for item in grid.itemsToDraw() where item.index % 2 == 1 {
            let k = item.index / 2
            guard let width = grid.layout.frame(of: item.index)?.width else { continue }
            var n = nested[k] ?? NestedGrid(count: cafes[k].coffeePhotos.count)
            n.layout(width: width, animation: nested[k] != nil && animateNested ? MotionPolicy.resolve(.easeIn) : nil, at: time)
            nested[k] = n
        }
    }

    // MARK: - Input

    func handleKey(_ key: Key, _ modifiers: KeyModifiers, env: AppEnvironment) -> Bool {
        guard modifiers.isEmpty || modifiers == .shift else { return false }
        switch key {
        case .character("h"): perform("coffee", env: env)
        case .character("g"): perform("columns", env: env)
        default: return grid.handleScrollKey(key, modifiers)
        }
        return true
    }

    func handlePointer(_ event: PointerEvent, env: AppEnvironment) {
        var background = false
        _ = grid.handlePointer(event, clickedBackground: &background)
    }

    // MARK: - Drawing

    func draw(_ list: inout DrawList, env: AppEnvironment) {
        let fade = coffeeOpacity.value(at: env.time)
        // Coffee grids fading out lie under the cafes moving into their places.
        if !coffeeVisible, fade > 0 {
            list.opacity(fade) { list in for g in ghosts { drawCoffee(g.cafe, in: g.frame, &list, env: env) } }
        }
        for placed in grid.itemsToDraw() {
            let (k, isCoffee) = item(placed.index)
            if isCoffee {
                list.opacity(fade) { drawCoffee(k, in: placed.frame, &$0, env: env) }
            } else {
                drawCafe(k, in: placed.frame, &list, env: env)
            }
        }
        grid.drawScrollbar(&list, env: env)
    }

    /// The cafe photo, centred in its row at its own height (a row is as tall as its tallest cell).
    private func drawCafe(_ k: Int, in cell: Rect, _ list: inout DrawList, env: AppEnvironment) {
        let h = min(cell.height, CafesScene.photoHeight(aspect: aspects[k], width: cell.width))
        let r = Rect(x: cell.minX, y: cell.midY - h / 2, width: cell.width, height: h)
        list.shadow(r, cornerRadius: 10, radius: 1, color: env.color(.primary).opacity(0.3), beneathOpaque: true)
        list.image(env.photoPath(cafes[k].image), in: r, cornerRadius: 10, priority: grid.priority(of: r))
    }

    /// The coffee photos, from the top of their cell.
    private func drawCoffee(_ k: Int, in cell: Rect, _ list: inout DrawList, env: AppEnvironment) {
        guard let n = nested[k] else { return }
        for (j, f) in n.frames(at: env.time).enumerated() {
            let r = f.offsetBy(dx: cell.minX, dy: cell.minY)
            list.image(env.photoPath(cafes[k].coffeePhotos[j]), in: r, cornerRadius: 10, priority: grid.priority(of: r))
        }
    }

    // MARK: - State

    func state(env: AppEnvironment) -> [(String, JSON)] {
        let ids = grid.stateEntries(id: { [self] i in
            let (k, isCoffee) = item(i)
            guard cafes.indices.contains(k) else { return nil }
            return isCoffee ? cafes[k].image + "/coffee" : cafes[k].image
        })
        return ids + [("cafes", .object([
            ("columns", .array(grid.configuration.items.map { .string($0.size.description) })),
            ("coffeeVisible", .bool(coffeeVisible)),
            ("twoColumns", .bool(twoColumns)),
            ("photoCounts", .array(cafes.map { .number(Double($0.coffeePhotos.count)) })),
        ]))]
    }

    var inspector: InspectorModel? { grid.inspectorModel }
}

// MARK: - Restorable state: the two exercise toggles and the grid item at the top.
extension CafesScene {
    var restorableState: RestorableState {
        RestorableState(selections: [coffeeVisible ? 1 : 0, twoColumns ? 1 : 0], anchor: grid.anchorItem)
    }

    func restore(_ state: RestorableState) {
        if let s = state.selections(counts: [2, 2]) {
            coffeeVisible = s[0] == 1
            twoColumns = s[1] == 1
            coffeeOpacity = AnimatedValue(coffeeVisible ? 1 : 0)
        }
        grid.restoreAnchor(state.anchor)
    }
}
