import Foundation

/// Follows the folders a `FolderScanner` read, through inotify (the kernel tells; nothing polls the
/// disk), on a thread of its own, and reports what changed for the render thread to `take()` once a
/// frame: photos that appeared or were rewritten (probed once their size and time have held still
/// for `settleSeconds`, so a file still being copied is not shown half-written), photos and folders
/// that went away, and a rescan when the kernel's queue overflowed. A folder created or moved in is
/// scanned and watched in turn, each of its folders watched before it is listed (a file the copy makes
/// after the listing is then told of; one made before is listed). A folder opened (`follow(roots:)`)
/// that goes away says so (`removedFolder`); made again or moved back at its path it is `returned`,
/// watched and scanned again, which its parent's watch tells. Watches are bounded (`watchLimit`, and the kernel's
/// `fs.inotify.max_user_watches`): past the bound one log line says so, `limitReached` turns true and
/// the owner rescans instead (on focus); nothing fails.
// @unchecked: its events under `lock`, its watch tables under `watchLock`; nothing else is mutable.
public final class FolderWatcher: @unchecked Sendable {
    public enum Event: Sendable, Equatable {
        /// A photo that is new, or whose file changed (a new size, time or content): probe included.
        case changed(FolderScanner.Found)
        /// A file deleted or moved out of the watched folders.
        case removed(String)
        /// A photo renamed (or moved) within the watched folders: the same file under a new path,
        /// probed there. A rename to a name that is not a photo's is `removed`.
        case renamed(from: String, to: FolderScanner.Found)
        /// A folder deleted or moved out: every photo under it (`path + "/"`) is gone.
        case removedFolder(String)
        /// A folder opened (`follow(roots:)`) that went away is back at its path (made again, moved
        /// back): it is watched again, and what its scan finds comes as `changed`.
        case returned(String)
        /// A file that was probed fine, or that the owner knows, rewritten as something that is not a
        /// usable image (emptied, text): it cannot be shown now. The reason comes as a `log` line too.
        case unreadable(String)
        /// Events were lost (the kernel's queue overflowed): only a rescan knows what is there now.
        case rescan
        /// One line for the log ("skipped …", the watch limit).
        case log(String)
    }

    /// How long a file's size and modification time must hold before it is probed.
    public static let settleSeconds = 0.5
    public let watchLimit: Int

    private let fd: Int32
    private let wakePipe: (read: Int32, write: Int32)
    private let lock = NSLock()
    private var events: [Event] = []
    private var toWatch: [String] = []
    private var stopped = false
    private var limitHit = false
    private let onEvent: @Sendable () -> Void

    /// The watches, under `watchLock`: a scan adds its folders' from its own thread, before it lists
    /// them, and the watcher's thread looks each event's folder up.
    private let watchLock = NSLock()
    private var folders: [Int32: String] = [:]
    private var watched: [String: Int32] = [:]
    /// The folders opened, and the watches on their parents (which tell when one is made again).
    private var roots: Set<String> = []
    private var parents: [Int32: String] = [:]
    private var parentWatches: [String: Int32] = [:]
    private var closed = false

    // The thread's own state.
    private struct Pending { var size: Int64; var mtime: Double; var since: Double }
    private var pending: [String: Pending] = [:]
    private var subscans: [FolderScanner] = []
    /// Photos moved away whose other half (a rename) may still be on its way.
    private var moves = MovePairing()

    /// Nil when inotify is unavailable (then nothing is followed, as before). `onEvent` is called on
    /// the watcher's thread whenever there is something to take (to wake a sleeping window).
    public init?(watchLimit: Int = 16_384, onEvent: @escaping @Sendable () -> Void = {}) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { close(fd); return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        self.fd = fd
        wakePipe = (ends[0], ends[1])
        self.watchLimit = watchLimit
        self.onEvent = onEvent
        let thread = Thread { [self] in run() }
        thread.name = "folder-watch"
        thread.stackSize = 1 << 20
        thread.start()
    }

    deinit { stop() }

