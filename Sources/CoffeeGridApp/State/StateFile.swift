import Foundation
import SystemIO

/// Small files the app keeps (the `--state` file, `dock.json`, anything else beside it in
/// `$XDG_STATE_HOME/coffeegrid/`), written so that nothing is ever half-written or lost:
///
/// - atomically: a temp file `.NAME.PID.tmp` beside the target, then `rename`; a reader never
///   sees half a JSON object, a crash leaves the previous file. Temp files of processes that died
///   are removed (`removeStaleTemps`), so kills and full disks leave nothing behind for long.
/// - through symlinks: a `dock.json` that links elsewhere is replaced at its target, and stays a link.
/// - under a lock (`update`): two windows on one folder each read the file's current content and
///   apply their change to it while holding `flock` on `.NAME.lock`, so neither loses the other's.
/// - read with a size cap (`read`, 1 MB) checked before parsing.
package enum StateFile {
    static let maxBytes = 1 << 20
    /// The most entries a list in the state file holds (`capLists`).
    static let maxListed = 1_000

    /// One line saying what is wrong with a state path, naming it.
    struct Failure: Error, CustomStringConvertible {
        var description: String
        /// Why the file was not read, when that was the trouble (`read`).
        var kind: BoundedFile.Problem.Kind?

        init(description: String, kind: BoundedFile.Problem.Kind? = nil) {
            self.description = description
            self.kind = kind
        }

        /// The file is there and was refused (too large, unreadable): it must not be overwritten
        /// as if it were not (`keepAside`). A folder or a device in its place is left alone.
        var isRefusedFile: Bool { kind == .tooLarge || kind == .unreadable }
    }

    static func write(_ text: String, to path: String) throws {
        let target = resolve(path)
        let dir = (target as NSString).deletingLastPathComponent
        try makeFolder(dir.isEmpty ? "." : dir, for: path)
        try writeReplacing(target, Array(text.utf8), shown: path)
    }

    /// The file's bytes, or nil when there is none; a folder, a device or a file over `maxBytes`
    /// is a `Failure` (checked with `fstat` before a byte is read).
    package static func read(_ path: String, maxBytes: Int = StateFile.maxBytes) throws -> [UInt8]? {
        do {
            return try BoundedFile.read(path, maxBytes: maxBytes)
        } catch let p as BoundedFile.Problem {
            if p.kind == .missing { return nil }
            throw Failure(description: "\(path) \(p.description)", kind: p.kind)
        }
    }

    /// The file as a JSON object (nil when there is none); a file over the cap, or not a JSON
    /// object, is a `Failure` naming the path.
    static func readJSONObject(_ path: String, maxBytes: Int = StateFile.maxBytes) throws -> [String: Any]? {
        guard let bytes = try read(path, maxBytes: maxBytes) else { return nil }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else {
            throw Failure(description: "\(path) is not a JSON object (corrupt or truncated)")
        }
        return object
    }

    /// Under the file's lock: reads its current content (nil if none), lets `change` compute the new
    /// text from it, and writes that atomically. A file there that is refused (over `maxBytes`,
    /// unreadable) is kept aside first (`keepAside`; `keptAside` says where); one that cannot be
    /// kept aside is not written over (a `Failure`). Returns the new text.
    @discardableResult
    static func update(_ path: String, maxBytes: Int = StateFile.maxBytes, keptAside: ((String) -> Void)? = nil,
                       _ change: ([UInt8]?) throws -> String) throws -> String {
        let target = resolve(path)
        let dir = (target as NSString).deletingLastPathComponent
        try makeFolder(dir.isEmpty ? "." : dir, for: path)
        let lockPath = (dir as NSString).appendingPathComponent("." + (target as NSString).lastPathComponent + ".lock")
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(description: "cannot lock \(lockPath): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Failure(description: "cannot lock \(lockPath): \(String(cString: strerror(errno)))") }
        }
        defer { flock(fd, LOCK_UN) }
        let current: [UInt8]?
        do {
            current = try read(target, maxBytes: maxBytes)
        } catch let f as Failure where f.isRefusedFile {
            guard let aside = keepAside(target) else { throw Failure(description: "\(f.description), and it cannot be kept aside; not written over") }
            keptAside?(aside)
            current = nil
        } catch {
            current = nil
        }
        let text = try change(current)
        try writeReplacing(target, Array(text.utf8), shown: path)
        return text
    }

    /// A file the app refused to read (too large, corrupt) is renamed `NAME.refused-YYYYMMDD-HHMMSS`
    /// beside itself before anything is written in its place, so what it held is never lost to
    /// the next save. Returns the new name, or nil when it cannot be moved (the caller must then
    /// not write over it).
    static func keepAside(_ path: String, now: Date = Date()) -> String? {
        let target = resolve(path)
        var info = stat()
        guard lstat(target, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let stamp = formatter.string(from: now)
        for n in 0..<100 {
            let aside = target + ".refused-" + stamp + (n == 0 ? "" : "-\(n)")
            // link + unlink: never replaces an earlier refused file of the same second.
            if link(target, aside) == 0 {
                unlink(target)
                return aside
            }
            if errno == EEXIST { continue }
            // A file system without hard links: rename, having looked that the name is free.
            guard access(aside, F_OK) != 0, rename(target, aside) == 0 else { return nil }
            return aside
        }
        return nil
    }

    /// `state` with every list longer than `maxListed` cut to its first `maxListed` entries, and a
    /// `longLists` key saying, for each list cut, where it is (`grid`, `library.roots`) and how long
    /// it was. Tools read what is near the viewport (`visible`, `items`, `scroll`); whole id lists
    /// of a person's 100,000 photos made every frame's file 5 MB (280 ms a frame).
    static func capLists(_ state: JSON, maxListed: Int = StateFile.maxListed) -> JSON {
        var cut: [(String, JSON)] = []
        func cap(_ value: JSON, at path: String) -> JSON {
            switch value {
            case .array(let items):
                if items.count > maxListed { cut.append((path, .number(Double(items.count)))) }
                let element = path + "[]"
                return .array(items.prefix(maxListed).map { cap($0, at: element) })
            case .strings(let items):
                guard items.count > maxListed else { return value }
                cut.append((path, .number(Double(items.count))))
                return .strings(Array(items.prefix(maxListed)))
            case .object(let pairs):
                return .object(pairs.map { ($0.0, cap($0.1, at: path.isEmpty ? $0.0 : "\(path).\($0.0)")) })
            default:
                return value
            }
        }
        let capped = cap(state, at: "")
        guard !cut.isEmpty, case .object(let pairs) = capped else { return capped }
        return .object(pairs + [("longLists", .object([("listed", .number(Double(maxListed))), ("lengths", .object(cut))]))])
    }

    /// Stale temp files beside `path` and beside the file its symlinks lead to.
    static func removeStaleTemps(beside path: String) {
        let own = (path as NSString).deletingLastPathComponent
        removeStaleTemps(in: own.isEmpty ? "." : own)
        if folder(of: path) != own { removeStaleTemps(in: folder(of: path)) }
    }

    /// Removes `.NAME.PID.tmp` files in `dir` whose process no longer runs.
    static func removeStaleTemps(in dir: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let parts = name.dropLast(4).split(separator: ".")
            guard let last = parts.last, let pid = pid_t(last), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                unlink((dir as NSString).appendingPathComponent(name))
            }
        }
    }

    /// Fails with one line, before any window opens, when `path` cannot be a state file: it is a
    /// folder, its folder cannot be made, or nothing can be created there.
    static func checkWritable(_ path: String, flag: String) throws {
        let target = resolve(path)
        var info = stat()
        if stat(target, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR {
            throw UsageError("\(flag) \(path) is a folder; give a file name such as \(path)/state.json")
        }
        let dir = (target as NSString).deletingLastPathComponent
        let folder = dir.isEmpty ? "." : dir
        do { try makeFolder(folder, for: path) } catch let f as Failure { throw UsageError("\(flag) \(f.description)") }
        let probe = (folder as NSString).appendingPathComponent(".\((target as NSString).lastPathComponent).\(getpid()).tmp")
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw UsageError("\(flag) \(path) cannot be written: \(String(cString: strerror(errno))) in \(folder)")
        }
        close(fd)
        unlink(probe)
        removeStaleTemps(beside: path)
    }

    /// The folder the file (through its symlinks) lives in.
    static func folder(of path: String) -> String {
        let dir = (resolve(path) as NSString).deletingLastPathComponent
        return dir.isEmpty ? "." : dir
    }

    /// Follows symlinks (at most 40) to the file they name, so writes replace the target.
    static func resolve(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard let dest = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = dest.hasPrefix("/") ? dest : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(dest)
        }
        return current
    }

    private static func makeFolder(_ dir: String, for path: String) throws {
        var info = stat()
        if stat(dir, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw Failure(description: "\(path): \(dir) is a file, not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "\(path): cannot make the folder \(dir) (\(DockStore.describe(error)))")
        }
    }

    private static func writeReplacing(_ target: String, _ bytes: [UInt8], shown: String) throws {
        var info = stat()
        if stat(target, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR {
            throw Failure(description: "\(shown) is a folder, not a file")
        }
        let dir = (target as NSString).deletingLastPathComponent
        let temp = ((dir.isEmpty ? "." : dir) as NSString).appendingPathComponent(".\((target as NSString).lastPathComponent).\(getpid()).tmp")
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(description: "cannot write \(shown): \(String(cString: strerror(errno)))") }
        var written = 0
        var failure: Int32 = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { failure = n < 0 ? errno : ENOSPC; break }
            written += n
        }
        close(fd)
        guard failure == 0 else {
            unlink(temp)
            throw Failure(description: "cannot write \(shown): \(String(cString: strerror(failure)))")
        }
        guard rename(temp, target) == 0 else {
            let e = errno
            unlink(temp)
            throw Failure(description: "cannot write \(shown): \(String(cString: strerror(e)))")
        }
    }
}
