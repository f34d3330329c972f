import XCTest
import Foundation
import GridCore
@testable import CoffeeGridApp

/// Runs the app in-process, headless, on a script, and reads back the state file written at each
/// `STATE` line: the scene tests' way of watching what a user would see, frame by frame.
struct ScriptStates {
    let dir: URL

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-states-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        setenv("SDL_VIDEODRIVER", "dummy", 1)
    }

    func remove() { try? FileManager.default.removeItem(at: dir) }

    /// `lines` is a script in which each `STATE` line becomes `state FILE`; returns the states in order.
    func run(_ lines: [String], size: String = "390x844", args: [String] = [],
             file: StaticString = #filePath, line: UInt = #line) throws -> [State] {
        var n = 0
        let script = lines.map { l -> String in
            guard l == "STATE" else { return l }
            defer { n += 1 }
            return "state \(dir.appendingPathComponent("s\(n).json").path)"
        }
        let path = dir.appendingPathComponent("script.txt").path
        try script.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        // States are in points; half-scale pixels only make each frame cheaper to draw.
        XCTAssertEqual(CoffeeGrid.main(["--headless", "--size", size, "--scale", "0.5", "--script", path] + args), 0, file: file, line: line)
        return try (0..<n).map { i in
            let data = try Data(contentsOf: dir.appendingPathComponent("s\(i).json"))
            return State(json: try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any]))
        }
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

