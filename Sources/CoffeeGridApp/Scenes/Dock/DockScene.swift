import GridCore
import GridMotion
import StageInterface

/// `dock` — seed 002, chapter 34: twenty coffee photos in `LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))])`
/// and under them a dock, a one-row LazyHGrid in a horizontal scroll view. Clicking a photo moves it
/// to the dock (or back to the end of the grid) and it *flies* there, as `matchedGeometryEffect`
/// with `.interactiveSpring()` makes it in SwiftUI, while the grid closes the gap; the dock then
/// scrolls (`ScrollViewReader.scrollTo(id)`) so the newest photo is in view. Photos can also be
/// dragged into the dock at a position, reordered there, and moved with the keyboard. The dock is
/// saved and comes back on the next launch.
///
/// Input changes the model (`PhotoDockModel`) at once and `apply` records where every photo was
/// drawn; the next update lays the grid and the dock out once, compares, and starts the motions
/// (`PhotoMotion`). Drawing reads both.
///
/// Opened on a person's own photos, the grid holds them (appended as the scan finds them) and the
/// dock is saved by path in a file of its own; in a large set only photos near the viewport animate.
final class DockScene: CommandScene {
    typealias Place = PhotoDockModel.Place

    /// Its place in the scene switcher, and the variants `make screenshots` and the goldens picture.
    static let entry = SceneCatalog.Entry(name: "dock", label: "Dock", symbol: "photo.on.rectangle", make: { DockScene(context: $0) },
        needs: [.bundledPhotoSizes, .dockFile],
        shots: [("", []), ("-docked", Array(repeating: "key Tab", count: 13) + [
                                        "key Return", "key Return", "key Right", "key Return", "key Return", "key Return"])])
    let title = "Photos"
    /// The seed's `HStack { Text("Photos").font(.system(.title, design: .rounded)).fontWeight(.heavy); Spacer() }`
    /// is the first thing in the grid's scroll view, so it scrolls with the photos, the same in
    /// every orientation; the navigation bar holds only the toolbar.
    var titleInContent: Bool { true }
    static let headingFont = Font.system(size: Font.title.size, weight: .heavy, design: .rounded)
    /// `.title`'s line height.
    static let headingHeight = 34.0

    /// The seed's animation for every flight; the dock's scroll uses it too, so the two add up to a
    /// straight path to where the slot will be.
    static let flight = Animation.interactiveSpring
    static let photoHeight = 60.0
    /// `.padding()` on the VStack that holds the grid and the dock.
    static let padding = 16.0
    /// The VStack whole: the padding, the heading and one row of photos in the grid's scroll view,
    /// the VStack's spacing and the dock (274 pt). SwiftUI would squeeze the grid's scroll view
    /// under the fixed dock to nothing in a shorter window; here the scene scrolls instead.
    static var minimumHeight: Double {
        2 * padding + headingHeight + GridItem.defaultSpacing + photoHeight + GridItem.defaultSpacing + DockStrip.panelHeight
    }
    static let photoCornerRadius = 3.0

    var model: PhotoDockModel
    let grid: GridScrollView
    let dock: DockStrip
    var motion = PhotoMotion()
    /// What changed since the last update, to fly once the containers are laid out.
    var pendingFlights: PendingFlights?
    /// A press on a photo; a drag once it has moved.
    var press: PhotoDrag?
    /// A press on a container's background, handed to that scroll view (drag to scroll).
    var scrollPress: Place?
    /// The scene's content as laid out: its area, or the taller `minimumHeight` scrolled in it.
    private(set) var frame = Rect.zero
    /// An area shorter than `minimumHeight` scrolls vertically (a 320 × 320 window).
    var overflow = OverflowScroll()
    var gridFrame = Rect.zero
    var dockFrame = Rect.zero
    var time = 0.0
    /// Device pixels a point, as of the last update (the grids draw their scroll on whole pixels).
    var scale = 1.0
    var lastUpdate = 0.0

    /// Photos picked with Ctrl/Shift+click (DockScene+Selection.swift), and how the pending press was made.
    var picked = GridSelection()
    var pressModifiers: KeyModifiers = []

