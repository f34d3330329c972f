import Foundation
import TestEnvironment
import XCTest

/// Issue 21 (hostile pass 3), standard error and output: where the app writes its lines may be
/// full, closed or gone. Each test names what today's main did.
final class OutputTests: HostileTestCase {
    /// A run that logs a line (a folder that does not exist), clicks a photo into the dock and
    /// writes a screenshot and its state.
    private func loggingRun(_ errors: Child.Errors) throws -> (Child.Outcome, String) {
        // 1 KB: every frame's state file is larger (the feed's first is 3.6 KB, later ones 4.4 KB), so
        // each write fails and the run of failures is one line.
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

extension OutputTests {
    /// Case 13: a command whose output is its job, with standard output on a full disk: one line
    /// and exit 1. Today's main: exit 0, nothing written, nothing said.
    func testCase13AFullStandardOutputFailsTheCommand() throws {
        for args in [["--help"], ["--version"], ["layout", "--extent", "390", "[GridItem(.flexible())]"], ["layout", "--explain", "--extent", "390", "[GridItem()]"]] {
            let o = try Child.run(args, output: "/dev/full", in: dir, timeout: 30)
            XCTAssertEqual(o.exitCode, 1, "\(args): \(o.summary)")
            XCTAssertEqual(o.lines, ["coffeegrid: cannot write to standard output: No space left on device"], "\(args): \(o.summary)")
        }
        print("case 13: --help, --version, layout > /dev/full → exit 1, one line")
    }

    /// Case 13: `--trace` on a full disk (`/dev/full`) and `--state` beyond a file-size limit
    /// (`prlimit --fsize`, the state file's writes fail with EFBIG): one line each, the run goes
    /// on, and the headless run, whose outputs they were, exits 1. Today's main: the trace wrote
    /// nothing and said nothing (exit 0); the state file killed the process (SIGXFSZ).
    func testCase13TraceAndStateOnAFullDiskAreOneLineEach() throws {
        let script = try write("s.txt", "scene feed\nsettle\nkey g\nsettle\nkey g\nsettle\n")
        let traced = try Child.run(["--headless", "--script", script, "--trace", "/dev/full"], in: dir, timeout: 60)
        XCTAssertEqual(traced.exitCode, 1, traced.summary)
        XCTAssertEqual(traced.lines.count, 1, traced.summary)
        XCTAssertTrue(traced.stderr.contains("cannot write the trace file /dev/full: No space left on device"), traced.summary)
        print("case 13: --trace /dev/full → \(traced.summary)")
        try TestEnvironment.require(tool: "prlimit", package: "util-linux")
        let state = path("state.json")
        let limited = try Child.run(["--headless", "--script", script, "--state", state], launcher: ["/usr/bin/prlimit", "--fsize=1024", "--"],
                                    in: dir, timeout: 60)
        XCTAssertEqual(limited.exitCode, 1, limited.summary)
        XCTAssertEqual(limited.lines.count, 1, "one line, not one a frame: \(limited.summary)")
        XCTAssertTrue(limited.stderr.contains("state file") && limited.stderr.contains("File too large"), limited.summary)
        print("case 13: --state over a 1 KB file-size limit → \(limited.summary)")
    }
}
