import Foundation

/// Where the dock's contents survive a restart: `$XDG_STATE_HOME/coffeegrid/dock.json` (by default
/// `~/.local/state/coffeegrid/dock.json`), holding `{"dock":["coffee-3",…]}`. A bad file never stops
/// the app: it is reported in one line and the dock starts empty.
struct DockStore {
    let path: String

    init(path: String) { self.path = path }

    /// The XDG state location for `environment` (the process environment by default).
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        // The spec says a relative XDG_STATE_HOME is invalid and must be ignored.
        let base: String
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = (home as NSString).appendingPathComponent(".local/state")
        }
        path = ((base as NSString).appendingPathComponent("coffeegrid") as NSString).appendingPathComponent("dock.json")
    }

    struct Loaded: Equatable {
        var ids: [String]
        /// One line for the log when the file could not be used or held ids that were skipped.
        var message: String?
    }

    /// The saved dock, keeping only ids in `known` and each once. A missing file is an empty dock.
    func load(known: [String]) -> Loaded {
        guard FileManager.default.fileExists(atPath: path) else { return Loaded(ids: []) }
        guard let data = FileManager.default.contents(atPath: path) else {
            return Loaded(ids: [], message: "cannot read saved dock \(path); starting with an empty dock")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data),
              let dict = object as? [String: Any], let list = dict["dock"] as? [Any] else {
            return Loaded(ids: [], message: "saved dock \(path) is not a {\"dock\":[…]} JSON file (corrupt or truncated); starting with an empty dock")
        }
        let knownSet = Set(known)
        var seen = Set<String>()
        var ids: [String] = []
        var skipped = 0
        for entry in list {
            if let id = entry as? String, knownSet.contains(id), seen.insert(id).inserted { ids.append(id) } else { skipped += 1 }
        }
        let message = skipped > 0 ? "saved dock \(path): skipped \(skipped) unknown or repeated photo id\(skipped == 1 ? "" : "s")" : nil
        return Loaded(ids: ids, message: message)
    }

    /// A short reason for a failed save: the system's words for the underlying errno when there is one.
    static func describe(_ error: Error) -> String {
        var e = error as NSError
        while let inner = e.userInfo[NSUnderlyingErrorKey] as? Error { e = inner as NSError }
        if e.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(e.code))) }
        return e.localizedDescription
    }

    /// Replaces the file atomically, so a crash mid-write leaves the previous dock intact.
    func save(_ ids: [String]) throws {
        try StateFile.write(JSON.object([("dock", .array(ids.map(JSON.string)))]).text + "\n", to: path)
    }
}
