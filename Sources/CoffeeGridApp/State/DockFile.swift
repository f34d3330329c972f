import Foundation

/// The dock's file, kept for the dock scene by the app, so the scene does no I/O: read when the
/// app prepares the scene (`init`), written at the app's next update after the dock changed
/// (`sync`), and merged there when another window rewrote it. The scene only tells it what it shows
/// (`changed(to:photos:)`) and takes what another window's change makes it show
/// (`takeAdoption`), both in memory.
final class DockFile {
    let store: DockStore
    /// The dock the file held when the scene was prepared (empty with `--no-restore`).
    let restored: [String]
    /// With `--no-restore` the file is neither read nor watched, and the first change replaces
    /// whatever it holds; later changes merge with it as any window's do.
    private var replacesNext: Bool
    private let watcher: FileWatcher?
    private let log: (String) -> Void
    /// The dock as this window last read or wrote the file: the base its next change applies to.
    private var saved: [String]
    /// What the scene shows now and the photos it knows (ids in the file that it does not know are dropped).
    private var shown: [String]
    private var photos: [String] = []
    private var adoption: (dock: [String], saved: [String])?
    private var saveFailed = false
    /// After a failed save the change stays to be saved, tried again at most once a second
    /// (the file may be a folder for a while), and at quit.
    private var retryAt = 0.0

    /// Reads the file (a person's own photos: by path, each still there joining `photoSet`).
    init(photoSet: PhotoSet, restore: Bool, log: @escaping (String) -> Void) {
        // A person's photos are remembered by path, in a file of their own.
        store = photoSet.isBundled ? DockStore() : DockStore.forOwnPhotos()
        self.log = log
        StateFile.removeStaleTemps(beside: store.path)
        replacesNext = !restore
        watcher = restore ? FileWatcher(path: store.path) : nil
        var restored: [String] = []
        if restore {
            if photoSet.isBundled {
                let loaded = store.load(known: photoSet.ids)
                if let m = loaded.message { log("coffeegrid: \(m)") }
                restored = loaded.ids
            } else {
                // One whose file is gone is skipped, in one line; the others join the photo set now.
                let loaded = store.loadPaths(usable: { photoSet.adopt($0) })
                loaded.messages.forEach { log("coffeegrid: \($0)") }
                restored = loaded.ids
            }
        }
        self.restored = restored
        saved = restored
        shown = restored
    }

    var path: String { store.path }

    // MARK: - The scene's side: memory only

    /// The scene shows `dock` now, out of `photos`: saved at the next sync if it differs from the file.
    func changed(to dock: [String], photos: [String]) {
        shown = dock
        self.photos = photos
    }

    /// The dock to show since another window changed the file (or a save merged its change in),
    /// once; `saved` is what the file holds. The scene moves its photos there as a click would.
    func takeAdoption() -> (dock: [String], saved: [String])? {
        defer { adoption = nil }
        return adoption
    }

    // MARK: - The app's side, before the scenes update: the file

    /// `force`: at quit, a change is tried whenever the last failure was.
    func sync(force: Bool = false) {
        if shown != saved, force || ProcessInfo.processInfo.systemUptime >= retryAt { save() }
        if watcher?.changed() == true, let theirs = store.current(known: photos) {
            let mine = adoption?.dock ?? shown
            let merged = DockStore.merge(base: saved, mine: mine, theirs: theirs)
            if merged != mine || theirs != saved { adopt(merged, saved: theirs) }
        }
    }

    private func save() {
        let base = saved, mine = shown
        saved = mine
        do {
            let keptAside = { [log, store] (aside: String) in
                log("coffeegrid: saved dock \(store.path) was not one this app can read: kept as \(aside.split(separator: "/").last ?? "")")
            }
            let merged = try store.save(mine, base: replacesNext ? nil : base, known: photos, keptAside: keptAside)
            replacesNext = false
            saveFailed = false
            if merged != mine { adopt(merged, saved: merged) }
        } catch {
            // The change is still to be saved, from the same base: a later save merges it, and
            // another window's save meanwhile does not undo it.
            saved = base
            retryAt = ProcessInfo.processInfo.systemUptime + 1
            // One line per run of failures, not one per click.
            if !saveFailed { log("coffeegrid: cannot save the dock: \(DockStore.describe(error))") }
            saveFailed = true
        }
    }

    private func adopt(_ dock: [String], saved: [String]) {
        self.saved = saved
        shown = dock
        adoption = (dock, saved)
    }
}
