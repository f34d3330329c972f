import GridCore
import GridMotion
import SystemIO
import StageInterface

/// `cafes` — seed 000, "使用多個網格構建網格佈局": the chapter's MultiGridView, grids inside a grid,
/// and the chapter's exercise (練習), one picker apart.
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
///
/// Two outer items per cafe: its photo, then its coffee photos.
///
/// **Exercise** (the default), as the chapter's text defines it: on first launch an iPhone in
/// portrait shows only the cafe photos, in one column; an iPad-sized or landscape window shows two
/// columns. One toolbar button shows or hides the coffee photos (hidden by default), another switches
/// between one and two columns; each button's icon shows its state. A rotation starts again from
/// the new window's default.
///
/// **Chapter**: the chapter's final demo, cafe and coffee side by side in
/// `[GridItem(.adaptive(minimum: 100)), GridItem(.flexible())]`, with its `.onChange(of: verticalSizeClass)`.
/// The chapter's code writes `verticalSizeClass == .compact ? 100 : 250` while its text gives a
/// landscape (vertically compact) iPhone 250; the scene follows the text and says so on screen. An
/// iPad-sized window keeps 100 and splits the cafe column, which is the problem the exercise's first
/// part asks the reader to fix.
final class CafesScene: CommandScene, GridScene {
    enum Mode: Int, CaseIterable {
        case chapter, exercise
        var label: String { self == .chapter ? "Chapter" : "Exercise" }
    }

    /// Its place in the scene switcher, and the variants `make screenshots` and the goldens picture.
    static let entry = SceneCatalog.Entry(name: "cafes", label: "Cafes", symbol: "rectangle.grid.1x2", make: { CafesScene(context: $0) },
        needs: [.bundledPhotoSizes],
        shots: [("", []), ("-coffee", ["key h"]), ("-columns", ["key g"]), ("-coffee-columns", ["key h", "key g"]),
                ("-chapter", ["key e"])])
    /// The chapter titles this screen "Coffee Feed" too, because there MultiGridView replaces
    /// ContentView as the app's only screen. Here both screens live side by side, and the large
    /// title is what tells a reader which one they are looking at, so this one is named for its cafes.
    let title = "Cafes"

    let cafes: [Cafe]
    /// Each cafe photo's height per point of width, from its file header (3:4 when unknown).
    let aspects: [Double]

    private(set) var mode = Mode.exercise
    /// The exercise's `showCoffee`: hidden on first launch.
    private(set) var showCoffee = false
    /// The exercise's column count when the reader chose one; nil follows the window's default.
    private var chosenColumns: Int?
    private var classes = SizeClasses(windowSize: Size(width: 390, height: 844))
    let grid: GridScrollView

    private var picker = SegmentedControl(options: Mode.allCases.map(\.label), selection: Mode.exercise.rawValue)
    private var hoveredSegment: Int?
    private(set) var pickerFrame = Rect.zero
    private(set) var noteFrame = Rect.zero

    private var nested: [Int: NestedGrid] = [:]
    /// Each coffee grid's own selection, by cafe: a click in a nested grid selects in that grid.
    private(set) var coffeeSelection: [Int: GridSelection] = [:]
    /// A coffee photo double-clicked (cafe, photo), until the app takes it; and the cafe whose
    /// coffee grid the viewer last opened from (nil: the cafe photos).
    private var coffeeOpenRequest: (cafe: Int, photo: Int)?
    private var openedCoffee: Int?
    private var animateNested = false
    private var sizeClassChanged = false
    /// Opacity of the coffee photos: fades them in when shown and the removed ones out when hidden.
    private var coffeeOpacity = AnimatedValue(1)
    /// Coffee grids that were on screen when hidden, fading out where they were (cafe, window frame).
    private var ghosts: [(cafe: Int, frame: Rect)] = []
    private var time = 0.0

    private let resources: ResourceLocator

    init(context: AppContext) {
        resources = context.resources
        cafes = Cafe.samples(seed: context.options.seed)
        aspects = cafes.map { cafe in context.services.bundledAspects[cafe.image].map { 1 / $0 } ?? 0.75 }
        grid = GridScrollView(GridScrollView.Configuration())
        coffeeOpacity = AnimatedValue(coffeeVisible ? 1 : 0)
        // The outer grid selects cafes; a coffee grid's cell is not an item, its photos are.
        grid.isSelectable = { [unowned self] in !self.item($0).isCoffee }
    }

