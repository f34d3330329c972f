import Desktop
import Foundation
import GridCore
import Stage
import XCTest
@testable import CoffeeGridApp
import StageInterface

/// The session kept for the next launch (`session.json`): the file, each scene's variant and
/// anchor coming back, and the appearance choice against the desktop's colour scheme.
final class SessionTests: XCTestCase {
    var dir: URL!
    var store: SessionStore { SessionStore(path: dir.appendingPathComponent("session.json").path) }

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    // MARK: - The file

    func testRoundTripAndLocation() throws {
        var s = Session()
        s.window = Size(width: 700, height: 520)
        s.scene = "symbols"
        s.appearance = .dark
        s.scenes = ["symbols": RestorableState(selections: [2, 0, 0, 0, 1], anchor: 42), "playground": RestorableState(variant: "h [GridItem(.fixed(30))]")]
        try store.save(s)
        let loaded = store.load()
        XCTAssertNil(loaded.message)
        XCTAssertEqual(loaded.session, s)
        XCTAssertEqual(SessionStore(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]).path, "/x/state/coffeegrid/session.json")
        XCTAssertEqual(SessionStore(environment: ["HOME": "/home/u"]).path, "/home/u/.local/state/coffeegrid/session.json")
        // Nothing saved yet is a fresh start, without a word.
        let none = SessionStore(path: dir.appendingPathComponent("none.json").path).load()
        XCTAssertNil(none.session)
        XCTAssertNil(none.message)
    }

    func testBadFilesAreOneLineAndIgnored() throws {
        let path = store.path
        let cases: [(String, Data?, String)] = [
            ("corrupt", Data("{\"format\":\"coffeegrid-session-1\",\"scene\":".utf8), "not JSON"),
            ("foreign", Data("{\"dock\":[\"coffee-1\"]}".utf8), "not a CoffeeGrid session"),
            ("another format", Data("{\"format\":\"coffeegrid-session-9\"}".utf8), "not a CoffeeGrid session"),
            ("an array", Data("[1,2,3]".utf8), "not a CoffeeGrid session"),
            ("too big", Data(repeating: UInt8(ascii: " "), count: SessionStore.maxBytes + 1), "over the 1 MB limit"),
        ]
        for (name, data, words) in cases {
            try? FileManager.default.removeItem(atPath: path)
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: data))
            let loaded = store.load()
            XCTAssertNil(loaded.session, name)
            let message = try XCTUnwrap(loaded.message, name)
            XCTAssertTrue(message.contains(words), "\(name): \(message)")
            XCTAssertFalse(message.contains("\n"), name)
            XCTAssertLessThan(message.count, 300, name)
        }
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        XCTAssertTrue(store.load().message?.contains("is a folder") == true, store.load().message ?? "")
    }

    /// Well-formed files with odd values keep what is sound and drop the rest.
    func testOddValuesAreDropped() throws {
        let json = """
        {"format":"coffeegrid-session-1","window":{"width":-5,"height":1e300},"scene":7,"appearance":"purple",
         "scenes":{"feed":{"variant":"3","anchor":-1},"cells":{"anchor":12.5},"bars":{"variant":"1","anchor":4},"x":"y"}}
        """
        XCTAssertTrue(FileManager.default.createFile(atPath: store.path, contents: Data(json.utf8)))
        let s = try XCTUnwrap(store.load().session)
        XCTAssertNil(s.window)
        XCTAssertNil(s.scene)
        XCTAssertEqual(s.appearance, .system)
        XCTAssertEqual(s.scenes["feed"], RestorableState(variant: "3", anchor: nil))
        XCTAssertEqual(s.scenes["cells"], RestorableState())
        XCTAssertEqual(s.scenes["bars"], RestorableState(variant: "1", anchor: 4))
        XCTAssertNil(s.scenes["x"])
        // Selections outside a picker's range are no selection at all.
        XCTAssertNil(RestorableState(variant: "9").selections(counts: [4]))
        XCTAssertNil(RestorableState(variant: "1 2").selections(counts: [4]))
        XCTAssertNil(RestorableState(variant: "a").selections(counts: [4]))
        XCTAssertEqual(RestorableState(variant: "3 1").selections(counts: [4, 2]), [3, 1])
    }

    // MARK: - When it is written

    /// The cells scene headless, with a desktop session saving to `store` (no portal).
    private func cellsWithSession() throws -> (ReduceMotionTests.Harness, DesktopSession) {
        let h = try ReduceMotionTests.Harness(scene: "cells", reduceMotion: false)
        var options = Options()
        options.restore = false
        let session = DesktopSession(options: options, store: store, portalAddress: nil, log: { _ in })
        session.attach(to: h.app)
        return (h, session)
    }

    /// A touchpad scroll (deltas applied at once: the app is at rest after every one) writes the
    /// file once when it starts and then not while it goes on (each write is a slow frame), and where
    /// the scroll stopped is written within two seconds of it stopping, the window waking for it
    /// (`nextWake`) with no input.
    func testATouchpadScrollWritesTheFileOnceItHoldsStill() throws {
        let (h, session) = try cellsWithSession()
        func inode() -> UInt64? {
            var st = stat()
            return stat(store.path, &st) == 0 ? UInt64(st.st_ino) : nil
        }
        // Every write is a new file renamed over the old one.
        var writes = 0, last = inode()
        let start = h.host.now
        for _ in 0..<200 {
            h.host.inject(.wheel(dx: 0, dy: 6, precise: true, at: h.app.sceneFrame.center, modifiers: []))
            h.host.step()
            XCTAssertFalse(h.app.isAnimating, "a touchpad delta is applied at once")
            if let i = inode(), i != last { writes += 1; last = i }
        }
        let seconds = h.host.now - start
        XCTAssertGreaterThan(seconds, 3.2)
        XCTAssertEqual(writes, 1, "written when the scroll began, not while it went on (\(seconds) s)")
        // The scroll stopped: the file has a place from before, the window is told when to wake, and
        // the frames then write the last place.
        XCTAssertNotEqual(store.load().session?.scenes["cells"]?.anchor, h.app.session().scenes["cells"]?.anchor)
        let stopped = h.host.now
        while store.load().session?.scenes["cells"]?.anchor != h.app.session().scenes["cells"]?.anchor, h.host.now - stopped < 3 {
            let due = try XCTUnwrap(h.app.nextWake, "a save held back wakes the window")
            XCTAssertLessThanOrEqual(due - h.host.now, 1)
            h.host.step()
        }
        XCTAssertEqual(store.load().session?.scenes["cells"]?.anchor, h.app.session().scenes["cells"]?.anchor)
        XCTAssertLessThanOrEqual(h.host.now - stopped, 2.1)
        XCTAssertNotNil(h.app.session().scenes["cells"]?.anchor)
        withExtendedLifetime(session) {}  // the app holds it weakly
    }

    /// A session that keeps changing is still written every few seconds.
    func testASessionThatKeepsChangingIsWrittenEveryFewSeconds() throws {
        let (h, session) = try cellsWithSession()
        var anchors: Set<Int> = []
        let start = h.host.now
        while h.host.now - start < 12 {
            h.host.inject(.wheel(dx: 0, dy: 6, precise: true, at: h.app.sceneFrame.center, modifiers: []))
            h.host.step()
            if let a = store.load().session?.scenes["cells"]?.anchor { anchors.insert(a) }
        }
        XCTAssertGreaterThanOrEqual(anchors.count, 3, "written at the start and every \(DesktopSession.longestWait) s: \(anchors.sorted())")
        withExtendedLifetime(session) {}  // the app holds it weakly
    }

    // MARK: - Scenes coming back

    func testEverySceneComesBackWithItsVariantAndAnchor() throws {
        // Each scene changed as a person would, then scrolled.
        let changes: [String: [String]] = [
            "symbols": ["key c", "key c", "key p", "scroll 0 900"],
            "styles": ["key s", "key s", "key a", "scroll 0 600"],
            "bars": ["key r", "key r", "scroll 0 500"],
            "stack": ["key +", "scroll 0 200"],
            "feed": ["key g", "key g", "scroll 0 700"],
            "cafes": ["key g", "scroll 0 900"],
            "dock": [],
            "playground": ["key p", "key p", "key a", "scroll 0 300"],
            "cells": ["scroll 0 2000"],
        ]
        let first = try ReduceMotionTests.Harness(scene: "feed", reduceMotion: false)
        for (scene, lines) in changes.sorted(by: { $0.key < $1.key }) {
            try first.app.switchScene(to: scene)
            first.runner.settle()
            for line in lines { try first.runner.execute(ScriptCommand.parse(script: line)[0].command) }
            first.runner.settle()
        }
        let saved = first.app.session()
        XCTAssertEqual(saved.scene, "symbols", "the last scene shown")
        XCTAssertEqual(Set(saved.scenes.keys), Set(changes.keys))

        let second = try ReduceMotionTests.Harness(scene: "cells", reduceMotion: false)
        second.app.restore(saved)
        for scene in changes.keys.sorted() {
            try second.app.switchScene(to: scene)
            second.runner.settle()
            let before = try XCTUnwrap(saved.scenes[scene])
            let after = second.app.scene.restorableState
            XCTAssertEqual(after.variant, before.variant, scene)
            XCTAssertEqual(after.anchor, before.anchor, scene)
        }
        // The variants are real: the feed has three columns, the symbols grid is adaptive.
        try second.app.switchScene(to: "feed")
        second.runner.settle()
        XCTAssertEqual((second.state["feed"] as? [String: Any])?["columns"] as? Double, 3)
        try second.app.switchScene(to: "symbols")
        second.runner.settle()
        XCTAssertEqual((second.state["grid"] as? [String: Any])?["spec"] as? String, "[GridItem(.adaptive(minimum: 50))]")
        XCTAssertGreaterThan(try XCTUnwrap(saved.scenes["symbols"]?.anchor), 50, "the symbols grid was scrolled")
    }

    /// A saved anchor past the end of a grid (the photos changed) is ignored, not a crash.
    func testAnAnchorBeyondTheItemsIsIgnored() throws {
        let h = try ReduceMotionTests.Harness(scene: "cells", reduceMotion: false)
        var s = Session()
        s.scenes = ["feed": RestorableState(variant: "2", anchor: 5_000), "cells": RestorableState(anchor: 123_456_789)]
        h.app.restore(s)
        h.runner.settle()
        XCTAssertEqual(h.app.scene.restorableState.anchor, 0)
        try h.app.switchScene(to: "feed")
        h.runner.settle()
        XCTAssertEqual((h.state["feed"] as? [String: Any])?["columns"] as? Double, 2)
        XCTAssertEqual(h.app.scene.restorableState.anchor, 0)
    }

    // MARK: - Appearance and motion from the desktop

    func testAppearanceFollowsTheDesktopUntilCtrlDOverridesIt() throws {
        let h = try ReduceMotionTests.Harness(scene: "stack", reduceMotion: false)
        var desktop = DesktopPreferences(colorScheme: .dark)
        h.app.desktop = { desktop }
        h.host.step()
        XCTAssertEqual(h.app.env.appearance, .dark)
        XCTAssertEqual(h.app.appearanceChoice, .system)

        // Ctrl+D away from the desktop's choice is an override, kept when the desktop changes.
        try h.key("Ctrl+D")
        XCTAssertEqual(h.app.env.appearance, .light)
        XCTAssertEqual(h.app.appearanceChoice, .light)
        desktop.colorScheme = .noPreference
        h.host.step()
        XCTAssertEqual(h.app.env.appearance, .light)
        desktop.colorScheme = .dark
        h.host.step()
        XCTAssertEqual(h.app.env.appearance, .light, "an override holds")
        // Ctrl+D back to what the desktop asks for follows the desktop again.
        try h.key("Ctrl+D")
        XCTAssertEqual(h.app.appearanceChoice, .system)
        desktop.colorScheme = .light
        h.host.step()
        XCTAssertEqual(h.app.env.appearance, .light)
        desktop.colorScheme = .dark
        h.host.step()
        XCTAssertEqual(h.app.env.appearance, .dark)
        XCTAssertEqual(h.state["appearance"] as? String, "dark")
        XCTAssertEqual(h.state["appearanceChoice"] as? String, "system")

        // The choice is part of the session.
        try h.key("Ctrl+D")
        XCTAssertEqual(h.app.session().appearance, .light)
    }

    func testReduceMotionFollowsTheDesktop() throws {
        let h = try ReduceMotionTests.Harness(scene: "feed", reduceMotion: false)
        var desktop = DesktopPreferences(animationsEnabled: true)
        h.app.desktop = { desktop }
        h.host.step()
        XCTAssertFalse(h.app.motion.reduced)
        desktop.animationsEnabled = false
        h.host.step()
        XCTAssertTrue(h.app.motion.reduced)
        try h.key("g")
        XCTAssertNotNil(h.crossfade)
        h.runner.settle()
        desktop = DesktopPreferences(reducedMotion: false)
        h.host.step()
        XCTAssertFalse(h.app.motion.reduced)
        desktop = DesktopPreferences(reducedMotion: true)
        h.host.step()
        XCTAssertTrue(h.app.motion.reduced)
    }
}
