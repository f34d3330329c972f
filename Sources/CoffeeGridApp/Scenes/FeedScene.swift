import GridCore
import GridMotion
import StageInterface
import ViewLayer

/// `feed` — seed 000, second half: the chapter's SwiftUIPhotoGrid, run from the chapter's own code
/// (`source`). The view layer runs it: the grid is configured from its tree, each photo draws as
/// its views lay out, its toolbar button (and `g`) runs the seed's action on its `@State`, the
/// change animates as its `.animation(_:value:)` says, and the code panel prints it back with the
/// state as it is now.
///
/// Beyond the chapter, a pinch (or Ctrl + wheel) changes the count continuously, like a photo
/// library, and settles on the nearest count: the same `@State`, set by the host. It always shows
/// the seed's `samplePhotos`: a person's own folder opens in the Photos scene.
final class FeedScene: CommandScene, GridScene {
    /// Its place in the scene switcher, and the variants `make screenshots` and the goldens picture.
    static let entry = SceneCatalog.Entry(name: "feed", label: "Feed", symbol: "square.grid.2x2", make: { FeedScene(context: $0) },
        shots: [("", []), ("-2", ["key g"]), ("-3", ["key g", "key g"]), ("-4", ["key g", "key g", "key g"]), ("-2-inspector", ["key g", "key i"])])
    let title = "Coffee Feed"

    /// The chapter's Photo.swift and its finished ContentView, as the reader has them at the end.
    static let source = SeedCode.photoSwift + """
        struct ContentView: View {
            @State var gridLayout: [GridItem] = [ GridItem() ]

            var body: some View {
                NavigationStack {
                    ScrollView {
                        LazyVGrid(columns: gridLayout, alignment: .center, spacing: 10) {
                            ForEach(samplePhotos.indices, id: \\.self) { index in
                                Image(samplePhotos[index].name)
                                    .resizable()
                                    .scaledToFill()
                                    .frame(minWidth: 0, maxWidth: .infinity)
                                    .frame(height: gridLayout.count == 1 ? 200 : 100)
                                    .cornerRadius(10)
                                    .shadow(color: Color.primary.opacity(0.3), radius: 1)
                            }
                        }
                        .padding(.all, 10)
                        .animation(.interactiveSpring(), value: gridLayout.count)
                    }
                    .navigationTitle("Coffee Feed")
                    .toolbar {
                        ToolbarItem(placement: .navigationBarTrailing) {
                            Button {
                                self.gridLayout = Array(repeating: .init(.flexible()), count: self.gridLayout.count % 4 + 1)
                            } label: {
                                Image(systemName: "square.grid.2x2")
                                    .font(.title)
                            }
                            .tint(.primary)
                        }
                    }
                }
            }
        }
        """

    /// The state the seed declares and its button changes.
    static let state = "gridLayout"
    /// What a pinch may reach; the button cycles through the seed's 1…4.
    static let pinchRange = PhotoGrid.pinchRange

    let body: SceneBody
    let grid: GridScrollView
    /// What `ForEach` walks, as files: the viewer opens them, the state file names them.
    let photos: PhotoSet
    private(set) var zoom: ColumnZoom!
    /// The grid for each column count the state has held (the feed's tree depends on nothing else).
    var layouts: [Int: GridScrollView.Configuration] = [:]
    var columns: Int { zoom.columns }
    var pinch: ColumnPinch { zoom.pinch }

    init(context: AppContext) {
        photos = PhotoSet(paths: [], resources: context.resources, log: context.log)
        // The source is the app's own and tested: it always runs.
        body = try! SceneBody(FeedScene.source)
        grid = GridScrollView(body.configuration(in: FeedScene.layoutSize) ?? .init())
        zoom = ColumnZoom(grid: grid, range: FeedScene.pinchRange) { [unowned self] in configuration(columns: $0) }
        zoom.animation = body.gridAnimations.first?.animation
    }

    var code: String { body.code }

    /// The seed's toolbar button, its symbol as its label declares it; its key and its words for a
    /// reader are the app's.
    var toolbar: [ToolbarItem] {
        guard let symbol = body.toolbarSymbols.first.flatMap({ $0 }) else { return [] }
        return [button(.grid, symbol: symbol, label: "1 → 2 → 3 → 4 columns", key: "g")]
    }

    var help: [HelpEntry] {
        [HelpEntry(keys: "g", action: "one, two, three, four columns"),
         HelpEntry(keys: "Ctrl + wheel, pinch", action: "zoom between 1 and 6 columns"),
         HelpEntry(keys: "Ctrl+= / Ctrl+-", action: "one column fewer / more")]
    }

    enum Command: String {
        case grid
    }

    /// The seed's button: its action runs on the state, and the grid changes as the new tree says,
    /// animated as its `.animation(_:value:)` says when the watched value changed.
    func perform(_ command: Command, env: AppEnvironment) {
        switch command {
        case .grid:
            guard let press = body.pressToolbarButton(0), let n = stateColumns else { return }
            zoom.animation = press.animation
            zoom.setColumns(n)
            zoom.animation = body.gridAnimations.first?.animation
        }
    }

    func advance(frame: Rect, env: AppEnvironment) -> Bool {
        body.prepareDrawing(in: frame.size, env: env)
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
        let items = body.drawer(env)
        let sampling = grid.imageSampling
        for item in grid.itemsToDraw() {
            let r = item.frame
            items.draw(item.index, in: r, laidOut: grid.restingSize(of: item.index), &list,
                       photos: PhotoDrawing(priority: grid.priority(of: r), sampling: sampling))
            // A growing photo decodes once, at the size it grows to; until then the smaller one serves.
            if grid.isTransitioning, let path = photos.path(at: item.index), let end = grid.windowFrame(of: item.index),
               end.width > r.width || end.height > r.height {
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

    /// The grid's rules, one to six columns, every photo of the set in the grid, and the code's
    /// state saying the count shown.
    func invariantViolations() -> [String] {
        var problems = grid.invariantViolations()
        if !(1...6).contains(grid.layout.trackCount) { problems.append("feed shows \(grid.layout.trackCount) columns") }
        if grid.layout.count != photos.count { problems.append("feed holds \(grid.layout.count) photos, not \(photos.count)") }
        if stateColumns != columns { problems.append("feed's gridLayout holds \(stateColumns ?? 0) columns, \(columns) shown") }
        return problems
    }
}

extension CoffeeGrid {
    /// The feed's source, the chapter's finished Coffee Feed: what `bench view` runs.
    public static var feedSource: String { FeedScene.source }
}
