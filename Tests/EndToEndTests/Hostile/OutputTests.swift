import Foundation
import XCTest

/// Issue 21 (hostile pass 3), standard error and output: where the app writes its lines may be
/// full, closed or gone. Each test names what today's main did.
final class OutputTests: HostileTestCase {
    /// A run that logs a line (a folder that does not exist), clicks a photo into the dock and
    /// writes a screenshot and its state.
    private func loggingRun(_ errors: Child.Errors) throws -> (Child.Outcome, String) {
        let state = path("state.json")
        let script = try write("s.txt", "scene dock\nclick \(FileTests.firstDockPhoto)\nsettle\nstate \(state)\n")
        let o = try Child.run(["--headless", "--script", script, "--screenshot", path("x.png"), path("no-such-folder")],
                              errors: errors, in: dir, timeout: 60)
        return (o, state)
    }

    /// Case 2: standard error on a full disk (`~/.xsession-errors` on a full home partition) or
    /// closed: the log line is lost, the app is not. Today's main: SIGILL (rc 132) on the first line.
    func testCase2AFullOrClosedStandardErrorNeverEndsTheApp() throws {
        for (name, errors) in [("full", Child.Errors.file("/dev/full")), ("closed", .closed)] {
            let (o, state) = try loggingRun(errors)
            XCTAssertEqual(o.exitCode, 0, "\(name): \(o.summary)")
            XCTAssertNotNil(json(state), "\(name): the state file is whole JSON (no log line inside it)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: path("x.png")), name)
            // Nothing the app opened took the closed descriptor 2 and received the lines.
            let dock = dir.appendingPathComponent("xdg/coffeegrid/own-photos-dock.json").path
            if let text = try? String(contentsOfFile: dock, encoding: .utf8) { XCTAssertFalse(text.contains("coffeegrid:"), name) }
            print("case 2: stderr \(name) → \(o.summary)")
            try? FileManager.default.removeItem(atPath: path("x.png"))
        }
    }

    /// Case 2: standard error a pipe whose reader has gone (`coffeegrid … 2>&1 | head -0`). Today's
    /// main: killed by SIGPIPE (rc 141) on the first line.
    func testCase2ABrokenStandardErrorPipeNeverEndsTheApp() throws {
        let (o, state) = try loggingRun(.brokenPipe)
        XCTAssertEqual(o.exitCode, 0, o.summary)
        XCTAssertNotNil(json(state))
        print("case 2: stderr a broken pipe → \(o.summary)")
    }
}
