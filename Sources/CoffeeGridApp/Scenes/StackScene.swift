import GridCore
import GridMotion
import SystemIO
import StageInterface
import struct ViewLayer.SnippetEnvironment

/// `stack` — seed 001: a grid built from stacks before LazyVGrid existed. Declared once:
/// `source(itemPerRow:count:)` is the chapter's `GCRowView` and `GCGirdContentView`, run by the view
/// layer with its own `rowCount` and `rowViews`; every photo's square comes from that tree (each
/// `width/itemPerRow` wide, aspect-filled and clipped, no spacing), and the code panel prints it
/// back. It is deliberately not lazy: the inspector shows materialized = total. A toggle shows the
/// chapter's six random colours in a VStack or HStack (`source(stack:colours:)`, drawn as laid out).
/// What the app adds: selection, opening, the keyboard, and each photo flying to its new place when
/// `itemPerRow` changes (the chapter's stacks jump).
final class StackScene: CommandScene {
    enum Mode: String, CaseIterable { case grid, vstack = "VStack", hstack = "HStack" }

    /// Its place in the scene switcher, and the variants `make screenshots` and the goldens picture.
    static let entry = SceneCatalog.Entry(name: "stack", label: "Stack", symbol: "sidebar.left", make: { StackScene(context: $0) },
        shots: [("", []), ("-4", ["key +"]), ("-vstack", ["key v"]), ("-hstack", ["key v", "key v"])])
    let title = "Stack Grid"

    private(set) var itemPerRow = 3
    private(set) var mode = Mode.grid
    /// `for i in 1...12 { contentViews.append(Image("\(i)")) }`, with our coffee photos.
    let contentViews = Array(BundledPhotos.coffee.prefix(12))
    /// The chapter's `Color.random()` six, seeded so every launch (and screenshot) matches.
    let data: [Color]

    /// The code shown, by what it shows and the screen it reads (`UIScreen.main.bounds.width`: the
    /// scene's width; the colour stacks fill its whole size): run when first shown and kept.
    private struct BodyKey: Hashable {
        var mode: Mode
        var itemPerRow: Int
        var screen: Size
    }
    private var bodies = SceneBodies<BodyKey>()
    /// Bodies laid out at rest in the scene's size (the grid's is read in the colour modes too:
    /// selection and a change of `itemPerRow` keep to the photos).
    private var laidOut: [BodyKey: StackViews] = [:]

    var scroll = ScrollModel()
    private(set) var frame = Rect.zero
    private(set) var time = 0.0
    private var scale = 1.0
    /// The scroll offset as drawn: on a whole device pixel (the model keeps the true value).
    var drawnOffset: Double { PixelSnapping.snap(scroll.offset(at: time), scale: scale) }
    private var rects: [Int: AnimatedRect] = [:]
    /// The photos' selection (the grid mode's; the colour stacks select nothing).
    var selecting = EagerSelecting()
    /// A restored session's first photo, scrolled to once the scene has a size.
    private var pendingAnchor: Int?

    private let resources: ResourceLocator
    /// The photo a double-click or Return asked to open.
    var openRequest: Int?
    /// Tab reached the photos: arrows move the focus ring over them.
    private(set) var hasFocus = false

    init(context: AppContext) {
        resources = context.resources
        data = StackScene.randomColours(seed: context.options.seed)
    }

    // MARK: - The body

    private func key(_ mode: Mode, _ itemPerRow: Int) -> BodyKey {
        // The photos read only the screen's width: a window made taller keeps its grid's body.
        let size = frame.size == .zero ? Size(width: 390, height: 844) : frame.size
        return BodyKey(mode: mode, itemPerRow: itemPerRow, screen: mode == .grid ? Size(width: size.width, height: 0) : size)
    }

    private func body(_ key: BodyKey) -> SceneBody {
        let source = key.mode == .grid ? StackScene.source(itemPerRow: key.itemPerRow, count: contentViews.count)
                                       : StackScene.source(stack: key.mode, colours: data)
        let screen = key.mode == .grid ? Size(width: key.screen.width, height: max(frame.height, 1)) : key.screen
        // The app's own code, tested for every mode and count: it always runs.
        return bodies.body(key) { _ in try! SceneBody(source, environment: SnippetEnvironment(screenSize: screen)) }
    }

    /// The views of `mode` at `itemPerRow` in the scene's size, at rest.
    private func views(_ mode: Mode, _ itemPerRow: Int) -> StackViews {
        let k = key(mode, itemPerRow)
        if let v = laidOut[k] { return v }
        let size = frame.size == .zero ? k.screen : frame.size
        let v = StackViews(body(k).stillFrame(in: size), names: contentViews)
        if laidOut.count >= 8 { laidOut = [:] }
        laidOut[k] = v
        return v
    }

    var shown: StackViews { views(mode, itemPerRow) }

    /// The code panel: the code that made what is shown.
    var code: String { body(key(mode, itemPerRow)).code }

