import Foundation
import TestEnvironment
import XCTest

/// Issue 21 (hostile pass 3), specs and flags: what the parser and the command line bound. Each
/// test names what today's main did.
final class SpecLimitTests: HostileTestCase {
    static func hairlines(_ count: Int) -> String {
        "Array(repeating: GridItem(.adaptive(minimum: 0.000001), spacing: 0), count: \(count))"
    }

    /// Case 3: hairline adaptive columns over a billion cells. Fifty of them could make 51,200
    /// tracks: refused at launch with the rule. Four (4,096 tracks, the most a grid holds) run, and
    /// a frame makes at most 25,000 cells. Today's main: count 50 made 768,000 cells a frame
    /// (926 MB, 137 s here), count 1000 aborted after a 3.5 GB allocation.
    func testCase3AFrameMakesABoundedNumberOfItems() throws {
        for count in [50, 1000] {
            let o = try Child.run(["--headless", "--scene", "cells", "--items", "1000000000", "--columns", SpecLimitTests.hairlines(count),
                                   "--screenshot", path("x.png")], in: dir, timeout: 120)
            XCTAssertEqual(o.exitCode, 2, "count \(count): \(o.summary)")
            XCTAssertEqual(o.lines.count, 1, o.summary)
            XCTAssertTrue(o.stderr.contains("a grid holds at most 4,096 tracks") && o.stderr.contains("at most 25,000 items"), o.summary)
            print("case 3: count \(count) → \(o.summary)")
        }
        let state = path("state.json")
        let o = try Child.run(["--headless", "--scene", "cells", "--items", "1000000000", "--columns", SpecLimitTests.hairlines(4),
                               "--state", state, "--screenshot", path("x.png")], in: dir, timeout: 120)
        XCTAssertEqual(o.exitCode, 0, o.summary)
        let items = try XCTUnwrap(json(state)?["items"] as? [String: Any])
        XCTAssertEqual(items["materialized"] as? Double, 25_000, "\(items)")
        XCTAssertEqual(items["limited"] as? Bool, true, "\(items)")
        XCTAssertLessThan(o.peakKB, 400 << 10, o.summary)
        print("case 3: count 4 (4,096 tracks) → \(o.summary)")
    }
}

extension SpecLimitTests {
    /// Case 15: 14,000 nested `CGFloat(` (126 KB, under the spec's size cap) with a 2 MB stack
    /// (`prlimit --stack`, as `ulimit -s 2048`), through `layout -` and `--columns`: one line and
    /// exit 2. Today's main: SIGSEGV in the parser's recursion.
    func testCase15DeepNestingIsAnErrorNotAStackOverflow() throws {
        try TestEnvironment.require(tool: "prlimit", package: "util-linux")
        let spec = "[GridItem(.fixed(" + String(repeating: "CGFloat(", count: 14_000) + "30" + String(repeating: ")", count: 14_000) + "))]"
        XCTAssertLessThan(spec.utf8.count, 128 << 10)
        let file = try write("deep.txt", spec)
        let stack = ["/usr/bin/prlimit", "--stack=\(2 << 20)"]
        for (name, args, input) in [("layout -", ["layout", "--extent", "390", "-"], Child.Input.file(file)),
                                    ("--columns", ["--headless", "--scene", "cells", "--columns", spec, "--screenshot", path("x.png")], .null)] {
            let o = try Child.run(args, input: input, launcher: stack, in: dir, timeout: 60)
            XCTAssertEqual(o.exitCode, 2, "\(name): \(o.summary)")
            XCTAssertEqual(o.lines.count, 1, "\(name): \(o.summary)")
            XCTAssertTrue(o.stderr.contains("nested more than 32 deep"), "\(name): \(o.summary)")
            print("case 15: \(name), 14,000 levels, 2 MB stack → \(o.summary)")
        }
    }
}

extension SpecLimitTests {
    /// Case 17: a flag given twice with two values, and sizes with more than two numbers, are one
    /// line and exit 2. Today's main: the last value quietly won, and `--size 390x844x` opened a
    /// 390×844 window.
    func testCase17DuplicatedFlagsAndOddSizesAreRefused() throws {
        for (args, says) in [(["--headless", "--size", "390x844", "--size", "844x390"], "--size is given twice ('390x844' and '844x390')"),
                             (["--headless", "--scene", "feed", "--scene=dock"], "--scene is given twice"),
                             (["layout", "--extent", "390", "--extent", "844", "[GridItem()]"], "--extent is given twice"),
                             (["--headless", "--size", "390x844x"], "--size must be WIDTHxHEIGHT"),
                             (["--headless", "--size", "x390x844"], "--size must be WIDTHxHEIGHT")] {
            let o = try Child.run(args + ["--screenshot", path("x.png")], in: dir, timeout: 30)
            XCTAssertEqual(o.exitCode, 2, "\(args): \(o.summary)")
            XCTAssertEqual(o.lines.count, 1, "\(args): \(o.summary)")
            XCTAssertTrue(o.stderr.contains(says), "\(args): \(o.summary)")
        }
        // The same value twice says nothing new and is fine, as are repeated switches.
        let same = try Child.run(["--headless", "--scene", "cells", "--scene", "cells", "--headless", "--screenshot", path("y.png")], in: dir, timeout: 30)
        XCTAssertEqual(same.exitCode, 0, same.summary)
        print("case 17: duplicated flags and 390x844x → exit 2, one line each")
    }
}
