import Foundation
import XCTest

/// Issue 12, cases 1 and 2: SIGINT and SIGTERM end every mode within a second (130 / 143),
/// writing the state first, and quitting never waits for a decode.
final class SignalTests: HostileTestCase {
    /// The requirement is 1 s; a loaded CI machine gets half a second more before this fails.
    static let allowed = 1.5

    override class func tearDown() {
        try? FileManager.default.removeItem(atPath: Bombs.cachedBomb)
        super.tearDown()
    }

    /// Headless and busy (a drag of an hour of virtual time steps every frame): SIGINT ends it with
    /// 130 and the state file written. Today's main ignored the signal (SDL turned it into a quit
    /// event nobody reads headless).
    func testCase1HeadlessScriptEndsOnSIGINTAndSIGTERM() throws {
        for (sig, code) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            let state = path("state-\(sig).json")
            let script = try write("busy.txt", "scene cells\ndrag 100 300 100 200 3600000\n")
            let child = try Child(["--headless", "--script", script, "--state", state], in: dir)
            XCTAssertTrue(Child.waitUntil(20) { FileManager.default.fileExists(atPath: state) }, "no first frame")
            usleep(300_000)
            guard let (seconds, outcome) = child.signal(sig, within: 10) else {
                XCTFail("signal \(sig): still running 10 s later"); continue
            }
            XCTAssertEqual(outcome.exitCode, code, "signal \(sig): \(outcome.summary)")
            XCTAssertLessThan(seconds, SignalTests.allowed, "signal \(sig)")
            XCTAssertNotNil(json(state), "the last state is a whole JSON file")
            print("case 1: headless script, signal \(sig) → \(outcome.exitCode.map(String.init) ?? "?") in \(String(format: "%.3f", seconds)) s, peak \(outcome.peakKB / 1024) MB")
        }
    }

    /// A script read from a pipe that stays open: the reader waits in poll() next to the signal pipe.
    func testCase1ScriptFromAnOpenPipeEndsOnSIGTERM() throws {
        let state = path("state.json")
        let child = try Child(["--headless", "--script", "-", "--state", state], input: .pipe, in: dir)
        child.input?.write(Data("scene dock\nclick \(FileTests.firstDockPhoto)\n".utf8))
        XCTAssertTrue(Child.waitUntil(20) { (self.json(state)?["scene"] as? String) == "dock" },
                      "the script's lines ran before its end arrived")
        guard let (seconds, outcome) = child.signal(SIGTERM, within: 10) else { return XCTFail("still running 10 s after SIGTERM") }
        XCTAssertEqual(outcome.exitCode, 143, outcome.summary)
        XCTAssertLessThan(seconds, SignalTests.allowed)
    }

    /// `soak` (and so `make soak`) stops on Ctrl+C.
    func testCase1SoakEndsOnSIGINT() throws {
        let child = try Child(["soak", "--seconds", "3600"], in: dir)
        usleep(1_500_000)  // into its first lap
        XCTAssertTrue(child.isRunning)
        guard let (seconds, outcome) = child.signal(SIGINT, within: 10) else { return XCTFail("soak still running 10 s after SIGINT") }
        XCTAssertEqual(outcome.exitCode, 130, outcome.summary)
        XCTAssertLessThan(seconds, SignalTests.allowed)
        print("case 1: soak, SIGINT → \(outcome.exitCode ?? -1) in \(String(format: "%.3f", seconds)) s, peak \(outcome.peakKB / 1024) MB")
    }

    /// `bench memory` runs its measurements in child processes: a signal to the benchmark ends
    /// them too, not only the parent.
    func testCase1BenchChildrenEndWithTheBenchmark() throws {
        let child = try Child(["bench", "--json", path("bench.json"), "memory"], in: dir)
        var kids: [pid_t] = []
        XCTAssertTrue(Child.waitUntil(30) { kids = Child.children(of: child.pid); return !kids.isEmpty }, "no bench child started")
        usleep(300_000)
        guard let (seconds, outcome) = child.signal(SIGINT, within: 10) else { return XCTFail("bench still running 10 s after SIGINT") }
        XCTAssertEqual(outcome.exitCode, 130, outcome.summary)
        XCTAssertLessThan(seconds, SignalTests.allowed)
        XCTAssertTrue(Child.waitUntil(SignalTests.allowed) { kids.allSatisfy { !Child.isAlive($0) } },
                      "bench children \(kids) outlived the benchmark")
        for k in kids where Child.isAlive(k) { kill(k, SIGKILL) }
    }

    /// The real window: SIGTERM ends it with 143 (today's main: SDL's handler made it a quit, exit 0).
    func testCase1RealWindowEndsOnSIGTERMWithTheDockSaved() throws {
        let x = try XSession()
        defer { x.close() }
        try x.launch(["--scene", "dock"])
        let start = try XCTUnwrap(x.waitForState { $0["scene"] as? String == "dock" })
        // The first grid photo, where the window drew it.
        let first = try XCTUnwrap((start["visible"] as? [[String: Any]])?.first { $0["id"] as? String == "coffee-1" })
        x.click((first["x"] as! Double) + (first["width"] as! Double) / 2, (first["y"] as! Double) + (first["height"] as! Double) / 2)
        XCTAssertNotNil(x.waitForState { ($0["dock"] as? [String])?.count == 1 && $0["animating"] as? Bool == false })
        let app = try XCTUnwrap(x.app)
        let sent = Date()
        kill(app.processIdentifier, SIGTERM)
        guard XSession.waitUntil(10, { !app.isRunning }) else { return XCTFail("still running 10 s after SIGTERM") }
        let seconds = Date().timeIntervalSince(sent)
        XCTAssertEqual(app.terminationReason, .exit)
        XCTAssertEqual(app.terminationStatus, 143)
        XCTAssertLessThan(seconds, SignalTests.allowed + 0.2)
        let dock = x.dir.appendingPathComponent("xdg/coffeegrid/dock.json").path
        XCTAssertEqual(json(dock)?["dock"] as? [String], ["coffee-1"])
        print("case 1: real window, SIGTERM → \(app.terminationStatus) in \(String(format: "%.3f", seconds)) s")
    }

    /// Case 2: a 2 MB progressive JPEG with 20,000 empty scans as `coffee-1`; Ctrl+Q while it
    /// decodes ends the process at once. Today's main joined the decoder thread: ~150 s.
    func testCase2QuitDoesNotWaitForADecode() throws {
        let r = try bombResources()
        let x = try XSession()
        defer { x.close() }
        try x.launch(["--resources", r.path, "--scene", "feed"])
        usleep(1_000_000)  // the decoders have the bomb by now
        let app = try XCTUnwrap(x.app)
        XCTAssertTrue(app.isRunning)
        let sent = Date()
        x.key("ctrl+q")
        guard XSession.waitUntil(20, { !app.isRunning }) else { return XCTFail("still running 20 s after Ctrl+Q") }
        let seconds = Date().timeIntervalSince(sent)
        XCTAssertEqual(app.terminationStatus, 0)
        XCTAssertLessThan(seconds, 3)
        print("case 2: Ctrl+Q during the decode bomb → gone in \(String(format: "%.3f", seconds)) s")
    }

    /// Case 2: one file cannot take minutes: libjpeg-turbo's scan limit refuses the bomb, which
    /// becomes a placeholder and one line. Today's main decoded it for ~150 s.
    func testCase2TheDecodeBombIsRefusedByTheScanLimit() throws {
        let r = try bombResources()
        let o = try Child.run(["--headless", "--resources", r.path, "--scene", "feed", "--screenshot", path("x.png")], in: dir, timeout: 60)
        XCTAssertEqual(o.exitCode, 0, o.summary)
        XCTAssertEqual(o.lines.filter { $0.contains("coffee-1") }.count, 1, o.summary)
        XCTAssertTrue(o.stderr.contains("scans"), o.summary)
        XCTAssertLessThan(o.seconds, 20, o.summary)
        print("case 2: the decode bomb headless → \(o.summary)")
    }

    /// Case 2, headless: frames wait for photos there (identical screenshots), but a signal does not.
    func testCase2SignalDuringAHeadlessDecodeWait() throws {
        let r = try bombResources()
        // The scan limit now refuses the bomb at once, so a bare settle can end before the signal on
        // a quiet machine (exit 0, not 130): column toggles after it keep the run busy for seconds.
        let script = try write("s.txt", "scene feed\nsettle\n" + String(repeating: "key g\nsettle\n", count: 400))
        let child = try Child(["--headless", "--resources", r.path, "--script", script], in: dir)
        usleep(1_500_000)
        guard let (seconds, outcome) = child.signal(SIGINT, within: 10) else { return XCTFail("still running 10 s after SIGINT") }
        XCTAssertEqual(outcome.exitCode, 130, outcome.summary)
        XCTAssertLessThan(seconds, SignalTests.allowed)
    }
}

extension SignalTests {
    /// A Resources folder whose `coffee-1` is the decode bomb.
    func bombResources() throws -> URL {
        let r = try resources(replacing: ["Photos"])
        let bomb = r.appendingPathComponent("Photos/coffee-1.jpg").path
        try FileManager.default.removeItem(atPath: bomb)
        try Bombs.progressiveScanBomb(at: bomb)
        return r
    }
}

extension Child {
    /// Running (not gone, not a zombie waiting for a parent to reap it).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }

    /// Processes whose parent is `pid`, from /proc.
    static func children(of pid: pid_t) -> [pid_t] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return names.compactMap { name -> pid_t? in
            guard let p = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(p)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == pid ? p : nil
        }
    }
}
