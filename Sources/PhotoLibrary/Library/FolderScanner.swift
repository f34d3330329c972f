import Foundation

/// Finds the photos in folders and files a person named, on a thread of its own: folders are walked
/// recursively (hidden entries skipped, each folder's entries in natural order), every file with an
/// image name is opened without blocking and probed. What cannot be used — unreadable files and
/// folders, link loops, FIFOs and other special files, empty files, non-images named like images —
/// costs one log line and never stops or stalls the walk. The render thread collects results with
/// `take()` once a frame; nothing here touches a frame.
// @unchecked: what it found is only touched with `lock` held; `visited` only by the scan thread.
public final class FolderScanner: @unchecked Sendable {
    public struct Found: Sendable, Equatable {
        /// Absolute and normalized, symbolic links kept (the name a person sees), the file name's
        /// bytes exactly (`PathBytes`).
        public var path: String
        public var probe: ImageProbe
        /// Modification time, seconds since 1970.
        public var modified: Double
        /// Bytes.
        public var size: Int = 0
        /// The directory entry's own device and inode (`lstat`: a symbolic link's, not its
        /// target's): which file a person was shown, whatever its name is later.
        public var device: UInt64 = 0
        public var inode: UInt64 = 0
    }

    /// File name extensions looked at (lowercased). The content decides the format, not the name.
    public static let imageExtensions: Set<String> = ["jpg", "jpeg", "jpe", "jfif", "png", "gif", "bmp", "webp", "heic", "heif", "hif", "avif"]

    public let roots: [String]
    private let lock = NSLock()
    private var found: [Found] = []
    private var lines: [String] = []
    private var folders: [String] = []
    private var finished = false
    private let stop = CancelFlag()
    /// Called on the scan's thread with each folder just before it is listed (a `FolderWatcher`
    /// watches it then, so nothing made in it after the listing goes untold).
    private let willList: (@Sendable (String) -> Void)?

    /// Starts scanning `roots` (folders or files; relative ones against the current directory).
    public init(roots: [String], willList: (@Sendable (String) -> Void)? = nil) {
        let cwd = FolderScanner.currentDirectory()
        self.roots = roots.map { FolderScanner.absolute(PathBytes.canonical($0), from: cwd) }
        self.willList = willList
        let thread = Thread { [self] in walk() }
        thread.name = "folder-scan"
        thread.stackSize = 1 << 20
        thread.start()
    }

    deinit { stop.cancel() }

    /// Stops the walk soon (it checks between entries).
    public func cancel() { stop.cancel() }

    /// Everything found and every log line since the last call.
    public func take() -> (found: [Found], log: [String], finished: Bool) {
        lock.lock()
        defer { lock.unlock() }
        let result = (found, lines, finished)
        found.removeAll(keepingCapacity: true)
        lines.removeAll()
        return result
    }