    /// The width of a photo (`UIScreen.main.bounds.width / CGFloat(itemPerRow)`), from the tree.
    var itemWidth: Double { eagerFrames().first?.width ?? 0 }

    /// Every photo's square in content coordinates, as the tree laid it out.
    func eagerFrames() -> [Rect] { views(.grid, itemPerRow).photos }
    /// The rows the chapter's `rowCount` made, as laid out.
    var rows: Int { views(.grid, itemPerRow).rows }

    func focusChanged(_ focused: Bool) {
        hasFocus = focused
        if focused, selecting.selection.focus == nil {
            // The first photo on screen.
            let first = photoFrames().firstIndex { $0.intersects(frame) } ?? 0
            selecting.selection.focus = first
            selecting.selection.anchor = first
        }
    }

    /// Scrolls the focused photo wholly into view.
    func revealFocus() {
        guard let i = selecting.selection.focus, let f = photoFrames().dropFirst(i).first else { return }
        let offset = scroll.offset(at: time)
        if f.minY < frame.minY { scroll.scroll(to: offset - (frame.minY - f.minY), animation: .easeOut(duration: 0.2), at: time) }
        if f.maxY > frame.maxY { scroll.scroll(to: offset + min(f.maxY - frame.maxY, f.minY - frame.minY), animation: .easeOut(duration: 0.2), at: time) }
    }

    func takeOpenRequest() -> Int? {
        defer { openRequest = nil }
        return openRequest
    }

    var photoCells: PhotoCells? {
        guard mode == .grid else { return nil }
        return PhotoCells(count: contentViews.count,
                          path: { [contentViews, resources] i in contentViews.indices.contains(i) ? BundledPhotos.shared.path(contentViews[i], in: resources) : nil },
                          name: { [contentViews] i in contentViews.indices.contains(i) ? contentViews[i] : nil },
                          frame: { [weak self] i in
                              guard let s = self, let f = s.photoFrames().dropFirst(i).first, f.intersects(s.frame) else { return nil }
                              return f
                          },
                          reveal: { [weak self] i in
                              guard let s = self, let f = s.photoFrames().dropFirst(i).first, !s.frame.contains(f) else { return }
                              let offset = s.scroll.offset(at: s.time)
                              s.scroll.settle(at: min(max(f.minY - s.frame.minY + offset - max(0, (s.frame.height - f.height) / 2), 0), s.scroll.maxOffset))
                          },
                          cornerRadius: 0)
    }

    enum Command: String {
        case fewer, more, mode
    }

    func perform(_ command: Command, env: AppEnvironment) {
        switch command {
        case .fewer: setItemPerRow(itemPerRow - 1)
        case .more: setItemPerRow(itemPerRow + 1)
        case .mode: mode = Mode.allCases[(Mode.allCases.firstIndex(of: mode)! + 1) % Mode.allCases.count]
        }
    }

    private func setItemPerRow(_ n: Int) {
        let before = eagerFrames()
        itemPerRow = min(max(n, 1), 6)
        let after = eagerFrames()
        for i in contentViews.indices {
            if rects[i] == nil { rects[i] = AnimatedRect(before[i]) }
            rects[i]!.set(after[i], animation: MotionPolicy.resolve(.spring), at: time)
        }
    }

    func advance(frame: Rect, env: AppEnvironment) -> Bool {
        if frame.width != self.frame.width { rects.removeAll() }
        self.frame = frame
        time = env.time
        scale = env.scale
        scroll.setGeometry(content: shown.contentHeight, viewport: frame.height, at: env.time)
        if let a = pendingAnchor, frame.width > 0 { pendingAnchor = nil; scroll.settle(at: Double(a / itemPerRow) * itemWidth) }
        let banding = mode == .grid && selecting.autoscroll(viewport: frame, scroll: &scroll, time: env.time)
        if selecting.band != nil { selecting.reselect(frames: photoFrames(), offset: drawnOffset) }
        var moving = scroll.update(at: env.time) || banding
        for (k, r) in rects where !r.isAnimating(at: env.time) { rects[k] = nil }
        moving = moving || !rects.isEmpty
        return moving
    }

    /// Window frames of all twelve photos (animated while itemPerRow changes), scrolled by whole
    /// device pixels as a grid scrolls (`PixelSnapping`).
    func photoFrames() -> [Rect] {
        let offset = drawnOffset
        return eagerFrames().enumerated().map { i, f in
            (rects[i]?.value(at: time) ?? f).offsetBy(dx: frame.minX, dy: frame.minY - offset)
        }
    }

    /// A saved session's photos a row and mode, and its first photo in view.
    func restore(_ state: RestorableState) {
        if let s = state.selections(counts: [6, Mode.allCases.count]) {
            itemPerRow = s[0] + 1
            mode = Mode.allCases[s[1]]
        }
        pendingAnchor = state.anchor.map { min($0, contentViews.count - 1) }
    }
}
