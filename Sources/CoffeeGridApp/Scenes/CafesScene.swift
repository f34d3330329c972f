import GridCore
import GridMotion
import SystemIO
import StageInterface
import ViewLayer

/// `cafes` — seed 000, "使用多個網格構建網格佈局": the chapter's MultiGridView, grids inside a grid,
/// and the chapter's exercise (練習) solved, one picker apart. Both are the chapter's code, run
/// (`CafesScene+Source`): the cafes are its `sampleCafes`; the outer grid's columns, spacing,
/// padding and each item's height come from its tree (a cafe photo as tall as `scaledToFill`
/// makes it at its track's width, up to 150; a coffee grid as tall as its rows); its toolbar
/// buttons and `.onChange(of:)` handlers change its `@State`, and the code panel prints it back.
///
/// **Exercise** (the default), as the chapter's text defines it: on first launch an iPhone in
/// portrait shows only the cafe photos, in one column; an iPad-sized or landscape window shows two
/// columns. One toolbar button shows or hides the coffee photos (hidden by default), another switches
/// between one and two columns; each button's icon shows its state. A rotation starts again from
/// the new window's default.
///
/// **Chapter**: cafe and coffee side by side in `[GridItem(.adaptive(minimum: 100)), GridItem(.flexible())]`,
/// with its `.onChange(of: verticalSizeClass)`. The chapter's code writes `compact ? 100 : 250` while
/// its text gives a landscape (vertically compact) iPhone 250; the scene follows the text and says so
/// on screen. An iPad-sized window keeps 100 and splits the cafe column, the problem the exercise's
/// first part asks the reader to fix.
///
/// What the app adds: selecting cafes, and coffee photos within their cafe's grid; opening either
/// full-window; the coffee grids fading out where they were when hidden.
final class CafesScene: CommandScene, GridScene {
    enum Mode: Int, CaseIterable {
        case chapter, exercise
        var label: String { self == .chapter ? "Chapter" : "Exercise" }
        var source: String { self == .chapter ? CafesScene.chapter : CafesScene.exercise }
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

    /// The chapter's code and the exercise's, each run with its own state; `body` is the one showing.
    let bodies: [SceneBody]
    var body: SceneBody { bodies[mode.rawValue] }
    let cafes: [Cafe]
    /// Each photo's size as the view layer measures an image: its header's shape.
    let images: [String: Size]
    let grid: GridScrollView
    private(set) var mode = Mode.exercise

    var picker = SegmentedControl(options: Mode.allCases.map(\.label), selection: Mode.exercise.rawValue)
    var hoveredSegment: Int?
    private(set) var pickerFrame = Rect.zero
    var noteFrame = Rect.zero

    /// The coffee grid as the code writes it, read from its tree; GridCore lays each one out.
    let coffeeGrid: NestedGrid.Shape
    var nested: [Int: NestedGrid] = [:]
    /// Each coffee grid's own selection, by cafe: a click in a nested grid selects in that grid.
    var coffeeSelection: [Int: GridSelection] = [:]
    /// A coffee photo double-clicked (cafe, photo), until the app takes it; and the cafe whose
    /// coffee grid the viewer last opened from (nil: the cafe photos).
    var coffeeOpenRequest: (cafe: Int, photo: Int)?
    var openedCoffee: Int?
    var animateNested = false
    private var sizeClassChanged = false
    /// Opacity of the coffee photos: fades them in when shown and the removed ones out when hidden.
    var coffeeOpacity = AnimatedValue(1)
    /// Coffee grids that were on screen when hidden, fading out where they were (cafe, window frame).
    var ghosts: [(cafe: Int, frame: Rect)] = []
    /// A column count restored from the last session, set once the body has seen this window.
    var restoredColumns: Int?
    /// The reader chose the exercise's column count since the window's size classes last changed
    /// (its `.onChange` sets the default): a session keeps only a choice.
    var columnsChosen = false
    private(set) var time = 0.0
    let resources: ResourceLocator

    init(context: AppContext) {
        resources = context.resources
        // The sources are the app's own and tested: they always run.
        let environment = SnippetEnvironment(seed: context.options.seed)
        bodies = Mode.allCases.map { try! SceneBody($0.source, environment: environment) }
        for b in bodies { try? b.appear() }
        cafes = Cafe.samples(bodies[0].program)
        images = context.services.bundledImageSizes
        for b in bodies { b.images = images }
        coffeeGrid = CafesScene.coffeeGrid(bodies[Mode.chapter.rawValue])
        grid = GridScrollView(GridScrollView.Configuration())
        coffeeOpacity = AnimatedValue(coffeeVisible ? 1 : 0)
        // The outer grid selects cafes; a coffee grid's cell is not an item, its photos are.
        grid.isSelectable = { [unowned self] in !self.item($0).isCoffee }
    }

