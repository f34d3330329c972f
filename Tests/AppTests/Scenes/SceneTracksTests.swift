import XCTest
import Foundation
import GridCore
@testable import CoffeeGridApp

/// For every scene and variant, the tracks in the state file are exactly what `coffeegrid layout`
/// prints for the seed's own spec at the seed's own container extent: the scroll view's width
/// (height, for a LazyHGrid) less only the padding the seed writes. The extent comes from the
/// table below, written from the seeds, never from what a scene happens to use.
final class SceneTracksTests: XCTestCase {
    var dir: URL!

    /// What a seed writes around its grid, per side.
    struct SeedPadding {
        /// Between the scroll view and the grid: the feed's `LazyVGrid(…).padding(.all, 10)`.
        var grid = 0.0
        /// Around the scroll view itself: the dock's `VStack { ScrollView { … } … }.padding()`.
        var scrollView = 0.0
    }

    static let seeds: [String: SeedPadding] = [
        // Seed 000: `ScrollView { LazyVGrid(columns: gridItemLayout, spacing: 20) { … } }`, and
        // `ScrollView(.horizontal) { LazyHGrid(rows: gridItemLayout, spacing: 20) { … } }`.
        "symbols": SeedPadding(),
        // Seed 003: `ScrollView(.horizontal) { LazyHGrid(rows: rows[styleSelection]) { … } }.frame(maxHeight: .infinity)`.
        "styles": SeedPadding(),
        // Seed 004: `ScrollView(.horizontal) { LazyHGrid(rows: rows, spacing: 5) { … } }`.
        "bars": SeedPadding(),
        // Seed 000: `ScrollView { LazyVGrid(columns: gridLayout, alignment: .center, spacing: 10) { … }.padding(.all, 10) }`.
        "feed": SeedPadding(grid: 10),
        // Seed 000, MultiGridView: the same `.padding(.all, 10)`.
        "cafes": SeedPadding(grid: 10),
        // Seed 002: `VStack { ScrollView { HStack { Text("Photos") … }; LazyVGrid(…) }; dock }.padding()`.
        "dock": SeedPadding(scrollView: 16),
        // No seed: the playground shows `ScrollView { LazyVGrid(columns: SPEC) { … } }`.
        "playground": SeedPadding(),
        // No seed: the cells' caption writes `.padding(.all, 10)`.
        "cells": SeedPadding(grid: 10),
    ]

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-tracks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        setenv("SDL_VIDEODRIVER", "dummy", 1)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// Runs `steps` (each a list of script lines) and returns the state after each.
    func states(scene: String, size: String, steps: [[String]], args: [String] = []) throws -> [[String: Any]] {
        try ScriptStates(dir: dir).run(["scene \(scene)"] + steps.flatMap { $0 + ["wait 1500", "STATE"] }, size: size, args: ["--no-restore"] + args).map(\.json)
    }

    static func rect(_ any: Any?) throws -> Rect {
        let d = try XCTUnwrap(any as? [String: Double])
        return Rect(x: d["x"]!, y: d["y"]!, width: d["width"]!, height: d["height"]!)
    }

    /// The tracks `coffeegrid layout` prints for `spec` at `extent`.
    static func layoutCommand(_ spec: String, axis: String, extent: Double) throws -> [[String: Double]] {
        let output = try LayoutCommand.run(["--axis", axis, "--extent", String(extent), spec], readStdin: { nil })
        let expected = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        return try XCTUnwrap(expected["tracks"] as? [[String: Double]])
    }

    /// The state's tracks are the layout command's for `seedSpec` (the seed's own text; the
    /// state's spec when nil) at the seed's container extent, placed at the seed's container.
    @discardableResult
    func assertSeedTracks(_ state: [String: Any], seedSpec: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        let scene = try XCTUnwrap(state["scene"] as? String)
        let seed = try XCTUnwrap(SceneTracksTests.seeds[scene], "no seed padding for \(scene)", file: file, line: line)
        // The dock's state lists its photos under "grid" and the layout under "gridLayout".
        let grid = try XCTUnwrap(state["grid"] as? [String: Any] ?? state["gridLayout"] as? [String: Any], file: file, line: line)
        let axis = try XCTUnwrap(grid["axis"] as? String)
        let content = try SceneTracksTests.rect(state["content"])
        let viewport = try SceneTracksTests.rect(grid["viewport"])
        // The scroll view spans the content area, less only the padding the seed writes around it.
        XCTAssertEqual(viewport.minX, content.minX + seed.scrollView, accuracy: 0.001, "\(scene) scroll view", file: file, line: line)
        XCTAssertEqual(viewport.width, content.width - 2 * seed.scrollView, accuracy: 0.001, "\(scene) scroll view", file: file, line: line)
        let extent: Double, container: Double
        if axis == "vertical" {
            extent = content.width - 2 * (seed.scrollView + seed.grid)
            container = content.minX + seed.scrollView + seed.grid
        } else {
            // A LazyHGrid's rows share the scroll view's height, whatever the controls above it leave.
            extent = viewport.height - 2 * seed.grid
            container = viewport.minY + seed.grid
        }
        let stateSpec = try XCTUnwrap(grid["spec"] as? String)
        if let seedSpec = seedSpec {
            XCTAssertEqual(try GridSpec.parse(stateSpec), try GridSpec.parse(seedSpec), "\(scene): the seed's spec", file: file, line: line)
        }
        let want = try SceneTracksTests.layoutCommand(seedSpec ?? stateSpec, axis: axis, extent: extent)
        let got = try XCTUnwrap(state["tracks"] as? [[String: Double]])
        let label = "\(scene): \(seedSpec ?? stateSpec) at \(formatPoints(extent))"
        XCTAssertEqual(got.count, want.count, label, file: file, line: line)
        for (g, w) in zip(got, want) {
            XCTAssertEqual(g["offset"]!, w["offset"]! + container, accuracy: 0.0015, label, file: file, line: line)
            XCTAssertEqual(g["size"]!, w["size"]!, accuracy: 0.0015, label, file: file, line: line)
        }
        return extent
    }