    /// The folders read since the last call (what a `FolderWatcher` then watches).
    public func takeFolders() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        let result = folders
        folders.removeAll()
        return result
    }

    public var isFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return finished
    }

    /// Blocks until the walk is over (tests and the benchmark; never a frame).
    public func waitUntilFinished(timeout: Double = 600) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !isFinished && Date() < deadline { usleep(2000) }
    }

    // MARK: - The walk

    private struct FolderKey: Hashable { let device: UInt64, inode: UInt64 }
    private var visited = Set<FolderKey>()

    private func walk() {
        for root in roots where !stop.isCancelled {
            var info = stat()
            guard PathBytes.withCString(root, { stat($0, &info) }) == 0 else {
                log(root, errno == ELOOP ? "symbolic link loop" : FolderScanner.reason(errno))
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: walkFolder(root, info)
            case S_IFREG: consider(root, named: true)
            default: log(root, FolderScanner.kind(info.st_mode))
            }
        }
        lock.lock()
        finished = true
        lock.unlock()
    }

    private func walkFolder(_ root: String, _ rootInfo: stat) {
        // Depth first with an explicit stack, each folder's entries in natural order, so names come
        // out already in the order the grid sorts them by.
        var stack: [String] = []
        if visited.insert(FolderKey(device: UInt64(rootInfo.st_dev), inode: UInt64(rootInfo.st_ino))).inserted { stack.append(root) }
        while let folder = stack.popLast(), !stop.isCancelled {
            willList?(folder)
            guard let dir = PathBytes.withCString(folder, { opendir($0) }) else {
                log(folder, "cannot read folder (\(FolderScanner.reason(errno)))")
                continue
            }
            lock.lock()
            folders.append(folder)
            lock.unlock()
            var names: [String] = []
            while let entry = readdir(dir) {
                // The name's bytes as they are: not UTF-8 (`caf\xE9.jpg`) or not NFC, still itself.
                let name = withUnsafeBytes(of: entry.pointee.d_name) { PathBytes.string($0.prefix { $0 != 0 }) }
                if name.hasPrefix(".") { continue }  // ".", ".." and hidden files
                names.append(name)
            }
            closedir(dir)
            names.sort { NaturalOrder.less($0, $1) }
            var subfolders: [String] = []
            for name in names where !stop.isCancelled {
                let path = folder == "/" ? "/" + name : folder + "/" + name
                var info = stat()
                guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else {
                    let e = errno
                    var link = stat()
                    let isLink = PathBytes.withCString(path, { lstat($0, &link) }) == 0 && link.st_mode & S_IFMT == S_IFLNK
                    if e == ELOOP { log(path, "symbolic link loop") }
                    else if isLink && (e == ENOENT || e == ENOTDIR) { log(path, "broken symbolic link") }
                    // A link into a folder this user may not enter is not broken: say why it fails.
                    else if isLink { log(path, "symbolic link to a file that cannot be reached (\(FolderScanner.reason(e)))") }
                    else if FolderScanner.hasImageName(name) || e != ENOENT { log(path, FolderScanner.reason(e)) }
                    continue
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    if visited.insert(FolderKey(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted {
                        subfolders.append(path)
                    } else {
                        log(path, "folder already scanned (a link loop or a second link to it)")
                    }
                case S_IFREG:
                    if FolderScanner.hasImageName(name) { consider(path, named: false) }
                default:
                    log(path, FolderScanner.kind(info.st_mode))
                }
            }
            // Reversed onto the stack so the first subfolder is walked first.
            stack += subfolders.reversed()
        }
    }

    /// Opens and probes one file. `named`: the person named this file itself (any extension).
    private func consider(_ path: String, named: Bool) {
        do {
            let f = try FolderScanner.probe(path)
            lock.lock()
            found.append(f)
            lock.unlock()
        } catch let refusal as ImageRefusal {
            log(path, refusal.reason)
        } catch {
            log(path, "\(error)")
        }
    }

    /// One file, opened without blocking (a FIFO swapped in since a stat must not hang the open).
    static func probe(_ path: String) throws -> Found {
        let fd = PathBytes.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else { throw ImageRefusal("cannot read (\(reason(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ImageRefusal("cannot read (\(reason(errno)))") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw ImageRefusal(kind(info.st_mode)) }
        let probe = try ImageProbe.probe(fd: fd, size: Int(info.st_size))
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        var entry = stat()
        if PathBytes.withCString(path, { lstat($0, &entry) }) != 0 { entry = info }
        return Found(path: path, probe: probe, modified: modified, size: Int(info.st_size),
                     device: UInt64(entry.st_dev), inode: UInt64(entry.st_ino))
    }

    /// The probe of one file, nil when it is not a usable image (for a dock restored by path).
    public static func probeFile(_ path: String) -> Found? { try? probe(PathBytes.canonical(path)) }

    private func log(_ path: String, _ reason: String) {
        lock.lock()
        lines.append("skipped \(PathBytes.display(path)): \(reason)")
        lock.unlock()
    }

    /// The current directory's bytes as a path id (`FileManager` would repair a non-UTF-8 name).
    static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return FileManager.default.currentDirectoryPath }
        return buffer.withUnsafeBytes { PathBytes.string($0.prefix { $0 != 0 }) }
    }

    // MARK: - Helpers

    public static func hasImageName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "not a regular file (named pipe)"
        case S_IFSOCK: return "not a regular file (socket)"
        case S_IFCHR, S_IFBLK: return "not a regular file (device)"
        case S_IFDIR: return "not a regular file (folder)"
        default: return "not a regular file"
        }
    }

    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: return "not found"
        case EACCES, EPERM: return "permission denied"
        case ELOOP: return "symbolic link loop"
        default: return String(cString: strerror(code))
        }
    }

    /// `path` made absolute against `cwd`, with `.`, `..` and repeated slashes removed (symbolic
    /// links are kept: the thumbnail cache keys files by the name a person sees).
    public static func absolute(_ path: String, from cwd: String) -> String {
        let full = path.hasPrefix("/") ? path : cwd + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}
