import Foundation

/// The freedesktop.org Trash (the specification's version 1.0), as file managers keep it: a file on
/// the home device goes to `$XDG_DATA_HOME/Trash`, one on another device to `$topdir/.Trash-$uid`
/// of its mount (`$topdir/.Trash/$uid` when an administrator made a sticky `.Trash`), by rename only,
/// so nothing is ever copied or lost half-way. Each file gets `info/NAME.trashinfo` (the original
/// path, percent-encoded, and the local deletion time), written first and exclusively, so two
/// files of the same name never overwrite each other: the second is `NAME.2.ext`. Restoring moves
/// the file back (never over a file that took its place) and removes its info.
struct Trash {
    struct Item: Equatable {
        /// Where the file was.
        var original: String
        /// Where it is now (`…/files/NAME`) and its info file.
        var file: String
        var info: String
        var deleted: Date
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The home trash (`$XDG_DATA_HOME/Trash`, else `~/.local/share/Trash`).
    let home: String
    let uid = getuid()

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        home = data + "/Trash"
    }

    init(home: String) { self.home = home }

    // MARK: - Moving to the Trash

    /// Moves `path` (a symbolic link itself, never what it points to) to the trash of its device.
    func moveToTrash(_ path: String, now: Date = Date()) throws -> Item {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw Failure(description: "cannot move \(path) to the Trash: \(Trash.reason(errno))") }
        let folder = (path as NSString).deletingLastPathComponent
        let (trash, relativeTo) = try self.trash(forDevice: UInt64(info.st_dev), of: folder)
        for sub in ["files", "info"] {
            guard mkdirAll(trash + "/" + sub) else {
                throw Failure(description: "cannot move \(path) to the Trash: cannot make \(trash)/\(sub) (\(Trash.reason(errno))); nothing was moved")
            }
        }
        let name = (path as NSString).lastPathComponent
        let recorded = relativeTo.map { String(path.dropFirst($0.count + ($0 == "/" ? 0 : 1))) } ?? path
        let text = "[Trash Info]\nPath=\(Trash.percentEncoded(recorded))\nDeletionDate=\(Trash.format(now))\n"
        // The info file claims the name (O_EXCL): a name already in the trash gets another.
        for n in 1...10_000 {
            let candidate = n == 1 ? name : Trash.numbered(name, n)
            let infoPath = trash + "/info/" + candidate + ".trashinfo"
            let fd = open(infoPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }
                throw Failure(description: "cannot move \(path) to the Trash: cannot write \(infoPath) (\(Trash.reason(errno))); nothing was moved")
            }
            let bytes = Array(text.utf8)
            let wrote = write(fd, bytes, bytes.count)
            close(fd)
            let target = trash + "/files/" + candidate
            // A file of that name left without its info (a crash mid-way) is never overwritten either.
            var existing = stat()
            if wrote != bytes.count || lstat(target, &existing) == 0 {
                unlink(infoPath)
                if wrote != bytes.count { throw Failure(description: "cannot move \(path) to the Trash: cannot write \(infoPath); nothing was moved") }
                continue
            }
            guard rename(path, target) == 0 else {
                let e = errno
                unlink(infoPath)
                let why = e == EACCES || e == EPERM || e == EROFS ? "the folder is read-only (\(Trash.reason(e)))" : Trash.reason(e)
                throw Failure(description: "cannot move \(path) to the Trash: \(why); nothing was moved")
            }
            return Item(original: path, file: target, info: infoPath, deleted: now)
        }
        throw Failure(description: "cannot move \(path) to the Trash: 10,000 files of that name are in it already")
    }

    /// The trash for a file on `device` in `folder`, and the folder its paths are recorded relative to
    /// (nil: absolute, as in the home trash).
    private func trash(forDevice device: UInt64, of folder: String) throws -> (String, String?) {
        var homeInfo = stat()
        let homeDevice: UInt64? = Trash.device(existingAncestorOf: home, into: &homeInfo)
        if homeDevice == device { return (home, nil) }
        let top = Trash.topdir(of: folder, device: device)
        // An administrator's `.Trash` counts only when it is a real, sticky folder.
        var admin = stat()
        if lstat(top + "/.Trash", &admin) == 0, admin.st_mode & S_IFMT == S_IFDIR, admin.st_mode & S_ISVTX != 0 {
            let mine = top + "/.Trash/\(uid)"
            if mkdirAll(mine) { return (mine, top) }
        }
        let own = (top == "/" ? "" : top) + "/.Trash-\(uid)"
        var info = stat()
        if lstat(own, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR, info.st_uid == uid else {
                throw Failure(description: "cannot use \(own) as the Trash (not a folder of yours); nothing was moved")
            }
        } else if mkdir(own, 0o700) != 0 {
            throw Failure(description: "cannot make the Trash \(own) on that drive (\(Trash.reason(errno))); nothing was moved")
        }
        return (own, top)
    }

    private func mkdirAll(_ path: String) -> Bool {
        (try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])) != nil
    }

    /// The mount point holding `folder`: the highest ancestor on the same device.
    static func topdir(of folder: String, device: UInt64) -> String {
        var top = folder
        while top != "/" {
            let parent = (top as NSString).deletingLastPathComponent
            var info = stat()
            guard stat(parent, &info) == 0, UInt64(info.st_dev) == device else { break }
            top = parent
        }
        return top
    }

    private static func device(existingAncestorOf path: String, into info: inout stat) -> UInt64? {
        var p = path
        while true {
            if stat(p, &info) == 0 { return UInt64(info.st_dev) }
            if p == "/" || p.isEmpty { return nil }
            p = (p as NSString).deletingLastPathComponent
        }
    }

    // MARK: - Restoring

    /// Moves an item back where it was, never over a file that is there now.
    func restore(_ item: Item) throws {
        var info = stat()
        if lstat(item.original, &info) == 0 {
            throw Failure(description: "cannot put \(item.original) back: a file of that name is there now; it stays in the Trash")
        }
        let folder = (item.original as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: folder) || mkdirAll(folder) else {
            throw Failure(description: "cannot put \(item.original) back: cannot make \(folder); it stays in the Trash")
        }
        // link + unlink would refuse an existing name atomically, but links fail across some file
        // systems; the check above and rename are what file managers do.
        guard rename(item.file, item.original) == 0 else {
            throw Failure(description: "cannot put \(item.original) back: \(Trash.reason(errno)); it stays in the Trash")
        }
        unlink(item.info)
    }

    /// What the trash holds from files that were under `folders`, read from its info files (what an
    /// undo after a restart puts back): every item, newest first. Bounded: at most `limit` info files read.
    func items(from folders: [String], trashes extra: [String] = [], limit: Int = 10_000) -> [Item] {
        var found: [Item] = []
        for trash in [home] + extra {
            let top = trash == home ? nil : (trash as NSString).deletingLastPathComponent
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: trash + "/info") else { continue }
            for name in names.prefix(limit) where name.hasSuffix(".trashinfo") {
                let infoPath = trash + "/info/" + name
                guard let text = try? String(contentsOfFile: infoPath, encoding: .utf8), text.utf8.count < 8192,
                      let item = Trash.parse(text, info: infoPath, trash: trash, top: top) else { continue }
                if folders.contains(where: { item.original.hasPrefix($0 == "/" ? "/" : $0 + "/") }) { found.append(item) }
            }
        }
        return found.sorted { $0.deleted > $1.deleted }
    }

    static func parse(_ text: String, info: String, trash: String, top: String?) -> Item? {
        var path: String?, date: Date?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("Path=") { path = String(line.dropFirst(5)).removingPercentEncoding }
            if line.hasPrefix("DeletionDate=") { date = parseDate(String(line.dropFirst(13))) }
        }
        guard var p = path, let d = date else { return nil }
        if !p.hasPrefix("/"), let top = top { p = top + "/" + p }
        let name = ((info as NSString).lastPathComponent as NSString).deletingPathExtension
        return Item(original: p, file: trash + "/files/" + name, info: info, deleted: d)
    }

    // MARK: - Formats

    /// `photo.jpg`, 2 → `photo.2.jpg`.
    static func numbered(_ name: String, _ n: Int) -> String {
        let ext = (name as NSString).pathExtension
        let stem = (name as NSString).deletingPathExtension
        return ext.isEmpty || stem.isEmpty ? "\(name).\(n)" : "\(stem).\(n).\(ext)"
    }

    /// RFC 2396 escaping of a path, keeping `/` (what the specification's `Path=` holds).
    static func percentEncoded(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "/-_.!~*'()")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    private static func formatter() -> DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone.current
        f.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return f
    }

    /// `YYYY-MM-DDThh:mm:ss`, local time.
    static func format(_ d: Date) -> String { formatter().string(from: d) }
    static func parseDate(_ s: String) -> Date? { formatter().date(from: s) }

    static func reason(_ e: Int32) -> String {
        switch e {
        case ENOENT: return "not found"
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "read-only file system"
        case EXDEV: return "on another drive than its Trash"
        default: return String(cString: strerror(e))
        }
    }
}