    /// What is on screen: the chapter always shows the coffee photos, the exercise when asked.
    var coffeeVisible: Bool { mode == .chapter || showCoffee }

    // MARK: - Layout

    /// The chapter's adaptive minimum of the cafe column, by its text: 250 in a vertically compact
    /// (landscape) window, else 100.
    static func chapterMinimum(_ classes: SizeClasses) -> Double { classes.vertical == .compact ? 250 : 100 }

    /// The exercise's default: one column on an iPhone in portrait, two on an iPad or in landscape.
    static func exerciseColumns(_ classes: SizeClasses) -> Int {
        classes.horizontal == .regular || classes.vertical == .compact ? 2 : 1
    }

    var exerciseColumnCount: Int { chosenColumns ?? CafesScene.exerciseColumns(classes) }

    /// The outer `gridLayout`.
    func columns(_ classes: SizeClasses) -> [GridItem] {
        switch mode {
        case .chapter: return [GridItem(.adaptive(minimum: CafesScene.chapterMinimum(classes))), GridItem(.flexible())]
        case .exercise: return Array(repeating: GridItem(.flexible()), count: exerciseColumnCount)
        }
    }

    /// A `scaledToFill` photo as wide as its track is as tall as its aspect makes it, up to 150.
    static func photoHeight(aspect: Double, width: Double) -> Double { min(width * aspect, 150) }

    func configuration(_ classes: SizeClasses, note: Double = 0) -> GridScrollView.Configuration {
        let aspects = self.aspects, counts = cafes.map(\.coffeePhotos.count), visible = coffeeVisible
        // The nested grid is as tall as its rows at its track's width, and fills its row
        // (`maxHeight: .infinity`) so its photos start at the top; a cafe photo is centred in its
        // row at its own height (drawn so below).
        let sizing = ItemSizing(cross: .fill, main: .perItem { i, width in
            guard visible else { return CafesScene.photoHeight(aspect: aspects[i], width: width) }
            return i % 2 == 0 ? CafesScene.photoHeight(aspect: aspects[i / 2], width: width)
                              : NestedGrid.height(count: counts[i / 2], width: width)
        }, fillsRow: true)
        // `LazyVGrid(columns: gridLayout, alignment: .center, spacing: 10) { … }.padding(.all, 10)`
        var c = GridScrollView.Configuration(LazyVGrid(columns: columns(classes), alignment: .center, spacing: 10),
                                             sections: [GridSection(count: visible ? cafes.count * 2 : cafes.count)],
                                             sizing: sizing, padding: .all(10))
        // The chapter's note on its code and text scrolls with the cafes, above the first row.
        c.leadingContent = note
        return c
    }

    /// The note's height in the scroll view, with the gap under it (0 in the exercise).
    private var noteLength: Double { mode == .chapter ? noteFrame.height + 4 : 0 }

    /// Which cafe item `index` shows, and whether it is the coffee grid.
    func item(_ index: Int) -> (cafe: Int, isCoffee: Bool) {
        coffeeVisible ? (index / 2, index % 2 == 1) : (index, false)
    }

    /// What the chapter's code and text say about landscape, shown under the picker in the chapter.
    static let landscapeNote = "The chapter's code writes verticalSizeClass == .compact ? 100 : 250, "
        + "but its text gives a landscape iPhone (compact height) 250. This scene follows the text: "
        + "250 in landscape, 100 otherwise."

    // MARK: - Toolbar

    var toolbar: [ToolbarItem] {
        guard mode == .exercise else { return [] }
        let two = exerciseColumnCount == 2
        return [button(.coffee, symbol: showCoffee ? "eye" : "eye.slash",
                       label: showCoffee ? "hide the coffee photos" : "show the coffee photos", key: "h", isOn: showCoffee),
                button(.columns, symbol: two ? "rectangle.split.2x1" : "rectangle.grid.1x2",
                       label: two ? "one column (two now)" : "two columns (one now)", key: "g")]
    }

