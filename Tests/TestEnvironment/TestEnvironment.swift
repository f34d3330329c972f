import Foundation
import XCTest

/// What a test needs from the machine (Xvfb, xdotool, a private D-Bus, the release binary, a tool
/// from `make test-deps`) and what happens when it is missing: every such test asks here, so none
/// can pass without having run.
///
/// Run by hand (`swift test`, `make test-fast`) a missing environment is a skip with its reason, listed
/// by XCTest. `make test` (and so CI, whose `.ci/run` calls it) sets `COFFEEGRID_REQUIRE_E2E=1` after
/// installing everything: there a missing environment is a failure, so the suite cannot be green without
/// its real-window tests.
public enum TestEnvironment {
    /// The variable `make test` sets.
    public static let requireVariable = "COFFEEGRID_REQUIRE_E2E"

    /// Whether this run must have every environment (`make test`).
    public static var isRequired: Bool { ProcessInfo.processInfo.environment[requireVariable] == "1" }

    /// The error to throw when `reason` (what is missing, and what installs it) stops a test: an
    /// `XCTSkip` listed at the caller's line, or under `make test` a failure that says the same.
    public static func missing(_ reason: String, file: StaticString = #file, line: UInt = #line) -> Error {
        isRequired ? Missing(description: "\(reason) (\(requireVariable)=1: make test needs it; a skip here would hide the test)")
                   : XCTSkip(reason, file: file, line: line)
    }

    /// `tool` on the PATH, or the `missing` error naming the package that has it.
    @discardableResult
    public static func require(tool: String, package: String, file: StaticString = #file, line: UInt = #line) throws -> String {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw missing("\(tool) is not installed (package \(package); make test-deps installs it)", file: file, line: line)
    }

    /// A missing environment where one is required: the test fails with this.
    public struct Missing: Error, CustomStringConvertible {
        public var description: String
    }
}
