import Foundation

/// `$XDG_STATE_HOME/coffeegrid` (by default `~/.local/state/coffeegrid`): where the dock and the
/// session are kept between launches.
enum StateDirectory {
    static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        XDGDirectory.path("XDG_STATE_HOME", default: ".local/state", environment: environment)
    }
}

/// `$XDG_CACHE_HOME/coffeegrid` (by default `~/.cache/coffeegrid`): what the app keeps only to be
/// quicker next time (libX11's parsed Compose table), safe to delete.
enum CacheDirectory {
    static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        XDGDirectory.path("XDG_CACHE_HOME", default: ".cache", environment: environment)
    }
}

/// The app's folder in one of the XDG base directories.
enum XDGDirectory {
    /// `$variable/coffeegrid`, or `$HOME/<default>/coffeegrid` when the variable is unset or relative
    /// (the spec says a relative path is invalid and must be ignored).
    static func path(_ variable: String, default relative: String, environment: [String: String]) -> String {
        let base: String
        if let xdg = environment[variable], xdg.hasPrefix("/") {
            base = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = (home as NSString).appendingPathComponent(relative)
        }
        return (base as NSString).appendingPathComponent("coffeegrid")
    }
}
