import Foundation
import XCTest
import GridCore
import Stage
@testable import CoffeeGridApp

/// Toolbar buttons run their scene's typed command: a click on the button, Enter on it after Tab,
/// and its key all leave every scene in the same state, and the command does something.
final class ToolbarCommandTests: XCTestCase {
    private var dir: URL!

    override func setUp() {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("toolbar-\(UUID().uuidString)")
    }

    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    /// A fresh launch: an empty state folder, so no session starts from the dock another one saved.
    private func session(_ scene: String) throws -> HeadlessSession {
        try? FileManager.default.removeItem(at: dir)
        setenv("XDG_STATE_HOME", dir.path, 1)
        return try HeadlessSession(scene: scene, size: Size(width: 390, height: 844))
    }

    /// The state file's text once nothing moves.
    private func settledState(_ s: HeadlessSession) throws -> String {
        try s.run(.settle)
        return s.app.stateJSON().text
    }

    func testAButtonsClickEnterAndKeyRunTheSameCommand() throws {
        var buttons = 0
        for scene in SceneCatalog.standard().names {
            let probe = try session(scene)
            let items = probe.app.scene.toolbar
            let untouched = try settledState(probe)
            for (index, item) in items.enumerated() {
                let clicked = try session(scene)
                let frame = try XCTUnwrap(NavigationBarProbe.frames(clicked.app)[item.id], "\(scene): \(item.id) is not in the bar")
                try clicked.run(.click(frame.center))
                let byClick = try settledState(clicked)

                let entered = try session(scene)
                // The app's own buttons (the code panel, help) come first.
                for _ in 0...(index + entered.app.shellToolbar.count) { try entered.run(.key(.tab, [])) }
                XCTAssertEqual(entered.app.focus, .control(.button(item.id)), "\(scene): Tab reaches \(item.id)")
                try entered.run(.key(.enter, []))
                let byEnter = try settledState(entered)

                let keyed = try session(scene)
                let key = try XCTUnwrap(item.key?.first, "\(scene): \(item.id) has a key")
                try keyed.press(key)
                let byKey = try settledState(keyed)

                XCTAssertEqual(byClick, byKey, "\(scene): clicking \(item.id) is not pressing \(key)")
                XCTAssertEqual(byEnter, byKey, "\(scene): Enter on \(item.id) is not pressing \(key)")
                // The dock starts with nothing docked: returning every photo changes nothing yet.
                if item.id != DockScene.Command.returnAll.rawValue {
                    XCTAssertNotEqual(byClick, untouched, "\(scene): \(item.id) did nothing")
                }
                buttons += 1
            }
        }
        XCTAssertGreaterThanOrEqual(buttons, 9, "every scene's buttons were tried")
    }
}

/// Where the navigation bar put each button, read from the state file as an end-to-end test does.
enum NavigationBarProbe {
    static func frames(_ app: AppController) throws -> [String: Rect] {
        let object = try JSONSerialization.jsonObject(with: Data(app.stateJSON().text.utf8)) as? [String: Any]
        var result: [String: Rect] = [:]
        for case let b as [String: Any] in object?["toolbar"] as? [Any] ?? [] {
            guard let id = b["id"] as? String, let x = b["x"] as? Double, let y = b["y"] as? Double,
                  let w = b["width"] as? Double, let h = b["height"] as? Double else { continue }
            result[id] = Rect(x: x, y: y, width: w, height: h)
        }
        return result
    }
}
