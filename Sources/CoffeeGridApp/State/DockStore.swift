import Foundation
import PhotoLibrary
import Stage
import SystemIO

/// Where the dock's contents survive a restart: `$XDG_STATE_HOME/coffeegrid/dock.json` (by default
/// `~/.local/state/coffeegrid/dock.json`), holding `{"dock":["coffee-3",…]}`. A bad file never stops
/// the app: it is reported in one line, kept aside (never written over) and the dock starts empty.
package struct DockStore {
    package let path: String
    /// The most photos a dock holds (`PhotoDockModel.capacity`), and the most bytes its file may
    /// have: that many paths of up to 1,600 bytes. A file the app itself wrote is always read back.
    package static let maxBytes = 16 << 20
    /// What this window last wrote, so a save onto a file nobody else changed since parses nothing.
    private let memo = Memo()

    init(path: String) { self.path = path }

    /// The XDG state location for `environment` (the process environment by default).
    init(environment: [String: String] = ProcessInfo.processInfo.environment, fileName: String = "dock.json") {
        path = (StateDirectory.path(environment: environment) as NSString).appendingPathComponent(fileName)
    }

    /// A person's own photos are docked in a file of their own, by absolute path, so the bundled
    /// dock and theirs never overwrite each other.
    package static func forOwnPhotos(environment: [String: String] = ProcessInfo.processInfo.environment) -> DockStore {
        DockStore(environment: environment, fileName: "own-photos-dock.json")
    }

    /// The file's `dock` list, or why there is none: a file that cannot be used (over the cap,
    /// unreadable, not a dock) is kept aside as `NAME.refused-DATE` (the message says so) so the
    /// next save cannot empty it.
    private func readList() -> (list: [Any]?, message: String?) {
        let bytes: [UInt8]
        do {
            guard let b = try StateFile.read(path, maxBytes: DockStore.maxBytes) else { return (nil, nil) }
            bytes = b
        } catch let f as StateFile.Failure where f.isRefusedFile {
            return (nil, "saved dock \(f)\(keptAside()); starting with an empty dock")
        } catch {
            return (nil, "saved dock \(error); starting with an empty dock")
        }
        guard let list = DockStore.parse(bytes) else {
            return (nil, "saved dock \(path) is not a {\"dock\":[…]} JSON file (corrupt or truncated)\(keptAside()); starting with an empty dock")
        }
        return (list, nil)
    }

    private func keptAside() -> String {
        StateFile.keepAside(path).map { ": kept as \(($0 as NSString).lastPathComponent)" } ?? " (and it cannot be kept aside: the dock is not saved)"
    }

    /// A saved dock of paths: each absolute path kept once, if `usable` says the file is still an
    /// image there (it adds it to the photo set); one log line for each skipped.
    func loadPaths(usable: (String) -> Bool) -> (ids: [String], messages: [String]) {
        let (found, message) = readList()
        guard let list = found else { return ([], message.map { [$0] } ?? []) }
        var seen = Set<String>(), ids: [String] = [], messages: [String] = []
        for entry in list {
            // The id names the file's bytes (an older file may hold a decomposed name as text).
            guard let p = (entry as? String).map(PathBytes.canonical), p.hasPrefix("/"), seen.insert(p).inserted else { continue }
            if usable(p) {
                ids.append(p)
            } else {
                var info = stat()
                let gone = PathBytes.withCString(p, { lstat($0, &info) }) != 0
                messages.append("saved dock: \(PathBytes.display(p)) \(gone ? "no longer exists" : "is no longer a readable image"); skipped")
            }
        }
        return (ids, messages)
    }

    struct Loaded: Equatable {
        var ids: [String]
        /// One line for the log when the file could not be used or held ids that were skipped.
        var message: String?
    }

    /// The saved dock, keeping only ids in `known` and each once. A missing file is an empty dock;
    /// a file over `maxBytes` is refused before it is parsed.
    func load(known: [String]) -> Loaded {
        let (found, message) = readList()
        guard let list = found else { return Loaded(ids: [], message: message) }
        let (ids, skipped) = DockStore.filter(list, known: known)
        let skippedMessage = skipped > 0 ? "saved dock \(path): skipped \(skipped) unknown or repeated photo id\(skipped == 1 ? "" : "s")" : nil
        return Loaded(ids: ids, message: skippedMessage)
    }

    /// The `dock` list of a `{"dock":[…]}` file, nil if it is not one.
    package static func parse(_ bytes: [UInt8]) -> [Any]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)),
              let dict = object as? [String: Any], let list = dict["dock"] as? [Any] else { return nil }
        return list
    }

    static func filter(_ list: [Any], known: [String]) -> (ids: [String], skipped: Int) {
        let knownSet = Set(known)
        var seen = Set<String>()
        var ids: [String] = []
        var skipped = 0
        for entry in list {
            if let id = (entry as? String).map(PathBytes.canonical), knownSet.contains(id), seen.insert(id).inserted { ids.append(id) } else { skipped += 1 }
        }
        return (ids, skipped)
    }

    /// A short reason for a failed save: the system's words for the underlying errno when there is one.
    static func describe(_ error: Error) -> String {
        if let f = error as? StateFile.Failure { return f.description }
        var e = error as NSError
        while let inner = e.userInfo[NSUnderlyingErrorKey] as? Error { e = inner as NSError }
        if e.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(e.code))) }
        return e.localizedDescription
    }

    /// Replaces the file atomically, so a crash mid-write leaves the previous dock intact.
    package func save(_ ids: [String]) throws {
        try StateFile.write(DockStore.text(ids), to: path)
    }

    /// Saves this window's change — from `base` (the dock as this window last read or wrote it) to
    /// `mine` — onto the file's current content, under the file's lock: another window's changes
    /// since `base` stay. Returns the dock now in the file, which this window should show.
    /// A nil `base` replaces whatever the file holds (still under the lock). Incremental: a file
    /// still holding exactly what this window last wrote is not parsed, and each id is quoted once.
    /// A file there that is refused or not a dock is kept aside, not written over (`keptAside`).
    func save(_ mine: [String], base: [String]?, known: [String], keptAside: ((String) -> Void)? = nil) throws -> [String] {
        var merged = mine
        var text = ""
        try StateFile.update(path, maxBytes: DockStore.maxBytes, keptAside: keptAside) { current in
            if let base, let bytes = current {
                let theirs: [String]
                if let last = memo.written, last.bytes == bytes {
                    theirs = last.ids
                } else if let list = DockStore.parse(bytes) {
                    theirs = DockStore.filter(list, known: known).ids
                } else {
                    // Someone wrote something that is not a dock: it is kept, under another name.
                    if let aside = StateFile.keepAside(path) { keptAside?(aside) } else {
                        throw StateFile.Failure(description: "\(path) is not a dock file, and it cannot be kept aside; not written over")
                    }
                    theirs = base
                }
                merged = DockStore.merge(base: base, mine: mine, theirs: theirs)
            }
            text = memo.text(merged)
            guard text.utf8.count <= DockStore.maxBytes else {
                throw StateFile.Failure(description: "\(merged.count) photos make \(BoundedFile.megabytes(text.utf8.count)), over the \(BoundedFile.megabytes(DockStore.maxBytes)) a dock file holds")
            }
            return text
        }
        memo.written = (Array(text.utf8), merged)
        return merged
    }

    /// The dock as the file holds it now (nil when it is missing or unusable), for a window that
    /// noticed the file change.
    func current(known: [String]) -> [String]? {
        guard let b = try? StateFile.read(path, maxBytes: DockStore.maxBytes) else { return nil }
        if let last = memo.written, last.bytes == b { return last.ids }
        guard let list = DockStore.parse(b) else { return nil }
        return DockStore.filter(list, known: known).ids
    }

    static func text(_ ids: [String]) -> String {
        JSON.object([("dock", .array(ids.map(JSON.string)))]).text + "\n"
    }

    /// The last text written and what it held; each id's JSON quoting, kept while it is docked.
    private final class Memo {
        var written: (bytes: [UInt8], ids: [String])?
        private var quoted: [String: String] = [:]

        /// `DockStore.text(ids)`, quoting only ids not quoted before.
        func text(_ ids: [String]) -> String {
            if quoted.count > 2 * ids.count + 64 {
                let docked = Set(ids)
                quoted = quoted.filter { docked.contains($0.key) }
            }
            var out = "{\"dock\":["
            for (i, id) in ids.enumerated() {
                if i > 0 { out += "," }
                if let q = quoted[id] {
                    out += q
                } else {
                    var q = ""
                    JSON.quote(id, into: &q)
                    quoted[id] = q
                    out += q
                }
            }
            return out + "]}\n"
        }
    }

    /// A three-way merge of dock lists. Photos this side took out of `base` leave `theirs`; photos
    /// it added or moved are placed after the photo they follow in `mine` (first if none); every
    /// other photo keeps its place in `theirs`. Each id appears once.
    static func merge(base: [String], mine: [String], theirs: [String]) -> [String] {
        if theirs == base { return mine }
        if mine == base { return theirs }
        let mineSet = Set(mine)
        let removed = Set(base).subtracting(mineSet)
        // Photos kept in the same relative order are the longest common subsequence of base and
        // mine; the rest of mine was added or moved here.
        let kept = Set(longestCommonSubsequence(base.filter(mineSet.contains), mine))
        let placed = mine.filter { !kept.contains($0) }
        let placedSet = Set(placed)
        var result = theirs.filter { !removed.contains($0) && !placedSet.contains($0) }
        for id in placed {
            guard let i = mine.firstIndex(of: id) else { continue }
            let before = mine[..<i].reversed().first { result.contains($0) }
            let at = before.flatMap { result.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
            result.insert(id, at: at)
        }
        return result
    }

    static func longestCommonSubsequence(_ a: [String], _ b: [String]) -> [String] {
        guard !a.isEmpty, !b.isEmpty else { return [] }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var out: [String] = []
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] { out.append(a[i]); i += 1; j += 1 } else if table[i + 1][j] >= table[i][j + 1] { i += 1 } else { j += 1 }
        }
        return out
    }
}
