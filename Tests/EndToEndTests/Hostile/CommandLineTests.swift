import Foundation
import XCTest

/// Issue 12, cases 3, 4, 5, 9, 10, 12 (flags, scripts, messages) and 13: what the command line and
/// the window do with hostile input. Each names how today's main failed it.
final class CommandLineTests: HostileTestCase {
    /// Case 3: a window made 32767×32767 (xdotool; no window manager to refuse it) is sized back to
    /// what the renderer can draw, on GL and software alike. Today's main: SIGSEGV in llvmpipe.
    func testCase3HugeWindowSizesCrashNeitherRenderer() throws {
        for renderer in ["gl", "software"] {
            let x = try XSession()
            defer { x.close() }
            try x.launch(["--renderer", renderer, "--scene", "cells"])
            x.resize(32767, 32767)
            // Generous: llvmpipe's first frame at the clamped size is slow when the machine is busy.
            let state = x.waitForState(60) { (($0["window"] as? [String: Any])?["width"] as? Double ?? 0) > 1000 }
            let app = try XCTUnwrap(x.app)
            XCTAssertTrue(app.isRunning, "\(renderer): the app died after the resize")
            let window = try XCTUnwrap(state?["window"] as? [String: Any], "\(renderer): no frame at the new size")
            let w = try XCTUnwrap(window["width"] as? Double), scale = try XCTUnwrap(window["scale"] as? Double)
            XCTAssertLessThanOrEqual(w * scale, 8192, "\(renderer): drawable clamped")
            x.resize(600, 500)
            XCTAssertNotNil(x.waitForState(20) { ($0["window"] as? [String: Any])?["width"] as? Double == 600 }, "\(renderer): usable afterwards")
            x.key("ctrl+q")
            guard XSession.waitUntil(10, { !app.isRunning }) else { XCTFail("\(renderer): still running after Ctrl+Q"); continue }
            XCTAssertEqual(app.terminationReason, .exit, renderer)
            XCTAssertEqual(app.terminationStatus, 0, renderer)
        }
    }

    /// Case 4: `yes 'move 10 10' | coffeegrid --headless --script -` runs each line as it arrives in
    /// bounded memory. Today's main read stdin to the end first: 2.8 GB in 5 s, nothing ran.
    func testCase4EndlessScriptOnStdinStreams() throws {
        let state = path("state.json")
        let child = try Child(["--headless", "--script", "-", "--state", state], input: .pipe, in: dir)
        let input = child.input
        let writer = Thread {
            let line = Data(String(repeating: "move 10 10\n", count: 2000).utf8)
            // Write until the child goes (the pipe then fails with EPIPE, ignored).
            signal(SIGPIPE, SIG_IGN)
            while (try? input?.write(contentsOf: line)) != nil {}
        }
        writer.start()
        XCTAssertTrue(Child.waitUntil(20) { FileManager.default.fileExists(atPath: state) }, "no line ran while the pipe stayed open")
        usleep(3_000_000)
        let rss = Child.residentKB(child.pid)
        guard let (_, outcome) = child.signal(SIGINT, within: 10) else { return XCTFail("still running after SIGINT") }
        XCTAssertEqual(outcome.exitCode, 130, outcome.summary)
        XCTAssertLessThan(outcome.peakKB, 400 << 10, "memory bounded while streaming: \(outcome.summary)")
        print("case 4: yes 'move 10 10' | --script - : RSS \(rss / 1024) MB after 3 s, peak \(outcome.peakKB / 1024) MB")
    }

    /// Case 4: `--script -` from /dev/zero is a line-numbered error at once, not a fatal error.
    func testCase4ScriptFromDevZeroIsALineError() throws {
        let o = try Child.run(["--headless", "--script", "-"], input: .file("/dev/zero"), in: dir, timeout: 20)
        XCTAssertEqual(o.exitCode, 2, o.summary)
        XCTAssertEqual(o.lines.count, 1, o.summary)
        XCTAssertTrue(o.stderr.contains("script line 1:") && o.stderr.contains("NUL"), o.summary)
        XCTAssertLessThan(o.peakKB, 300 << 10, o.summary)
        print("case 4: /dev/zero → \(o.summary)")
    }

