import XCTest
import GridCore
import Stage
import SystemIO
@testable import CoffeeGridApp
import StageInterface

/// One frame, one update: whatever a scene decides while updating (here, code that follows its
/// width, as a size class met for the first time does), the app updates it once a frame and the
/// code panel follows in the next frame's layout.
final class OneUpdateAFrameTests: XCTestCase {
    /// A scene whose code is one line on a narrow frame and twenty on a wide one, so the panel's
    /// height (and the scene's frame under it) changes with what the update decided.
    final class WidthCodeScene: Scene {
        nonisolated(unsafe) static var updates: [Double] = []
        static let entry = SceneCatalog.Entry(name: "width-code", label: "Width", symbol: "square", make: { _ in WidthCodeScene() })
        var title: String { "Width" }
        private var wide = false
        func advance(frame: Rect, env: AppEnvironment) -> Bool {
            WidthCodeScene.updates.append(env.time)
            wide = frame.width > 600
            return false
        }
        func handleKey(_ key: Key, _ modifiers: KeyModifiers, env: AppEnvironment) -> Bool { false }
        func handlePointer(_ event: PointerEvent, env: AppEnvironment) {}
        func draw(_ list: inout DrawList, env: AppEnvironment) {}
        func state(env: AppEnvironment) -> [(String, JSON)] { [] }
        var inspector: InspectorModel? { nil }
        var code: String { wide ? (1...20).map { "let line\($0) = \($0)" }.joined(separator: "\n") : "let narrow = 1" }
    }

    func testTheSceneUpdatesOnceAFrameAndThePanelFollowsNextFrame() throws {
        WidthCodeScene.updates = []
        let context = AppContext(options: Options(), resources: ResourceLocator(root: URL(fileURLWithPath: "/nonexistent")), log: { _ in })
        let app = try AppController(context: context, catalog: SceneCatalog(entries: [WidthCodeScene.entry]),
                                    initialScene: "width-code", windowSize: Size(width: 400, height: 900), scale: 1)
        defer { app.shutdown() }
        if app.codePanel.isFolded { app.toggleCode() }
        var time = 0.0
        for _ in 0..<30 { time += 1.0 / 60; _ = app.update(at: time) }
        XCTAssertEqual(app.codePanel.code, "let narrow = 1")
        let narrowHeight = app.codePanel.frame.height

        // Wider: the update decides on the long code; the panel shows it from the next frame on.
        app.handle(.resize(Size(width: 1000, height: 900)), at: time)
        WidthCodeScene.updates = []
        time += 1.0 / 60
        XCTAssertTrue(app.update(at: time), "a frame whose code changed asks for the next")
        XCTAssertEqual(WidthCodeScene.updates, [time], "one update in the frame the code changed")
        time += 1.0 / 60
        _ = app.update(at: time)
        XCTAssertEqual(app.codePanel.code, app.scene.code, "the next frame's panel shows the code that ran")
        XCTAssertGreaterThan(app.codePanel.frame.height, narrowHeight, "and is as tall as twenty lines need")
        for _ in 0..<30 { time += 1.0 / 60; _ = app.update(at: time) }
        XCTAssertEqual(WidthCodeScene.updates.count, 32, "once a frame, every frame")
        XCTAssertEqual(Set(WidthCodeScene.updates).count, 32)
    }
}
