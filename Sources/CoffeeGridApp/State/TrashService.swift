import Foundation
import Glibc
import PhotoLibrary
import Stage

/// The library's file work on a thread of its own: photos moved to the Trash, put back, deleted for
/// good. A frame only hands a job over (`submit`) and takes what was done since (`take`), a batch at
/// a time, so 21,000 photos leave the grid over many frames while the toast counts them, and no
/// frame waits for a rename. Jobs run one after another in the order given. `stop()` (quitting)
/// ends the job under way after the file it is on: each file is then either where it was or in the
/// Trash with its info file, never half-way. Every path is a library id (`PathBytes`).
// @unchecked: the queue, reports and flags are only touched with `condition` held.
final class TrashService: @unchecked Sendable {
    /// A photo to move or delete, as the person was shown it.
    struct Target: Equatable, Sendable {
        var path: String
        /// The file's device and inode when it was shown (`lstat`: a symbolic link's own); nil:
        /// whatever is at `path` now. A delete leaves a file that is not this one alone.
        var identity: FileIdentity?
    }

    struct FileIdentity: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    enum Job: Sendable {
        case trash([Target])
        /// Puts back what the last trash job moved (the part done, when it was stopped), else the
        /// newest delete the Trash holds from `folders` (an undo after a restart).
        case restore(folders: [String])
        case delete([Target])
    }

    enum Kind: Sendable { case trash, restore, delete }

    /// Why one file was not moved, put back or deleted.
    struct Problem: Equatable, Sendable {
        var kind: Kind
        var path: String
        var reason: String
        /// The Trash itself failed (the same for every file bound for it).
        var isTheTrash = false

        var line: String {
            let shown = PathBytes.display(path)
            switch kind {
            case .trash: return "cannot move \(shown) to the Trash: \(reason)"
            case .restore: return "cannot put \(shown) back: \(reason)"
            case .delete: return "cannot delete \(shown): \(reason)"
            }
        }
    }

    /// What one batch of a job did; the job's last batch is `finished`.
    struct Report: Sendable {
        var kind: Kind
        /// How many files the job is about (known once a restore has read the Trash).
        var total: Int
        var trashed: [Trash.Item] = []
        /// Files put back, as the scan would have found them (probed here, not on a frame).
        var restored: [FolderScanner.Found] = []
        /// Put back but no longer an image the library shows (nothing to add).
        var restoredUnshown = 0
        var deleted: [String] = []
        var problems: [Problem] = []
        var finished = false
        /// Ended early by `cancelTrashing()` or `stop()`.
        var stopped = false
    }

    /// A batch is reported after this many files or this long, whichever comes first.
    static let batchFiles = 64
    static let batchSeconds = 0.04

    private let condition = NSCondition()
    private var queue: [(job: Job, trash: Trash, roots: [String])] = []
    private var reports: [Report] = []
    /// The worker, while there is work (it ends when the queue is empty, so an idle library holds no thread).
    private var thread: Thread?
    private var running = false
    private var stopping = false
    private var currentKind: Kind?
    private var pace: (@Sendable () -> Void)?
    /// Set to end the job under way after its current file (Ctrl+Z during a trash job, or quitting).
    private let cancelCurrent = Flag()
    private let wake: @Sendable () -> Void
    /// What the last trash job moved (worker only): what the next restore puts back.
    private var lastMoved: [Trash.Item] = []

    init(wake: @escaping @Sendable () -> Void = {}) { self.wake = wake }

    /// Tests only: run on the worker after each batch it sends. On a fast disk a whole job can fit
    /// in one frame, so a test that checks the grid changes a batch at a time holds the worker to
    /// its frames with this instead of hoping the disk is slow.
    func pace(_ afterEachBatch: (@Sendable () -> Void)?) {
        condition.lock()
        pace = afterEachBatch
        condition.unlock()
    }

    /// Queues a job: files are trashed with `trash` and only inside `roots` (the folders opened).
    func submit(_ job: Job, trash: Trash, roots: [String]) {
        condition.lock()
        defer { condition.unlock() }
        guard !stopping else { return }
        queue.append((job, trash, roots))
        if thread == nil {
            // The thread holds the service until the queue is empty, then lets it go.
            let t = Thread { self.work() }
            t.name = "coffeegrid-trash"
            thread = t
            t.start()
        }
    }

