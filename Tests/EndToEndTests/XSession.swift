import Foundation
import TestEnvironment
import XCTest

/// A private X display (Xvfb) and the real `coffeegrid` binary in a real window, driven with
/// xdotool as a person would: the end-to-end harness. Every process it starts is stopped in `close()`.
final class XSession {
    let display: String
    let stateFile: URL
    /// Where `--trace` writes, for the tests that pass it.
    let traceFile: URL
    let dir: URL
    /// Test failures seen before this session began, and whether its folder is gone.
    private let failuresAtStart: Int
    private var removed = false
    private var xvfb: SessionProcess?
    private(set) var app: SessionProcess?
    private(set) var window = ""
    private var appLog: URL

    /// A failure to start something the session drives.
    struct Unavailable: Error, CustomStringConvertible { var description: String }

    static func which(_ tool: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let p = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    /// The built app next to this test bundle (.build/debug/coffeegrid), or `COFFEEGRID_BINARY`.
    static var binary: String {
        if let b = ProcessInfo.processInfo.environment["COFFEEGRID_BINARY"], !b.isEmpty { return b }
        var dir = Bundle(for: XSession.self).bundleURL.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: dir.appendingPathComponent("coffeegrid").path) {
            dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        }
        return dir.appendingPathComponent("coffeegrid").path
    }

    /// Throws `TestEnvironment.missing` where Xvfb or xdotool is not installed or Xvfb cannot start:
    /// the test is skipped, or under `make test` fails.
    init() throws {
        guard let xvfbPath = XSession.which("Xvfb"), XSession.which("xdotool") != nil else {
            throw TestEnvironment.missing("Xvfb or xdotool is not installed (make test-deps installs them)")
        }
        failuresAtStart = FailureCounter.shared.count
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        stateFile = dir.appendingPathComponent("state.json")
        traceFile = dir.appendingPathComponent("trace.jsonl")
        appLog = dir.appendingPathComponent("app.log")
        // A display number nobody uses.
        var n = 90 + Int(getpid() % 100)
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") || FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock") { n += 1 }
        display = ":\(n)"
        // Xvfb and the app each in a session of their own, as on a desktop (see SessionProcess).
        let x = try SessionProcess(xvfbPath, [display, "-screen", "0", "1600x1400x24", "-nolisten", "tcp"],
                                   environment: ProcessInfo.processInfo.environment)
        x.raisePriority()
        xvfb = x
        guard XSession.waitUntil(10, { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") }), x.isRunning else {
            close()
            throw TestEnvironment.missing("Xvfb could not start on \(display)")
        }
    }

    /// `$XDG_STATE_HOME` of every launch in this session: where the dock and the session are saved.
    var stateHome: URL { dir.appendingPathComponent("xdg") }

    /// Everything the app printed in this session.
    func appOutput() -> String { (try? String(contentsOf: appLog, encoding: .utf8)) ?? "" }

    /// Starts the app and waits for its window and first state file. An empty value in
    /// `environment` removes that variable.
    /// `windowClass` nil: the window is not an X window (a Wayland client), so none is looked for.
    /// (By class, not name: the title names the scene, in UTF-8, which xdotool's name search cannot read.)
    func launch(_ args: [String], environment extra: [String: String] = [:], windowClass: String? = "coffeegrid") throws {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["SDL_VIDEODRIVER"] = "x11"
        env["XDG_STATE_HOME"] = stateHome.path
        // No desktop bus unless a test brings its own: the developer's portal must not leak in.
        env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/coffeegrid-no-bus"
        for (k, v) in extra { env[k] = v.isEmpty ? nil : v }
        try? FileManager.default.removeItem(at: stateFile)
        if !FileManager.default.fileExists(atPath: appLog.path) { XCTAssertTrue(FileManager.default.createFile(atPath: appLog.path, contents: nil), appLog.path) }
        let log = try FileHandle(forWritingTo: appLog)
        log.seekToEndOfFile()
        defer { try? log.close() }
        // In a session of its own, as a desktop launches apps (see SessionProcess).
        app = try SessionProcess(XSession.binary, ["--state", stateFile.path] + args, environment: env, output: log)
        app?.raisePriority()
        guard XSession.waitUntil(20, { FileManager.default.fileExists(atPath: self.stateFile.path) }) else {
            throw failure("the app wrote no state file")
        }
        guard let windowClass = windowClass else { return }
        let found = xdotool(["search", "--sync", "--onlyvisible", "--class", windowClass])
        window = found.split(separator: "\n").first.map(String.init) ?? ""
        guard !window.isEmpty else { throw failure("no CoffeeGrid window appeared") }
    }

