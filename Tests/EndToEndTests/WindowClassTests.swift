import Foundation
import XCTest

/// The real window's X11 class is what the desktop entry's StartupWMClass names, so a desktop
/// matches the running window to its launcher and icon.
final class WindowClassTests: XCTestCase {
    func testWindowClassMatchesTheDesktopEntry() throws {
        let session = try XSession()
        defer { session.close() }
        let wmClass = try XCTUnwrap(try InstallTests.desktopEntry()["StartupWMClass"])
        XCTAssertEqual(wmClass, InstallTests.appID)
        try session.launch(["--scene", "stack"])
        let byClass = session.xdotool(["search", "--class", "^\(NSRegularExpression.escapedPattern(for: wmClass))$"]).split(separator: "\n").map(String.init)
        XCTAssertTrue(byClass.contains(session.window), "window \(session.window) not among class \(wmClass): \(byClass)")
        let byInstance = session.xdotool(["search", "--classname", "^\(NSRegularExpression.escapedPattern(for: wmClass))$"]).split(separator: "\n").map(String.init)
        XCTAssertTrue(byInstance.contains(session.window), "window \(session.window) not among instance \(wmClass): \(byInstance)")
    }
}
