import XCTest
import Foundation
import GridCore
@testable import CoffeeGridApp

/// Runs the app in-process, headless, on a script, and reads back what it wrote: the state file at
/// each `STATE` line, any file the script names with `path(_:)`, and the log. The one way the app's
/// tests run scripts (the scene tests watch what a user would see, frame by frame).
struct ScriptStates {
    let dir: URL

    init(_ label: String = "states") throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        setenv("SDL_VIDEODRIVER", "dummy", 1)
    }

    /// A run in a folder the test already made (and removes).
    init(dir: URL) {
        self.dir = dir
        setenv("SDL_VIDEODRIVER", "dummy", 1)
    }

    func remove() { try? FileManager.default.removeItem(at: dir) }

    /// A file in the run's folder (for `state`, `screenshot` lines the test writes itself).
    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    /// A JSON object the run wrote to `path(name)`.
    func json(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path(name)))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// How a run ended: its exit code, its log lines and the states of its `STATE` lines in order.
    struct Launch {
        var exitCode: Int32
        var log: [String]
        var states: [State]
    }

    /// Runs `lines` (each `STATE` line becomes `state FILE`) with `--size`/`--scale` when given and
    /// `args`; the log is kept, not printed.
    func launch(_ lines: [String], size: String? = nil, scale: Double? = nil, args: [String] = []) throws -> Launch {
        let tag = UUID().uuidString
        var n = 0
        let script = lines.map { l -> String in
            guard l == "STATE" else { return l }
            defer { n += 1 }
            return "state \(path("\(tag)-s\(n).json"))"
        }
        let file = path("script.txt")
        try script.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        var log: [String] = []
        let flags = (size.map { ["--size", $0] } ?? []) + (scale.map { ["--scale", String($0)] } ?? [])
        let code = CoffeeGrid.main(["--headless"] + flags + ["--script", file] + args, hooks: RunHooks(log: { log.append($0) }))
        let states = try (0..<n).compactMap { i -> State? in
            guard FileManager.default.fileExists(atPath: path("\(tag)-s\(i).json")) else { return nil }
            return State(json: try json("\(tag)-s\(i).json"))
        }
        return Launch(exitCode: code, log: log, states: states)
    }

    /// `launch` at `size` and half scale (states are in points; half-scale pixels only make each
    /// frame cheaper to draw), expecting success; returns the states in order.
    func run(_ lines: [String], size: String = "390x844", args: [String] = [],
             file: StaticString = #filePath, line: UInt = #line) throws -> [State] {
        let r = try launch(lines, size: size, scale: 0.5, args: args)
        XCTAssertEqual(r.exitCode, 0, r.log.joined(separator: "\n"), file: file, line: line)
        return r.states
    }
}

/// One state file, with the accessors the scene tests need.
struct State {
    let json: [String: Any]

    var scene: String? { json["scene"] as? String }
    var animating: Bool { json["animating"] as? Bool ?? false }
    var tracks: [[String: Double]] { json["tracks"] as? [[String: Double]] ?? [] }
    var vertical: String? { (json["sizeClass"] as? [String: String])?["vertical"] }
    var horizontal: String? { (json["sizeClass"] as? [String: String])?["horizontal"] }
    var visible: [(id: String, frame: Rect)] {
        (json["visible"] as? [[String: Any]] ?? []).compactMap { v in
            guard let id = v["id"] as? String, let x = v["x"] as? Double, let y = v["y"] as? Double,
                  let w = v["width"] as? Double, let h = v["height"] as? Double else { return nil }
            return (id, Rect(x: x, y: y, width: w, height: h))
        }
    }
    func frame(_ id: String) -> Rect? { visible.first { $0.id == id }?.frame }
    var itemsTotal: Double? { (json["items"] as? [String: Any])?["total"] as? Double }
    var scrollOffset: Double? { (json["scroll"] as? [String: Any])?["offset"] as? Double }
    func object(_ key: String) -> [String: Any] { json[key] as? [String: Any] ?? [:] }
}

