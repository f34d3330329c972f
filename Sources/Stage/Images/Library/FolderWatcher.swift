import Foundation

/// Follows the folders a `FolderScanner` read, through inotify (the kernel tells; nothing polls the
/// disk), on a thread of its own, and reports what changed for the render thread to `take()` once a
/// frame: photos that appeared or were rewritten (probed once their size and time have held still
/// for `settleSeconds`, so a file still being copied is not shown half-written), photos and folders
/// that went away, and a rescan when the kernel's queue overflowed. A folder created or moved in is
/// scanned and watched in turn. Watches are bounded (`watchLimit`, and the kernel's
/// `fs.inotify.max_user_watches`): past the bound one log line says so, `limitReached` turns true and
/// the owner rescans instead (on focus); nothing fails.
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

    // The thread's own state.
    private var folders: [Int32: String] = [:]
    private var watched: [String: Int32] = [:]
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
        lock.lock()
        defer { lock.unlock() }
        return watchedCount
    }
    private var watchedCount = 0

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
        close(fd)
        close(wakePipe.read)
        close(wakePipe.write)
    }

    private func addWatch(_ folder: String) {
        guard watched[folder] == nil else { return }
        let mask = IN_CREATE | IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE
            | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR
        let wd: Int32 = folders.count >= watchLimit ? -1 : PathBytes.withCString(folder) { inotify_add_watch(fd, $0, UInt32(mask)) }
        if wd < 0 {
            let e = errno
            // Past the bound (or the kernel's): said once, then the owner rescans instead.
            guard folders.count >= watchLimit || e == ENOSPC else { return }
            lock.lock()
            let first = !limitHit
            limitHit = true
            lock.unlock()
            if first {
                emit([.log("not following \(folder) and folders after it: the limit of watched folders is reached "
                           + "(\(folders.count); fs.inotify.max_user_watches); they are rescanned when the window is focused")])
            }
            return
        }
        folders[wd] = folder
        watched[folder] = wd
        lock.lock()
        watchedCount = folders.count
        lock.unlock()
    }

    private func forgetWatches(under folder: String) {
        let prefix = folder + "/"
        for (path, wd) in watched where path == folder || path.hasPrefix(prefix) {
            inotify_rm_watch(fd, wd)
            watched[path] = nil
            folders[wd] = nil
        }
        pending = pending.filter { !$0.key.hasPrefix(prefix) }
        lock.lock()
        watchedCount = folders.count
        lock.unlock()
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
        guard let folder = folders[event.wd] else { return }
        if mask & Int32(IN_IGNORED) != 0 {
            folders[event.wd] = nil
            if watched[folder] == event.wd { watched[folder] = nil }
            return
        }
        if mask & Int32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            // A watched root went away (a subfolder's parent reports it by name as well).
            forgetWatches(under: folder)
            out.append(.removedFolder(folder))
            return
        }
        guard !name.isEmpty, !name.hasPrefix(".") else { return }
        let path = folder == "/" ? "/" + name : folder + "/" + name
        if mask & Int32(IN_ISDIR) != 0 {
            if mask & Int32(IN_CREATE | IN_MOVED_TO) != 0 {
                // Watched first, then scanned: a file created in between is reported twice, never missed.
                addWatch(path)
                subscans.append(FolderScanner(roots: [path]))
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
            } catch let refusal as ImageRefusal {
                out.append(.log("skipped \(PathBytes.display(path)): \(refusal.reason)"))
            } catch {
                out.append(.log("skipped \(PathBytes.display(path)): \(error)"))
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