    /// Ends the thread (it holds the watcher until then); every watch goes with the descriptor.
    public func stop() {
        lock.lock()
        let was = stopped
        stopped = true
        lock.unlock()
        if !was { poke() }
    }

    /// Starts watching `paths` (folders; from any thread).
    public func watch(_ paths: [String]) {
        guard !paths.isEmpty else { return }
        lock.lock()
        toWatch += paths
        lock.unlock()
        poke()
    }

    /// What changed since the last call, in the order it happened.
    public func take() -> [Event] {
        lock.lock()
        defer { lock.unlock() }
        let result = events
        events.removeAll()
        return result
    }

    /// True once a folder could not be watched (the bound or the kernel's limit).
    public var limitReached: Bool {
        lock.lock()
        defer { lock.unlock() }
        return limitHit
    }

    /// How many folders are watched now.
    public var watchCount: Int {
        watchLock.lock()
        defer { watchLock.unlock() }
        return folders.count
    }

    /// Watches `folder` now, from any thread: what a scan calls before it lists a folder, so that a
    /// file made in it after the listing is told of (before, a subfolder was watched only once its
    /// scan had listed it, and files a copy made in it meanwhile were never seen).
    public func watchNow(_ folder: String) { addWatch(folder) }

    /// The folders opened (folders among `paths`; files are ignored): when one goes away, its parent
    /// is watched for it to come back.
    public func follow(roots paths: [String]) {
        watchLock.lock()
        roots.formUnion(paths)
        let watchedRoots = paths.filter { watched[$0] != nil }
        watchLock.unlock()
        watchedRoots.forEach(addParentWatch)
    }

    /// A scan whose folders are watched before it lists them.
    public func scanner(_ paths: [String]) -> FolderScanner {
        FolderScanner(roots: paths, willList: { [weak self] in self?.watchNow($0) })
    }

    private func poke() {
        var byte: UInt8 = 1
        _ = write(wakePipe.write, &byte, 1)
    }

    private func emit(_ e: [Event]) {
        guard !e.isEmpty else { return }
        lock.lock()
        events += e
        lock.unlock()
        onEvent()
    }

    // MARK: - The thread

