import Foundation
import Stage

/// Delete and Ctrl+Z on a person's photos: moved to the freedesktop Trash (`Trash`) and put back,
/// on the render thread in answer to a key (a rename and a small info file per photo). A photo is
/// trashed only when the folder it is in lies inside a folder that was opened, resolved: a photo
/// reached through a symbolic link to a folder elsewhere is refused, and a photo that is a
/// symbolic link goes to the Trash as the link (its target is never touched).
extension PhotoSet {
    func perform(_ request: LibraryRequest, at time: Double) {
        switch request {
        case .trash(let paths): moveToTrash(paths, at: time)
        case .undoTrash: undoTrash(at: time)
        case .deletePermanently(let paths): deletePermanently(paths, at: time)
        }
    }

    /// Shift+Delete, confirmed: the photos are unlinked (a symbolic link as the link), under the same
    /// rule as the Trash (only inside a folder opened). Nothing keeps them: Ctrl+Z does not see them.
    func deletePermanently(_ paths: [String], at time: Double) {
        guard !isBundled, !paths.isEmpty else { return }
        var deleted = 0
        var problems: [String] = []
        for path in paths {
            guard isInsideFolderOpened(path) else {
                problems.append("cannot delete \(path): it is not inside the folder opened (a symbolic link out of it); nothing was deleted")
                continue
            }
            guard unlink(path) == 0 else {
                let e = errno
                let why = e == EACCES || e == EPERM || e == EROFS ? "the folder is read-only (\(Trash.reason(e)))" : Trash.reason(e)
                problems.append("cannot delete \(path): \(why)")
                continue
            }
            remove(path, live: true)
            deleted += 1
        }
        problems.forEach { self.log("coffeegrid: " + $0) }
        if deleted > 0 {
            notice = ("\(deleted == 1 ? "1 photo" : "\(ScanStatus.grouped(deleted)) photos") deleted permanently"
                      + (problems.isEmpty ? "" : " (\(problems.count) could not be)"), time, false)
        } else if let first = problems.first {
            notice = (problems.count == 1 ? PhotoSet.short(first) : "\(problems.count) photos could not be deleted", time, false)
        }
    }

    /// Whether the folder holding `path` lies, resolved, inside a folder that was opened.
    private func isInsideFolderOpened(_ path: String) -> Bool {
        let folders = roots.compactMap(PhotoSet.resolvedFolder)
        guard let parent = PhotoSet.resolved((path as NSString).deletingLastPathComponent) else { return false }
        return folders.contains(where: { parent == $0 || parent.hasPrefix($0 == "/" ? "/" : $0 + "/") })
    }

    func moveToTrash(_ paths: [String], at time: Double) {
        guard !isBundled, !paths.isEmpty else { return }
        var moved: [Trash.Item] = []
        var problems: [String] = []
        for path in paths {
            guard isInsideFolderOpened(path) else {
                problems.append("cannot move \(path) to the Trash: it is not inside the folder opened (a symbolic link out of it); nothing was moved")
                continue
            }
            do {
                moved.append(try trash.moveToTrash(path))
                remove(path, live: true)
            } catch {
                problems.append("\(error)")
            }
        }
        problems.forEach { self.log("coffeegrid: " + $0) }
        if !moved.isEmpty { lastTrashed = moved }
        let n = moved.count
        if n > 0 {
            notice = ("\(n == 1 ? "1 photo" : "\(ScanStatus.grouped(n)) photos") moved to Trash"
                      + (problems.isEmpty ? "" : " (\(problems.count) could not be)"), time, true)
        } else if let first = problems.first {
            notice = (problems.count == 1 ? PhotoSet.short(first) : "\(problems.count) photos could not be moved to the Trash; nothing was moved", time, false)
        }
    }

    /// Puts back the last photos moved to the Trash; after a restart, the newest ones the Trash
    /// holds from the folders open (all those deleted in the same second).
    func undoTrash(at time: Double) {
        guard !isBundled else { return }
        var items = lastTrashed
        if items.isEmpty {
            let all = trash.items(from: roots.filter { !FolderScanner.hasImageName($0) }, trashes: topdirTrashes())
            if let newest = all.first?.deleted { items = all.filter { abs($0.deleted.timeIntervalSince(newest)) < 1 } }
        }
        guard !items.isEmpty else { notice = ("Nothing to undo", time, false); return }
        var back = 0
        var left: [Trash.Item] = []
        for item in items {
            do {
                try trash.restore(item)
                reinsert(item.original)
                back += 1
            } catch {
                self.log("coffeegrid: \(error)")
                left.append(item)
            }
        }
        lastTrashed = left
        notice = ("\(back == 1 ? "1 photo" : "\(ScanStatus.grouped(back)) photos") put back" + (left.isEmpty ? "" : " (\(left.count) could not be)"), time, false)
    }

    /// The `.Trash-$uid` of the drives the folders open are on (other than the home one).
    private func topdirTrashes() -> [String] {
        var out: [String] = []
        for root in roots {
            var info = stat()
            guard stat(root, &info) == 0 else { continue }
            let top = Trash.topdir(of: root, device: UInt64(info.st_dev))
            let own = (top == "/" ? "" : top) + "/.Trash-\(getuid())"
            if !out.contains(own) { out.append(own) }
        }
        return out
    }

    private static func resolved(_ path: String) -> String? {
        guard let r = realpath(path, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }

    /// A root as the folder it names (a file's own folder), resolved.
    private static func resolvedFolder(_ root: String) -> String? {
        var info = stat()
        guard stat(root, &info) == 0 else { return nil }
        return resolved(info.st_mode & S_IFMT == S_IFDIR ? root : (root as NSString).deletingLastPathComponent)
    }

    /// "cannot move /long/path/IMG_1.jpg to the Trash: …" → "cannot move IMG_1.jpg to the Trash: …" (and "cannot delete …: …").
    private static func short(_ line: String) -> String {
        let ends = line.hasPrefix("cannot delete ") ? ("cannot delete ", ": ") : ("cannot move ", " to the Trash")
        guard let start = line.range(of: ends.0), let end = line.range(of: ends.1, range: start.upperBound..<line.endIndex) else { return line }
        let path = String(line[start.upperBound..<end.lowerBound])
        return line.replacingOccurrences(of: path, with: (path as NSString).lastPathComponent)
    }
}
