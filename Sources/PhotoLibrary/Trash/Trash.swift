import Foundation
import Glibc

/// The freedesktop.org Trash (the specification's version 1.0), as file managers keep it: a file on
/// the home device goes to `$XDG_DATA_HOME/Trash`, one on another device to `$topdir/.Trash-$uid`
/// of its mount (`$topdir/.Trash/$uid` when an administrator made a sticky `.Trash`), by rename only,
/// so nothing is ever copied or lost half-way. Each file gets `info/NAME.trashinfo` (the original
/// path, percent-encoded, and the local deletion time), written first and exclusively, so two
/// files of the same name never overwrite each other: the second is `NAME.2.ext`. Restoring moves
/// the file back (never over a file that took its place) and removes its info. Paths are the
/// library's ids (`PathBytes`): every system call gets the name's bytes, so a Latin-1 `caf\xE9.jpg`
/// goes and comes back as itself, and `Path=` holds those bytes percent-encoded, as the
/// specification says. Blocking: the library's worker (`TrashService`) calls it, never a frame.
package struct Trash {
    package struct Item: Equatable, Sendable {
        /// Where the file was.
        package var original: String
        /// Where it is now (`…/files/NAME`) and its info file.
        package var file: String
        package var info: String
        package var deleted: Date
    }

    /// Why one file could not be moved to the Trash (or put back): the file, and the reason, kept
    /// apart so an operation on many files says a reason they share once.
    package struct Failure: Error, CustomStringConvertible {
        package enum Verb: Sendable { case trash, restore }
        package var verb: Verb = .trash
        package var path: String
        package var reason: String
        /// The Trash itself could not be made or written (read-only, another drive's that cannot be
        /// made): every file bound for it fails alike, and stays where it is.
        package var isTheTrash = false

        package var description: String {
            let shown = PathBytes.display(path)
            return verb == .trash ? "cannot move \(shown) to the Trash: \(reason)" : "cannot put \(shown) back: \(reason)"
        }
    }

    /// The home trash (`$XDG_DATA_HOME/Trash`, else `~/.local/share/Trash`).
    package let home: String
    package let uid = getuid()

    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        home = PathBytes.canonical(data + "/Trash")
    }

    package init(home: String) { self.home = PathBytes.canonical(home) }

    // MARK: - Moving to the Trash

    /// Moves `path` (a symbolic link itself, never what it points to) to the trash of its device.
    package func moveToTrash(_ path: String, now: Date = Date()) throws -> Item {
        var info = stat()
        guard Trash.lstat(path, &info) else { throw Failure(path: path, reason: Trash.reason(errno)) }
        let folder = Trash.parent(path)
        let (trash, relativeTo) = try self.trash(forDevice: UInt64(info.st_dev), of: folder, for: path)
        for sub in ["files", "info"] {
            let e = Trash.makeFolders(trash + "/" + sub)
            guard e == 0 else {
                throw Failure(path: path, reason: "cannot make \(PathBytes.display(trash))/\(sub) (\(Trash.reason(e))); nothing was moved", isTheTrash: true)
            }
        }
        let name = Trash.lastComponent(path)
        let recorded = relativeTo.map { String(path.dropFirst($0.count + ($0 == "/" ? 0 : 1))) } ?? path
        let text = "[Trash Info]\nPath=\(Trash.percentEncoded(recorded))\nDeletionDate=\(Trash.format(now))\n"
        // The info file claims the name (O_EXCL): a name already in the trash gets another.
        for n in 1...10_000 {
            let candidate = n == 1 ? name : Trash.numbered(name, n)
            let infoPath = trash + "/info/" + candidate + ".trashinfo"
            let fd = PathBytes.withCString(infoPath) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
            if fd < 0 {
                if errno == EEXIST { continue }
                throw Failure(path: path, reason: "cannot write \(PathBytes.display(infoPath)) (\(Trash.reason(errno))); nothing was moved", isTheTrash: true)
            }
            let bytes = Array(text.utf8)
            let wrote = write(fd, bytes, bytes.count)
            close(fd)
            let target = trash + "/files/" + candidate
            // A file of that name left without its info (a crash mid-way) is never overwritten either.
            var existing = stat()
            if wrote != bytes.count || Trash.lstat(target, &existing) {
                Trash.unlink(infoPath)
                if wrote != bytes.count {
                    throw Failure(path: path, reason: "cannot write \(PathBytes.display(infoPath)); nothing was moved", isTheTrash: true)
                }
                continue
            }
            guard Trash.rename(path, target) else {
                let e = errno
                Trash.unlink(infoPath)
                let why = e == EACCES || e == EPERM || e == EROFS ? "the folder is read-only (\(Trash.reason(e)))" : Trash.reason(e)
                throw Failure(path: path, reason: "\(why); nothing was moved")
            }
            return Item(original: path, file: target, info: infoPath, deleted: now)
        }
        throw Failure(path: path, reason: "10,000 files of that name are in it already")
    }

    /// The trash for a file on `device` in `folder`, and the folder its paths are recorded relative to
    /// (nil: absolute, as in the home trash).
    private func trash(forDevice device: UInt64, of folder: String, for path: String) throws -> (String, String?) {
        var homeInfo = stat()
        let homeDevice: UInt64? = Trash.device(existingAncestorOf: home, into: &homeInfo)
        if homeDevice == device { return (home, nil) }
        let top = Trash.topdir(of: folder, device: device)
        // An administrator's `.Trash` counts only when it is a real, sticky folder.
        var admin = stat()
        if Trash.lstat(top + "/.Trash", &admin), admin.st_mode & S_IFMT == S_IFDIR, admin.st_mode & S_ISVTX != 0 {
            let mine = top + "/.Trash/\(uid)"
            if Trash.makeFolders(mine) == 0 { return (mine, top) }
        }
        let own = (top == "/" ? "" : top) + "/.Trash-\(uid)"
        var info = stat()
        if Trash.lstat(own, &info) {
            guard info.st_mode & S_IFMT == S_IFDIR, info.st_uid == uid else {
                throw Failure(path: path, reason: "cannot use \(PathBytes.display(own)) as the Trash (not a folder of yours); nothing was moved", isTheTrash: true)
            }
        } else if PathBytes.withCString(own, { mkdir($0, 0o700) }) != 0 {
            throw Failure(path: path, reason: "cannot make the Trash \(PathBytes.display(own)) on that drive (\(Trash.reason(errno))); nothing was moved",
                          isTheTrash: true)
        }
        return (own, top)
    }

    /// `mkdir -p` of a path's bytes (mode 0700, as the specification asks of a trash): 0, or the errno.
    static func makeFolders(_ path: String) -> Int32 {
        var info = stat()
        if PathBytes.withCString(path, { stat($0, &info) }) == 0 { return info.st_mode & S_IFMT == S_IFDIR ? 0 : ENOTDIR }
        let up = parent(path)
        if up != path, !up.isEmpty {
            let e = makeFolders(up)
            if e != 0 { return e }
        }
        if PathBytes.withCString(path, { mkdir($0, 0o700) }) != 0 && errno != EEXIST { return errno }
        return 0
    }

    /// The mount point holding `folder`: the highest ancestor on the same device.
    package static func topdir(of folder: String, device: UInt64) -> String {
        var top = folder
        while top != "/" {
            let up = parent(top)
            var info = stat()
            guard PathBytes.withCString(up, { stat($0, &info) }) == 0, UInt64(info.st_dev) == device else { break }
            top = up
        }
        return top
    }

    private static func device(existingAncestorOf path: String, into info: inout stat) -> UInt64? {
        var p = path
        while true {
            if PathBytes.withCString(p, { stat($0, &info) }) == 0 { return UInt64(info.st_dev) }
            if p == "/" || p.isEmpty { return nil }
            p = parent(p)
        }
    }

    // MARK: - Restoring

    /// Moves an item back where it was, never over a file that is there now.
    package func restore(_ item: Item) throws {
        var info = stat()
        if Trash.lstat(item.original, &info) {
            throw Failure(verb: .restore, path: item.original, reason: "a file of that name is there now; it stays in the Trash")
        }
        let folder = Trash.parent(item.original)
        let e = Trash.makeFolders(folder)
        guard e == 0 else {
            throw Failure(verb: .restore, path: item.original, reason: "cannot make \(PathBytes.display(folder)) (\(Trash.reason(e))); it stays in the Trash")
        }
        // link + unlink would refuse an existing name atomically, but links fail across some file
        // systems; the check above and rename are what file managers do.
        guard Trash.rename(item.file, item.original) else {
            throw Failure(verb: .restore, path: item.original, reason: "\(Trash.reason(errno)); it stays in the Trash")
        }
        Trash.unlink(item.info)
    }

    /// What the trash holds from files that were under `folders`, read from its info files (what an
    /// undo after a restart puts back): every item, newest first. Bounded: at most `limit` info files read.
    package func items(from folders: [String], trashes extra: [String] = [], limit: Int = 10_000) -> [Item] {
        var found: [Item] = []
        let folders = folders.map(PathBytes.canonical)
        for trash in [home] + extra.map(PathBytes.canonical) {
            let top = trash == home ? nil : Trash.parent(trash)
            guard let names = Trash.names(in: trash + "/info") else { continue }
            for name in names.prefix(limit) where name.hasSuffix(".trashinfo") {
                let infoPath = trash + "/info/" + name
                guard let text = Trash.readSmall(infoPath), let item = Trash.parse(text, info: infoPath, trash: trash, top: top) else { continue }
                if folders.contains(where: { item.original.hasPrefix($0 == "/" ? "/" : $0 + "/") }) { found.append(item) }
            }
        }
        return found.sorted { $0.deleted > $1.deleted }
    }

    static func parse(_ text: String, info: String, trash: String, top: String?) -> Item? {
        var path: String?, date: Date?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("Path=") { path = percentDecoded(line.dropFirst(5)).map { PathBytes.string($0) } }
            if line.hasPrefix("DeletionDate=") { date = parseDate(String(line.dropFirst(13))) }
        }
        guard var p = path, let d = date else { return nil }
        if !p.hasPrefix("/"), let top = top { p = top + "/" + p }
        let name = String(lastComponent(info).dropLast(".trashinfo".count))
        return Item(original: p, file: trash + "/files/" + name, info: info, deleted: d)
    }

    // MARK: - Formats

    /// `photo.jpg`, 2 → `photo.2.jpg`.
    static func numbered(_ name: String, _ n: Int) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else { return "\(name).\(n)" }
        return "\(name[..<dot]).\(n)\(name[dot...])"
    }

    /// RFC 2396 escaping of a path's bytes, keeping `/` (what the specification's `Path=` holds):
    /// a Latin-1 é is `%E9`, a UTF-8 one `%C3%A9`.
    static func percentEncoded(_ path: String) -> String {
        var out = ""
        for b in PathBytes.bytes(path) {
            switch b {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39: out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                if "/-_.!~*'()".utf8.contains(b) { out.unicodeScalars.append(Unicode.Scalar(b)) } else { out += "%" + String(format: "%02X", b) }
            }
        }
        return out
    }

    /// The bytes `%E9`-escaped text names (nil when an escape is malformed).
    static func percentDecoded(_ text: Substring) -> [UInt8]? {
        var out: [UInt8] = []
        var it = Array(text.utf8)[...]
        while let c = it.popFirst() {
            guard c == 0x25 else { out.append(c); continue }
            guard it.count >= 2, let byte = UInt8(String(decoding: it.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            out.append(byte)
            it = it.dropFirst(2)
        }
        return out
    }

    /// `YYYY-MM-DDThh:mm:ss`, local time (strftime: a DateFormatter made for each of 21,000 photos
    /// was a tenth of the worker's time).
    package static func format(_ d: Date) -> String {
        var t = time_t(d.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&t, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let n = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S", &parts)
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func parseDate(_ s: String) -> Date? {
        let fields = s.split(whereSeparator: { "-T:".contains($0) }).map { Int32($0) }
        guard fields.count == 6, fields.allSatisfy({ $0 != nil }) else { return nil }
        let f = fields.map { $0! }
        var parts = tm()
        parts.tm_year = f[0] - 1900
        parts.tm_mon = f[1] - 1
        parts.tm_mday = f[2]
        parts.tm_hour = f[3]
        parts.tm_min = f[4]
        parts.tm_sec = f[5]
        parts.tm_isdst = -1
        let t = mktime(&parts)
        return t == -1 ? nil : Date(timeIntervalSince1970: Double(t))
    }

    package static func reason(_ e: Int32) -> String {
        switch e {
        case ENOENT: return "not found"
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "read-only file system"
        case EXDEV: return "on another drive than its Trash"
        case ENOTDIR: return "not a folder"
        default: return String(cString: strerror(e))
        }
    }

    // MARK: - Bytes (every call below names the file by its bytes)

    package static func lstat(_ path: String, _ info: inout stat) -> Bool { PathBytes.withCString(path) { Glibc.lstat($0, &info) } == 0 }

    static func rename(_ from: String, _ to: String) -> Bool {
        PathBytes.withCString(from) { f in PathBytes.withCString(to) { t in Glibc.rename(f, t) } } == 0
    }

    @discardableResult
    package static func unlink(_ path: String) -> Bool { PathBytes.withCString(path) { Glibc.unlink($0) } == 0 }

    /// `/a/b/c.jpg` → `/a/b` (`/` for `/c.jpg`), on the id's characters (NSString would not touch the bytes either, but says so nowhere).
    package static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    package static func lastComponent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// A folder's entries as ids (`readdir`'s bytes; FileManager would repair a non-UTF-8 name).
    static func names(in folder: String) -> [String]? {
        guard let dir = PathBytes.withCString(folder, { opendir($0) }) else { return nil }
        defer { closedir(dir) }
        var out: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { PathBytes.string($0.prefix { $0 != 0 }) }
            if name != "." && name != ".." { out.append(name) }
        }
        return out
    }

    /// An info file's text (under 8 KB; a larger one is not one of ours).
    private static func readSmall(_ path: String) -> String? {
        let fd = PathBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        let n = read(fd, &buffer, buffer.count)
        guard n > 0, n < buffer.count else { return nil }
        return String(decoding: buffer[..<n], as: UTF8.self)
    }
}