    private func run() {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            lock.lock()
            let done = stopped
            let add = toWatch
            toWatch.removeAll()
            lock.unlock()
            if done { break }
            add.forEach(addWatch)
            // Asleep until the kernel or `watch`/`stop` says something, or a pending file is due.
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0)]
            let busy = !pending.isEmpty || !subscans.isEmpty
            _ = poll(&fds, 2, !moves.isEmpty ? 10 : busy ? 50 : -1)
            if fds[1].revents != 0 {
                var sink = [UInt8](repeating: 0, count: 64)
                while read(wakePipe.read, &sink, sink.count) > 0 {}
            }
            readEvents(&buffer)
            settle()
            takeSubscans()
        }
        watchLock.lock()
        closed = true
        close(fd)
        watchLock.unlock()
        close(wakePipe.read)
        close(wakePipe.write)
    }

    private func addWatch(_ folder: String) {
        watchLock.lock()
        guard !closed, watched[folder] == nil else { return watchLock.unlock() }
        let mask = IN_CREATE | IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE
            | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR
        let count = folders.count
        let wd: Int32 = count >= watchLimit ? -1 : PathBytes.withCString(folder) { inotify_add_watch(fd, $0, UInt32(mask)) }
        let e = errno
        if wd >= 0 {
            folders[wd] = folder
            watched[folder] = wd
        }
        let isRoot = roots.contains(folder)
        watchLock.unlock()
        if wd >= 0 {
            if isRoot { addParentWatch(folder) }
            return
        }
        // Past the bound (or the kernel's): said once, then the owner rescans instead.
        guard count >= watchLimit || e == ENOSPC else { return }
        lock.lock()
        let first = !limitHit
        limitHit = true
        lock.unlock()
        if first {
            emit([.log("not following \(folder) and folders after it: the limit of watched folders is reached "
                       + "(\(count); fs.inotify.max_user_watches); they are rescanned when the window is focused")])
        }
    }

    /// Watches the folder holding `root` for `root` to be made (or moved) there again, and for itself
    /// going (then `root` is gone from its path too). Added to what is watched there (IN_MASK_ADD):
    /// a parent that is itself a followed folder keeps its own watch, whose events come first.
    private func addParentWatch(_ root: String) {
        guard let slash = root.lastIndex(of: "/") else { return }
        let parent = slash == root.startIndex ? "/" : String(root[..<slash])
        guard parent != root else { return }
        watchLock.lock()
        defer { watchLock.unlock() }
        guard !closed, parentWatches[parent] == nil else { return }
        let mask = IN_CREATE | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_MASK_ADD
        let wd = PathBytes.withCString(parent) { inotify_add_watch(fd, $0, UInt32(mask)) }
        guard wd >= 0 else { return }
        parents[wd] = parent
        parentWatches[parent] = wd
    }

    private func forgetWatches(under folder: String) {
        let prefix = folder + "/"
        watchLock.lock()
        for (path, wd) in watched where path == folder || path.hasPrefix(prefix) {
            // A watch that is also a root's parent's stays (the root may come back there).
            if parents[wd] == nil { inotify_rm_watch(fd, wd) }
            watched[path] = nil
            folders[wd] = nil
        }
        watchLock.unlock()
        pending = pending.filter { !$0.key.hasPrefix(prefix) }
    }

    private func readEvents(_ buffer: inout [UInt8]) {
        var out: [Event] = []
        let header = MemoryLayout<inotify_event>.size
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            var offset = 0
            while offset + header <= n {
                let (event, name) = buffer.withUnsafeBytes { raw -> (inotify_event, String) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let start = offset + header
                    let bytes = raw[start..<min(n, start + Int(event.len))].prefix { $0 != 0 }
                    // A name is bytes (a Latin-1 one is not UTF-8): the id that names them exactly.
                    return (event, PathBytes.string(bytes))
                }
                offset += header + Int(event.len)
                handle(event, name: name, into: &out)
            }
        }
        out += moves.expired(now: FolderWatcher.now()).map(Event.removed)
        emit(out)
    }

    private func handle(_ event: inotify_event, name: String, into out: inout [Event]) {
        let mask = Int32(bitPattern: event.mask)
        if mask & Int32(IN_Q_OVERFLOW) != 0 { out.append(.rescan); return }
        watchLock.lock()
        let known = folders[event.wd], parent = parents[event.wd]
        if mask & Int32(IN_IGNORED) != 0 {
            folders[event.wd] = nil
            if let folder = known, watched[folder] == event.wd { watched[folder] = nil }
            if let parent { parents[event.wd] = nil; parentWatches[parent] = nil }
        }
        watchLock.unlock()
        if mask & Int32(IN_IGNORED) != 0 { return }
        guard let folder = known else {
            if let parent { handleParent(event, parent, name: name, into: &out) }
            return
        }
        if mask & Int32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            // A watched root went away (a subfolder's parent reports it by name as well).
            forgetWatches(under: folder)
            out.append(.removedFolder(folder))
            if parent != nil { handleParent(event, parent!, name: name, into: &out) }
            return
        }
        guard !name.isEmpty, !name.hasPrefix(".") else { return }
        let path = folder == "/" ? "/" + name : folder + "/" + name
        if mask & Int32(IN_ISDIR) != 0 {
            if mask & Int32(IN_CREATE | IN_MOVED_TO) != 0 {
                // Watched first, then scanned (each subfolder watched before it is listed): a file
                // created in between is reported twice, never missed.
                appeared(path, into: &out)
            } else if mask & Int32(IN_DELETE | IN_MOVED_FROM) != 0 {
                forgetWatches(under: path)
                out.append(.removedFolder(path))
            }
            return
        }
        guard FolderScanner.hasImageName(name) else { return }
        if mask & Int32(IN_MOVED_FROM) != 0, event.cookie != 0 {
            pending[path] = nil
            moves.movedFrom(path, cookie: event.cookie, now: FolderWatcher.now())
        } else if mask & Int32(IN_DELETE | IN_MOVED_FROM) != 0 {
            pending[path] = nil
            out.append(.removed(path))
        } else if mask & Int32(IN_MOVED_TO) != 0, let old = moves.movedTo(cookie: event.cookie) {
            // A rename: the file is whole already (rename is atomic), so it is probed now.
            do {
                out.append(.renamed(from: old, to: try FolderScanner.probe(path)))
            } catch {
                out.append(.removed(old))
                out.append(.log("skipped \(PathBytes.display(path)): \((error as? ImageRefusal)?.reason ?? "\(error)")"))
            }
        } else {
            // Created, written, moved in, touched: probed once it holds still.
            pending[path] = Pending(size: -1, mtime: -1, since: FolderWatcher.now())
        }
    }

    /// A folder made or moved in: watched, then scanned (its subfolders watched as the scan reaches
    /// them); an opened folder back at its path is `returned`.
    private func appeared(_ path: String, into out: inout [Event]) {
        watchLock.lock()
        let isRoot = roots.contains(path)
        watchLock.unlock()
        addWatch(path)
        subscans.append(scanner([path]))
        if isRoot { out.append(.returned(path)) }
    }

    /// An event on the folder holding an opened folder: that folder made or moved in there again, or
    /// the parent itself gone (its roots with it: their paths name nothing now).
    private func handleParent(_ event: inotify_event, _ parent: String, name: String, into out: inout [Event]) {
        let mask = Int32(bitPattern: event.mask)
        let prefix = parent == "/" ? "/" : parent + "/"
        watchLock.lock()
        let under = roots.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }
        let gone = under.filter { watched[$0] != nil }
        watchLock.unlock()
        if mask & Int32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            for root in gone.sorted() {
                forgetWatches(under: root)
                out.append(.removedFolder(root))
            }
            if mask & Int32(IN_MOVE_SELF) != 0 {
                // Moved, it names another place now: nothing to wait for there.
                watchLock.lock()
                if let wd = parentWatches.removeValue(forKey: parent) {
                    parents[wd] = nil
                    if folders[wd] == nil { inotify_rm_watch(fd, wd) }
                }
                watchLock.unlock()
            }
            return
        }
        guard mask & Int32(IN_ISDIR) != 0, mask & Int32(IN_CREATE | IN_MOVED_TO) != 0 else { return }
        let path = prefix + name
        watchLock.lock()
        let returning = roots.contains(path) && watched[path] == nil
        watchLock.unlock()
        if returning { appeared(path, into: &out) }
    }

    /// Probes the files whose size and time have not moved for `settleSeconds`.
    private func settle() {
        guard !pending.isEmpty else { return }
        let now = FolderWatcher.now()
        var out: [Event] = []
        for (path, was) in pending {
            var info = stat()
            guard PathBytes.withCString(path, { lstat($0, &info) }) == 0 else { pending[path] = nil; continue }
            let mtime = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            if Int64(info.st_size) != was.size || mtime != was.mtime {
                pending[path] = Pending(size: Int64(info.st_size), mtime: mtime, since: now)
                continue
            }
            guard now - was.since >= FolderWatcher.settleSeconds else { continue }
            pending[path] = nil
            do {
                out.append(.changed(try FolderScanner.probe(path)))
            } catch {
                // Told as unreadable as well: a photo rewritten as something else must not keep its
                // old picture (the owner knows whether it was one).
                out.append(.unreadable(path))
                out.append(.log("skipped \(PathBytes.display(path)): \((error as? ImageRefusal)?.reason ?? "\(error)")"))
            }
        }
        emit(out)
    }

    /// What the scans of folders that appeared found, and their subfolders to watch.
    private func takeSubscans() {
        guard !subscans.isEmpty else { return }
        var out: [Event] = []
        subscans.removeAll { scan in
            let (found, lines, finished) = scan.take()
            scan.takeFolders().forEach(addWatch)
            out += found.map(Event.changed) + lines.map(Event.log)
            return finished
        }
        emit(out)
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
