import GridCore
import GridMotion
import StageInterface
import ViewLayer

/// `dock` — seed 002, chapter 34: twenty coffee photos in `LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))])`
/// and under them a dock, a one-row LazyHGrid in a horizontal scroll view. Clicking a photo moves it
/// to the dock (or back to the end of the grid) and it *flies* there, as `matchedGeometryEffect`
/// with `.interactiveSpring()` makes it in SwiftUI, while the grid closes the gap; the dock then
/// scrolls (`ScrollViewReader.scrollTo(id)`) so the newest photo is in view. Photos can also be
/// dragged into the dock at a position, reordered there, and moved with the keyboard. The dock is
/// saved and comes back on the next launch.
///
/// The chapter's code is run (`DockScene.source`): where the two scroll views and the grey panel
/// are, the heading, the photos' heights and corners and the flight's animation are read from its
/// tree (`DockViews`), and the code panel prints it. Its `@State` arrays are the model's
/// (`PhotoDockModel`): input changes the model and `apply` records where every photo was drawn; the
/// next update lays both containers out once, compares, and flies each moved photo (`PhotoMotion`).
/// A person's own photos are the grid's (only those near the viewport animate); the dock is saved
/// by path (`DockFile`, a service).
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

    /// The seed laid out in the scene's area (its containers, looks and motion), and laid out tall
    /// at the area's width (the least height that shows both: `minimumHeight`).
    var views: DockViews
    var tallViews: DockViews
    /// The seed's animation for every flight (`.animation(.interactiveSpring(), value: selectedPhotoId)`,
    /// flying because both images share `matchedGeometryEffect(id: photo.id, in: photoTransition)`);
    /// the dock's scroll uses it too, so the two add up to a straight path to where the slot will be.
    var flight: Animation? { views.flight }

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
    var frame = Rect.zero
    /// An area shorter than `minimumHeight` scrolls vertically (a 320 × 320 window).
    var overflow = OverflowScroll()
    var gridFrame = Rect.zero
    var dockFrame = Rect.zero
    /// The dock's scroll view, inside the panel's padding.
    var dockViewport = Rect.zero
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
        // The source is the app's own and tested: it always has the shape read.
        views = DockScene.layOut(in: Size(width: 390, height: 844))!
        tallViews = DockScene.layOut(in: Size(width: 390, height: DockScene.tall))!
        grid = GridScrollView(.init(LazyVGrid(columns: views.gridItems, spacing: views.gridSpacing), sections: [GridSection(count: photos.count)],
                                    sizing: .fill(views.photoHeight), leadingContent: views.leadingContent))
        dock = DockStrip(aspect: { [photoSet] id in min(max(aspects[id] ?? photoSet.aspect(of: id) ?? 1, 0.25), 4) })
        dock.look = DockScene.look(views)
        // The seed's drag moves a photo; a drag between photos scrolls, as it always did here.
        grid.gestures.drawsBand = false
        dock.scrollView.gestures.drawsBand = false
        syncSlots()
    }

    /// Chapter 34's final ContentView: the code the scene's containers, looks and motion are read from.
    var code: String { DockScene.source }

    /// Runs `change` (which edits the model or the drag) and records where each photo it may move
    /// is drawn now; the next update lays both containers out once and flies every one from there to
    /// its new slot with `animation` (`startFlights`). Changes made before one frame fly as one, from
    /// the picture on screen before the first of them.
    func apply(_ change: (DockScene) -> Void) { apply(animation: flight, change) }

    func apply(animation requested: Animation?, _ change: (DockScene) -> Void) {
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
        if went == .dock { revealInDock(id, animation: MotionPolicy.resolve(flight)) }
    }

    func advance(frame newFrame: Rect, env: AppEnvironment) -> Bool {
        time = env.time
        scale = env.scale
        let content = overflow.layout(frame: newFrame, contentHeight: minimumHeight(width: newFrame.width), time: time)
        // A new width reflows the photos, and they fly to their new places; a new height only
        // moves the dock (the code panel opening above, the area scrolling), and they ride along.
        if content.width != frame.width || frame == .zero {
            let first = frame == .zero
            apply(animation: first || MotionPolicy.isReduced ? nil : flight) { $0.layOut(content) }
        } else if content != frame {
            layOut(content)
        }
        takeDepartures()
        takeArrivals()
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
        moving = dock.update(panel: dockFrame, viewport: dockViewport, time: time, scale: scale) { startFlights() } || moving
        moving = autoscrollDock(dt: dt) || moving
        moving = motion.update(at: time) || moving
        if let d = press, d.isLifting(at: time) { moving = true }
        return moving || photoSet.isScanning || overflow.isMoving(at: time)
    }
}
