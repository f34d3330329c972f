import Foundation
import TestEnvironment
import XCTest

/// A machine without Xvfb cannot pass the suite silently: one real-window test runs again, in a child
/// process of this test bundle whose PATH finds no Xvfb. Without `COFFEEGRID_REQUIRE_E2E` it is skipped,
/// with its reason, and XCTest counts the skip; with it (as under `make test`, and so CI) the run fails.
final class MissingEnvironmentTests: XCTestCase {
    /// A real-window test with no setup of its own beyond `XSession`.
    static let probe = "EndToEndTests.WindowClassTests/testWindowClassMatchesTheDesktopEntry"

    func runProbeWithoutXvfb(require: Bool) throws -> (code: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        p.arguments = [Self.probe]
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = "/nonexistent/coffeegrid-no-xvfb-here"
        env[TestEnvironment.requireVariable] = require ? "1" : nil
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testWithoutXvfbARealWindowTestIsSkippedAndSaysWhy() throws {
        let r = try runProbeWithoutXvfb(require: false)
        XCTAssertEqual(r.code, 0, r.output)
        XCTAssertTrue(r.output.contains("Xvfb or xdotool is not installed"), r.output)
        XCTAssertTrue(r.output.contains("Executed 1 test, with 1 test skipped and 0 failures"), r.output)
    }

    func testWithoutXvfbUnderMakeTestTheRunFails() throws {
        let r = try runProbeWithoutXvfb(require: true)
        XCTAssertNotEqual(r.code, 0, r.output)
        XCTAssertTrue(r.output.contains("Xvfb or xdotool is not installed"), r.output)
        XCTAssertTrue(r.output.contains("\(TestEnvironment.requireVariable)=1"), r.output)
        XCTAssertTrue(r.output.contains("Executed 1 test, with 1 failure"), r.output)
        XCTAssertFalse(r.output.contains("skipped and"), r.output)
    }
}
