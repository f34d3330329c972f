import Foundation
import GridCore

/// The person's appearance choice: follow the desktop (the settings portal's color-scheme), or a
/// fixed one set with Ctrl+D.
enum AppearanceChoice: String {
    case system, light, dark
}

/// What a scene brings back at the next launch: the variant it showed (an id of its own making)
/// and the item at the start of its grid (an index, not pixels, so it survives a new window size).
struct RestorableState: Equatable {
    var variant: String?
    var anchor: Int?

    init(variant: String? = nil, anchor: Int? = nil) {
        self.variant = variant
        self.anchor = anchor
    }

    /// A variant made of picker selections, written "2 0 1".
    init(selections: [Int], anchor: Int?) {
        self.init(variant: selections.map(String.init).joined(separator: " "), anchor: anchor)
    }

    /// The picker selections back: nil unless there is one per picker, each within its count.
    func selections(counts: [Int]) -> [Int]? {
        guard let parts = variant?.split(separator: " ").map({ Int($0) }), parts.count == counts.count else { return nil }
        var out: [Int] = []
        for (p, n) in zip(parts, counts) {
            guard let p = p, p >= 0, p < n else { return nil }
            out.append(p)
        }
        return out
    }
}

/// Where the person was when the window closed: its size, the scene, the appearance choice, whether
/// the code panel was shown, and each scene's restorable state.
struct Session: Equatable {
    var window: Size?
    var scene: String?
    var appearance = AppearanceChoice.system
    /// The code panel shown (true) or folded by the person; nil: never chosen (shown where there is room).
    var code: Bool?
    var scenes: [String: RestorableState] = [:]

    /// The file's first key, so a JSON file of anything else is recognised as foreign.
    static let format = "coffeegrid-session-1"

    var json: JSON {
        var pairs: [(String, JSON)] = [("format", .string(Session.format))]
        if let w = window { pairs.append(("window", .object([("width", .number(w.width)), ("height", .number(w.height))]))) }
        if let s = scene { pairs.append(("scene", .string(s))) }
        pairs.append(("appearance", .string(appearance.rawValue)))
        if let c = code { pairs.append(("code", .string(c ? "shown" : "folded"))) }
        pairs.append(("scenes", .object(scenes.sorted { $0.key < $1.key }.map { name, state in
            var entry: [(String, JSON)] = []
            if let v = state.variant { entry.append(("variant", .string(v))) }
            if let a = state.anchor { entry.append(("anchor", .number(Double(a)))) }
            return (name, .object(entry))
        })))
        return .object(pairs)
    }

    /// Reads a session, keeping only well-formed values (a bad one is dropped, not fatal).
    /// Throws `Foreign` for JSON that is not a session of this format.
    init(json object: Any) throws {
        guard let dict = object as? [String: Any], dict["format"] as? String == Session.format else {
            throw Foreign(format: (object as? [String: Any])?["format"] as? String)
        }
        if let w = dict["window"] as? [String: Any], let width = (w["width"] as? NSNumber)?.doubleValue,
           let height = (w["height"] as? NSNumber)?.doubleValue, width.isFinite, height.isFinite,
           (1...16384).contains(width), (1...16384).contains(height) {
            window = Size(width: width, height: height)
        }
        scene = (dict["scene"] as? String).flatMap { $0.count <= 64 ? $0 : nil }
        appearance = (dict["appearance"] as? String).flatMap(AppearanceChoice.init(rawValue:)) ?? .system
        switch dict["code"] as? String {
        case "shown": code = true
        case "folded": code = false
        default: code = nil
        }
        for (name, value) in (dict["scenes"] as? [String: Any]) ?? [:] {
            guard name.count <= 64, let entry = value as? [String: Any] else { continue }
            var state = RestorableState()
            state.variant = (entry["variant"] as? String).flatMap { $0.count <= Session.maxVariantLength ? $0 : nil }
            if let n = (entry["anchor"] as? NSNumber)?.doubleValue, n.isFinite, n >= 0, n < 1e9, n == n.rounded() { state.anchor = Int(n) }
            scenes[name] = state
        }
    }

    init() {}

    /// A variant id longer than this is ignored (the playground's spec is the longest there is).
    static let maxVariantLength = 4096

    struct Foreign: Error { var format: String? }
}

/// The session file: `$XDG_STATE_HOME/coffeegrid/session.json`, beside the dock. Written atomically;
/// a file that is too big, corrupt or foreign is reported in one line and the app starts fresh.
struct SessionStore {
    let path: String
    /// Larger files are not parsed (a session is a few hundred bytes).
    static let maxBytes = 1 << 20

    init(path: String) { self.path = path }

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        path = (StateDirectory.path(environment: environment) as NSString).appendingPathComponent("session.json")
    }

    struct Loaded {
        var session: Session?
        var message: String?
    }

    /// A file that is refused (too big, unreadable, not a session) is kept aside, as the dock's is,
    /// so the next save does not write over it.
    func load() -> Loaded {
        // The size cap and the regular-file check come before a byte is read (StateFile.read).
        let bytes: [UInt8]?
        do {
            bytes = try StateFile.read(path, maxBytes: SessionStore.maxBytes)
        } catch let f as StateFile.Failure where f.isRefusedFile {
            return Loaded(message: "saved session \(f)\(keptAside()); starting fresh")
        } catch {
            return Loaded(message: "saved session \(error); starting fresh")
        }
        guard let data = bytes.map({ Data($0) }) else { return Loaded() }
        guard let object = try? JSONSerialization.jsonObject(with: data) else {
            return Loaded(message: "saved session \(path) is not JSON (corrupt or truncated)\(keptAside()); starting fresh")
        }
        do {
            return Loaded(session: try Session(json: object))
        } catch let e as Session.Foreign {
            let what = e.format.map { "format '\($0.prefix(40))'" } ?? "no format"
            return Loaded(message: "saved session \(path) is not a CoffeeGrid session (\(what))\(keptAside()); ignoring it")
        } catch {
            return Loaded(message: "saved session \(path): \(error); starting fresh")
        }
    }

    private func keptAside() -> String {
        StateFile.keepAside(path).map { ": kept as \(($0 as NSString).lastPathComponent)" } ?? ""
    }

    func save(_ session: Session) throws {
        try StateFile.write(session.json.text + "\n", to: path)
    }
}
