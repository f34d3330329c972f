import Foundation

/// Where libX11 keeps the Compose table it parsed, so the next launch maps it instead of parsing it.
/// SDL opens X11's input method as video starts, and libX11 then reads the locale's Compose file —
/// 6,000 lines, character by character: a tenth of the CPU from launch to the first frame. libX11
/// keeps the parsed table in `XCOMPOSECACHE`, or in `~/.compose-cache` or a system-wide cache when
/// one of those exists; none does by default, so without this every launch parses it again. The
/// same table either way: dead keys and Compose sequences work as before (root gets no cache:
/// libX11 writes none for it).
enum ComposeCache {
    /// The folder to name in `XCOMPOSECACHE` for SDL's video start, or nil when the person (or the
    /// system) already has a cache libX11 uses.
    static func variable(directory: String, environment: [String: String],
                         exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> String? {
        // libX11 reads what follows an "=" as the table's internal name, not as part of the folder.
        guard environment["XCOMPOSECACHE"] == nil, directory.hasPrefix("/"), !directory.contains("=") else { return nil }
        if let home = environment["HOME"], !home.isEmpty, exists(home + "/.compose-cache") { return nil }
        if exists("/var/cache/libx11/compose") { return nil }
        return directory
    }

    /// Sets `XCOMPOSECACHE` to `directory` (made if missing) for the duration of `start` — SDL's
    /// video start — and takes it away after, so programs the app opens keep their own.
    static func during<T>(_ directory: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                          exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) },
                          _ start: () throws -> T) rethrows -> T {
        // Only a variable set here is taken away after.
        guard let directory, getenv("XCOMPOSECACHE") == nil,
              let dir = variable(directory: directory, environment: environment, exists: exists),
              (try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])) != nil else {
            return try start()
        }
        setenv("XCOMPOSECACHE", dir, 1)
        defer { unsetenv("XCOMPOSECACHE") }
        return try start()
    }
}
