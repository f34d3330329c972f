import PhotoLibrary
import XCTest
import GridCore
import Stage
@testable import CoffeeGridApp
import StageInterface

/// Desktop manners of the shell: F1 and a `?` button open help, one focus ring, an inline title
/// centred on its bar, tab labels never cut, and a window title that names what it shows.
final class WindowMannersTests: XCTestCase {
    override func setUpWithError() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-manners-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("cache"), withIntermediateDirectories: true)
        saved = ["XDG_STATE_HOME", "XDG_CACHE_HOME"].map { ($0, getenv($0).map { String(cString: $0) }) }
        setenv("XDG_STATE_HOME", dir.appendingPathComponent("state").path, 1)
        setenv("XDG_CACHE_HOME", dir.appendingPathComponent("cache").path, 1)
        self.dir = dir
    }

    /// The folders go, and the variables come back: later tests must not look for caches in them.
    override func tearDown() {
        for (name, value) in saved { if let v = value { setenv(name, v, 1) } else { unsetenv(name) } }
        try? FileManager.default.removeItem(at: dir)
    }
    var dir: URL!
    var saved: [(String, String?)] = []

    func state(_ s: HeadlessSession) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(s.app.stateJSON().text.utf8)) as? [String: Any])
    }

    func toolbar(_ s: HeadlessSession, _ id: String) throws -> Rect {
        let item = try XCTUnwrap((try state(s)["toolbar"] as? [[String: Any]])?.first { $0["id"] as? String == id }, id)
        return Rect(x: item["x"] as! Double, y: item["y"] as! Double, width: item["width"] as! Double, height: item["height"] as! Double)
    }

    func testF1OpensAndClosesHelp() throws {
        let s = try HeadlessSession(scene: "cafes", size: Size(width: 390, height: 844), scale: 0.5)
        try s.run(.key(.function(1), []))
        XCTAssertTrue(s.app.helpVisible)
        try s.run(.key(.function(1), []))
        XCTAssertFalse(s.app.helpVisible)
        try s.run(.key(.function(1), []))
        try s.run(.key(.escape, []))
        XCTAssertFalse(s.app.helpVisible)
        // The card says so.
        XCTAssertTrue(HelpOverlay.appRows(sceneCount: 9).contains { $0.keys.contains("F1") && $0.action.contains("help") })
        XCTAssertTrue(HelpOverlay.appRows(sceneCount: 9).contains { $0.keys.contains("Ctrl+K") && $0.action.contains("code") })
    }

    /// A `?` on the toolbar of every scene, at every size, opens the help a click away.
    func testTheToolbarHasAHelpButtonInEveryScene() throws {
        for size in [Size(width: 390, height: 844), Size(width: 844, height: 390), Size(width: 320, height: 320), Size(width: 1440, height: 900)] {
            for scene in SceneCatalog.standard().names {
                let s = try HeadlessSession(scene: scene, size: size, scale: 0.5)
                let items = try XCTUnwrap(try state(s)["toolbar"] as? [[String: Any]])
                XCTAssertEqual(items.first { $0["id"] as? String == "help" }?["symbol"] as? String, "questionmark.circle", "\(scene) at \(size)")
                let frames = items.map { Rect(x: $0["x"] as! Double, y: $0["y"] as! Double, width: $0["width"] as! Double, height: $0["height"] as! Double) }
                for (i, a) in frames.enumerated() {
                    XCTAssertTrue(Rect(x: 0, y: 0, width: size.width, height: size.height).contains(a), "\(scene) at \(size): \(a)")
                    for b in frames[(i + 1)...] { XCTAssertFalse(a.intersects(b), "\(scene) at \(size): buttons \(a) and \(b) overlap") }
                }
                if scene == "bars" {
                    try s.run(.click(try toolbar(s, "help").center))
                    XCTAssertTrue(s.app.helpVisible, "the ? button opens help at \(size)")
                }
            }
        }
    }

    /// The rings drawn this frame: FocusRing's 2.5-point accent strokes.
    func rings(_ s: HeadlessSession) -> [Rect] {
        s.app.lastDrawList.commands.compactMap { command in
            if case let .stroke(r, _, _, width) = command, width == 2.5 { return r }
            return nil
        }
    }

    /// Tab onto the switcher, then a digit key: the ring moves to the scene now shown, never
    /// staying on the entry left behind while the new one is highlighted (in the sidebar and the tab bar).
    func testOneFocusRingWhenADigitSwitchesScenesAfterTab() throws {
        for size in [Size(width: 1440, height: 900), Size(width: 390, height: 844)] {
            let s = try HeadlessSession(scene: "symbols", size: size, scale: 0.5)
            for _ in 0..<20 where s.app.focus != .control(.scene("symbols")) { try s.run(.key(.tab, [])) }
            XCTAssertEqual(s.app.focus, .control(.scene("symbols")), "Tab reaches the switcher")
            try s.press("3")
            XCTAssertEqual(s.app.currentName, "bars")
            XCTAssertEqual(s.app.focus, .control(.scene("bars")), "the ring follows the scene shown at \(size)")
            let drawn = rings(s)
            XCTAssertEqual(drawn.count, 1, "one focus ring at \(size): \(drawn)")
            let entry = try XCTUnwrap((try state(s)["switcher"] as? [[String: Any]])?.first { $0["scene"] as? String == "bars" })
            let bars = Rect(x: entry["x"] as! Double, y: entry["y"] as! Double, width: entry["width"] as! Double, height: entry["height"] as! Double)
            XCTAssertTrue(drawn.first.map { $0.insetBy(dx: -4, dy: -4).contains(bars.insetBy(dx: 4, dy: 4)) } ?? false, "the ring is on the bars entry at \(size)")
            // A toolbar button's ring goes when the scene (and its buttons) change; the app's own stay.
            try s.run(.key(.tab, [.shift]))
            try s.press("5")
            XCTAssertLessThanOrEqual(rings(s).count, 1)
        }
    }

    /// The inline title sits in the middle of its bar, whatever buttons are on either side, and
    /// is never cut at the smallest window.
    func testTheInlineTitleIsCentredOnTheBar() throws {
        for (scene, title) in [("feed", "Coffee Feed"), ("cafes", "Cafes"), ("stack", "Stack Grid"), ("playground", "Playground")] {
            for size in [Size(width: 844, height: 390), Size(width: 320, height: 320), Size(width: 667, height: 375)] {
                let s = try HeadlessSession(scene: scene, size: size)
                let canvas = try XCTUnwrap(s.app.canvas)
                let drawn = s.app.lastDrawList.commands.compactMap { command -> (String, Font, Rect)? in
                    if case let .text(text, font, _, r, .center) = command, text == title, font == NavigationBar.titleFont { return (text, font, r) }
                    return nil
                }
                let (text, font, r) = try XCTUnwrap(drawn.first, "\(scene) at \(size)")
                XCTAssertEqual(canvas.truncated(text, font: font, width: r.width), text, "\(scene) at \(size): the title is whole")
                let buttons = try XCTUnwrap(try state(s)["toolbar"] as? [[String: Any]]).map {
                    Rect(x: $0["x"] as! Double, y: $0["y"] as! Double, width: $0["width"] as! Double, height: $0["height"] as! Double)
                }
                for b in buttons { XCTAssertFalse(b.intersects(r), "\(scene) at \(size): the title \(r) under a button \(b)") }
                if size.width >= 600 || scene == "cafes" {
                    XCTAssertEqual(r.midX, size.width / 2, accuracy: 0.01, "\(scene) at \(size): centred on the window")
                } else {
                    // Crowded (three buttons and a long title in 320 pt): as near the centre as the buttons let it.
                    XCTAssertLessThan(abs(r.midX - size.width / 2), 40, "\(scene) at \(size)")
                }
            }
        }
    }

    /// No tab label is cut with "…": "Playground" becomes "Play" where its tab is too narrow, the
    /// others step down a point or two.
    func testTabLabelsAreNeverCut() throws {
        for size in [Size(width: 390, height: 844), Size(width: 320, height: 568), Size(width: 375, height: 667), Size(width: 430, height: 932)] {
            let s = try HeadlessSession(scene: "feed", size: size)
            let canvas = try XCTUnwrap(s.app.canvas)
            let tabs = try XCTUnwrap(try state(s)["switcher"] as? [[String: Any]])
            XCTAssertEqual(tabs.count, 9)
            let bar = tabs.map { Rect(x: $0["x"] as! Double, y: $0["y"] as! Double, width: $0["width"] as! Double, height: $0["height"] as! Double) }
            var labels: [String] = []
            for command in s.app.lastDrawList.commands {
                guard case let .text(text, font, _, r, _) = command, bar.contains(where: { $0.insetBy(dx: -0.5, dy: -0.5).contains(r) }) else { continue }
                labels.append(text)
                XCTAssertEqual(canvas.truncated(text, font: font, width: r.width), text, "'\(text)' is cut at \(size)")
                XCTAssertLessThanOrEqual(canvas.measure(text, font: font).width, r.width, "'\(text)' at \(size)")
                XCTAssertGreaterThanOrEqual(font.size, 8, "'\(text)' at \(size)")
            }
            XCTAssertEqual(labels.count, 9, "\(size): \(labels)")
            XCTAssertTrue(labels.contains("Play") || labels.contains("Playground"), "\(labels)")
        }
    }

    /// The window's title names the scene, and a person's own photos by their folder.
    func testTheWindowTitleNamesTheSceneOrTheFolder() throws {
        let s = try HeadlessSession(scene: "feed", size: Size(width: 390, height: 844), scale: 0.5)
        XCTAssertEqual(try state(s)["title"] as? String, "Coffee Feed — CoffeeGrid")
        XCTAssertEqual(s.host.title, "Coffee Feed — CoffeeGrid", "the window's own title")
        try s.press("6")
        XCTAssertEqual(s.host.title, "Cafes — CoffeeGrid")
        try s.press("7")
        XCTAssertEqual(s.host.title, "Photos — CoffeeGrid")

        let trip = dir.appendingPathComponent("Trip").path
        try FileManager.default.createDirectory(atPath: trip, withIntermediateDirectories: true)
        try OwnPhotosTests.jpeg(1).write(to: URL(fileURLWithPath: trip + "/IMG_1.jpg"))
        var options = Options()
        options.paths = [trip]
        let own = try HeadlessSession(scene: "photos", size: Size(width: 390, height: 844), scale: 0.5, options: options, waitsForImages: true)
        own.runner.settle()
        XCTAssertEqual(own.host.title, "Trip — CoffeeGrid")
        XCTAssertEqual(try state(own)["sceneTitle"] as? String, "Trip", "the Photos scene's title as drawn")
        try own.press("5")
        XCTAssertEqual(own.host.title, "Coffee Feed — CoffeeGrid", "the feed is the seed's, whatever is open")
        XCTAssertEqual(try state(own)["sceneTitle"] as? String, "Coffee Feed")
        try own.press("7")
        XCTAssertEqual(own.host.title, "Trip — CoffeeGrid", "the dock shows the same photos")
        try own.press("6")
        XCTAssertEqual(own.host.title, "Cafes — CoffeeGrid", "the cafes keep the bundled photos")

        XCTAssertEqual(WindowTitle.folders(["/home/u/Pictures/Trip/IMG_1.JPG"]), "Trip", "a photo opened alone: its folder")
        XCTAssertEqual(WindowTitle.folders(["/a/Trip", "/b/Beach"]), "Trip, Beach")
        XCTAssertEqual(WindowTitle.folders(["/a/Trip", "/b/Beach", "/c/Home"]), "Trip and 2 more")
        XCTAssertEqual(WindowTitle.folders(["/a/Trip", "/a/Trip/x.png"]), "Trip")
        XCTAssertEqual(WindowTitle.folders(["/"]), "/")
        XCTAssertEqual(WindowTitle.folders([PathBytes.string(Array("/a/caf".utf8) + [0xE9])]), "caf\\xE9", "a Latin-1 folder as messages show it")
        XCTAssertNil(WindowTitle.folders([]))
    }
}
