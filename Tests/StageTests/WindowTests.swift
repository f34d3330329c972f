import XCTest
import CSDL2
@testable import Stage

final class WindowTests: XCTestCase {
    func testOpensOffscreen() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        let w = try Window(title: "test", width: 100, height: 80)
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetWindowSize(w.handle, &width, &height)
        XCTAssertEqual(width, 100)
        XCTAssertEqual(height, 80)
    }
}