    // MARK: - Seed 000, the symbols

    /// The chapter's column sets, as it writes them.
    static let symbolsSpecs = [
        "[GridItem(.flexible()), GridItem(.flexible()), GridItem(.flexible())]",
        "Array(repeating: .init(.flexible()), count: 6)",
        "[GridItem(.adaptive(minimum: 50))]",
        "[GridItem(.fixed(100)), GridItem(.fixed(150))]",
        "[GridItem(.fixed(150)), GridItem(.adaptive(minimum: 50))]",
    ]

    func testSymbolsVariants() throws {
        // Every column set, then spacing 0, then sideways, then sections.
        var steps: [[String]] = [[]]
        for _ in 1..<SymbolsScene.layouts.count { steps.append(["key c"]) }
        steps += [["key c", "key s"], ["key c"], ["key c"], ["key a"], ["key c"], ["key p"]]
        let specs = SceneTracksTests.symbolsSpecs + [
            "Array(repeating: GridItem(.flexible(), spacing: 0), count: 3)", "Array(repeating: GridItem(.flexible(), spacing: 0), count: 6)",
            "[GridItem(.adaptive(minimum: 50), spacing: 0)]", "[GridItem(.adaptive(minimum: 50), spacing: 0)]",
            "[GridItem(.fixed(100), spacing: 0), GridItem(.fixed(150), spacing: 0)]", "[GridItem(.fixed(100), spacing: 0), GridItem(.fixed(150), spacing: 0)]",
        ]
        XCTAssertEqual(specs.count, steps.count)
        for size in ["390x844", "844x390", "1280x800"] {
            for (state, spec) in zip(try states(scene: "symbols", size: size, steps: steps), specs) { try assertSeedTracks(state, seedSpec: spec) }
        }
    }

    /// The example: at 390 pt, `[.fixed(150), .adaptive(minimum: 50)]` is 150 + 4 × 52.
    func testSymbolsFixedAndAdaptiveSpanTheWindow() throws {
        let state = try states(scene: "symbols", size: "390x844", steps: [Array(repeating: "key c", count: 4)])[0]
        XCTAssertEqual(try assertSeedTracks(state, seedSpec: SceneTracksTests.symbolsSpecs[4]), 390)
        let tracks = try XCTUnwrap(state["tracks"] as? [[String: Double]])
        XCTAssertEqual(tracks.map { $0["size"]! }, [150, 52, 52, 52, 52])
        XCTAssertEqual(tracks.map { $0["offset"]! }, [0, 158, 218, 278, 338])
    }

    // MARK: - Seed 003, the weather styles

    func testStylesVariants() throws {
        let seed = [
            "[GridItem(.adaptive(minimum: 60))]",
            "Array(repeating: GridItem(.fixed(80)), count: 3)",
            "Array(repeating: GridItem(.flexible(minimum: 60)), count: 3)",
            "[GridItem(.fixed(100)), GridItem(.adaptive(minimum: 50))]",
            "[GridItem(.fixed(80)), GridItem(.flexible(minimum: 60))]",
            "[GridItem(.fixed(120)), GridItem(.flexible(maximum: 80)), GridItem(.adaptive(minimum: 40))]",
        ]
        let steps: [[String]] = [[]] + Array(repeating: ["key s"], count: 5) + [["key a"]] + Array(repeating: ["key s"], count: 5)
        // After the sixth style, `a` keeps the style (mix3) and turns the grid; `s` then wraps to adaptive.
        let specs = seed + [seed[5]] + seed[0..<5]
        for size in ["390x844", "844x390"] {
            let all = try states(scene: "styles", size: size, steps: steps)
            for (state, spec) in zip(all, specs) { try assertSeedTracks(state, seedSpec: spec) }
            XCTAssertEqual((all[0]["grid"] as? [String: Any])?["axis"] as? String, "horizontal")
            XCTAssertEqual((all[6]["grid"] as? [String: Any])?["axis"] as? String, "vertical")
        }
    }

    // MARK: - Seed 004, the Spanish colour bars

