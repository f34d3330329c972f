import GridCore
import GridMotion
import SystemIO
import StageInterface

/// `stack` — seed 001: a grid built from stacks before LazyVGrid existed. Every row is computed
/// eagerly with the seed's own `rowCount` and `rowViews`; each photo is a square `width/itemPerRow`
/// wide, aspect-filled and clipped, with no spacing. It is deliberately not lazy: the inspector
/// shows materialized = total. A toggle shows the chapter's six random colours in a VStack or HStack.
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

    private var scroll = ScrollModel()
    private var frame = Rect.zero
    private var time = 0.0
    private var rects: [Int: AnimatedRect] = [:]
    /// The photos' selection (the grid mode's; the colour stacks select nothing).
    private(set) var selecting = EagerSelecting()
    /// A restored session's first photo, scrolled to once the scene has a size.
    private var pendingAnchor: Int?

    private let resources: ResourceLocator
    /// The photo a double-click or Return asked to open.
    private var openRequest: Int?
    /// Tab reached the photos: arrows move the focus ring over them.
    private var hasFocus = false

    init(context: AppContext) {
        resources = context.resources
        var rng = SplitMix64(seed: context.options.seed)
        data = (0..<6).map { _ in Color(red: .random(in: 0...1, using: &rng), green: .random(in: 0...1, using: &rng), blue: .random(in: 0...1, using: &rng)) }
    }

    // The seed's algorithm, as written there.

    func rowCount(contentNums: Int, itemPerRow: Int) -> Int {
        if contentNums % itemPerRow == 0 { return contentNums / itemPerRow }
        return contentNums / itemPerRow + 1
    }

    func rowViews(currentRow: Int, itemPerRow: Int) -> [Int] {
        var views: [Int] = []
        for i in 0..<itemPerRow {
            let index = i + itemPerRow * currentRow
            if index < contentViews.count { views.append(index) }
        }
        return views
    }

    /// `UIScreen.main.bounds.width / CGFloat(itemPerRow)`: here, the content width.
    var itemWidth: Double { frame.width / Double(itemPerRow) }

    /// Every photo's frame in content coordinates: `VStack(spacing: 0) { ForEach(rows) { HStack(spacing: 0) { … } } }`.
    func eagerFrames() -> [Rect] {
        var frames = Array(repeating: Rect.zero, count: contentViews.count)
        for row in 0..<rowCount(contentNums: contentViews.count, itemPerRow: itemPerRow) {
            for (column, index) in rowViews(currentRow: row, itemPerRow: itemPerRow).enumerated() {
                frames[index] = Rect(x: Double(column) * itemWidth, y: Double(row) * itemWidth, width: itemWidth, height: itemWidth)
            }
        }
        return frames
    }

    /// The seed's code for what the scene shows: its two views for the grid, with the current
    /// `itemPerRow` (in a ScrollView, as the scene scrolls), or the colour stack with this launch's
    /// six `Color.random()` values.
    var code: String {
        if mode != .grid {
            let colours = data.map { "        Color(red: \(formatPoints($0.red)), green: \(formatPoints($0.green)), blue: \(formatPoints($0.blue)))" }
            return SwiftCode.lines([
                "var data: [Color] {",
                "    [",
                colours.joined(separator: ",\n"),
                "    ]",
                "}",
                "",
                "var body: some View {",
                "    \(mode.rawValue) {",
                "        ForEach(0..<data.count) { index in",
                "            self.data[index]",
                "        }",
                "    }",
                "}",
            ])
        }
        return SwiftCode.lines([
            "struct GCRowView: View {",
            "    var itemPerRow: Int",
            "    var views: [AnyView]",
            "",
            "    var itemWidth: CGFloat {",
            "        UIScreen.main.bounds.width / CGFloat(itemPerRow)",
            "    }",
            "",
            "    var body: some View {",
            "        HStack(spacing: 0) {",
            "            ForEach(0..<views.count) { index in",
            "                self.views[index]",
            "                    .frame(width: self.itemWidth, height: self.itemWidth)",
            "                    .clipped()",
            "            }",
            "        }",
            "    }",
            "}",
            "",
            "struct GCGirdContentView: View {",
            "    var itemPerRow = \(itemPerRow)",
            "    var contentViews: [AnyView] = []",
            "",
            "    init() {",
            "        for i in 1...\(contentViews.count) {",
            "            contentViews.append(AnyView(Image(\"coffee-\\(i)\").resizable().aspectRatio(contentMode: .fill)))",
            "        }",
            "    }",
            "",
            "    var body: some View {",
            "        ScrollView {",
            "            VStack(alignment: .leading, spacing: 0) {",
            "                ForEach(0..<rowCount(contentNums: contentViews.count, itemPerRow: itemPerRow)) { i in",
            "                    GCRowView(itemPerRow: self.itemPerRow, views: self.rowViews(currentRow: i, itemPerRow: self.itemPerRow))",
            "                }",
            "            }",
            "        }",
            "    }",
            "",
            "    func rowCount(contentNums: Int, itemPerRow: Int) -> Int {",
            "        if contentNums % itemPerRow == 0 {",
            "            return contentNums / itemPerRow",
            "        }",
            "        return contentNums / itemPerRow + 1",
            "    }",
            "",
            "    func rowViews(currentRow: Int, itemPerRow: Int) -> [AnyView] {",
            "        var views = [AnyView]()",
            "        for i in 0..<itemPerRow {",
            "            let index = i + itemPerRow * currentRow",
            "            if index < contentViews.count {",
            "                views.append(contentViews[index])",
            "            }",
            "        }",
            "        return views",
            "    }",
            "}",
        ])
    }

    var toolbar: [ToolbarItem] {
        [button(.fewer, symbol: "minus", label: "one photo fewer per row", key: "-"),
         button(.more, symbol: "plus", label: "one photo more per row", key: "+"),
         button(.mode, symbol: "rectangle.split.3x1", label: "grid · VStack · HStack of random colours", key: "v", isOn: mode != .grid)]
    }

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
    private func revealFocus() {
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

    var statusText: String? { mode == .grid ? SelectionStatus.text(count: selecting.selection.count, total: contentViews.count) : nil }
    var selects: Bool { mode == .grid }

    var help: [HelpEntry] {
        [HelpEntry(keys: "- / +", action: "itemPerRow from 1 to 6"), HelpEntry(keys: "v", action: "grid, VStack or HStack of six random colours")]
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
        let content = Double(rowCount(contentNums: contentViews.count, itemPerRow: itemPerRow)) * itemWidth
        scroll.setGeometry(content: mode == .grid ? content : 0, viewport: frame.height, at: env.time)
        if let a = pendingAnchor, frame.width > 0 { pendingAnchor = nil; scroll.settle(at: Double(a / itemPerRow) * itemWidth) }
        let banding = mode == .grid && selecting.autoscroll(viewport: frame, scroll: &scroll, time: env.time)
        if selecting.band != nil { selecting.reselect(frames: photoFrames(), offset: scroll.offset(at: env.time)) }
        var moving = scroll.update(at: env.time) || banding
        for (k, r) in rects where !r.isAnimating(at: env.time) { rects[k] = nil }
        moving = moving || !rects.isEmpty
        return moving
    }

    func handleKey(_ key: Key, _ modifiers: KeyModifiers, env: AppEnvironment) -> Bool {
        if mode == .grid, selecting.handleKey(key, modifiers, count: contentViews.count) { return true }
        guard !modifiers.contains(.control) else { return false }
        if mode == .grid, hasFocus {
            let (used, open) = selecting.handleFocusKey(key, modifiers, count: contentViews.count, perLine: itemPerRow)
            if let i = open { openRequest = i }
            if used { revealFocus(); return true }
        }
        switch key {
        case .character("-"): perform(.fewer, env: env)
        case .character("+"), .character("="): perform(.more, env: env)
        case .character("v"): perform(.mode, env: env)
        case .down, .pageDown, .space: scroll.scroll(by: key == .down ? 40 : frame.height - 40, animated: true, at: env.time)
        case .up, .pageUp: scroll.scroll(by: key == .up ? -40 : -(frame.height - 40), animated: true, at: env.time)
        default: return false
        }
        return true
    }

    func handlePointer(_ event: PointerEvent, env: AppEnvironment) {
        switch event {
        case let .wheel(_, dy, precise, _, _): scroll.scroll(by: dy, animated: !precise, at: env.time)
        case .down, .move, .up:
            guard mode == .grid else { return }
            if let i = selecting.handle(event, frames: photoFrames(), viewport: frame, offset: scroll.offset(at: time), time: time) { openRequest = i }
        default: break
        }
    }

    /// Window frames of all twelve photos (animated while itemPerRow changes).
    func photoFrames() -> [Rect] {
        let offset = scroll.offset(at: time)
        return eagerFrames().enumerated().map { i, f in
            (rects[i]?.value(at: time) ?? f).offsetBy(dx: frame.minX, dy: frame.minY - offset)
        }
    }

    func draw(_ list: inout DrawList, env: AppEnvironment) {
        switch mode {
        case .grid:
            for (i, r) in photoFrames().enumerated() {
                // `.aspectRatio(contentMode: .fill).frame(width: w, height: w).clipped()`
                list.image(env.photoPath(contentViews[i]), in: r)
                if selecting.selection.contains(i) { SelectionMarks.draw(&list, around: r, cornerRadius: 0, env: env) }
            }
            if let band = selecting.bandFrame(offset: scroll.offset(at: time), clip: frame) { SelectionMarks.drawBand(&list, band, env: env) }
            if hasFocus, let i = selecting.selection.focus, let r = photoFrames().dropFirst(i).first {
                // Inside the photo, clear of the selection ring: the photos touch, so there is no room outside.
                FocusRing.draw(&list, around: r.insetBy(dx: 8, dy: 8), cornerRadius: 4, env: env)
            }
        case .vstack, .hstack:
            for (color, r) in zip(data, colourFrames()) { list.fill(r, color) }
        }
    }

    /// The seed's `VStack { ForEach(0..<data.count) { index in self.data[index] } }` (or HStack):
    /// a plain stack puts SwiftUI's default 8 points between its views, and each Color, being
    /// flexible, takes an even share of what is left along the stack and all of the other axis.
    func colourFrames() -> [Rect] {
        let n = Double(data.count), spacing = StackScene.stackSpacing
        let along = ((mode == .vstack ? frame.height : frame.width) - spacing * (n - 1)) / n
        let share = max(0, along)
        return data.indices.map { i in
            let start = Double(i) * (share + spacing)
            return mode == .vstack ? Rect(x: frame.minX, y: frame.minY + start, width: frame.width, height: share)
                                   : Rect(x: frame.minX + start, y: frame.minY, width: share, height: frame.height)
        }
    }

    /// SwiftUI's default spacing between the views of an `HStack` or `VStack`.
    static let stackSpacing = 8.0

    func state(env: AppEnvironment) -> [(String, JSON)] {
        let frames = photoFrames()
        let tracks = (0..<itemPerRow).map { GridTrack(offset: frame.minX + Double($0) * itemWidth, size: itemWidth, item: 0) }
        let visible = mode == .grid ? frames.enumerated().filter { $0.element.intersects(frame) }.map { i, f in
            JSON.object([("id", .string(contentViews[i])), ("x", .number(f.minX)), ("y", .number(f.minY)), ("width", .number(f.width)), ("height", .number(f.height))])
        } : colourFrames().enumerated().map { i, f in
            JSON.object([("id", .string("color-\(i)")), ("x", .number(f.minX)), ("y", .number(f.minY)), ("width", .number(f.width)), ("height", .number(f.height))])
        }
        return [
            ("tracks", JSON.tracks(tracks)),
            ("items", .object([("total", .number(Double(contentViews.count))), ("materialized", .number(Double(contentViews.count)))])),
            ("visible", .array(visible)),
            ("stack", .object([("itemPerRow", .number(Double(itemPerRow))), ("rows", .number(Double(rowCount(contentNums: contentViews.count, itemPerRow: itemPerRow)))),
                               ("mode", .string(mode.rawValue))])),
            ("selected", selecting.selection.focus.flatMap { selecting.selection.contains($0) ? .number(Double($0)) : nil } ?? .null),
            SelectionStatus.state(selecting.selection, id: { [contentViews] in contentViews.indices.contains($0) ? contentViews[$0] : nil }),
        ]
    }

    var inspector: InspectorModel? {
        if mode != .grid { return stackInspector }
        let tracks = (0..<itemPerRow).map { GridTrack(offset: Double($0) * itemWidth, size: itemWidth, item: 0) }
        let rows = rowCount(contentNums: contentViews.count, itemPerRow: itemPerRow)
        let lines = [
            "No LazyVGrid here: HStacks in a VStack, every view made at once",
            "itemWidth = width / itemPerRow = \(formatPoints(frame.width)) / \(itemPerRow) = \(formatPoints(itemWidth))",
            "rowCount(contentNums: \(contentViews.count), itemPerRow: \(itemPerRow)) = \(rows) rows",
            "HStack(spacing: 0), VStack(spacing: 0): no gaps; each photo \(formatPoints(itemWidth)) × \(formatPoints(itemWidth))",
        ].map { TrackExplanation.Line($0) }
        return InspectorModel(tracks: tracks, gaps: [], axis: .vertical, viewport: frame, crossOrigin: frame.minX,
                              explanation: lines, materialized: contentViews.count, total: contentViews.count, isLazy: false)
    }

    /// The six colours: each view's share of the stack, from the frames `colourFrames` draws.
    private var stackInspector: InspectorModel {
        let vertical = mode == .vstack
        let frames = colourFrames()
        let origin = vertical ? frame.minY : frame.minX
        let tracks = frames.map { r in GridTrack(offset: (vertical ? r.minY : r.minX) - origin, size: vertical ? r.height : r.width, item: 0) }
        let gaps = zip(tracks, tracks.dropFirst()).map { a, b in TrackGap(offset: a.end, size: b.offset - a.end, item: 0, withinItem: false) }
        let n = data.count, s = StackScene.stackSpacing
        let length = vertical ? frame.height : frame.width
        let lines = [
            "\(vertical ? "VStack" : "HStack") { ForEach(0..<\(n)) { data[$0] } }: no spacing written, so SwiftUI's default \(formatPoints(s)) between views",
            "each Color = (\(vertical ? "height" : "width") − \(n - 1) × \(formatPoints(s))) / \(n) = (\(formatPoints(length)) − \(formatPoints(Double(n - 1) * s))) / \(n) = \(formatPoints(tracks.first?.size ?? 0))",
            "and all of the \(vertical ? "width" : "height"): a Color is as flexible as a view gets",
        ].map { TrackExplanation.Line($0) }
        // A VStack's views are rows: the overlay marks them as a LazyHGrid's rows.
        return InspectorModel(tracks: tracks, gaps: gaps, axis: vertical ? .horizontal : .vertical, viewport: frame, crossOrigin: origin,
                              explanation: lines, materialized: n, total: n, isLazy: false)
    }
}

