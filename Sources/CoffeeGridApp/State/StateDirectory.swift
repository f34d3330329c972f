import Foundation

/// `$XDG_STATE_HOME/coffeegrid` (by default `~/.local/state/coffeegrid`): where the dock and the
/// session are kept between launches.
enum StateDirectory {
    static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        // The spec says a relative XDG_STATE_HOME is invalid and must be ignored.
        let base: String
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = (home as NSString).appendingPathComponent(".local/state")
        }
        return (base as NSString).appendingPathComponent("coffeegrid")
    }
}
