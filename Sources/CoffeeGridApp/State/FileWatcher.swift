import Foundation

/// Tells whether a file was replaced or rewritten since the last ask, by inotify on its folder
/// (a state file is replaced by rename, so the folder is what sees it). Non-blocking: the frame
/// loop asks once per update, which the idle window does at least once a second.
final class FileWatcher {
    let name: String
    private let fd: Int32

    /// Watches `path` (through a symlink, at its target). Nil when inotify is unavailable.
    init?(path: String) {
        let target = StateFile.resolve(path)
        name = (target as NSString).lastPathComponent
        let dir = (target as NSString).deletingLastPathComponent
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        try? FileManager.default.createDirectory(atPath: dir.isEmpty ? "." : dir, withIntermediateDirectories: true)
        guard inotify_add_watch(fd, dir.isEmpty ? "." : dir, UInt32(IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE | IN_CREATE)) >= 0 else {
            close(fd)
            return nil
        }
        self.fd = fd
    }

    deinit { close(fd) }

    /// True if the file changed since the last call.
    func changed() -> Bool {
        var hit = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let (length, eventName) = buffer.withUnsafeBytes { raw -> (Int, String) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let start = offset + MemoryLayout<inotify_event>.size
                    let bytes = raw[start..<min(n, start + Int(event.len))].prefix { $0 != 0 }
                    return (Int(event.len), String(decoding: bytes, as: UTF8.self))
                }
                if eventName == name { hit = true }
                offset += MemoryLayout<inotify_event>.size + length
            }
        }
        return hit
    }
}