    @discardableResult
    func xdotool(_ args: [String]) -> String { XSession.run("xdotool", args, display: display) }

    static func run(_ tool: String, _ args: [String], display: String) -> String {
        guard let path = which(tool) else { return "" }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return "" }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: - Acting like a person

    func click(_ x: Double, _ y: Double) {
        xdotool(["mousemove", "--window", window, String(Int(x.rounded())), String(Int(y.rounded())), "click", "1"])
    }

    func key(_ k: String) { xdotool(["key", "--window", window, k]) }

    func wheelDown(_ times: Int, at x: Double, _ y: Double) {
        xdotool(["mousemove", "--window", window, String(Int(x)), String(Int(y)), "click", "--repeat", String(times), "--delay", "30", "5"])
    }

    func resize(_ w: Int, _ h: Int) { xdotool(["windowsize", window, String(w), String(h)]) }

    // MARK: - Reading the app

    func state() -> [String: Any]? {
        guard let data = try? Data(contentsOf: stateFile) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// Waits until `check` holds for the state file; returns the last state seen.
    @discardableResult
    func waitForState(_ seconds: Double = 8, _ check: ([String: Any]) -> Bool) -> [String: Any]? {
        var last: [String: Any]?
        _ = XSession.waitUntil(seconds) {
            last = self.state()
            return last.map(check) ?? false
        }
        return last.flatMap { check($0) ? $0 : nil }
    }

    /// The app's CPU time (user + system) in seconds, from /proc.
    func appCPUSeconds() -> Double? {
        guard let pid = app?.processIdentifier, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let u = Double(fields[11]), let s = Double(fields[12]) else { return nil }
        return (u + s) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// What the app has printed so far (standard output and error).
    var log: String { (try? String(contentsOf: appLog, encoding: .utf8)) ?? "" }

    /// The window's pixels as the display shows them (raw RGB, from the X server, not the app).
    func grab() -> Data? {
        let path = dir.appendingPathComponent("grab.rgb").path
        _ = XSession.run("import", ["-window", window, "-depth", "8", "rgb:" + path], display: display)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try? Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// A screenshot of the whole display for a failure report.
    func screenshot(_ name: String) -> String {
        let path = dir.appendingPathComponent(name).path
        _ = XSession.run("import", ["-window", "root", path], display: display)
        return path
    }

    func failure(_ message: String) -> Error {
        let log = (try? String(contentsOf: appLog, encoding: .utf8)) ?? ""
        return Unavailable(description: "\(message); screenshot: \(screenshot("failure.png")); app log: \(log.suffix(800))")
    }

    static func waitUntil(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    func close() {
        if let a = app, a.isRunning { a.terminate(); _ = XSession.waitUntil(3) { !a.isRunning }; if a.isRunning { kill(a.processIdentifier, SIGKILL) } }
        if let x = xvfb, x.isRunning { x.terminate(); _ = XSession.waitUntil(3) { !x.isRunning }; if x.isRunning { kill(x.processIdentifier, SIGKILL) } }
        app = nil
        xvfb = nil
        // The folder (screenshots, the app's log, generated photos: up to 33 MB) is what a failure
        // message points at, so it stays only when a test failed while the session was open.
        if !removed && FailureCounter.shared.count == failuresAtStart {
            try? FileManager.default.removeItem(at: dir)
            removed = true
        }
    }

    deinit { close() }
}
