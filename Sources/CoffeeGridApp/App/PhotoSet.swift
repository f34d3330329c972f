import Foundation
import PhotoLibrary
import Stage
import SystemIO

/// The photos the feed and the dock show: the twenty bundled coffee photos, or a person's own —
/// folders and files named on the command line or dropped on the window, found by a background
/// `FolderScanner` and taken in once a frame (`poll`), so the grid fills as they are found.
/// Every folder scanned is then followed (`FolderWatcher`): photos that appear, change or go away
/// on disk are taken in by the same `poll`, and each such change is journaled (`changes(since:)`)
/// so a grid can animate it. Ids are bundled names (`coffee-3`) or absolute paths. Render thread only.
package final class PhotoSet {
    enum Order: String, CaseIterable {
        /// Natural order of the paths (`img2` before `img10`), a folder's files before its subfolders.
        case name
        /// EXIF DateTimeOriginal, else the file's modification time; ties by name.
        case date
        /// The file's modification time; ties by name.
        case modified
        /// The file's size in bytes; ties by name.
        case size
    }

    private struct Photo {
        let path: String
        /// Upright width / height.
        let aspect: Double
        let capture: Double?
        let modified: Double
        let size: Int
        /// The file's own device and inode when found (which file it is, whatever its name).
        let identity: TrashService.FileIdentity
        var time: Double { capture ?? modified }
    }

    /// One change to the photos in display order, as it happened: an index into the order before it.
    enum Change: Equatable {
        case inserted(Int)
        /// The index and the id of the photo that went.
        case removed(Int, String)
        /// A photo renamed on disk, taken from one index and put at another (into the order without it).
        case moved(Int, Int)
    }

    /// True until a person's own photos are opened; then it stays false.
    private(set) var isBundled: Bool
    private let resources: ResourceLocator
    let log: (String) -> Void
    private var photos: [Photo] = []
    private var byPath: [String: Photo] = [:]
    private var scanners: [FolderScanner] = []
    /// The folders and files opened, as given (made absolute).
    private(set) var roots: [String] = []
    private(set) var order: Order
    /// The order reversed ("newest first" for the dates, largest first for size, Z to A for names).
    private(set) var descending = false
    /// Bumped whenever the photos or their order change.
    private(set) var revision = 0
    /// What the watcher changed, by the revision after each change; a sort, or more than
    /// `journalLimit` changes, starts it afresh (then `changes(since:)` is nil and the grid just relays out).
    private var journal: [(revision: Int, change: Change, live: Bool)] = []
    private var journalStart = 0
    static let journalLimit = 20_000
    /// Follows the folders scanned (nil: no inotify, or not started).
    private var watcher: FolderWatcher?
    /// Photos put back from the Trash whose move back the watcher has not told of yet.
    private var restoredUnseen: Set<String> = []
    /// Photos whose files changed on disk since the last `takeRewritten()`: decode them again.
    private var rewritten: [String] = []
    /// Where Delete sends photos; the worker that moves them there, back and away (see PhotoSet+Trash).
    var trash = Trash()
    let files = TrashService(wake: { StageHost.wake() })
    /// The file job the frames are following: what it is about and what it did so far.
    var fileJob: FileJob?
    /// Photos handed to the worker to go (Delete, Shift+Delete) while its jobs run: the worker is
    /// ahead of the frames by up to a batch, so a photo still shown may have no file any more, and
    /// asking for its picture would draw the broken-image card for the moment before it leaves.
    var leaving: Set<String> = []
    /// Photos the worker's reports took away in the last `takeFileReports` (they were `leaving`,
    /// and fade out without asking for a picture either).
    var sentAway: Set<String> = []
    /// The frame's time, as the last `poll(at:)` or request said (a notice is dated with it).
    var clock = 0.0
    /// The last thing the library said to the person (a toast: "3 photos moved to Trash"), when,
    /// and whether Ctrl+Z (the toast's Undo button) undoes what it tells of.
    var notice: (text: String, time: Double, undoable: Bool)? { didSet { noticeName = nil } }
    /// The file name inside the notice's text (one photo's problem), which a toast too narrow for
    /// the whole line shortens in the middle so the reason after it still shows; set after `notice`.
    var noticeName: String?
    /// A person's photos in the order they arrived (the dock's grid appends them in this order).
    private(set) var arrivals: [String] = []
    /// Photos that left (trashed, deleted, gone from the disk), in that order: the dock forgets them.
    /// One put back (Ctrl+Z, or the file back on disk) is an arrival again.
    private(set) var departures: [String] = []
    /// Photos renamed (or moved) within the folders, old path and new, in that order: the same photo
    /// under another id, which the scenes carry over (the selection, the dock, the picture).
    private(set) var renames: [(from: String, to: String)] = []
    /// What the running rescan (and the watcher meanwhile) found, to tell which photos are gone.
    private var rescanFound: Set<String>?
    /// Photos found since the first scan started (files skipped are not counted).
    package var count: Int { isBundled ? BundledPhotos.coffee.count : photos.count }
    private(set) var isScanning = false

    init(paths: [String], order: Order = .name, resources: ResourceLocator, log: @escaping (String) -> Void) {
        self.resources = resources
        self.log = log
        self.order = order
        isBundled = true
        if !paths.isEmpty { open(paths) }
    }

    deinit {
        watcher?.stop()
        files.stop()
    }

    // MARK: - Reading

    func id(at index: Int) -> String? {
        guard index >= 0 && index < count else { return nil }
        return isBundled ? BundledPhotos.coffee[index] : photos[index].path
    }

    /// The file behind an id (a bundled name resolves inside Resources/Photos).
    func path(of id: String) -> String {
        isBundled || !id.hasPrefix("/") ? BundledPhotos.shared.path(id, in: resources) : id
    }

    func path(at index: Int) -> String? { id(at: index).map(path(of:)) }

    /// Upright aspect ratio of a person's photo, known from the scan (nil for bundled names: the
    /// dock reads their headers itself).
    func aspect(of id: String) -> Double? { byPath[id]?.aspect }

    /// Ids in display order (O(n): for a scene being made, not for every frame).
    var ids: [String] { isBundled ? BundledPhotos.coffee : photos.map(\.path) }

    // MARK: - Changing

    /// Starts scanning `paths` (folders recursively, or files) in the background. The first call
    /// replaces the bundled photos; later ones (drops) add to what is there.
    func open(_ paths: [String]) {
        guard !paths.isEmpty else { return }
        if isBundled {
            isBundled = false
            revision += 1
        }
        if watcher == nil { watcher = FolderWatcher(watchLimit: PhotoSet.watchLimit, onEvent: { StageHost.wake() }) }
        let scanner = self.scanner(paths)
        roots += scanner.roots
        watcher?.follow(roots: scanner.roots)
        scanners.append(scanner)
        isScanning = true
    }

    /// A scan whose folders the watcher watches before they are listed (a file a copy makes in one
    /// after its listing is told of, never lost between the listing and the watch).
    private func scanner(_ paths: [String]) -> FolderScanner {
        watcher?.scanner(paths) ?? FolderScanner(roots: paths)
    }

    /// Folders opened that went away (deleted, moved, or their parent moved), in that order, until
    /// they are back at their paths: the scene says so rather than showing a silent empty grid.
    private(set) var goneRoots: [String] = []

    /// What the scene says of the gone folders ("Live was moved or deleted"), nil while none is.
    var goneMessage: String? {
        guard let first = goneRoots.first else { return nil }
        if goneRoots.count > 1 { return "\(goneRoots.count) folders were moved or deleted" }
        return (WindowTitle.folders([first]) ?? first) + " was moved or deleted"
    }

    /// Coming back to the window: a gone folder that is there again (made again where nothing
    /// watched its parent) is scanned again, as past the watch limit.
    func lookForGoneRoots() {
        var info = stat()
        if goneRoots.contains(where: { PathBytes.withCString($0) { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR }) { rescan() }
    }

    /// The most folders followed (tests lower it to reach the limit with a few).
    // nonisolated(unsafe): set only by tests before a library starts, read on the frame thread.
    nonisolated(unsafe) static var watchLimit = 16_384

    /// True once some folder could not be watched: `rescan()` (on focus) is then how it is followed.
    var watchLimitReached: Bool { watcher?.limitReached ?? false }

    /// Folders followed now.
    var watchedFolders: Int { watcher?.watchCount ?? 0 }

    /// Known photos are looked up by path; a photo the scan has not reached yet (restored from a
    /// saved dock) is added now, probed on the spot. Returns false when the file is not usable.
    func adopt(_ path: String) -> Bool {
        guard !isBundled else { return false }
        if byPath[path] != nil { return true }
        guard let found = FolderScanner.probeFile(path) else { return false }
        insert([found])
        return true
    }

    func setOrder(_ new: Order, descending newDescending: Bool? = nil) {
        let d = newDescending ?? descending
        guard new != order || d != descending else { return }
        order = new
        descending = d
        photos.sort(by: less)
        revision += 1
        restartJournal()
    }

    /// The changes since `revision` in the order they happened, with whether any came from the disk
    /// changing (not from the scan); nil when the journal does not reach back that far (a sort).
    func changes(since revision: Int) -> (changes: [Change], live: Bool)? {
        guard revision >= journalStart else { return nil }
        let newer = journal.drop { $0.revision <= revision }
        return (newer.map(\.change), newer.contains { $0.live })
    }

    /// The photos whose files were rewritten since the last call (their pictures are stale).
    func takeRewritten() -> [String] {
        defer { rewritten.removeAll() }
        return rewritten
    }

    private func restartJournal() {
        journal.removeAll()
        journalStart = revision
    }

    private func record(_ change: Change, live: Bool) {
        if journal.count >= PhotoSet.journalLimit { restartJournal() }
        journal.append((revision, change, live))
    }

    /// Once a frame: takes what the scanners found (in order) and logs what they skipped. True if
    /// anything changed.
    @discardableResult
    func poll(at time: Double? = nil) -> Bool {
        if let time { clock = time }
        let filesChanged = takeFileReports()
        let live = takeWatched() || filesChanged
        guard isScanning else { return live }
        var changed = live
        var running = false
        for scanner in scanners {
            let (found, lines, finished) = scanner.take()
            lines.forEach { log("coffeegrid: " + $0) }
            if !found.isEmpty {
                insert(found)
                rescanFound?.formUnion(found.map(\.path))
                changed = true
            }
            watcher?.watch(scanner.takeFolders())
            running = running || !finished
        }
        if !running {
            isScanning = false
            scanners.removeAll()
            finishRescan()
            changed = true
            revision += 1
        }
        return changed
    }

    /// Blocks until every scan is over and taken in (tests and the benchmark only).
    package func finishScanning() {
        for s in scanners { s.waitUntilFinished() }
        poll()
    }

    /// What the watcher saw since the last frame: new photos in their sorted place, rewritten ones
    /// re-probed (moved if their sort key changed) and decoded again, and photos gone. True if any.
    private func takeWatched() -> Bool {
        guard let watcher = watcher else { return false }
        var changed = false
        for event in watcher.take() {
            switch event {
            case .changed(let f):
                // A photo put back from the Trash, told of by the watcher after the library took it
                // in: the same file (time, size, inode), not a rewrite (it was decoded again, and
                // found in the order, O(photos), for each of 6,000 put back).
                if let known = byPath[f.path], restoredUnseen.remove(f.path) != nil, known.modified == f.modified, known.size == f.size,
                   known.identity == TrashService.FileIdentity(device: f.device, inode: f.inode) {
                    rescanFound?.insert(f.path)
                    continue
                }
                if byPath[f.path] != nil {
                    rewritten.append(f.path)
                    if !replaceInPlace(f) {
                        remove(f.path, live: true, departs: false)
                        insert([f], live: true, arrival: false)
                    }
                } else {
                    insert([f], live: true)
                }
                rescanFound?.insert(f.path)
                changed = true
            case .removed(let path):
                // The disk, not the event, says what is gone: a removal read after the file came
                // back (Delete, then Ctrl+Z before the watcher's thread told of the move to the
                // Trash) would take away a photo that is there.
                guard FolderScanner.probeFile(path) == nil else { continue }
                changed = remove(path, live: true) || changed
            case let .renamed(old, f):
                if byPath[old] != nil {
                    rename(old, to: f)
                } else if byPath[f.path] == nil {
                    insert([f], live: true)
                }
                rescanFound?.insert(f.path)
                changed = true
            case .removedFolder(let folder):
                let prefix = folder + "/"
                for p in photos.map(\.path) where p.hasPrefix(prefix) { changed = remove(p, live: true) || changed }
                if roots.contains(folder), !goneRoots.contains(folder) {
                    goneRoots.append(folder)
                    log("coffeegrid: \(PathBytes.display(folder)) was moved or deleted; its photos come back if it is put back there")
                    changed = true
                }
            case .returned(let folder):
                if let i = goneRoots.firstIndex(of: folder) {
                    goneRoots.remove(at: i)
                    revision += 1
                    changed = true
                }
            case .unreadable(let path):
                // A photo rewritten as something that is not one (text, emptied) stays in its place as
                // the broken-image card, as a desktop viewer shows a file it cannot read (and the
                // selection, the dock and the place stay); its old picture is dropped, so the decode
                // fails and says why. Written again as a photo, it is one again (`changed`).
                if byPath[path] != nil {
                    rewritten.append(path)
                    changed = true
                }
            case .rescan:
                rescan()
            case .log(let line):
                log("coffeegrid: " + line)
            }
        }
        return changed
    }

    /// Makes photos known again (put back from the Trash, probed by the worker).
    func reinsert(_ found: [FolderScanner.Found]) {
        let new = found.filter { byPath[$0.path] == nil }
        insert(new, live: true)
        // Bounded: a photo whose event never comes (no watcher) is forgotten with the rest later.
        if restoredUnseen.count > 50_000 { restoredUnseen.removeAll() }
        restoredUnseen.formUnion(new.map(\.path))
    }

    /// The file a photo was found as (device and inode), to tell it from another that takes its name.
    func identity(of id: String) -> TrashService.FileIdentity? { byPath[id]?.identity }

    /// Takes many photos away in one pass over the order (a batch of a Delete of 21,000 photos is
    /// O(photos), not O(photos) for each one). Journaled as removals from the highest index down,
    /// each index valid in the order as it then is. Returns how many were there.
    @discardableResult
    func remove(_ paths: [String], live: Bool = true) -> Int {
        var gone = Set<String>()
        for p in paths where byPath.removeValue(forKey: p) != nil { gone.insert(p) }
        guard !gone.isEmpty else { return 0 }
        if gone.count == 1, let only = gone.first, let i = photos.firstIndex(where: { $0.path == only }) {
            photos.remove(at: i)
            departures.append(only)
            revision += 1
            record(.removed(i, only), live: live)
            return 1
        }
        var removed: [(Int, String)] = []
        var kept: [Photo] = []
        kept.reserveCapacity(photos.count - gone.count)
        for (i, p) in photos.enumerated() {
            if gone.contains(p.path) { removed.append((i, p.path)) } else { kept.append(p) }
        }
        photos = kept
        departures += paths.filter { gone.contains($0) }
        for (i, path) in removed.reversed() {
            revision += 1
            record(.removed(i, path), live: live)
        }
        return removed.count
    }

    /// Takes photos away (trashed, or gone from the disk; `departs` false for one re-sorted after a
    /// rewrite, which comes straight back). False when `path` was not one of them.
    @discardableResult
    func remove(_ path: String, live: Bool = true, departs: Bool = true) -> Bool {
        guard byPath.removeValue(forKey: path) != nil, let i = photos.firstIndex(where: { $0.path == path }) else { return false }
        photos.remove(at: i)
        if departs { departures.append(path) }
        revision += 1
        record(.removed(i, path), live: live)
        return true
    }

    /// A photo's file renamed: the same photo at its new path, moved to where the new name sorts
    /// (journaled as a move, so the grid carries its cell there). A photo the new name replaced on
    /// disk leaves, as a deleted one does.
    private func rename(_ old: String, to f: FolderScanner.Found) {
        if f.path != old, byPath[f.path] != nil { remove(f.path, live: true) }
        guard let i = photos.firstIndex(where: { $0.path == old }) else { return }
        photos.remove(at: i)
        byPath[old] = nil
        let p = PhotoSet.photo(f)
        byPath[p.path] = p
        let j = insertionIndex(of: p)
        photos.insert(p, at: j)
        if let k = arrivals.lastIndex(of: old) { arrivals[k] = p.path }
        renames.append((old, p.path))
        revision += 1
        record(.moved(i, j), live: true)
    }

    /// Walks every root again (events were lost, or folders past the watch limit): what it finds is
    /// added; a photo it no longer finds whose file is gone leaves, as a deleted one does.
    func rescan() {
        guard !isBundled, !roots.isEmpty, !isScanning else { return }
        scanners.append(scanner(roots))
        isScanning = true
        rescanFound = []
    }

    /// A rescan is over: photos it did not find (nor the watcher meanwhile) and whose files are no
    /// longer there leave. One it missed that is still there (a dock's photo outside the folders) stays.
    private func finishRescan() {
        guard let found = rescanFound else { return }
        rescanFound = nil
        var info = stat()
        // A gone folder there again was walked (and watched) by this rescan.
        goneRoots.removeAll { PathBytes.withCString($0) { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR }
        for p in photos.map(\.path) where !found.contains(p) && lstat(p, &info) != 0 { remove(p, live: true) }
    }

    /// A rewritten photo whose sort key leaves it where it is keeps its place (and its cell).
    private func replaceInPlace(_ f: FolderScanner.Found) -> Bool {
        guard let i = photos.firstIndex(where: { $0.path == f.path }) else { return false }
        let p = PhotoSet.photo(f)
        guard i == 0 || !less(p, photos[i - 1]), i == photos.count - 1 || !less(photos[i + 1], p) else { return false }
        photos[i] = p
        byPath[p.path] = p
        revision += 1
        return true
    }

    private static func photo(_ f: FolderScanner.Found) -> Photo {
        Photo(path: f.path, aspect: Double(f.probe.width) / Double(max(1, f.probe.height)),
              capture: f.probe.captureTime, modified: f.modified, size: f.size,
              identity: TrashService.FileIdentity(device: f.device, inode: f.inode))
    }

    private func insert(_ found: [FolderScanner.Found], live: Bool = false, arrival: Bool = true) {
        for f in found where byPath[f.path] == nil {
            let p = PhotoSet.photo(f)
            byPath[p.path] = p
            if arrival { arrivals.append(p.path) }
            let at = insertionIndex(of: p)
            photos.insert(p, at: at)
            revision += 1
            record(.inserted(at), live: live)
        }
        revision += 1
    }

    /// Where `p` goes in the order (scans arrive in name order, so this is usually the end).
    private func insertionIndex(of p: Photo) -> Int {
        guard let last = photos.last, less(p, last) else { return photos.count }
        var lo = 0, hi = photos.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if less(photos[mid], p) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The state file's `library` key.
    var stateJSON: JSON {
        .object([("kind", .string(isBundled ? "bundled" : "folders")), ("count", .number(Double(count))),
                 ("scanning", .bool(isScanning)), ("order", .string(order.rawValue)), ("descending", .bool(descending)),
                 ("watched", .number(Double(watchedFolders))), ("watchLimitReached", .bool(watchLimitReached)),
                 ("gone", .array(goneRoots.map(JSON.string))),
                 ("roots", .array(roots.map(JSON.string)))])
    }

    private func less(_ a: Photo, _ b: Photo) -> Bool {
        descending ? ascending(b, a) : ascending(a, b)
    }

    private func ascending(_ a: Photo, _ b: Photo) -> Bool {
        switch order {
        case .name: return NaturalOrder.lessPath(a.path, b.path)
        case .date: return a.time != b.time ? a.time < b.time : NaturalOrder.lessPath(a.path, b.path)
        case .modified: return a.modified != b.modified ? a.modified < b.modified : NaturalOrder.lessPath(a.path, b.path)
        case .size: return a.size != b.size ? a.size < b.size : NaturalOrder.lessPath(a.path, b.path)
        }
    }
}
