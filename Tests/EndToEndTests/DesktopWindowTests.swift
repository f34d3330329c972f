import Desktop
import Foundation
import PortalTestSupport
import TestEnvironment
import XCTest

/// The real window as a desktop citizen (Xvfb): it comes back as it was left, follows the settings
/// portal's appearance and motion preferences (a stand-in portal on a private bus), cross-fades
/// with reduce motion, and takes its scale from GDK_SCALE or Xft.dpi.
final class DesktopWindowTests: XCTestCase {
    var session: XSession?

    override func setUpWithError() throws { session = try XSession() }

    override func tearDown() { session?.close() }

    func quit(_ s: XSession) throws {
        s.key("ctrl+q")
        let app = try XCTUnwrap(s.app)
        XCTAssertTrue(XSession.waitUntil(5) { !app.isRunning }, "Ctrl+Q did not quit")
        XCTAssertEqual(app.terminationStatus, 0)
    }

    func window(_ state: [String: Any]?) -> [String: Double] { state?["window"] as? [String: Double] ?? [:] }
    func firstVisible(_ state: [String: Any]?) -> Double? { (state?["visible"] as? [[String: Any]])?.first?["id"] as? Double }
    func spec(_ state: [String: Any]?) -> String? { (state?["grid"] as? [String: Any])?["spec"] as? String }
    var sessionFile: URL? { session?.stateHome.appendingPathComponent("coffeegrid/session.json") }

    func testTheWindowComesBackAsItWasLeft() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--scene", "symbols", "--size", "500x700"])
        XCTAssertNotNil(s.waitForState { ($0["visible"] as? [Any])?.isEmpty == false })
        s.key("c")
        s.key("c")
        XCTAssertNotNil(s.waitForState { self.spec($0) == "[GridItem(.adaptive(minimum: 50))]" && $0["animating"] as? Bool == false })
        s.wheelDown(12, at: 250, 400)
        XCTAssertNotNil(s.waitForState { (($0["scroll"] as? [String: Double])?["offset"] ?? 0) > 300 }, "wheel: \(s.screenshot("wheel.png"))")
        s.key("ctrl+d")
        XCTAssertNotNil(s.waitForState { $0["appearance"] as? String == "dark" })
        s.resize(700, 600)
        let left = try XCTUnwrap(s.waitForState(10) { self.window($0)["width"] == 700 && self.window($0)["height"] == 600 && $0["animating"] as? Bool == false },
                                 "resize: \(s.screenshot("resize.png"))")
        let anchor = try XCTUnwrap(firstVisible(left))
        XCTAssertGreaterThan(anchor, 20)
        try quit(s)
        let saved = try XCTUnwrap(sessionFile.flatMap { try? Data(contentsOf: $0) }, "no session file")
        XCTAssertTrue(String(decoding: saved, as: UTF8.self).contains("\"scene\":\"symbols\""))

        // No flags: the same scene, size, appearance, variant and first symbol.
        try s.launch([])
        let back = try XCTUnwrap(s.waitForState { ($0["visible"] as? [Any])?.isEmpty == false && $0["animating"] as? Bool == false },
                                 "relaunch: \(s.screenshot("relaunch.png"))")
        XCTAssertEqual(back["scene"] as? String, "symbols")
        XCTAssertEqual(window(back)["width"], 700)
        XCTAssertEqual(window(back)["height"], 600)
        XCTAssertEqual(back["appearance"] as? String, "dark")
        XCTAssertEqual(back["appearanceChoice"] as? String, "dark")
        XCTAssertEqual(spec(back), "[GridItem(.adaptive(minimum: 50))]")
        XCTAssertEqual(firstVisible(back), anchor, "scrolled back to the same symbol: \(s.screenshot("anchor.png"))")
        XCTAssertEqual(s.appOutput(), "", "a clean relaunch logs nothing")
        try quit(s)

