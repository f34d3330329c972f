import Foundation
import Synchronization
import XCTest

/// Issue 12, cases 6, 7, 8, 11 and 12 (files): symbols, state files and the dock file as hostile
/// or shared things. Each names how today's main failed it.
final class FileTests: HostileTestCase {
    var xdg: URL { dir.appendingPathComponent("xdg") }
    var dockFile: String { xdg.appendingPathComponent("coffeegrid/dock.json").path }

    /// Case 6: a dash bomb as a symbol shown in every scene (the tab bar's `keyboard`) is refused by
    /// the budget: the broken-symbol glyph and one line. Today's main: 100 % CPU for 10+ minutes.
    func testCase6DashBombSymbolIsOverBudget() throws {
        let r = try resources(replacing: ["Symbols"])
        let svg = r.appendingPathComponent("Symbols/keyboard.svg")
        try FileManager.default.removeItem(at: svg)
        try Bombs.dashBombSVG.write(to: svg, atomically: false, encoding: .utf8)
        let o = try Child.run(["--headless", "--resources", r.path, "--scene", "feed", "--screenshot", path("x.png")], in: dir, timeout: 30)
        XCTAssertEqual(o.exitCode, 0, o.summary)
        XCTAssertEqual(o.lines.filter { $0.contains("keyboard") }.count, 1, o.summary)
        XCTAssertTrue(o.stderr.contains("over budget"), o.summary)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("x.png")))
        print("case 6: dash bomb → \(o.summary)")
    }

    /// Case 6: a 15 MB symbol of 300,000 circles is over the size budget, refused before it is read.
    /// Today's main rasterised it on the main thread: start-up 26 s later.
    func testCase6HugeSymbolIsOverBudget() throws {
        let r = try resources(replacing: ["Symbols"])
        let svg = r.appendingPathComponent("Symbols/tv.fill.svg")
        try FileManager.default.removeItem(at: svg)
        try Bombs.circlesSVG(count: 300_000).write(to: svg, atomically: false, encoding: .utf8)
        let o = try Child.run(["--headless", "--resources", r.path, "--scene", "feed", "--screenshot", path("x.png")], in: dir, timeout: 60)
        XCTAssertEqual(o.exitCode, 0, o.summary)
        XCTAssertEqual(o.lines.filter { $0.contains("tv.fill") }.count, 1, o.summary)
        XCTAssertTrue(o.stderr.contains("over budget"), o.summary)
        print("case 6: 15 MB symbol → \(o.summary)")
    }

    /// Case 7: a 100 MB dock.json is refused by its size before parsing: one line, the app starts
    /// with an empty dock in ordinary memory. Today's main: 3.0 GB resident, 36 s to the first frame.
    func testCase7HugeDockFileIsCappedBeforeParsing() throws {
        try FileManager.default.createDirectory(atPath: (dockFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: dockFile, contents: nil), dockFile)
        let h = try XCTUnwrap(FileHandle(forWritingAtPath: dockFile))
        h.write(Data("{\"dock\":[\"coffee-1\"".utf8))
        let chunk = Data(String(repeating: ",0", count: 1 << 20).utf8)
        for _ in 0..<50 { h.write(chunk) }
        h.write(Data("]}".utf8))
        try h.close()
        let state = path("state.json")
        let o = try Child.run(["--headless", "--scene", "dock", "--state", state, "--screenshot", path("x.png")], in: dir, timeout: 30)
        XCTAssertEqual(o.exitCode, 0, o.summary)
        XCTAssertEqual(o.lines.count, 1, o.summary)
        XCTAssertTrue(o.stderr.contains("100 MB") && o.stderr.contains("16 MB"), o.summary)
        XCTAssertEqual(json(state)?["dock"] as? [String], [])
        XCTAssertLessThan(o.peakKB, 400 << 10, o.summary)
        print("case 7: 100 MB dock.json → \(o.summary)")
    }

    /// Case 8: two windows on one state folder, each moving a photo: neither loses the other's, and
    /// each shows the merged dock. Today's main: the last writer won, a photo went missing.
    func testCase8TwoWindowsOnOneDockLoseNothing() throws {
        let x = try XSession()
        defer { x.close() }
        try x.launch(["--scene", "dock"])
        x.xdotool(["windowmove", x.window, "0", "0"])
        let stateB = x.dir.appendingPathComponent("b.json")
        let b = Process()
        b.executableURL = URL(fileURLWithPath: XSession.binary)
        b.arguments = ["--state", stateB.path, "--scene", "dock"]
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = x.display
        env["SDL_VIDEODRIVER"] = "x11"
        env["XDG_STATE_HOME"] = x.dir.appendingPathComponent("xdg").path
        b.environment = env
        b.standardOutput = FileHandle.nullDevice
        b.standardError = FileHandle.nullDevice
        try b.run()
        defer { if b.isRunning { b.terminate(); b.waitUntilExit() } }
        var windowB = ""
        XCTAssertTrue(XSession.waitUntil(20) {
            windowB = x.xdotool(["search", "--onlyvisible", "--class", "coffeegrid"]).split(separator: "\n").map(String.init).first { $0 != x.window } ?? ""
            return !windowB.isEmpty && FileManager.default.fileExists(atPath: stateB.path)
        }, "the second window did not open")
        x.xdotool(["windowmove", windowB, "800", "0"])
        func stateOf(_ url: URL) -> [String: Any]? { json(url.path) }
        func centre(_ s: [String: Any]?, _ id: String) -> (Double, Double)? {
            guard let v = (s?["visible"] as? [[String: Any]])?.first(where: { $0["id"] as? String == id }),
                  let fx = v["x"] as? Double, let fy = v["y"] as? Double, let w = v["width"] as? Double, let h = v["height"] as? Double else { return nil }
            return (fx + w / 2, fy + h / 2)
        }
        // Both windows have read the (empty) dock. Window A moves coffee-1.
        let a0 = try XCTUnwrap(x.waitForState { centre($0, "coffee-1") != nil })
        let (ax, ay) = try XCTUnwrap(centre(a0, "coffee-1"))
        x.click(ax, ay)
        XCTAssertNotNil(x.waitForState { ($0["dock"] as? [String]) == ["coffee-1"] && $0["animating"] as? Bool == false })
        // Window B, which still shows coffee-1 in its grid unless it noticed, moves coffee-5.
        var b0: [String: Any]?
        XCTAssertTrue(XSession.waitUntil(10) { b0 = stateOf(stateB); return centre(b0, "coffee-5") != nil })
        let (bx, by) = try XCTUnwrap(centre(b0, "coffee-5"))
        x.xdotool(["mousemove", "--window", windowB, String(Int(bx)), String(Int(by)), "click", "1"])
        XCTAssertTrue(XSession.waitUntil(10) { Set((stateOf(stateB)?["dock"] as? [String]) ?? []) == ["coffee-1", "coffee-5"] },
                      "window B shows both photos: \(stateOf(stateB)?["dock"] ?? "nil")")
        let file = json(x.dir.appendingPathComponent("xdg/coffeegrid/dock.json").path)?["dock"] as? [String]
        XCTAssertEqual(Set(file ?? []), ["coffee-1", "coffee-5"], "the file lost nothing")
        // Window A notices the file changed and shows the merged dock.
        XCTAssertNotNil(x.waitForState(10) { Set(($0["dock"] as? [String]) ?? []) == ["coffee-1", "coffee-5"] },
                        "window A shows the merged dock: \(x.state()?["dock"] ?? "nil")")
        for s in [x.state(), stateOf(stateB)] {
            XCTAssertEqual(((s?["grid"] as? [String]) ?? []).count + ((s?["dock"] as? [String]) ?? []).count, 20, "each photo once")
        }
    }

    /// Case 11: temp files of dead processes are removed at start (a live one's stays), and a
    /// symlinked dock.json is written through to its target. Today's main: both leftovers stayed,
    /// and the link was replaced by a regular file.
    func testCase11StaleTempsAreRemovedAndSymlinksWrittenThrough() throws {
        let folder = (dockFile as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let dead = try Child.run(["--version"], in: dir).exitCode  // a pid that has ended
        XCTAssertEqual(dead, 0)
        let deadPID = Child.lastPID
        let staleDock = (folder as NSString).appendingPathComponent(".dock.json.\(deadPID).tmp")
        let liveDock = (folder as NSString).appendingPathComponent(".dock.json.\(getpid()).tmp")
        let staleState = path(".state.json.\(deadPID).tmp")
        for f in [staleDock, liveDock, staleState] { XCTAssertTrue(FileManager.default.createFile(atPath: f, contents: Data("{".utf8)), f) }
        let elsewhere = dir.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let target = elsewhere.appendingPathComponent("real-dock.json").path
        try "{\"dock\":[\"coffee-2\"]}\n".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dockFile, withDestinationPath: "../../elsewhere/real-dock.json")
        let script = try write("s.txt", "scene dock\nclick \(FileTests.firstDockPhoto)\nsettle\n")
        let o = try Child.run(["--headless", "--script", script, "--state", path("state.json")], in: dir, timeout: 30)
        XCTAssertEqual(o.exitCode, 0, o.summary)
        XCTAssertFalse(FileManager.default.fileExists(atPath: staleDock), "a dead process's dock temp file is removed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: staleState), "a dead process's state temp file is removed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: liveDock), "a live process's temp file stays")
        XCTAssertEqual(try? FileManager.default.destinationOfSymbolicLink(atPath: dockFile), "../../elsewhere/real-dock.json", "still a link")
        let saved = (json(target)?["dock"] as? [String]) ?? []
        XCTAssertEqual(saved.count, 2, "the click was saved at the link's target: \(saved)")
        XCTAssertTrue(saved.contains("coffee-2"))
    }

    /// Case 12: dock.json being a folder is one plain line, not "NSCocoaErrorDomain error 512".
    func testCase12DockFileThatIsAFolder() throws {
        try FileManager.default.createDirectory(atPath: dockFile, withIntermediateDirectories: true)
        let script = try write("s.txt", "scene dock\nclick \(FileTests.firstDockPhoto)\nsettle\nclick \(FileTests.firstDockPhoto)\nsettle\n")
        let o = try Child.run(["--headless", "--script", script], in: dir, timeout: 30)
        XCTAssertEqual(o.exitCode, 0, o.summary)
        XCTAssertFalse(o.stderr.contains("Domain") || o.stderr.contains("error 512"), o.summary)
        XCTAssertEqual(o.lines.filter { $0.contains("cannot save the dock") }.count, 1, o.summary)
        XCTAssertTrue(o.lines.allSatisfy { $0.contains("is a folder") }, o.summary)
        XCTAssertLessThanOrEqual(o.lines.count, 2, o.summary)
    }
}

extension FileTests {
    /// The centre of the dock scene's first grid photo in the default 390×844 window: under the code
    /// panel, inside the 16-point padding, below the "Photos" heading.
    static let firstDockPhoto = "42 282"
}

extension Child {
    /// The pid of the last child `run` started (ended by now); tests may run it from any thread.
    static var lastPID: pid_t {
        get { lastStarted.withLock { $0 } }
        set { lastStarted.withLock { $0 = newValue } }
    }
    private static let lastStarted = Mutex<pid_t>(0)
}
