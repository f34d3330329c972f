import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage
import StageInterface

/// The host's choices about the desktop around it: which video driver, how much to scale on X11,
/// and a window that must fit its display.
final class DesktopIntegrationTests: XCTestCase {
    func testWaylandFirstWhenTheSessionIsWayland() {
        let both = ["wayland", "x11", "offscreen", "dummy"]
        XCTAssertEqual(VideoDriver.hint(environment: ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"], available: both), "wayland,x11")
        XCTAssertEqual(VideoDriver.hint(environment: ["WAYLAND_DISPLAY": "wayland-0"], available: both), "wayland")
        // An X session, or an SDL without the Wayland driver: SDL's own choice.
        XCTAssertNil(VideoDriver.hint(environment: ["DISPLAY": ":0"], available: both))
        XCTAssertNil(VideoDriver.hint(environment: ["WAYLAND_DISPLAY": "", "DISPLAY": ":0"], available: both))
        XCTAssertNil(VideoDriver.hint(environment: ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"], available: ["x11", "dummy"]))
        // The user's SDL_VIDEODRIVER always wins.
        XCTAssertNil(VideoDriver.hint(environment: ["WAYLAND_DISPLAY": "wayland-0", "SDL_VIDEODRIVER": "x11"], available: both))
    }

    func testX11ScaleFromGDKScaleOrXftDPI() {
        XCTAssertEqual(DesktopScale.x11(environment: [:], xftDPI: nil), 1)
        XCTAssertEqual(DesktopScale.x11(environment: [:], xftDPI: 96), 1)
        XCTAssertEqual(DesktopScale.x11(environment: [:], xftDPI: 192), 2)
        XCTAssertEqual(DesktopScale.x11(environment: [:], xftDPI: 144), 1.5)
        // GDK_SCALE is the window scale GTK uses; it wins (GNOME also raises Xft.dpi with it).
        XCTAssertEqual(DesktopScale.x11(environment: ["GDK_SCALE": "2"], xftDPI: 192), 2)
        XCTAssertEqual(DesktopScale.x11(environment: ["GDK_SCALE": "2"], xftDPI: 96), 2)
        // Nonsense is ignored; tiny and huge values are held to 1…4.
        XCTAssertEqual(DesktopScale.x11(environment: ["GDK_SCALE": "lots"], xftDPI: 120), 1.25)
        XCTAssertEqual(DesktopScale.x11(environment: ["GDK_SCALE": "0"], xftDPI: nil), 1)
        XCTAssertEqual(DesktopScale.x11(environment: [:], xftDPI: 72), 1)
        XCTAssertEqual(DesktopScale.x11(environment: [:], xftDPI: 10_000), 4)
        XCTAssertEqual(DesktopScale.x11(environment: [:], xftDPI: .nan), 1)
        XCTAssertEqual(DesktopScale.x11(environment: ["GDK_SCALE": "inf"], xftDPI: nil), 1)
        // No X display, no resource.
        XCTAssertNil(DesktopScale.xftDPI(display: nil))
        XCTAssertNil(DesktopScale.xftDPI(display: ":9876"))
    }

    func testAWindowTooBigForItsDisplayShrinksToFit() {
        let big = Size(width: 5000, height: 3000)
        XCTAssertEqual(StageHost.fit(big, into: Size(width: 1920, height: 1050), unitsPerPoint: 1), Size(width: 1920, height: 1050))
        // Wayland at scale 2: a 2560×1400-pixel display holds 1280×700 points.
        XCTAssertEqual(StageHost.fit(big, into: Size(width: 2560, height: 1400), unitsPerPoint: 2), Size(width: 1280, height: 700))
        let small = Size(width: 390, height: 844)
        XCTAssertEqual(StageHost.fit(small, into: Size(width: 1920, height: 1050), unitsPerPoint: 1), small)
        XCTAssertEqual(StageHost.fit(small, into: Size(width: 1920, height: 800), unitsPerPoint: 1), Size(width: 390, height: 800))
        XCTAssertNil(StageHost.fit(small, into: Size(width: 0, height: 800), unitsPerPoint: 1))
        XCTAssertNil(StageHost.fit(small, into: Size(width: 100, height: 800), unitsPerPoint: .nan))
    }
}
