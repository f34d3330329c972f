import GridCore

/// The photos following the library (arrivals, departures, renames), another window's dock adopted,
/// and what a session restores.
extension DockScene {
    /// Photos the scan found since the last frame join the end of the grid; one that went and came
    /// back (Ctrl+Z after Delete) goes back where it was, the dock included.
    func takeArrivals() {
        guard photoSet.arrivals.count != shownArrivals else { return }
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

    /// Photos trashed, deleted or gone from the disk leave the grid and the dock (the others close
    /// up, animated), and the dock's file forgets them.
    func takeDepartures() {
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
    func takeRenames() {
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