    func testBarsRowSets() throws {
        let seed = [
            "[GridItem(.fixed(30), spacing: 1), GridItem(.fixed(60), spacing: 10), GridItem(.fixed(90), spacing: 20), GridItem(.fixed(10), spacing: 50)]",
            "[GridItem(.fixed(30), spacing: 1), GridItem(.flexible(minimum: 60), spacing: 10), GridItem(.fixed(90), spacing: 20), GridItem(.fixed(10), spacing: 50)]",
            "[GridItem(.fixed(30), spacing: 1), GridItem(.flexible(minimum: 60), spacing: 10), GridItem(.fixed(90), spacing: 20), GridItem(.flexible(maximum: 20), spacing: 50)]",
            "[GridItem(.adaptive(minimum: 30, maximum: 100), spacing: 50)]",
        ]
        for size in ["390x844", "844x390"] {
            let all = try states(scene: "bars", size: size, steps: [[], ["key r"], ["key r"], ["key r"]])
            for (state, spec) in zip(all, seed) { try assertSeedTracks(state, seedSpec: spec) }
            XCTAssertEqual((all[0]["items"] as? [String: Double])?["total"], 1500)
            XCTAssertEqual((all[1]["items"] as? [String: Double])?["total"], 1505)
            // The adaptive row set fills the height with as many rows as fit.
            XCTAssertGreaterThan((all[3]["tracks"] as? [Any])?.count ?? 0, size == "390x844" ? 4 : 1)
        }
    }

    // MARK: - Seed 000, the photo scenes; seed 002, the dock

    func testFeedColumnCounts() throws {
        // `Array(repeating: .init(.flexible()), count: self.gridLayout.count % 4 + 1)`.
        let specs = (1...4).map { "Array(repeating: .init(.flexible()), count: \($0))" }
        for size in ["390x844", "844x390", "1280x800"] {
            let all = try states(scene: "feed", size: size, steps: [[], ["key g"], ["key g"], ["key g"]])
            for (state, spec) in zip(all, specs) { try assertSeedTracks(state, seedSpec: spec) }
        }
    }

    func testCafesEveryWindowAndButton() throws {
        for size in ["390x844", "844x390", "1024x1366", "1280x800"] {
            // The exercise and its buttons, then the chapter's own demo (`e`).
            let all = try states(scene: "cafes", size: size, steps: [[], ["key h"], ["key g"], ["key h"], ["key e"]])
            for state in all { try assertSeedTracks(state) }
            let chapter = try XCTUnwrap(all.last?["cafes"] as? [String: Any])
            XCTAssertEqual(chapter["mode"] as? String, "Chapter")
            // The text's numbers: 250 in a vertically compact (landscape) window, else 100.
            let minimum = size == "844x390" ? 250 : 100
            XCTAssertEqual(chapter["columns"] as? [String], [".adaptive(minimum: \(minimum))", ".flexible()"], size)
        }
    }

    func testDockGrid() throws {
        for size in ["390x844", "844x390", "1280x800"] {
            let state = try states(scene: "dock", size: size, steps: [[]])[0]
            try assertSeedTracks(state, seedSpec: "[ GridItem(.adaptive(minimum: 50)) ]")
        }
    }

    func testCells() throws {
        for size in ["390x844", "844x390"] {
            try assertSeedTracks(try states(scene: "cells", size: size, steps: [[]])[0], seedSpec: "[GridItem(.adaptive(minimum: 50))]")
        }
    }

    /// Seed 001: `UIScreen.main.bounds.width / CGFloat(itemPerRow)`, side by side, no spacing.
    func testStackRowsSpanTheWindow() throws {
        for size in ["390x844", "844x390"] {
            let all = try states(scene: "stack", size: size, steps: [[], ["key +"], ["key -", "key -", "key -"]])
            for (state, n) in zip(all, [3, 4, 1]) {
                let content = try SceneTracksTests.rect(state["content"])
                let want = try SceneTracksTests.layoutCommand("Array(repeating: GridItem(.flexible(), spacing: 0), count: \(n))",
                                                              axis: "vertical", extent: content.width)
                let got = try XCTUnwrap(state["tracks"] as? [[String: Double]])
                XCTAssertEqual(got.count, n)
                for (g, w) in zip(got, want) {
                    XCTAssertEqual(g["offset"]!, w["offset"]! + content.minX, accuracy: 0.0015)
                    XCTAssertEqual(g["size"]!, content.width / Double(n), accuracy: 0.0015)
                }
            }
        }
    }

    // MARK: - The playground

    func testPlaygroundPresets() throws {
        let steps: [[String]] = [[]] + Array(repeating: ["key p"], count: PlaygroundScene.presets.count - 1)
        for size in ["390x844", "844x390"] {
            for (state, spec) in zip(try states(scene: "playground", size: size, steps: steps), PlaygroundScene.presets) {
                try assertSeedTracks(state, seedSpec: spec)
            }
        }
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
        try assertSeedTracks(all[1], seedSpec: "Array(repeating: GridItem(.fixed(40)), count: 4)")
    }
}