    var help: [HelpEntry] {
        [HelpEntry(keys: "e", action: "the chapter's demo or its exercise"),
         HelpEntry(keys: "h (exercise)", action: "show or hide each cafe's coffee photos"),
         HelpEntry(keys: "g (exercise)", action: "one column or two"),
         HelpEntry(keys: "resize", action: "under 500 pt high is landscape; 700 × 500 pt and larger is iPad-sized")]
    }

    /// The exercise's two buttons (and their keys), and the chapter/exercise picker.
    enum Command: String {
        case coffee, columns, mode
    }

    func perform(_ command: Command, env: AppEnvironment) {
        switch command {
        case .coffee where mode == .exercise:
            showCoffee.toggle()
            changeCoffee(env, wasVisible: !showCoffee)
        case .columns where mode == .exercise:
            chosenColumns = exerciseColumnCount == 1 ? 2 : 1
            relayout(env, mapping: nil)
        case .mode:
            let was = coffeeVisible
            mode = mode == .chapter ? .exercise : .chapter
            picker.selection = mode.rawValue
            if coffeeVisible != was { changeCoffee(env, wasVisible: was) } else { relayout(env, mapping: nil) }
        case .coffee, .columns: break
        }
    }

    @discardableResult
    private func relayout(_ env: AppEnvironment, mapping: GridScrollView.IndexMapping?) -> [PlacedItem] {
        animateNested = true
        if mode == .chapter { noteFrame = noteSize(width: grid.frame.width) }
        return grid.setConfiguration(configuration(env.sizeClasses, note: noteLength), animation: .interactiveSpring, mapping: mapping)
    }

    /// Hidden coffee grids leave the outer grid (so cafes alone can pair up two by two); cafes keep
    /// their identity across the change and move, coffee grids fade in or out in place.
    private func changeCoffee(_ env: AppEnvironment, wasVisible: Bool) {
        let mapping = coffeeVisible
            ? GridScrollView.IndexMapping(newIndex: { $0 * 2 }, oldIndex: { $0 % 2 == 0 ? $0 / 2 : nil })
            : GridScrollView.IndexMapping(newIndex: { $0 % 2 == 0 ? $0 / 2 : nil }, oldIndex: { $0 * 2 })
        grid.selection = grid.selection.remapped(mapping.newIndex)
        let removed = relayout(env, mapping: mapping)
        ghosts = coffeeVisible ? [] : removed.map { ($0.index / 2, $0.frame) }
        coffeeOpacity.set(coffeeVisible ? 1 : 0, animation: .easeIn, at: time)
    }

    func sizeClassesChanged(from old: SizeClasses, to new: SizeClasses, env: AppEnvironment) {
        // A rotation starts the exercise again from the new window's default. The window has its new
        // size but the grid has not seen it yet: animate on the next update, from where everything
        // was drawn to the new layout in the new viewport.
        chosenColumns = nil
        sizeClassChanged = true
    }

    // MARK: - Frame

    func advance(frame: Rect, env: AppEnvironment) -> Bool {
        time = env.time
        classes = env.sizeClasses
        pickerFrame = Rect(x: frame.minX + 12, y: frame.minY + 4, width: min(260, max(0, frame.width - 24)), height: SegmentedControl.height)
        let top = pickerFrame.maxY + 6
        let gridFrame = Rect(x: frame.minX, y: top, width: frame.width, height: max(0, frame.maxY - top))
        noteFrame = mode == .chapter ? noteSize(width: frame.width) : .zero
        let target = configuration(env.sizeClasses, note: noteLength)
        if sizeClassChanged {
            sizeClassChanged = false
            animateNested = true
            grid.setConfiguration(target, animation: .interactiveSpring, resizingTo: gridFrame)
        } else if target.items != grid.configuration.items || target.sections != grid.configuration.sections {
            // First frame, or a size class that changed while another scene was showing: no animation.
            grid.configuration = target
        } else if target.leadingContent != grid.configuration.leadingContent {
            // The note rewrapped at a new width: the cafes below it keep their places.
            grid.configuration.leadingContent = target.leadingContent
        }
        var moving = grid.update(frame: gridFrame, time: env.time, scale: env.scale)
        layoutNestedGrids()
        if !coffeeVisible, !coffeeOpacity.isAnimating(at: env.time) { ghosts = [] }
        moving = moving || coffeeOpacity.isAnimating(at: env.time) || nested.values.contains { $0.isAnimating(at: env.time) }
        return moving
    }

