import Foundation

/// Where libX11 keeps the Compose table it parsed, so the next launch maps it instead of parsing it.
/// SDL opens X11's input method as video starts, and libX11 then reads the locale's Compose file —
/// 6,000 lines, character by character: a tenth of the CPU from launch to the first frame. libX11
/// keeps the parsed table in `XCOMPOSECACHE`, or in `~/.compose-cache` or a system-wide cache when
/// one of those exists; none does by default, so without this every launch parses it again. The
/// same table either way: dead keys and Compose sequences work as before. libX11 writes no cache
/// for root, so root is left alone.
public enum ComposeCache {
    /// The folder to name in `XCOMPOSECACHE`, or nil when the person (or the system) already has a
    /// cache libX11 uses, or libX11 would use none.
    static func variable(directory: String, environment: [String: String], isRoot: Bool,
                         exists: (String) -> Bool) -> String? {
        // libX11 reads what follows an "=" as the table's internal name, not as part of the folder.
        guard !isRoot, environment["XCOMPOSECACHE"] == nil, directory.hasPrefix("/"), !directory.contains("=") else { return nil }
        if let home = environment["HOME"], !home.isEmpty, exists(home + "/.compose-cache") { return nil }
        if exists("/var/cache/libx11/compose") { return nil }
        return directory
    }

    /// Names `directory` (made, 0700, if missing) in `XCOMPOSECACHE` for SDL's video start; returns
    /// whether it did, so `forget` takes it away after. Call it before any other thread starts:
    /// `setenv` may move the environment while a `getenv` on another thread reads it.
    public static func name(_ directory: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                            isRoot: Bool = geteuid() == 0,
                            exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> Bool {
        guard getenv("XCOMPOSECACHE") == nil,
              let dir = variable(directory: directory, environment: environment, isRoot: isRoot, exists: exists),
              (try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])) != nil else { return false }
        return setenv("XCOMPOSECACHE", dir, 1) == 0
    }

    /// Takes the variable `name` set away once video has started, so programs the app opens keep
    /// their own (`unsetenv` moves entries within the environment; it frees nothing).
    static func forget() { unsetenv("XCOMPOSECACHE") }
}