    var hasFocus = false
    var focusPlace = Place.grid
    var focusIndex: [Place: Int] = [.grid: 0, .dock: 0]

    /// The bundled photos or a person's own; `shownArrivals` of its arrivals are in the model.
    let photoSet: PhotoSet
    var shownArrivals = 0
    /// `shownDepartures` of its departures are forgotten; where each was, should it come back (Ctrl+Z).
    var shownDepartures = 0
    /// `shownRenames` of its renames are carried over (the photo keeps its place, docked or not).
    var shownRenames = 0
    var forgotten: [String: PhotoDockModel.Spot] = [:]
    /// The most places remembered for photos that may come back.
    static let forgottenLimit = 10_000
    /// Up to this many photos every one animates when the layout changes; beyond, only those drawn.
    static let animateAllLimit = 256

    /// The dock's file, which the app reads, writes and watches: another window on the same state
    /// folder rewrites it, and this one shows the merged dock.
    let file: DockFile
    var toldFull = false
    let log: (String) -> Void

    init(context: AppContext) {
        photoSet = context.photos
        log = context.log
        guard let file = context.services.dockFile else {
            preconditionFailure("the dock scene is made through SceneCatalog.Entry.makeScene, which reads its file first")
        }
        self.file = file
        let aspects = photoSet.isBundled ? context.services.bundledAspects : [:]
        let photos = photoSet.ids
        shownArrivals = photoSet.arrivals.count
        shownDepartures = photoSet.departures.count
        shownRenames = photoSet.renames.count
        model = PhotoDockModel(photos: photos, dock: file.restored)
        file.changed(to: model.dock, photos: model.photos)
        grid = GridScrollView(.init(LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))]), sections: [GridSection(count: photos.count)],
                                    sizing: .fill(DockScene.photoHeight),
                                    // The heading, then the scroll view's implicit VStack spacing.
                                    leadingContent: DockScene.headingHeight + GridItem.defaultSpacing))
        dock = DockStrip(aspect: { [photoSet] id in min(max(aspects[id] ?? photoSet.aspect(of: id) ?? 1, 0.25), 4) })
        // The seed's drag moves a photo; a drag between photos scrolls, as it always did here.
        grid.gestures.drawsBand = false
        dock.scrollView.gestures.drawsBand = false
        syncSlots()
    }

    /// Chapter 34's final ContentView, from the configurations that lay out the grid and the dock.
    var code: String {
        let g = grid.configuration, d = dock.scrollView.configuration
        let tap = { (from: String, to: String) in [
            "    .onTapGesture {",
        ] + (to == "selectedPhotos" ? [
            "        selectedPhotos.append(photo)",
            "        selectedPhotoId = photo.id",
        ] : [
            "        photoSet.append(photo)",
        ]) + [
            "        if let index = \(from).firstIndex(where: { $0.id == photo.id }) {",
            "            \(from).remove(at: index)",
            "        }",
            "    }",
        ] }
        let image = { (height: Double) in [
            "Image(photo.name)",
            "    .resizable()",
            "    .scaledToFill()",
            "    .frame(minWidth: 0, maxWidth: .infinity)",
            "    .frame(height: \(formatPoints(height)))",
            "    .cornerRadius(\(DockScene.photoCornerRadius))",
        ] }
        let gridPhoto = image(DockScene.photoHeight) + ["    .matchedGeometryEffect(id: photo.id, in: photoTransition)"] + tap("photoSet", "selectedPhotos")
        let dockPhoto = image(DockStrip.photoHeight) + ["    .id(photo.id)", "    .matchedGeometryEffect(id: photo.id, in: photoTransition)"]
            + tap("selectedPhotos", "photoSet")
        return SwiftCode.lines([
            "@State private var photoSet = samplePhotos",
            "@State private var selectedPhotos: [Photo] = []",
            "@State private var selectedPhotoId: UUID?",
            "@Namespace private var photoTransition",
            "",
            "var body: some View {",
            "    VStack {",
            "        ScrollView {",
            "            HStack {",
            "                Text(\"\(title)\")",
            "                    .font(.system(.title, design: .rounded))",
            "                    .fontWeight(.heavy)",
            "                Spacer()",
            "            }",
            "",
            "            \(SwiftCode.gridCall(axis: g.axis, items: SwiftCode.items(g.items), spacing: g.spacing)) {",
            "                ForEach(photoSet) { photo in",
        ] + gridPhoto.map { "                    " + $0 } + [
            "                }",
            "            }",
            "        }",
            "",
            "        ScrollViewReader { scrollProxy in",
            "            ScrollView(.horizontal, showsIndicators: false) {",
            "                \(SwiftCode.gridCall(axis: d.axis, items: SwiftCode.items(d.items), spacing: d.spacing)) {",
            "                    ForEach(selectedPhotos) { photo in",
        ] + dockPhoto.map { "                        " + $0 } + [
            "                    }",
            "                }",
            "            }",
            "            .frame(height: \(formatPoints(DockStrip.photoHeight)))",
            "            .padding()",
            "            .background(Color(.systemGray6))",
            "            .cornerRadius(\(formatPoints(DockStrip.cornerRadius)))",
            "            .onChange(of: selectedPhotoId) { oldValue, newValue in",
            "                withAnimation {",
            "                    scrollProxy.scrollTo(newValue)",
            "                }",
            "            }",
            "        }",
            "    }",
            "    .padding()",
            "    .animation(.interactiveSpring(), value: selectedPhotoId)",
            "}",
        ])
    }

    var toolbar: [ToolbarItem] {
        [button(.returnAll, symbol: "arrow.uturn.backward", label: "return every photo to the grid", key: "u")]
    }

    var help: [HelpEntry] {
        [HelpEntry(keys: "click", action: "a grid photo flies to the dock; a dock photo back to the end of the grid"),
         HelpEntry(keys: "drag", action: "drop on the dock to insert there, drag in the dock to reorder, drop elsewhere to send it back"),
         HelpEntry(keys: "Tab, arrows", action: "focus the grid or the dock, then a photo"),
         HelpEntry(keys: "Return / Space", action: "move the focused photo"),
         HelpEntry(keys: "u", action: "return every photo to the grid")]
    }

    enum Command: String {
        case returnAll
    }

    func perform(_ command: Command, env: AppEnvironment) {
        time = env.time
        switch command {
        case .returnAll: apply { $0.model.returnAll() }
        }
    }

    // MARK: - Layout

    /// The seed's `VStack { ScrollView { grid } dock }.padding()`: both inside the 16-point
    /// padding, the grid's scroll view above (clipping its photos there), the grey dock panel along
    /// the bottom, the VStack's default 8 points between them.
    static func split(_ frame: Rect) -> (grid: Rect, dock: Rect) {
        let inner = EdgeInsets.all(DockScene.padding).inset(frame)
        let panelHeight = min(DockStrip.panelHeight, inner.height)
        let dock = Rect(x: inner.minX, y: inner.maxY - panelHeight, width: inner.width, height: panelHeight)
        let grid = Rect(x: inner.minX, y: inner.minY, width: inner.width, height: max(0, dock.minY - GridItem.defaultSpacing - inner.minY))
        return (grid, dock)
    }

    /// Container columns from the model: the grid keeps a dragged photo's slot (drawn empty); the
    /// dock shows a dragged photo as a gap where it would land.
    func syncSlots() {
        var c = grid.configuration
        if c.sections.first?.count != model.grid.count {
            c.sections = [GridSection(count: model.grid.count)]
            grid.configuration = c
        }
        var slots = model.dock.map(DockStrip.Slot.photo)
        if let d = press, d.lifted {
            let gap = DockStrip.Slot.gap(width: dock.photoWidth(d.id))
            if let home = model.dock.firstIndex(of: d.id) {
                slots.remove(at: home)
                slots.insert(gap, at: min(d.dockInsertion ?? home, slots.count))
            } else if let k = d.dockInsertion {
                slots.insert(gap, at: min(k, slots.count))
            }
        }
        dock.setSlots(slots)
    }

    var liftedId: String? { press?.lifted == true ? press?.id : nil }

    /// Where `id` sits in the layouts (nil for a photo lifted out of the dock).
    func slot(of id: String) -> (place: Place, index: Int)? {
        if let i = model.grid.firstIndex(of: id) { return (.grid, i) }
        if let i = dock.index(of: id) { return (.dock, i) }
        return nil
    }

    func origin(_ place: Place) -> Point { place == .grid ? grid.layoutOrigin : dock.scrollView.layoutOrigin }

    func layoutFrame(_ place: Place, _ index: Int) -> Rect? {
        place == .grid ? grid.layout.frame(of: index) : dock.layoutFrame(of: index)
    }

    /// Where `id` is drawn now, in window points: under the pointer, in flight, or in its slot.
    func drawnFrame(of id: String) -> Rect? {
        if id == liftedId || motion.entries[id] != nil { return drawnFrame(of: id, at: nil) }
        return drawnFrame(of: id, at: slot(of: id))
    }

    /// The same for a photo whose slot the caller knows (no search through the lists).
    func drawnFrame(of id: String, at slot: (place: Place, index: Int)?) -> Rect? {
        if id == liftedId, let d = press { return d.liftedFrame(at: time) }
        // Moved since the last frame: it is drawn where it was until the update flies it.
        if let r = pendingFlights?.before[id] { return r }
        if let r = motion.windowFrame(of: id, at: time, origin: origin) { return r }
        guard let (place, i) = slot, let f = layoutFrame(place, i) else { return nil }
        let o = origin(place)
        return f.offsetBy(dx: o.x, dy: o.y)
    }

    /// The photos `apply` moves: every one in a small set; in a large one (a person's folder) those
    /// drawn now (viewport and prefetch margin) or moving. Any other is off screen, and an
    /// off-screen photo whose slot changes simply is there when scrolled to.
    func animatedIds() -> [String] {
        guard model.photos.count > DockScene.animateAllLimit else { return model.photos }
        var ids = Set(motion.entries.keys)
        if let l = liftedId { ids.insert(l) }
        for item in grid.itemsToDraw() where item.index < model.grid.count { ids.insert(model.grid[item.index]) }
        for item in dock.scrollView.itemsToDraw() where item.index < dock.slots.count {
            if case .photo(let id) = dock.slots[item.index] { ids.insert(id) }
        }
        return Array(ids)
    }

    /// Runs `change` (which edits the model or the drag) and records where each photo it may move
    /// is drawn now; the next update lays both containers out once and flies every one from there to
    /// its new slot with `animation` (`startFlights`). Changes made before one frame fly as one, from
    /// the picture on screen before the first of them.
    func apply(animation requested: Animation? = DockScene.flight, _ change: (DockScene) -> Void) {
        // Reduce motion: photos land at once and the app cross-fades instead.
        let animation = MotionPolicy.resolve(requested)
        if pendingFlights == nil { pendingFlights = PendingFlights(capturing: self) }
        pendingFlights?.animation = animation
        change(self)
        syncSlots()
        clampFocus()
        file.changed(to: model.dock, photos: model.photos)
    }

    /// A click: the photo changes container; one arriving in the dock is scrolled into view.
    func toggle(_ id: String) {
        if model.isFull, model.place(of: id) == .grid {
            // Once a run: the dock's file holds so many (`PhotoDockModel.capacity`).
            if !toldFull { log("coffeegrid: the dock is full: it holds at most \(formatCount(PhotoDockModel.capacity)) photos") }
            toldFull = true
            return
        }
        var went: Place?
        apply { went = $0.model.toggle(id) }
        if went == .dock { revealInDock(id, animation: MotionPolicy.resolve(DockScene.flight)) }
    }

    func advance(frame newFrame: Rect, env: AppEnvironment) -> Bool {
        time = env.time
        scale = env.scale
        let content = overflow.layout(frame: newFrame, contentHeight: DockScene.minimumHeight, time: time)
        // A new width reflows the photos, and they fly to their new places; a new height only
        // moves the dock (the code panel opening above, the area scrolling), and they ride along.
        if content.width != frame.width || frame == .zero {
            let first = frame == .zero
            apply(animation: first || MotionPolicy.isReduced ? nil : DockScene.flight) { scene in
                scene.frame = content
                (scene.gridFrame, scene.dockFrame) = DockScene.split(content)
            }
        } else if content != frame {
            frame = content
            (gridFrame, dockFrame) = DockScene.split(content)
        }
        takeDepartures()
        // Photos the scan found since the last frame join the end of the grid; one that went and
        // came back (Ctrl+Z after Delete) goes back where it was, the dock included.
        if photoSet.arrivals.count != shownArrivals {
            let new = Array(photoSet.arrivals[shownArrivals...])
            shownArrivals = photoSet.arrivals.count
            if new.contains(where: { forgotten[$0] != nil }) {
                apply { scene in
                    for id in new {
                        if let spot = scene.forgotten.removeValue(forKey: id) { scene.model.add(id, returningTo: spot) } else { scene.model.add([id]) }
                    }
                }
            } else {
                model.add(new)
                syncSlots()
            }
        }
        takeRenames()
        // Another window's change to the file, once this one knows the photos it names; then the
        // file hears of every change here (arrivals, renames, departures as well as clicks).
        if let theirs = file.takeAdoption() { adopt(theirs.dock) }
        file.changed(to: model.dock, photos: model.photos)
        let dt = min(max(time - lastUpdate, 0), 0.1)
        lastUpdate = time
        var moving = grid.update(frame: gridFrame, time: time, scale: scale)
        // The flights start once both containers are laid out for the new model, before the dock is
        // measured: the scroll that reveals a photo sent there is then part of this frame.
        moving = dock.update(frame: dockFrame, time: time, scale: scale) { startFlights() } || moving
        moving = autoscrollDock(dt: dt) || moving
        moving = motion.update(at: time) || moving
        if let d = press, d.isLifting(at: time) { moving = true }
        return moving || photoSet.isScanning || overflow.isMoving(at: time)
    }

    /// Photos trashed, deleted or gone from the disk leave the grid and the dock (the others close
    /// up, animated), and the dock's file forgets them.
    private func takeDepartures() {
        guard photoSet.departures.count != shownDepartures else { return }
        let gone = Array(photoSet.departures[shownDepartures...])
        shownDepartures = photoSet.departures.count
        guard gone.contains(where: { model.place(of: $0) != nil }) else { return }
        if let d = press, gone.contains(d.id) { press = nil }
        // The picks are indices into the photos, which shift.
        picked.removeAll()
        apply { scene in
            let spots = scene.model.forget(gone)
            if scene.forgotten.count + spots.count > DockScene.forgottenLimit { scene.forgotten.removeAll() }
            scene.forgotten.merge(spots) { _, new in new }
            for id in gone { scene.motion.remove(id) }
        }
    }

    /// Photos renamed on disk stay where they are, under their new paths; the dock's file follows.
    private func takeRenames() {
        guard photoSet.renames.count != shownRenames else { return }
        let renamed = photoSet.renames[shownRenames...]
        shownRenames = photoSet.renames.count
        for r in renamed {
            model.rename(r.from, to: r.to)
            motion.remove(r.from)
            forgotten[r.to] = forgotten.removeValue(forKey: r.from) ?? forgotten[r.to]
        }
        syncSlots()
    }

    // MARK: - Persistence

    /// Shows `dock` (merged with another window's change to the file), moving photos there as a
    /// click would; what this window still differs by from the file is saved after the frame.
    func adopt(_ dock: [String]) {
        apply { $0.model.setDock(dock) }
    }
}

// MARK: - Restorable state: the photo at the top of the grid (the dock itself is in dock.json).
extension DockScene {
    var restorableState: RestorableState { RestorableState(anchor: grid.anchorItem) }
    func restore(_ state: RestorableState) { grid.restoreAnchor(state.anchor) }
}