    /// The landscape note, wrapped whole (never cut) at the footnote size.
    func noteText(width: Double) -> [String] {
        TextWrap.lines(CafesScene.landscapeNote, width: width, fontSize: 13, maxLines: 12)
    }

    /// The note's size in a scroll view `width` wide (its position is the scroll content's top).
    private func noteSize(width: Double) -> Rect {
        Rect(x: 0, y: 0, width: max(0, width - 24), height: Double(noteText(width: width - 24).count) * 16)
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
        guard modifiers.isEmpty || modifiers == .shift else { return gridKey(key, modifiers) }
        switch key {
        case .character("h"): perform(.coffee, env: env)
        case .character("g"): perform(.columns, env: env)
        case .character("e"): perform(.mode, env: env)
        case .escape:
            let had = coffeeSelection.values.contains { !$0.isEmpty }
            coffeeSelection = [:]
            return gridKey(key, modifiers) || had
        default: return gridKey(key, modifiers)
        }
        return true
    }

    func handlePointer(_ event: PointerEvent, env: AppEnvironment) {
        switch picker.pointer(event, in: pickerFrame, hovered: &hoveredSegment) {
        case .chose(let s): if s != mode.rawValue { perform(.mode, env: env) }
        case .consumed: break
        case .passed:
            let gesture = grid.handlePointer(event)
            // A click on a coffee grid selects among its photos, by the same rules; elsewhere the
            // outer grid's selection of cafes.
            if case let .clicked(i, press) = gesture, case .up(let p) = event, item(i).isCoffee {
                clickCoffee(cafe: item(i).cafe, at: p, press)
                return
            }
            if case .background(let press) = gesture, !press.modifiers.contains(.control) { coffeeSelection = [:] }
            grid.select(for: gesture)
        }
    }

    /// A click in cafe `k`'s coffee grid: on a photo it selects there as a click does in any grid;
    /// between its photos it clears that grid's selection.
    private func clickCoffee(cafe k: Int, at p: Point, _ press: MousePress) {
        guard let cell = grid.drawnFrame(of: 2 * k + 1), let n = nested[k] else { return }
        var s = coffeeSelection[k] ?? GridSelection()
        if let j = n.frames(at: time).firstIndex(where: { $0.offsetBy(dx: cell.minX, dy: cell.minY).contains(p) }) {
            switch (press.modifiers.contains(.control), press.modifiers.contains(.shift)) {
            case (false, false): s.select(j)
            case (true, false): s.toggle(j)
            case (_, true): s.extend(to: j, adding: press.modifiers.contains(.control))
            }
            // A plain click selects one photo in the whole scene, as everywhere else; a double-click opens it.
            if press.modifiers.isEmpty {
                coffeeSelection = [:]
                grid.selection.removeAll()
                if press.clicks >= 2 { coffeeOpenRequest = (k, j) }
            }
        } else if !press.modifiers.contains(.control) {
            s.removeAll()
        }
        coffeeSelection[k] = s
    }

    /// The outer grid's item of cafe `k`'s photo.
    func itemIndex(ofCafe k: Int) -> Int { coffeeVisible ? 2 * k : k }

    /// The cafe photos open full-window (a double-click or Return on one), and so do a coffee
    /// grid's (a double-click on one).
    func takeOpenRequest() -> Int? {
        if let c = coffeeOpenRequest {
            coffeeOpenRequest = nil
            openedCoffee = c.cafe
            return c.photo
        }
        guard let i = grid.takeActivated() else { return nil }
        let (k, isCoffee) = item(i)
        openedCoffee = nil
        return isCoffee ? nil : k
    }

