import Foundation
import PhotoLibrary
import Stage

/// Delete, Ctrl+Z and a confirmed Shift+Delete on a person's photos. A frame hands the request to
/// the library's worker (`TrashService`) and returns; each later frame takes the batches done since
/// (`takeFileReports`, from `poll`): photos leave (or come back) a batch at a time, and a job that
/// takes more than one batch says how far it is ("Moving 1,200 photos to the Trash… 340"). Once a
/// job is over, its problems are logged once per reason ("cannot move 1,200 photos to the Trash
/// (…): cannot make …/Trash/files (read-only file system); nothing was moved"), not once a photo.
/// A photo is trashed or deleted only when the folder it is in lies inside a folder that was opened,
/// resolved; a photo that is a symbolic link goes as the link (its target is never touched).
extension PhotoSet {
    /// The job the frames follow, and what it did so far.
    struct FileJob {
        var kind: TrashService.Kind
        var total: Int
        var done = 0
        var problems: [TrashService.Problem] = []
    }

    /// Hands a request to the worker (returns at once).
    func perform(_ request: LibraryRequest, at time: Double) {
        guard !isBundled else { return }
        clock = time
        switch request {
        case .trash(let paths):
            guard !paths.isEmpty else { return }
            leaving.formUnion(paths)
            files.submit(.trash(paths.map { TrashService.Target(path: $0, identity: identity(of: $0)) }), trash: trash, roots: roots)
        case .undoTrash:
            // Ctrl+Z while photos are still going: the rest stay, and those gone come back.
            files.cancelTrashing()
            leaving.removeAll()
            files.submit(.restore(folders: roots.filter { !FolderScanner.hasImageName($0) }), trash: trash, roots: roots)
        case .deletePermanently(let targets):
            guard !targets.isEmpty else { return }
            leaving.formUnion(targets.map(\.path))
            files.submit(.delete(targets), trash: trash, roots: roots)
        }
    }

    /// A job queued or under way, or its reports not yet taken in.
    var isBusyWithFiles: Bool { fileJob != nil || files.isBusy }

    /// Blocks until the worker is done and takes in what it did (tests, and headless runs that wait for everything).
    func finishFileWork() {
        files.waitUntilIdle()
        takeFileReports()
    }

    /// Quitting: the job under way stops after its current file; what it did is taken in.
    func stopFileWork() {
        files.stop()
        takeFileReports()
    }

    // The requests, done before returning (tests; the app never waits).
    func moveToTrash(_ paths: [String], at time: Double) { perform(.trash(paths), at: time); finishFileWork() }
    func undoTrash(at time: Double) { perform(.undoTrash, at: time); finishFileWork() }

    /// Shift+Delete, confirmed: the photos are unlinked (a symbolic link as the link). Nothing keeps
    /// them: Ctrl+Z does not see them. A photo the library knows is deleted only while its name is
    /// still the file it found.
    func deletePermanently(_ paths: [String], at time: Double) {
        perform(.deletePermanently(paths.map { TrashService.Target(path: $0, identity: identity(of: $0)) }), at: time)
        finishFileWork()
    }

    /// Once a frame: the batches done since the last one. True when any photo left or came back.
    @discardableResult
    func takeFileReports() -> Bool {
        var changed = false
        // The photos gone in this frame's batches leave in one pass over the order (a slow frame
        // takes several batches: one pass each was O(photos) each).
        var gone: [String] = []
        sentAway.removeAll()
        func leave() {
            if !gone.isEmpty { changed = remove(gone, live: true) > 0 || changed }
            sentAway.formUnion(gone)
            gone.removeAll()
        }
        for report in files.take() {
            var job = fileJob ?? FileJob(kind: report.kind, total: report.total)
            if job.kind != report.kind { job = FileJob(kind: report.kind, total: report.total) }
            job.total = report.total
            gone += report.trashed.map(\.original)
            gone += report.deleted
            if !report.restored.isEmpty {
                // In the order they happened: what left before comes back after.
                leave()
                reinsert(report.restored)
                changed = true
            }
            job.done += report.trashed.count + report.deleted.count + report.restored.count + report.restoredUnshown
            job.problems += report.problems
            if report.finished {
                finish(job)
                fileJob = nil
            } else {
                fileJob = job
                notice = (PhotoSet.progress(job), clock, job.kind == .trash)
            }
        }
        leave()
        // Those still here once every job is over could not go: they are shown again.
        if !isBusyWithFiles { leaving.removeAll() }
        return changed
    }