    /// The code showing, each `@State` at its value now: the code that drew the picture.
    var code: String { body.code }

    /// Shows the chapter's code or the exercise's.
    func setMode(_ m: Mode) {
        mode = m
        picker.selection = m.rawValue
    }

    // MARK: - The state the code holds

    /// The exercise's `showCoffee`: hidden on first launch.
    var showCoffee: Bool { bodies[Mode.exercise.rawValue].program.state("showCoffee") == .bool(true) }
    /// What is on screen: the chapter always shows the coffee photos, the exercise when asked.
    var coffeeVisible: Bool { mode == .chapter || showCoffee }
    /// The `gridLayout` showing.
    var gridLayout: [GridItem] {
        if case .gridItems(let g)? = body.program.state("gridLayout") { return g }
        return []
    }

    /// Which cafe item `index` shows, and whether it is the coffee grid.
    func item(_ index: Int) -> (cafe: Int, isCoffee: Bool) {
        coffeeVisible ? (index / 2, index % 2 == 1) : (index, false)
    }

    /// The outer grid's item of cafe `k`'s photo.
    func itemIndex(ofCafe k: Int) -> Int { coffeeVisible ? 2 * k : k }

    // MARK: - Layout

    /// The grid as the tree lays it out in `size`, the chapter's note above it: a cafe photo as tall
    /// as `scaledToFill` makes it at its track's width, up to 150, in the middle of its row; a coffee
    /// grid as tall as its rows, stretched to its row (`maxHeight: .infinity, alignment: .top`).
    func configuration(in size: Size, env: AppEnvironment?) -> GridScrollView.Configuration {
        var c = body.configuration(in: size, env: env) ?? .init()
        c.leadingContent = mode == .chapter ? noteFrame.height + 4 : 0
        return c
    }
    /// The grid's width when its items were last sized: the tree's heights are for that width.
    private var sizedWidth = -1.0

    func sizeClassesChanged(from old: SizeClasses, to new: SizeClasses, env: AppEnvironment) {
        // The window has its new size but the grid has not seen it yet: animate on the next update,
        // from where everything was drawn to the new layout in the new viewport.
        sizeClassChanged = true
    }

    // MARK: - Frame

    func advance(frame: Rect, env: AppEnvironment) -> Bool {
        time = env.time
        // The window's size classes are the code's environment: its `.onChange` handlers run.
        for b in bodies where (try? b.setEnvironment(env.sizeClasses, screen: env.windowSize)) == true { columnsChosen = false }
        applyRestoredColumns()
        pickerFrame = Rect(x: frame.minX + 12, y: frame.minY + 4, width: min(260, max(0, frame.width - 24)), height: SegmentedControl.height)
        let top = pickerFrame.maxY + 6
        let gridFrame = Rect(x: frame.minX, y: top, width: frame.width, height: max(0, frame.maxY - top))
        noteFrame = mode == .chapter ? noteSize(width: frame.width) : .zero
        let target = configuration(in: gridFrame.size, env: env)
        if sizeClassChanged {
            sizeClassChanged = false
            animateNested = true
            grid.setConfiguration(target, animation: body.gridAnimations.first?.animation, resizingTo: gridFrame)
        } else if target.items != grid.configuration.items || target.sections != grid.configuration.sections {
            // First frame, or a size class that changed while another scene was showing: no animation.
            grid.configuration = target
        } else if gridFrame.width != sizedWidth {
            // Another width: the items' heights follow it, the cafes keep their places.
            grid.configuration.sizing = target.sizing
            grid.configuration.leadingContent = target.leadingContent
        } else if target.leadingContent != grid.configuration.leadingContent {
            // The note rewrapped.
            grid.configuration.leadingContent = target.leadingContent
        }
        sizedWidth = gridFrame.width
        var moving = grid.update(frame: gridFrame, time: env.time, scale: env.scale)
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
            var n = nested[k] ?? NestedGrid(count: cafes[k].coffeePhotos.count, shape: coffeeGrid)
            n.layout(width: width, animation: nested[k] != nil && animateNested ? MotionPolicy.resolve(.easeIn) : nil, at: time)
            nested[k] = n
        }
    }
}
