import XCTest
import GridCore
import Stage
import SystemIO
@testable import CoffeeGridApp
import StageInterface

/// One frame, one value: the scene's `update` is where it is drawn, inspected and asked for its
/// state, once a frame; the window's draw list, the inspector, the state file and the trace read
/// the frame's value, never the scene.
final class SceneFrameTests: XCTestCase {
    /// Counts what the app asks of it, and says a different thing each frame.
    final class CountingScene: Scene {
        nonisolated(unsafe) static var calls: [String: Int] = [:]
        static let entry = SceneCatalog.Entry(name: "counting", label: "Counting", symbol: "square", make: { _ in CountingScene() })
        var title: String { "Counting" }
        private var frames = 0
        static func count(_ name: String) { calls[name, default: 0] += 1 }
        func advance(frame: Rect, env: AppEnvironment) -> Bool {
            CountingScene.count("advance")
            frames += 1
            return false
        }
        func handleKey(_ key: Key, _ modifiers: KeyModifiers, env: AppEnvironment) -> Bool { false }
        func handlePointer(_ event: PointerEvent, env: AppEnvironment) {}
        func draw(_ list: inout DrawList, env: AppEnvironment) {
            CountingScene.count("draw")
            list.text("frame \(frames)", Font(size: 12), env.color(.primary), in: Rect(x: 10, y: 10, width: 100, height: 20))
        }
        func state(env: AppEnvironment) -> [(String, JSON)] {
            CountingScene.count("state")
            return [("frames", .number(Double(frames)))]
        }
        var inspector: InspectorModel? {
            CountingScene.count("inspector")
            return InspectorModel(tracks: [], gaps: [], axis: .vertical, viewport: Rect(x: 0, y: 0, width: 100, height: 100),
                                  crossOrigin: 0, explanation: [], materialized: frames, total: frames)
        }
        func toast(at time: Double) -> Toast? { CountingScene.count("toast"); return nil }
        var code: String { "" }
    }

    func testTheDrawingTheInspectorAndTheStateAreReadFromTheFrameValue() throws {
        CountingScene.calls = [:]
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-frame-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let context = AppContext(options: Options(), resources: ResourceLocator(root: URL(fileURLWithPath: "/nonexistent")), log: { _ in })
        let app = try AppController(context: context, catalog: SceneCatalog(entries: [CountingScene.entry]),
                                    initialScene: "counting", windowSize: Size(width: 800, height: 600), scale: 1)
        defer { app.shutdown() }
        app.statePath = dir.appendingPathComponent("state.json").path
        app.handle(.key(.character("i"), []), at: 0)
        XCTAssertTrue(app.inspectorVisible)
        var time = 0.0
        for _ in 0..<5 { time += 1.0 / 60; _ = app.update(at: time) }
        CountingScene.calls = [:]

        time += 1.0 / 60
        _ = app.update(at: time)
        XCTAssertEqual(CountingScene.calls, ["advance": 1, "draw": 1, "state": 1, "inspector": 1, "toast": 1],
                       "the update asks each once")
        CountingScene.calls = [:]
        // Everything that reads the frame, twice over: none asks the scene.
        for _ in 0..<2 {
            let list = app.buildDrawList()
            XCTAssertTrue(list.commands.contains { if case .text("frame 6", _, _, _, _) = $0 { return true }; return false },
                          "the frame's drawing is the scene's of this frame")
            let state = app.stateText()
            XCTAssertTrue(state.contains("\"frames\" : 6") || state.contains("\"frames\":6"), state)
            app.presented(frame: 6, at: time)
        }
        XCTAssertEqual(CountingScene.calls, [:], "drawing and reporting read the value, not the scene")

        // Input brings the scene to its time (a window that slept) but makes no frame: the value
        // stays the one on screen until the frame that shows the input.
        app.advance(to: time + 1, scale: 1)
        XCTAssertEqual(CountingScene.calls, ["advance": 1], "a catch-up draws nothing and reports nothing")
        XCTAssertTrue(app.buildDrawList().commands.contains { if case .text("frame 6", _, _, _, _) = $0 { return true }; return false })
        _ = app.update(at: time + 1)
        XCTAssertTrue(app.buildDrawList().commands.contains { if case .text("frame 8", _, _, _, _) = $0 { return true }; return false })
    }

    func testStateKeysAndTheInspectorAreMadeOnlyWhenSomethingReadsThem() throws {
        CountingScene.calls = [:]
        let context = AppContext(options: Options(), resources: ResourceLocator(root: URL(fileURLWithPath: "/nonexistent")), log: { _ in })
        let app = try AppController(context: context, catalog: SceneCatalog(entries: [CountingScene.entry]),
                                    initialScene: "counting", windowSize: Size(width: 800, height: 600), scale: 1)
        defer { app.shutdown() }
        for i in 1...10 { _ = app.update(at: Double(i) / 60) }
        XCTAssertNil(CountingScene.calls["state"], "a window without --state or --trace makes no state keys")
        XCTAssertNil(CountingScene.calls["inspector"], "nor an inspector's model while the inspector is closed")
        XCTAssertTrue(app.sceneState.isEmpty)
        app.recordsState = true
        _ = app.update(at: 11.0 / 60)
        XCTAssertEqual(CountingScene.calls["state"], 1)
        XCTAssertEqual(app.sceneState.first?.0, "frames")
    }

    /// A state read between a switch and the next frame is the last frame's, whole: its scene's name
    /// with that scene's keys, never the new name with the old keys.
    func testTheStateNamesTheSceneItsKeysAreOf() throws {
        let context = AppContext(options: Options(), resources: try ResourceLocator.locate(), log: { _ in })
        let app = try AppController(context: context, initialScene: "symbols", windowSize: Size(width: 390, height: 844), scale: 1)
        defer { app.shutdown() }
        app.recordsState = true
        _ = app.update(at: 1.0 / 60)
        func state() throws -> [String: Any] { try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(app.stateText().utf8)) as? [String: Any]) }
        XCTAssertEqual(try state()["scene"] as? String, "symbols")
        XCTAssertNil(try state()["feed"])
        try app.switchScene(to: "feed")
        XCTAssertEqual(try state()["scene"] as? String, "symbols", "no frame of the feed yet: the symbols' frame, whole")
        XCTAssertNil(try state()["feed"])
        _ = app.update(at: 2.0 / 60)
        XCTAssertEqual(try state()["scene"] as? String, "feed")
        XCTAssertNotNil(try state()["feed"], "the feed's own keys from its first frame")
    }
}
