import GridCore
import GridMotion

/// Flights start in the update, after the one layout of the frame: input only changes the model and
/// records where the photos were drawn (Compose starts item animations inside measure the same way,
/// by comparing old and new positions).
extension DockScene {
    /// Where the photos a change may move were drawn before it, until the next update flies them.
    struct PendingFlights {
        let moved: [String]
        let before: [String: Rect]
        /// The container each was in (not the lifted one's: it flies from under the pointer).
        let beforePlace: [String: Place]
        let oldGrid: Point
        let oldDock: Point
        /// The time of the picture the change was made on (the last frame's): the flight starts
        /// there, so the first frame after a click already shows it under way, as before it waited.
        let time: Double
        var animation: Animation?
        /// A photo the dock scrolls to once its flight has a target.
        var reveal: (id: String, animation: Animation?)?

        init(capturing scene: DockScene) {
            let lifted = scene.liftedId
            var before: [String: Rect] = [:], beforePlace: [String: Place] = [:]
            moved = scene.animatedIds()
            for id in moved {
                before[id] = scene.drawnFrame(of: id)
                if id != lifted, let s = scene.slot(of: id) { beforePlace[id] = s.place }
            }
            self.before = before
            self.beforePlace = beforePlace
            oldGrid = scene.grid.layoutOrigin
            oldDock = scene.dock.scrollView.layoutOrigin
            time = scene.time
        }
    }

    /// Scrolls the dock to `id` (a photo just sent there) once the update has laid it out.
    func revealInDock(_ id: String, animation: Animation?) {
        if pendingFlights == nil { pendingFlights = PendingFlights(capturing: self) }
        pendingFlights?.reveal = (id, animation)
    }

    /// Every photo recorded by `apply` moves from where it was drawn to its slot in the layout this
    /// update made; then the dock scrolls to the photo sent there, if any.
    func startFlights() {
        guard let p = pendingFlights else { return }
        pendingFlights = nil
        let newGrid = grid.layoutOrigin, newDock = dock.scrollView.layoutOrigin
        let nowLifted = liftedId
        for id in p.moved {
            if id == nowLifted { motion.remove(id); continue }
            guard let (place, i) = slot(of: id), let target = layoutFrame(place, i) else { continue }
            motion.move(id, to: target, in: place, drawn: p.before[id], fly: p.beforePlace[id] != place,
                        oldOrigin: { $0 == .grid ? p.oldGrid : p.oldDock }, newOrigin: { $0 == .grid ? newGrid : newDock },
                        animation: p.animation, at: p.time)
        }
        if let r = p.reveal, let i = dock.index(of: r.id) { dock.reveal(i, animation: r.animation, from: p.time) }
    }
}