// MARK: - Restorable state: photos a row, grid or stack, and the first photo in view.
extension StackScene {
    var restorableState: RestorableState {
        let row = itemWidth > 0 ? Int(scroll.offset(at: time) / itemWidth) : 0
        return RestorableState(selections: [itemPerRow - 1, Mode.allCases.firstIndex(of: mode) ?? 0],
                               anchor: mode == .grid ? row * itemPerRow : nil)
    }

    func restore(_ state: RestorableState) {
        if let s = state.selections(counts: [6, Mode.allCases.count]) {
            itemPerRow = s[0] + 1
            mode = Mode.allCases[s[1]]
        }
        pendingAnchor = state.anchor.map { min($0, contentViews.count - 1) }
    }
}

/// The stack grid: all twelve photos placed, one to six a row.
extension StackScene: SceneInvariants {
    func invariantViolations() -> [String] {
        var problems: [String] = []
        if !(1...6).contains(itemPerRow) { problems.append("itemPerRow \(itemPerRow)") }
        let frames = photoFrames()
        if frames.count != contentViews.count { problems.append("\(frames.count) photo frames for \(contentViews.count) photos") }
        if let bad = frames.first(where: { !($0.isFinite && $0.width >= 0) }) {
            problems.append("photo drawn at \(bad)")
        }
        return problems
    }
}
