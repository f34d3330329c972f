import XCTest
import Foundation
@testable import CoffeeGridApp

/// For every scene variant, the tracks in the state file are exactly what `coffeegrid layout`
/// computes for that spec at the scene's width, shifted into window points.
final class SceneTracksTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-tracks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        setenv("SDL_VIDEODRIVER", "dummy", 1)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// Runs `steps` (each a list of script lines) and returns the state after each.
    func states(scene: String, size: String, steps: [[String]]) throws -> [[String: Any]] {
        var script = ["scene \(scene)"]
        for (i, step) in steps.enumerated() {
            script += step + ["state \(dir.appendingPathComponent("s\(i).json").path)"]
        }
        let file = dir.appendingPathComponent("script.txt").path
        try script.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(CoffeeGrid.main(["--headless", "--size", size, "--script", file]), 0)
        return try steps.indices.map { i in
            let data = try Data(contentsOf: dir.appendingPathComponent("s\(i).json"))
            return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
    }

    func assertTracksMatchLayoutCommand(_ state: [String: Any], file: StaticString = #filePath, line: UInt = #line) throws {
        let grid = try XCTUnwrap(state["grid"] as? [String: Any], file: file, line: line)
        let axis = try XCTUnwrap(grid["axis"] as? String)
        let extent = try XCTUnwrap(grid["extent"] as? Double)
        let container = try XCTUnwrap(grid["container"] as? Double)
        let spec = try XCTUnwrap(grid["spec"] as? String)
        let output = try LayoutCommand.run(["--axis", axis, "--extent", String(extent), spec], readStdin: { nil })
        let expected = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let want = try XCTUnwrap(expected["tracks"] as? [[String: Double]])
        let got = try XCTUnwrap(state["tracks"] as? [[String: Double]])
        XCTAssertEqual(got.count, want.count, "\(spec) at \(extent)", file: file, line: line)
        for (g, w) in zip(got, want) {
            XCTAssertEqual(g["offset"]!, w["offset"]! + container, accuracy: 0.0015, "\(spec) at \(extent)", file: file, line: line)
            XCTAssertEqual(g["size"]!, w["size"]!, accuracy: 0.0015, "\(spec) at \(extent)", file: file, line: line)
        }
    }

    func testSymbolsVariants() throws {
        // Every column set, then spacing 0, then sideways, then sections.
        var steps: [[String]] = [[]]
        for _ in 1..<SymbolsScene.layouts.count { steps.append(["key c"]) }
        steps += [["key c", "key s"], ["key c"], ["key c"], ["key a"], ["key c"], ["key p"]]
        for size in ["390x844", "844x390", "1280x800"] {
            for state in try states(scene: "symbols", size: size, steps: steps) { try assertTracksMatchLayoutCommand(state) }
        }
    }

    func testStylesVariants() throws {
        let steps: [[String]] = [[]] + Array(repeating: ["key s"], count: 5) + [["key a"]] + Array(repeating: ["key s"], count: 5)
        for size in ["390x844", "844x390"] {
            let all = try states(scene: "styles", size: size, steps: steps)
            for state in all { try assertTracksMatchLayoutCommand(state) }
            XCTAssertEqual((all[0]["grid"] as? [String: Any])?["axis"] as? String, "horizontal")
            XCTAssertEqual((all[6]["grid"] as? [String: Any])?["axis"] as? String, "vertical")
        }
    }

    func testBarsRowSets() throws {
        let all = try states(scene: "bars", size: "390x844", steps: [[], ["key r"], ["key r"], ["key r"]])
        for state in all { try assertTracksMatchLayoutCommand(state) }
        XCTAssertEqual((all[0]["items"] as? [String: Double])?["total"], 1500)
        XCTAssertEqual((all[1]["items"] as? [String: Double])?["total"], 1505)
        // The adaptive row set fills the height with as many rows as fit.
        XCTAssertGreaterThan((all[3]["tracks"] as? [Any])?.count ?? 0, 4)
    }

    func testPlaygroundPresets() throws {
        let steps: [[String]] = [[]] + Array(repeating: ["key p"], count: PlaygroundScene.presets.count - 1)
        for state in try states(scene: "playground", size: "390x844", steps: steps) { try assertTracksMatchLayoutCommand(state) }
    }

    func testPlaygroundKeepsTheLastValidLayoutOnError() throws {
        let all = try states(scene: "playground", size: "390x844", steps: [
            ["key e", "key Ctrl+U", "type Array(repeating: GridItem(.fixed(40)), count: 4)", "key Return"],
            ["key e", "key Ctrl+U", "type [GridItem(.flexible(minimum: 50, maximum: 20))]", "key Return"],
        ])
        XCTAssertEqual((all[0]["tracks"] as? [Any])?.count, 4)
        XCTAssertEqual((all[1]["tracks"] as? [Any])?.count, 4, "the invalid spec leaves the grid as it was")
        let error = (all[1]["playground"] as? [String: Any])?["error"] as? String
        XCTAssertTrue(error?.contains("below minimum") == true)
        try assertTracksMatchLayoutCommand(all[1])
    }
}