    /// Ends the trash job under way after its current file (what it moved is what a restore puts back).
    func cancelTrashing() {
        condition.lock()
        if currentKind == .trash { cancelCurrent.set() }
        condition.unlock()
    }

    /// What was done since the last call, batch by batch.
    func take() -> [Report] {
        condition.lock()
        defer { condition.unlock() }
        let out = reports
        reports.removeAll()
        return out
    }

    /// A job queued or under way, or a report not taken.
    var isBusy: Bool {
        condition.lock()
        defer { condition.unlock() }
        return thread != nil || !queue.isEmpty || !reports.isEmpty
    }

    /// Blocks until every job queued is done (tests, headless runs that wait for everything).
    func waitUntilIdle() {
        condition.lock()
        while thread != nil { condition.wait() }
        condition.unlock()
    }

    /// Quitting: the job under way ends after its current file, queued ones are dropped; returns
    /// once the thread is out (a rename takes microseconds, so this is prompt).
    func stop() {
        condition.lock()
        stopping = true
        queue.removeAll()
        cancelCurrent.set()
        while thread != nil { condition.wait() }
        condition.unlock()
    }

    // MARK: - The worker

    private func work() {
        while true {
            condition.lock()
            if queue.isEmpty || stopping {
                queue.removeAll()
                thread = nil
                currentKind = nil
                condition.broadcast()
                condition.unlock()
                return
            }
            let next = queue.removeFirst()
            switch next.job {
            case .trash: currentKind = .trash
            case .restore: currentKind = .restore
            case .delete: currentKind = .delete
            }
            cancelCurrent.clear()
            condition.unlock()
            switch next.job {
            case .trash(let targets): trash(targets, with: next.trash, roots: next.roots)
            case .restore(let folders): restore(folders: folders, trashes: TrashService.topdirTrashes(of: next.roots), with: next.trash)
            case .delete(let targets): delete(targets, roots: next.roots)
            }
        }
    }

    /// Sends `report` to the frame thread and wakes it.
    private func send(_ report: Report) {
        condition.lock()
        reports.append(report)
        let paced = report.finished ? nil : pace
        condition.unlock()
        wake()
        paced?()
    }

    /// Runs `each` over `items`, reporting a batch every `batchFiles` files or `batchSeconds`; stops
    /// between files when asked to.
    private func batches<T>(_ items: [T], kind: Kind, total: Int, _ each: (T, inout Report) -> Void) {
        var report = Report(kind: kind, total: total)
        var inBatch = 0
        var since = ProcessStats.monotonicMilliseconds
        for item in items {
            if cancelCurrent.isSet {
                report.stopped = true
                break
            }
            each(item, &report)
            inBatch += 1
            let now = ProcessStats.monotonicMilliseconds
            if inBatch >= TrashService.batchFiles || now - since >= TrashService.batchSeconds * 1000 {
                send(report)
                report = Report(kind: kind, total: total)
                inBatch = 0
                since = now
            }
        }
        if cancelCurrent.isSet { report.stopped = true }
        report.finished = true
        send(report)
    }

    private func trash(_ targets: [Target], with trash: Trash, roots: [String]) {
        let inside = InsideFolders(roots)
        var moved: [Trash.Item] = []
        // A Trash that cannot be made fails for every photo alike: tried once per operation.
        var unusable: [String: Problem] = [:]
        batches(targets, kind: .trash, total: targets.count) { target, report in
            guard inside.contains(target.path) else {
                report.problems.append(Problem(kind: .trash, path: target.path,
                                               reason: "it is not inside the folder opened (a symbolic link out of it); nothing was moved"))
                return
            }
            let folder = Trash.parent(target.path)
            if let known = unusable[folder] {
                report.problems.append(Problem(kind: .trash, path: target.path, reason: known.reason, isTheTrash: true))
                return
            }
            do {
                let item = try trash.moveToTrash(target.path)
                moved.append(item)
                report.trashed.append(item)
            } catch let f as Trash.Failure {
                let p = Problem(kind: .trash, path: target.path, reason: f.reason, isTheTrash: f.isTheTrash)
                if f.isTheTrash { unusable[folder] = p }
                report.problems.append(p)
            } catch {
                report.problems.append(Problem(kind: .trash, path: target.path, reason: "\(error)"))
            }
        }
        if !moved.isEmpty { lastMoved = moved }
    }