    /// "Moving 1,200 photos to the Trash… 340".
    static func progress(_ job: FileJob) -> String {
        let n = ScanStatus.grouped(job.total) + (job.total == 1 ? " photo" : " photos")
        switch job.kind {
        case .trash: return "Moving \(n) to the Trash… \(ScanStatus.grouped(job.done))"
        case .restore: return "Putting back \(n)… \(ScanStatus.grouped(job.done))"
        case .delete: return "Deleting \(n)… \(ScanStatus.grouped(job.done))"
        }
    }

    /// The job is over: its problems logged (once per reason), and the toast.
    private func finish(_ job: FileJob) {
        let said = PhotoSet.grouped(job.problems)
        said.forEach { log("coffeegrid: " + $0.line) }
        let n = job.done, k = job.problems.count
        let photos = n == 1 ? "1 photo" : "\(ScanStatus.grouped(n)) photos"
        let failed = k == 0 ? "" : " (\(ScanStatus.grouped(k)) could not be)"
        switch job.kind {
        case .trash:
            if n > 0 {
                notice = ("\(photos) moved to Trash" + failed, clock, true)
            } else if let only = said.first, said.count == 1 {
                notice = (only.notice, clock, false)
                noticeName = only.name
            } else if k > 0 {
                notice = ("\(ScanStatus.grouped(k)) photos could not be moved to the Trash; nothing was moved", clock, false)
            }
        case .restore:
            notice = job.total == 0 ? ("Nothing to undo", clock, false) : ("\(photos) put back" + failed, clock, false)
        case .delete:
            if n > 0 {
                notice = ("\(photos) deleted permanently" + failed, clock, false)
            } else if let only = said.first, said.count == 1 {
                notice = (only.notice, clock, false)
                noticeName = only.name
            } else if k > 0 {
                notice = ("\(ScanStatus.grouped(k)) photos could not be deleted", clock, false)
            }
        }
    }

    /// Problems that share a reason said once: the line for the log (the first photo's path, and how
    /// many more) and the toast's (the file's name, or the count).
    static func grouped(_ problems: [TrashService.Problem]) -> [(line: String, notice: String, name: String?)] {
        var order: [String] = []
        var byReason: [String: [TrashService.Problem]] = [:]
        for p in problems {
            let key = "\(p.kind):\(p.reason)"
            if byReason[key] == nil { order.append(key) }
            byReason[key, default: []].append(p)
        }
        return order.map { key in
            let all = byReason[key]!, first = all[0]
            guard all.count > 1 else {
                var one = first
                one.path = Trash.lastComponent(first.path)
                return (first.line, one.line, PathBytes.display(one.path))
            }
            let n = ScanStatus.grouped(all.count) + " photos"
            let which = "(\(PathBytes.display(first.path)) and \(ScanStatus.grouped(all.count - 1)) more)"
            switch first.kind {
            case .trash: return ("cannot move \(n) to the Trash \(which): \(first.reason)", "cannot move \(n) to the Trash: \(first.reason)", nil)
            case .restore: return ("cannot put \(n) back \(which): \(first.reason)", "cannot put \(n) back: \(first.reason)", nil)
            case .delete: return ("cannot delete \(n) \(which): \(first.reason)", "cannot delete \(n): \(first.reason)", nil)
            }
        }
    }
}