    /// The photos the last open request was for: a cafe's coffee grid after a double-click in it,
    /// else the cafe photos.
    var photoCells: PhotoCells? {
        if let k = openedCoffee, cafes.indices.contains(k) { return coffeeCells(cafe: k) }
        return PhotoCells(count: cafes.count,
                   path: { [cafes, resources] k in cafes.indices.contains(k) ? BundledPhotos.shared.path(cafes[k].image, in: resources) : nil },
                   name: { [cafes] k in cafes.indices.contains(k) ? cafes[k].image : nil },
                   frame: { [weak self] k in
                       guard let s = self, s.cafes.indices.contains(k), let cell = s.grid.drawnFrame(of: s.itemIndex(ofCafe: k)) else { return nil }
                       let r = s.cafePhotoFrame(k, in: cell)
                       return r.intersects(s.grid.frame) ? r : nil
                   },
                   reveal: { [weak self] k in
                       guard let s = self else { return }
                       s.grid.scrollTo(s.itemIndex(ofCafe: k), anchor: nil, animation: nil)
                   },
                   cornerRadius: 10)
    }

    /// Cafe `k`'s coffee photos, where its nested grid draws them.
    private func coffeeCells(cafe k: Int) -> PhotoCells {
        let photos = cafes[k].coffeePhotos
        return PhotoCells(count: photos.count,
                          path: { [resources] j in photos.indices.contains(j) ? BundledPhotos.shared.path(photos[j], in: resources) : nil },
                          name: { j in photos.indices.contains(j) ? photos[j] : nil },
                          frame: { [weak self] j in
                              guard let s = self, s.coffeeVisible, let cell = s.grid.drawnFrame(of: 2 * k + 1),
                                    let f = s.nested[k]?.frames(at: s.time).dropFirst(j).first else { return nil }
                              let r = f.offsetBy(dx: cell.minX, dy: cell.minY)
                              return r.intersects(s.grid.frame) ? r : nil
                          },
                          reveal: { [weak self] _ in
                              guard let s = self, s.coffeeVisible else { return }
                              s.grid.scrollTo(2 * k + 1, anchor: nil, animation: nil)
                          },
                          cornerRadius: 10)
    }

    var statusText: String? {
        let coffee = coffeeSelection.values.reduce(0) { $0 + $1.count }
        return SelectionStatus.text(count: grid.selection.count + coffee, total: -1)
    }

    // MARK: - Drawing

    func draw(_ list: inout DrawList, env: AppEnvironment) {
        picker.draw(&list, in: pickerFrame, env: env, hovered: hoveredSegment)
        let fade = coffeeOpacity.value(at: env.time)
        list.clipped(to: grid.frame) { list in
            if mode == .chapter {
                // The top of the scroll content, above the padded grid: it scrolls with the cafes.
                let x = grid.frame.minX + 12, y = grid.layoutOrigin.y - grid.configuration.leadingContent
                for (i, line) in noteText(width: noteFrame.width).enumerated() {
                    list.text(line, Font.footnote, env.color(.secondary), in: Rect(x: x, y: y + Double(i) * 16, width: noteFrame.width, height: 16))
                }
            }
            // Coffee grids fading out lie under the cafes moving into their places.
            if !coffeeVisible, fade > 0 {
                list.opacity(fade) { list in for g in ghosts { drawCoffee(g.cafe, in: g.frame, &list, env: env) } }
            }
            let drawn = grid.itemsToDraw()
            for placed in drawn {
                let (k, isCoffee) = item(placed.index)
                if isCoffee {
                    list.clipped(to: CafesScene.coffeeClip(placed, among: drawn)) { list in
                        list.opacity(fade) { drawCoffee(k, in: placed.frame, &$0, env: env) }
                    }
                } else {
                    drawCafe(k, in: placed.frame, selected: grid.selection.contains(placed.index), &list, env: env)
                }
            }
            if let band = grid.bandFrame { SelectionMarks.drawBand(&list, band, env: env) }
            grid.drawFocusRing(&list, env: env, cornerRadius: 10)
            grid.drawScrollbar(&list, env: env)
        }
    }

