import Foundation
import XCTest

/// The real binary in a real X window (Xvfb), driven with xdotool: clicks at coordinates read from
/// the state file, keys, wheel, window resizes, idle CPU, and closing.
final class RealWindowTests: XCTestCase {
    var session: XSession?

    override func setUpWithError() throws { session = try XSession() }

    override func tearDown() { session?.close() }

    func testCellsWindowClickScrollResizeKeysAndQuit() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--scene", "cells", "--size", "390x844"])
        let first = try XCTUnwrap(s.waitForState { ($0["visible"] as? [Any])?.isEmpty == false }, "no items on screen")
        XCTAssertEqual((first["window"] as? [String: Double])?["width"], 390)

        // Click the centre of the 8th visible cell; the state says it is selected.
        let cell = try XCTUnwrap((first["visible"] as? [[String: Double]])?[7])
        s.click(cell["x"]! + cell["width"]! / 2, cell["y"]! + cell["height"]! / 2)
        XCTAssertNotNil(s.waitForState { ($0["selected"] as? Double) == cell["id"] }, "click did not select: \(s.screenshot("click.png"))")

        // The wheel scrolls the grid.
        s.wheelDown(6, at: 200, 400)
        XCTAssertNotNil(s.waitForState { (($0["scroll"] as? [String: Double])?["offset"] ?? 0) > 100 }, "wheel did not scroll: \(s.screenshot("wheel.png"))")

        // Landscape: vertically compact; and back.
        s.resize(844, 390)
        XCTAssertNotNil(s.waitForState { ($0["sizeClass"] as? [String: String])?["vertical"] == "compact" && ($0["window"] as? [String: Double])?["width"] == 844 },
                        "resize not seen: \(s.screenshot("resize.png"))")
        s.resize(390, 844)
        XCTAssertNotNil(s.waitForState { ($0["sizeClass"] as? [String: String])?["vertical"] == "regular" })

        // Keys reach the app: the inspector opens.
        s.key("i")
        XCTAssertNotNil(s.waitForState { ($0["overlays"] as? [String: Bool])?["inspector"] == true }, "key not seen: \(s.screenshot("key.png"))")
        s.key("Escape")
        XCTAssertNotNil(s.waitForState { ($0["overlays"] as? [String: Bool])?["inspector"] == false })

        // Idle: nothing moves, so the app sleeps.
        usleep(1_500_000)
        let cpu0 = try XCTUnwrap(s.appCPUSeconds())
        usleep(2_000_000)
        let cpu1 = try XCTUnwrap(s.appCPUSeconds())
        XCTAssertLessThan(cpu1 - cpu0, 0.1, "an idle window should cost ~0% CPU (used \(cpu1 - cpu0) s in 2 s)")

        // Ctrl+Q quits cleanly.
        s.key("ctrl+q")
        let app = try XCTUnwrap(s.app)
        XCTAssertTrue(XSession.waitUntil(5) { !app.isRunning }, "Ctrl+Q did not quit")
        XCTAssertEqual(app.terminationStatus, 0)
    }
}

extension RealWindowTests {
    func frame(_ list: Any?, _ key: String, _ value: String) -> [String: Any]? {
        (list as? [[String: Any]])?.first { $0[key] as? String == value }
    }

    func center(_ f: [String: Any]) -> (Double, Double) {
        ((f["x"] as! Double) + (f["width"] as! Double) / 2, (f["y"] as! Double) + (f["height"] as! Double) / 2)
    }