        // --no-restore starts fresh.
        try s.launch(["--no-restore"])
        let fresh = try XCTUnwrap(s.waitForState { $0["scene"] != nil })
        XCTAssertEqual(fresh["scene"] as? String, "feed")
        XCTAssertEqual(fresh["appearance"] as? String, "light")
        XCTAssertNotEqual(window(fresh)["width"], 700)
    }

    /// A remembered size larger than the display fits the display; a corrupt file is one line.
    func testHugeRememberedWindowIsClampedAndABadFileIsOneLine() throws {
        let s = try XCTUnwrap(session), file = try XCTUnwrap(sessionFile)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try #"{"format":"coffeegrid-session-1","window":{"width":5000,"height":4000},"scene":"cafes","appearance":"system","scenes":{}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        try s.launch([])
        let big = try XCTUnwrap(s.waitForState { $0["scene"] != nil })
        XCTAssertEqual(big["scene"] as? String, "cafes")
        // The Xvfb screen is 1600×1400.
        XCTAssertLessThanOrEqual(window(big)["width"] ?? .infinity, 1600)
        XCTAssertLessThanOrEqual(window(big)["height"] ?? .infinity, 1400)
        XCTAssertGreaterThan(window(big)["width"] ?? 0, 1000, "clamped, not reset")
        try quit(s)

        try "{\"format\":\"coffeegrid-session-1\",\"window\":{\"wid".write(to: file, atomically: true, encoding: .utf8)
        try s.launch([])
        let fresh = try XCTUnwrap(s.waitForState { $0["scene"] != nil })
        XCTAssertEqual(fresh["scene"] as? String, "feed")
        let lines = s.appOutput().split(separator: "\n")
        XCTAssertEqual(lines.count, 1, s.appOutput())
        XCTAssertTrue(lines.first?.hasPrefix("coffeegrid: saved session ") == true && lines.first?.contains("not JSON") == true, s.appOutput())
        try quit(s)
        // The next close wrote a good file again.
        let rewritten = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        XCTAssertEqual(rewritten?["format"] as? String, "coffeegrid-session-1")
    }

    func testAppearanceAndMotionFollowTheSettingsPortal() throws {
        let s = try XCTUnwrap(session)
        let bus = try PrivateBus()
        defer { bus.stop() }
        let portal = try FakePortal(address: bus.address, settings: [
            "org.freedesktop.appearance": ["color-scheme": .uint32(1)],
            "org.gnome.desktop.interface": ["enable-animations": .bool(true)],
        ])
        defer { portal.stop() }
        try s.launch(["--scene", "feed", "--size", "390x700"], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        // Dark from the first frame: the portal is read before the window shows.
        let first = try XCTUnwrap(s.waitForState { $0["appearance"] != nil })
        XCTAssertEqual(first["appearance"] as? String, "dark")
        XCTAssertEqual((first["desktop"] as? [String: Any])?["colorScheme"] as? String, "dark")
        XCTAssertEqual((first["motion"] as? [String: Any])?["reduced"] as? Bool, false)

        // A change while the window sleeps wakes it.
        usleep(1_200_000)
        portal.set("org.freedesktop.appearance", "color-scheme", .uint32(2))
        XCTAssertNotNil(s.waitForState(5) { $0["appearance"] as? String == "light" },
                        "the portal's change was not followed: \(s.state()?["desktop"] ?? "?") \(s.appOutput()) \(s.screenshot("light.png"))")

        // GNOME's animations switch off: the next column change cross-fades in the real window.
        portal.set("org.gnome.desktop.interface", "enable-animations", .bool(false))
        XCTAssertNotNil(s.waitForState(5) { ($0["motion"] as? [String: Any])?["reduced"] as? Bool == true })
        usleep(1_200_000)
        var seen: [[String: Any]] = []
        s.key("g")
        _ = XSession.waitUntil(5) {
            if let st = s.state(), (st["feed"] as? [String: Any])?["columns"] as? Double == 2 {
                if seen.last.map({ NSDictionary(dictionary: $0) != NSDictionary(dictionary: st) }) ?? true { seen.append(st) }
                return st["animating"] as? Bool == false
            }
            return false
        }
        let fading = seen.filter { (($0["motion"] as? [String: Any])?["crossfade"] as? Double).map { $0 > 0 && $0 < 1 } ?? false }
        XCTAssertFalse(fading.isEmpty, "no cross-fade frame seen in \(seen.count) states")
        let end = try XCTUnwrap(seen.last)
        func frames(_ st: [String: Any]) -> [String: [Double]] {
            var out: [String: [Double]] = [:]
            for v in st["visible"] as? [[String: Any]] ?? [] { out[v["id"] as? String ?? ""] = ["x", "y", "width", "height"].map { v[$0] as? Double ?? -1 } }
            return out
        }
        for st in fading { XCTAssertEqual(frames(st), frames(end), "with reduce motion the photos do not move") }
        XCTAssertEqual(end["appearance"] as? String, "light")
        try quit(s)
    }

    /// X11: GDK_SCALE (and Xft.dpi, when xrdb is there to set it) scale the window; --scale multiplies.
    func testX11ScaleFromGDKScaleAndXftDPI() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--scene", "stack", "--size", "330x400"], environment: ["GDK_SCALE": "2"])
        let two = try XCTUnwrap(s.waitForState { $0["window"] != nil })
        XCTAssertEqual(window(two)["scale"], 2)
        XCTAssertEqual(window(two)["width"], 330)
        XCTAssertTrue(s.xdotool(["getwindowgeometry", s.window]).contains("660x800"), s.xdotool(["getwindowgeometry", s.window]))
        try quit(s)

        try TestEnvironment.require(tool: "xrdb", package: "x11-xserver-utils")
        // Xvfb resets (forgetting the resources) whenever its last client leaves: a client that only
        // waits for a window that never comes holds it until the app has connected.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: try XCTUnwrap(XSession.which("xdotool")))
        holder.arguments = ["search", "--sync", "--name", "^coffeegrid-no-such-window$"]
        holder.environment = ["DISPLAY": s.display]
        try holder.run()
        defer { holder.terminate() }
        usleep(300_000)
        let resources = s.dir.appendingPathComponent("Xresources")
        try "Xft.dpi: 144\n".write(to: resources, atomically: true, encoding: .utf8)
        _ = XSession.run("xrdb", ["-nocpp", "-merge", resources.path], display: s.display)
        XCTAssertTrue(XSession.run("xrdb", ["-query"], display: s.display).contains("Xft.dpi:\t144"), XSession.run("xrdb", ["-query"], display: s.display))
        try s.launch(["--scene", "stack", "--size", "330x400", "--scale", "2", "--no-restore"], environment: ["GDK_SCALE": ""])
        let dpi = try XCTUnwrap(s.waitForState { $0["window"] != nil })
        XCTAssertEqual(window(dpi)["scale"], 3, "Xft.dpi 144 is 1.5, times --scale 2")
        XCTAssertTrue(s.xdotool(["getwindowgeometry", s.window]).contains("990x1200"), s.xdotool(["getwindowgeometry", s.window]))
        try quit(s)
    }
}