    /// Where a coffee grid may draw: its cell, and never past the cells before it (above) or after
    /// it (below) that share its columns. Mid-animation its photos, already laid out for the cell's
    /// final width, can reach beyond the moving cell; they never cover another cafe's row.
    static func coffeeClip(_ cell: PlacedItem, among drawn: [PlacedItem]) -> Rect {
        var top = cell.frame.minY, bottom = cell.frame.maxY
        for other in drawn where other.index != cell.index {
            let r = other.frame
            guard r.maxX > cell.frame.minX, r.minX < cell.frame.maxX else { continue }
            if other.index < cell.index { top = max(top, r.maxY) } else { bottom = min(bottom, r.minY) }
        }
        return Rect(x: cell.frame.minX, y: top, width: cell.frame.width, height: max(0, bottom - top))
    }

    /// The cafe photo, centred in its row at its own height (a row is as tall as its tallest cell).
    private func drawCafe(_ k: Int, in cell: Rect, selected: Bool, _ list: inout DrawList, env: AppEnvironment) {
        let r = cafePhotoFrame(k, in: cell)
        list.shadow(r, cornerRadius: 10, radius: 1, color: env.color(.primary).opacity(0.3), beneathOpaque: true)
        list.image(env.photoPath(cafes[k].image), in: r, cornerRadius: 10, priority: grid.priority(of: r), sampling: grid.imageSampling)
        if selected { SelectionMarks.draw(&list, around: r, cornerRadius: 10, env: env) }
    }

    /// Cafe `k`'s photo in its cell: centred in the row at its own height (a row is as tall as its tallest cell).
    func cafePhotoFrame(_ k: Int, in cell: Rect) -> Rect {
        let h = min(cell.height, CafesScene.photoHeight(aspect: aspects[k], width: cell.width))
        return Rect(x: cell.minX, y: cell.midY - h / 2, width: cell.width, height: h)
    }

    /// The coffee photos, from the top of their cell.
    private func drawCoffee(_ k: Int, in cell: Rect, _ list: inout DrawList, env: AppEnvironment) {
        guard let n = nested[k] else { return }
        let selected = coffeeSelection[k]
        for (j, f) in n.frames(at: env.time).enumerated() {
            let r = f.offsetBy(dx: cell.minX, dy: cell.minY)
            list.image(env.photoPath(cafes[k].coffeePhotos[j]), in: r, cornerRadius: 10, priority: grid.priority(of: r))
            if selected?.contains(j) == true { SelectionMarks.draw(&list, around: r, cornerRadius: 10, env: env) }
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
            ("mode", .string(mode.label)),
            ("columns", .array(grid.configuration.items.map { .string($0.size.description) })),
            ("coffeeVisible", .bool(coffeeVisible)),
            // The exercise's one-or-two-columns toggle (the chapter always has two tracks).
            ("twoColumns", .bool(mode == .chapter || exerciseColumnCount == 2)),
            ("photoCounts", .array(cafes.map { .number(Double($0.coffeePhotos.count)) })),
            ("picker", JSON.rect(pickerFrame)),
            ("note", mode == .chapter ? .string(CafesScene.landscapeNote) : .null),
            // Each coffee grid's selection, by its cafe's photo.
            ("coffeeSelection", .object(coffeeSelection.keys.sorted().compactMap { k in
                guard let s = coffeeSelection[k], !s.isEmpty, cafes.indices.contains(k) else { return nil }
                return (cafes[k].image, SelectionStatus.state(s, id: { [cafes] j in cafes[k].coffeePhotos.indices.contains(j) ? cafes[k].coffeePhotos[j] : nil }).1)
            })),
        ]))]
    }
}

// MARK: - Restorable state: Chapter or Exercise, the exercise's two toggles, and the grid item at the top.
extension CafesScene {
    var restorableState: RestorableState {
        RestorableState(selections: [mode.rawValue, showCoffee ? 1 : 0, chosenColumns ?? 0], anchor: grid.anchorItem)
    }

    func restore(_ state: RestorableState) {
        if let s = state.selections(counts: [2, 2, 3]) {
            mode = Mode(rawValue: s[0]) ?? .exercise
            picker.selection = mode.rawValue
            showCoffee = s[1] == 1
            chosenColumns = s[2] == 0 ? nil : s[2]
            coffeeOpacity = AnimatedValue(coffeeVisible ? 1 : 0)
        }
        grid.restoreAnchor(state.anchor)
    }
}