    func testSwitcherAndToolbarButtonsRespondToClicks() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--scene", "symbols", "--size", "390x844"])
        let first = try XCTUnwrap(s.waitForState { $0["switcher"] != nil })
        // Click the Stack tab in the tab bar.
        let tab = try XCTUnwrap(frame(first["switcher"], "scene", "stack"))
        let (tx, ty) = center(tab)
        s.click(tx, ty)
        let stack = try XCTUnwrap(s.waitForState { $0["scene"] as? String == "stack" }, "tab click did not switch: \(s.screenshot("tab.png"))")
        XCTAssertEqual((stack["stack"] as? [String: Any])?["itemPerRow"] as? Double, 3)
        // Its "+" toolbar button: four photos a row.
        let plus = try XCTUnwrap(frame(stack["toolbar"], "id", "more"))
        let (px, py) = center(plus)
        s.click(px, py)
        XCTAssertNotNil(s.waitForState { ($0["stack"] as? [String: Any])?["itemPerRow"] as? Double == 4 }, "toolbar click not seen: \(s.screenshot("plus.png"))")
        XCTAssertEqual((s.state()?["tracks"] as? [Any])?.count, 4)
        // Number keys switch scenes too.
        s.key("1")
        XCTAssertNotNil(s.waitForState { $0["scene"] as? String == "symbols" })
        // Esc with nothing to dismiss does nothing (DesktopMannersWindowTests); Ctrl+Q quits.
        s.key("ctrl+q")
        let app = try XCTUnwrap(s.app)
        XCTAssertTrue(XSession.waitUntil(5) { !app.isRunning }, "Ctrl+Q did not quit")
        XCTAssertEqual(app.terminationStatus, 0)
    }

    /// Xvfb's only GL is Mesa's llvmpipe, a CPU rasteriser: "automatic" must draw with SDL's software
    /// renderer there, while "--renderer gl" still gets the GL one it asked for.
    func testAutomaticRendererAvoidsASoftwareRasteriser() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--scene", "cells", "--size", "640x480"])
        let auto = try XCTUnwrap(s.waitForState { $0["renderer"] != nil }, "no renderer in the state file")
        XCTAssertEqual(auto["renderer"] as? String, "software")
        // Without any GPU device GL is never loaded, not even to show the software frames (SDL would
        // otherwise present them through a llvmpipe texture).
        let devices = ["/dev/dri", "/dev/dxg", "/dev/nvidia0", "/dev/nvidiactl"].filter { FileManager.default.fileExists(atPath: $0) }
        if devices.isEmpty, let pid = s.app?.processIdentifier {
            let maps = try String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)
            XCTAssertFalse(maps.contains("_dri.so") || maps.contains("libLLVM"), "a GL driver is loaded on a machine without a GPU")
        }
        s.close()
        let gl = try XSession()
        defer { gl.close() }
        try gl.launch(["--scene", "cells", "--size", "640x480", "--renderer", "gl"])
        let asked = try XCTUnwrap(gl.waitForState { $0["renderer"] != nil }, "no renderer in the state file")
        // libsdl2's dependencies bring Mesa, so GL loads (as llvmpipe) wherever the app is installed.
        let name = asked["renderer"] as? String ?? ""
        XCTAssertTrue(name.hasPrefix("opengl"), "--renderer gl drew with \(name)")
    }

    /// `--bench-scroll` (what `make bench-peers` runs) in a real window: the scroll starts, runs and
    /// reaches the very end of a 100,000-cell grid.
    func testBenchScrollRunsToTheEndInARealWindow() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--scene", "cells", "--size", "1280x800", "--items", "100000", "--columns", "Array(repeating: GridItem(.flexible()), count: 3)",
                      "--bench-scroll", "1200,0.5,20,0"])
        XCTAssertTrue(XSession.waitUntil(20) { s.log.contains("bench: traverse-end") }, "no traverse-end: \(s.log)")
        let lines = s.log.split(separator: "\n").filter { $0.hasPrefix("bench: ") }
        XCTAssertEqual(lines.map { $0.split(separator: " ")[1] }, ["first-frame", "scroll-start", "scroll-end", "traverse-end"])
        // The end: the offset is the scroll view's maximum (which the window's layout decides).
        let words = lines.last?.split(separator: " ") ?? []
        XCTAssertTrue(words.contains("frames=20"), "\(lines)")
        let offset = words.first { $0.hasPrefix("offset=") }.map { String($0.dropFirst(7)) }
        XCTAssertNotNil(offset, "\(lines)")
        XCTAssertEqual(offset, words.first { $0.hasPrefix("max=") }.map { String($0.dropFirst(4)) }, "\(lines)")
        let end = try XCTUnwrap(s.waitForState { (($0["visible"] as? [[String: Any]])?.last?["id"] as? Double) == 99_999 }, "the last cell is not on screen")
        let scroll = try XCTUnwrap(end["scroll"] as? [String: Double])
        XCTAssertEqual(scroll["offset"], scroll["max"])
        XCTAssertEqual(scroll["offset"].map { String(format: "%.0f", $0) }, offset)
    }
}
