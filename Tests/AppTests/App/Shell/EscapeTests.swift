import XCTest
import GridCore
import Stage
@testable import CoffeeGridApp

/// Esc closes what is open (the help, the inspector), cancels a drag (DockInteractionTests), and
/// otherwise does nothing, in every scene: it never quits. Ctrl+Q does.
final class EscapeTests: XCTestCase {
    override func setUp() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    func testEscClosesOverlaysAndNeverQuits() throws {
        for scene in SceneCatalog.standard().names {
            let s = try HeadlessSession(scene: scene, size: Size(width: 390, height: 844))
            try s.run(.key(.escape, []))
            try s.run(.key(.escape, []))
            XCTAssertFalse(s.host.quitWasRequested, "\(scene): Esc with nothing open quit")
            XCTAssertEqual(s.app.currentName, scene)
            try s.press("?")
            XCTAssertTrue(s.app.helpVisible, scene)
            try s.run(.key(.escape, []))
            XCTAssertFalse(s.app.helpVisible, "\(scene): Esc did not close the help")
            if !s.app.inspectorVisible { try s.press("i") }
            XCTAssertTrue(s.app.inspectorVisible, scene)
            try s.run(.key(.escape, []))
            XCTAssertFalse(s.app.inspectorVisible, "\(scene): Esc did not close the inspector")
            try s.run(.key(.escape, []))
            XCTAssertFalse(s.host.quitWasRequested, "\(scene): Esc quit")
            try s.run(.key(.character("q"), .control))
            XCTAssertTrue(s.host.quitWasRequested, "\(scene): Ctrl+Q did not quit")
        }
    }
}