    private func restore(folders: [String], trashes: [String], with trash: Trash) {
        var items = lastMoved
        if items.isEmpty {
            let all = trash.items(from: folders, trashes: trashes)
            if let newest = all.first?.deleted { items = all.filter { abs($0.deleted.timeIntervalSince(newest)) < 1 } }
        }
        var back: Set<String> = []
        // Only quitting stops it: each file is then back, or still in the Trash and still undoable.
        batches(items, kind: .restore, total: items.count) { item, report in
            do {
                try trash.restore(item)
                back.insert(item.info)
                if let found = FolderScanner.probeFile(item.original) { report.restored.append(found) } else { report.restoredUnshown += 1 }
            } catch let f as Trash.Failure {
                report.problems.append(Problem(kind: .restore, path: item.original, reason: f.reason))
            } catch {
                report.problems.append(Problem(kind: .restore, path: item.original, reason: "\(error)"))
            }
        }
        lastMoved = items.filter { !back.contains($0.info) }
    }

    /// The `.Trash-$uid` of the drives the folders open are on (other than the home one).
    static func topdirTrashes(of roots: [String]) -> [String] {
        var out: [String] = []
        for root in roots {
            var info = stat()
            guard PathBytes.withCString(root, { stat($0, &info) }) == 0 else { continue }
            let top = Trash.topdir(of: root, device: UInt64(info.st_dev))
            let own = (top == "/" ? "" : top) + "/.Trash-\(getuid())"
            if !out.contains(own) { out.append(own) }
        }
        return out
    }

    private func delete(_ targets: [Target], roots: [String]) {
        let inside = InsideFolders(roots)
        batches(targets, kind: .delete, total: targets.count) { target, report in
            guard inside.contains(target.path) else {
                report.problems.append(Problem(kind: .delete, path: target.path,
                                               reason: "it is not inside the folder opened (a symbolic link out of it); nothing was deleted"))
                return
            }
            // lstat: a symbolic link photo is the link, and the link is what goes (never its target).
            var info = stat()
            guard Trash.lstat(target.path, &info) else {
                report.problems.append(Problem(kind: .delete, path: target.path, reason: Trash.reason(errno)))
                return
            }
            if let shown = target.identity, shown != FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) {
                report.problems.append(Problem(kind: .delete, path: target.path,
                                               reason: "it is not the photo that was shown (another file took its name); it was left alone"))
                return
            }
            guard Trash.unlink(target.path) else {
                let e = errno
                let why = e == EACCES || e == EPERM || e == EROFS ? "the folder is read-only (\(Trash.reason(e)))" : Trash.reason(e)
                report.problems.append(Problem(kind: .delete, path: target.path, reason: why))
                return
            }
            report.deleted.append(target.path)
        }
    }
}

/// Whether a file's folder lies, resolved, inside a folder that was opened: a photo reached through
/// a symbolic link to a folder elsewhere is refused. Resolves each folder once per job.
struct InsideFolders {
    private let folders: [String]

    init(_ roots: [String]) { folders = roots.compactMap(InsideFolders.resolvedFolder) }

    func contains(_ path: String) -> Bool {
        guard let parent = InsideFolders.resolved(Trash.parent(path)) else { return false }
        return folders.contains(where: { parent == $0 || parent.hasPrefix($0 == "/" ? "/" : $0 + "/") })
    }

    static func resolved(_ path: String) -> String? {
        guard let r = PathBytes.withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(r) }
        return PathBytes.string(UnsafeRawBufferPointer(start: r, count: strlen(r)))
    }

    /// A root as the folder it names (a file's own folder), resolved.
    static func resolvedFolder(_ root: String) -> String? {
        var info = stat()
        guard PathBytes.withCString(root, { stat($0, &info) }) == 0 else { return nil }
        return resolved(info.st_mode & S_IFMT == S_IFDIR ? root : Trash.parent(root))
    }
}

extension TrashService {
    /// A flag one thread sets and another reads between files.
    // @unchecked: `value` is only touched with `lock` held.
    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.lock(); value = true; lock.unlock() }
        func clear() { lock.lock(); value = false; lock.unlock() }
        var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    }
}