    /// Case 5: no DISPLAY, no WAYLAND_DISPLAY, no --headless: one line, exit 1. Today's main ran
    /// invisibly on SDL's offscreen driver until killed.
    func testCase5NoDisplayIsOneLineAndExit1() throws {
        let o = try Child.run([], env: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil], in: dir, timeout: 15)
        XCTAssertEqual(o.exitCode, 1, o.summary)
        XCTAssertEqual(o.lines.count, 1, o.summary)
        XCTAssertTrue(o.stderr.contains("DISPLAY") && o.stderr.contains("WAYLAND_DISPLAY") && o.stderr.contains("--headless"), o.summary)
        print("case 5: \(o.summary)")
    }

    /// Case 9: `drag 100 140 100 1e308` in the dock is a line error; before, a photo flew to NaN.
    func testCase9AbsurdCoordinatesAreRejectedAtTheBoundary() throws {
        let state = path("state.json")
        for line in ["drag 100 140 100 1e308", "click 1e300 5", "move nan 4", "scroll 0 1e300", "pinch inf"] {
            let script = try write("s.txt", "scene dock\n\(line)\nstate \(state)\n")
            let o = try Child.run(["--headless", "--script", script, "--no-restore"], in: dir, timeout: 30)
            XCTAssertEqual(o.exitCode, 2, "\(line): \(o.summary)")
            XCTAssertTrue(o.stderr.contains("script line 2:"), "\(line): \(o.summary)")
            XCTAssertEqual(o.lines.count, 1, "\(line): \(o.summary)")
        }
        // The biggest position allowed keeps the model whole: every photo once, all finite.
        let script = try write("ok.txt", "scene dock\ndrag 100 140 100 100000\nsettle\nstate \(state)\n")
        let o = try Child.run(["--headless", "--script", script, "--no-restore"], in: dir, timeout: 30)
        XCTAssertEqual(o.exitCode, 0, o.summary)
        let s = try XCTUnwrap(json(state))
        XCTAssertEqual(s["animating"] as? Bool, false)
        XCTAssertEqual(((s["grid"] as? [String]) ?? []).count + ((s["dock"] as? [String]) ?? []).count, 20)
        for entry in ((s["visible"] as? [[String: Any]]) ?? []) + ((s["flying"] as? [[String: Any]]) ?? []) {
            for key in ["x", "y", "width", "height"] { XCTAssertNotNil(entry[key] as? Double, "\(key) is a number (no NaN): \(entry)") }
        }
    }

    /// Case 10: numeric flags out of range are exit 2 with the range; before, `soak --seconds 1e300`
    /// crashed ("Double value cannot be converted to Int").
    func testCase10NumericFlagsAreRangeChecked() throws {
        for args in [["soak", "--seconds", "1e300"], ["soak", "--warmup", "1e300"], ["soak", "--seconds", "nan"],
                     ["soak", "--max-growth", "-1"], ["--headless", "--scale", "1e300"], ["--headless", "--size", "1e300x5"]] {
            let o = try Child.run(args, in: dir, timeout: 20)
            XCTAssertEqual(o.exitCode, 2, "\(args): \(o.summary)")
            XCTAssertEqual(o.lines.count, 1, "\(args): \(o.summary)")
            XCTAssertTrue(o.stderr.contains(" to ") || o.stderr.contains("…"), "\(args) names the range: \(o.summary)")
        }
    }

    /// Case 12, the command-line messages: each is one line that says what is wrong.
    func testCase12MessagesAreOneClearLine() throws {
        // A readable script that is not UTF-8: the line and the byte, not "cannot read script".
        let latin1 = path("latin1.txt")
        try Data("scene dock\nclick 1 2 # caf\u{E9}\n".data(using: .isoLatin1)!).write(to: URL(fileURLWithPath: latin1))
        var o = try Child.run(["--headless", "--script", latin1], in: dir, timeout: 20)
        XCTAssertEqual(o.exitCode, 2, o.summary)
        XCTAssertTrue(o.stderr.contains("script line 2: is not UTF-8"), o.summary)

        // A 10 MB bad token: at most ~80 characters of it are echoed.
        let big = try write("big.txt", "scene dock\nclick " + String(repeating: "9x", count: 5_000_000) + " 1\n")
        o = try Child.run(["--headless", "--script", big], in: dir, timeout: 30)
        XCTAssertEqual(o.exitCode, 2, o.summary)
        XCTAssertTrue(o.stderr.contains("script line 2"), o.summary)
        XCTAssertLessThan(o.stderr.count, 400, "the token is not echoed whole (\(o.stderr.count) characters)")

        // An invalid --columns outside the playground: exit 2 with the parser's column, not 0.
        o = try Child.run(["--headless", "--scene", "feed", "--columns", "[GridItem(.fixd(30))]", "--screenshot", path("x.png")], in: dir, timeout: 30)
        XCTAssertEqual(o.exitCode, 2, o.summary)
        XCTAssertTrue(o.stderr.contains("--columns") && o.stderr.contains("column"), o.summary)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.png")))

        // --state a folder, or somewhere nothing can be written: one line, exit 2, before any window.
        try FileManager.default.createDirectory(atPath: path("folder"), withIntermediateDirectories: true)
        for state in [path("folder"), "/proc/coffeegrid-state.json"] {
            o = try Child.run(["--headless", "--state", state, "--screenshot", path("y.png")], in: dir, timeout: 30)
            XCTAssertEqual(o.exitCode, 2, "\(state): \(o.summary)")
            XCTAssertEqual(o.lines.count, 1, "\(state): \(o.summary)")
            XCTAssertTrue(o.stderr.contains("--state") && !o.stderr.contains("NSError") && !o.stderr.contains("Domain"), o.summary)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("y.png")), "failed before the window opened")
        }
    }

    /// Case 12: `Photos` replaced by a file is one line, not twenty "file not found".
    func testCase12PhotosReplacedByAFileIsOneLine() throws {
        let r = try resources()
        try FileManager.default.removeItem(at: r.appendingPathComponent("Photos"))
        try "not a folder".write(to: r.appendingPathComponent("Photos"), atomically: false, encoding: .utf8)
        let o = try Child.run(["--headless", "--resources", r.path, "--scene", "dock", "--screenshot", path("x.png"), "--no-restore"], in: dir, timeout: 30)
        XCTAssertEqual(o.exitCode, 0, o.summary)
        XCTAssertEqual(o.lines.count, 1, o.summary)
        XCTAssertTrue(o.stderr.contains("Photos is not a folder"), o.summary)
    }

    /// Case 12: a missing or broken font says so plainly (no stale SDL error), and when no font is
    /// left, that text will not be drawn — not "using a fallback".
    func testCase12BrokenFontsSayWhatIsWrong() throws {
        let r = try resources(replacing: ["Fonts"])
        let fonts = r.appendingPathComponent("Fonts")
        for file in try FileManager.default.contentsOfDirectory(atPath: fonts.path) where !file.hasPrefix("LICENSE") {
            try FileManager.default.removeItem(at: fonts.appendingPathComponent(file))
            if file.hasPrefix("Inter") { try "not a font".write(to: fonts.appendingPathComponent(file), atomically: false, encoding: .utf8) }
        }
        let o = try Child.run(["--headless", "--resources", r.path, "--scene", "feed", "--screenshot", path("x.png")], in: dir, timeout: 30)
        XCTAssertEqual(o.exitCode, 0, o.summary)
        XCTAssertFalse(o.stderr.contains("udev"), "no stale SDL error: \(o.summary)")
        XCTAssertFalse(o.stderr.contains("using a fallback"), o.summary)
        XCTAssertTrue(o.stderr.contains("Inter-Regular.otf") && o.stderr.contains("not a font"), o.summary)
        XCTAssertTrue(o.stderr.contains("DejaVuSansMono.ttf") && o.stderr.contains("does not exist"), o.summary)
        XCTAssertTrue(o.stderr.contains("no text will be drawn"), o.summary)
        XCTAssertLessThanOrEqual(o.lines.count, 12, "a line per file, not per frame: \(o.summary)")
    }

    /// Case 13: a literal `columns:` list is capped like Array(repeating:count:); before, 5 M items
    /// took 5.7 GB and 68 s.
    func testCase13LiteralColumnListsAreCapped() throws {
        let spec = "[" + String(repeating: "GridItem(.fixed(1)),", count: 200_000) + "]"
        let file = try write("spec.txt", spec)
        let o = try Child.run(["layout", "--extent", "390", "-"], input: .file(file), in: dir, timeout: 60)
        XCTAssertEqual(o.exitCode, 2, o.summary)
        XCTAssertEqual(o.lines.count, 1, o.summary)
        XCTAssertLessThan(o.peakKB, 300 << 10, o.summary)
        print("case 13: 200,000-item literal spec → \(o.summary)")
        // Short enough to be read, one item too many: the same cap as Array(repeating:count:).
        let many = "[" + String(repeating: "GridItem(),", count: 1_001) + "]"
        let m = try Child.run(["layout", "--extent", "390", many], in: dir, timeout: 30)
        XCTAssertEqual(m.exitCode, 2, m.summary)
        XCTAssertTrue(m.stderr.contains("more than 1000 GridItems"), m.summary)
        let ok = try Child.run(["layout", "--extent", "390", "[" + String(repeating: "GridItem(),", count: 1_000) + "]"], in: dir, timeout: 30)
        XCTAssertEqual(ok.exitCode, 0, ok.summary)
    }

    /// Case 13: an idle headless `wait 60000` jumps the virtual clock; before, it drew 3,600 frames
    /// (8 s of CPU).
    func testCase13IdleHeadlessWaitsJumpTheClock() throws {
        let state = path("state.json")
        let script = try write("s.txt", "scene cells\nsettle\nwait 600000\nstate \(state)\n")
        let o = try Child.run(["--headless", "--script", script], in: dir, timeout: 60)
        XCTAssertEqual(o.exitCode, 0, o.summary)
        XCTAssertNotNil(json(state))
        let cpu = o.cpuSeconds
        XCTAssertLessThan(cpu, 5, "an idle 10-minute wait costs about a frame, not 36,000 (CPU \(cpu) s)")
        print("case 13: idle wait 600000 → \(o.summary), CPU \(String(format: "%.2f", cpu)) s")
    }
}

extension Child {
    static func residentKB(_ pid: pid_t) -> Int {
        guard let s = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = s.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
}
