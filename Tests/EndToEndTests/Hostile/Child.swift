import Foundation
import TestEnvironment
import XCTest

/// The `coffeegrid` binary run as a child process the way the issue's reproductions run it, with
/// what a hostile-input test needs to see: how it ended (exit code or signal), how long it took,
/// its peak resident memory (from `wait4`), and what it printed. A child still running at its
/// deadline is killed and reported as timed out, so no test can hang on a runaway child.
///
/// `COFFEEGRID_BINARY` runs another build (e.g. an older commit, to see the tests fail there).
final class Child {
    struct Outcome {
        var exitCode: Int32?
        var signal: Int32?
        var timedOut: Bool
        var seconds: Double
        var peakKB: Int
        /// The child's peak address space (VmPeak), as sampled.
        var peakVirtualKB = 0
        /// User plus system CPU time of the child.
        var cpuSeconds: Double
        var stderr: String
        var stdout: String

        var lines: [String] { stderr.split(separator: "\n").map(String.init) }
        var summary: String {
            let how = timedOut ? "still running at the deadline (killed)" : exitCode.map { "exit \($0)" } ?? "signal \(signal ?? 0)"
            return "\(how) after \(String(format: "%.2f", seconds)) s (CPU \(String(format: "%.2f", cpuSeconds)) s), peak RSS ≥ \(peakKB / 1024) MB (sampled); stderr: \(stderr.suffix(600))"
        }
    }

    static var binary: String { XSession.binary }

    /// The checkout's Resources folder (tests run from the package root or its .build folder).
    static var resources: URL {
        var dir = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { dir.deleteLastPathComponent() }
        return dir.appendingPathComponent("Resources")
    }

    let pid: pid_t
    let started: Date
    let stdoutPath: String
    private let errPath: String
    private(set) var outcome: Outcome?
    /// The write end of the child's standard input when it was asked for a pipe.
    let input: FileHandle?

    enum Input { case null, file(String), pipe }
    /// Where standard error goes: a file the outcome reads (the default), another file (`/dev/full`),
    /// nowhere (closed), or a pipe whose reader has gone (the first write raises SIGPIPE).
    enum Errors { case captured, file(String), closed, brokenPipe }

    /// Starts `binary args…` in `dir` with the environment `env` (nil values remove a variable).
    /// `launcher` runs first, with the binary and `args` after it (`prlimit --as=N`).
    /// `output`: a file standard output goes to instead of the captured one (`/dev/full`).
    init(_ args: [String], env extra: [String: String?] = [:], input: Input = .null, errors: Errors = .captured,
         output: String? = nil, launcher: [String] = [], in dir: URL) throws {
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        env["XDG_STATE_HOME"] = dir.appendingPathComponent("xdg").path
        for (k, v) in extra { env[k] = v }
        stdoutPath = dir.appendingPathComponent("child-\(UUID().uuidString).out").path
        errPath = dir.appendingPathComponent("child-\(UUID().uuidString).err").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeFDs: [Int32] = [-1, -1]
        switch input {
        case .null: posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .file(let path): posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
        case .pipe:
            guard pipe(&pipeFDs) == 0 else { throw XSession.Unavailable(description: "pipe failed") }
            posix_spawn_file_actions_adddup2(&actions, pipeFDs[0], 0)
            posix_spawn_file_actions_addclose(&actions, pipeFDs[1])
        }
        if let output {
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        var brokenPipe: [Int32] = [-1, -1]
        switch errors {
        case .captured: posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        case .file(let path): posix_spawn_file_actions_addopen(&actions, 2, path, O_WRONLY, 0)
        case .closed: posix_spawn_file_actions_addclose(&actions, 2)
        case .brokenPipe:
            guard pipe(&brokenPipe) == 0 else { throw XSession.Unavailable(description: "pipe failed") }
            posix_spawn_file_actions_adddup2(&actions, brokenPipe[1], 2)
            posix_spawn_file_actions_addclose(&actions, brokenPipe[0])
            posix_spawn_file_actions_addclose(&actions, brokenPipe[1])
        }
        let program = launcher.first ?? Child.binary
        let argv = (launcher + [Child.binary] + args).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var child: pid_t = 0
        // As a shell starts it: SIGPIPE at its default, whatever this test process ignores.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let rc = posix_spawn(&child, program, &actions, &attributes, argv, envp)
        for fd in brokenPipe where fd >= 0 { close(fd) }  // the reader goes before the child writes
        guard rc == 0 else { throw XSession.Unavailable(description: "cannot start \(Child.binary): \(String(cString: strerror(rc)))") }
        pid = child
        started = Date()
        if pipeFDs[0] >= 0 {
            close(pipeFDs[0])
            self.input = FileHandle(fileDescriptor: pipeFDs[1], closeOnDealloc: true)
        } else {
            self.input = nil
        }
    }

    deinit { if outcome == nil { kill(pid, SIGKILL); _ = wait(timeout: 5) } }

    /// Runs to the end (or `timeout` seconds, then SIGKILL) and returns the outcome.
    static func run(_ args: [String], env: [String: String?] = [:], input: Input = .null, errors: Errors = .captured,
                    output: String? = nil, launcher: [String] = [], in dir: URL, timeout: Double = 60) throws -> Outcome {
        let c = try Child(args, env: env, input: input, errors: errors, output: output, launcher: launcher, in: dir)
        lastPID = c.pid
        return c.wait(timeout: timeout)
    }

    var isRunning: Bool {
        sampleMemory()
        return outcome == nil && reap(blocking: false) == nil
    }

    /// Sends `sig` and returns how many seconds the child took to end after it (nil: not within `within`).
    func signal(_ sig: Int32, within: Double) -> (seconds: Double, outcome: Outcome)? {
        sampleMemory()
        let sent = Date()
        kill(pid, sig)
        let o = wait(timeout: within)
        return o.timedOut ? nil : (Date().timeIntervalSince(sent), o)
    }

    @discardableResult
    func wait(timeout: Double) -> Outcome {
        if let o = outcome { return o }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            sampleMemory()
            if let o = reap(blocking: false) { return o }
            usleep(10_000)
        }
        if let o = reap(blocking: false) { return o }
        kill(pid, SIGKILL)
        var o = reap(blocking: true)!
        o.timedOut = true
        outcome = o
        return o
    }

    /// The child's peak resident set so far (VmHWM). `wait4`'s ru_maxrss cannot be used: Linux
    /// keeps the spawning test process's own high-water mark across the exec.
    private var peakSeenKB = 0
    private var peakVirtualSeenKB = 0
    private func sampleMemory() {
        guard let s = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return }
        func kb(_ key: String) -> Int? {
            s.split(separator: "\n").first(where: { $0.hasPrefix(key) }).flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
        }
        if let k = kb("VmHWM:") { peakSeenKB = max(peakSeenKB, k) }
        if let k = kb("VmPeak:") { peakVirtualSeenKB = max(peakVirtualSeenKB, k) }
    }

    private func reap(blocking: Bool) -> Outcome? {
        if let o = outcome { return o }
        var status: Int32 = 0
        var usage = rusage()
        let r = wait4(pid, &status, blocking ? 0 : WNOHANG, &usage)
        guard r == pid else { return nil }
        let low = status & 0x7f
        let o = Outcome(exitCode: low == 0 ? (status >> 8) & 0xff : nil, signal: low == 0 ? nil : low, timedOut: false,
                        seconds: Date().timeIntervalSince(started), peakKB: peakSeenKB, peakVirtualKB: peakVirtualSeenKB,
                        cpuSeconds: Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6,
                        stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
                        stdout: (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "")
        outcome = o
        return o
    }

    /// Waits until `condition` holds (polling), false at the deadline.
    static func waitUntil(_ seconds: Double, _ condition: () -> Bool) -> Bool { XSession.waitUntil(seconds, condition) }
}

/// A temporary folder per test, removed afterwards.
class HostileTestCase: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        guard FileManager.default.isExecutableFile(atPath: Child.binary) else {
            throw TestEnvironment.missing("no coffeegrid binary at \(Child.binary) (swift build builds it)")
        }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    func write(_ name: String, _ text: String) throws -> String {
        let p = path(name)
        try text.write(toFile: p, atomically: false, encoding: .utf8)
        return p
    }

    /// A Resources folder whose subfolders link to the real ones, except `replace` (a folder name
    /// such as "Photos"), which is a real folder of links the test may then change file by file.
    func resources(replacing replace: [String] = []) throws -> URL {
        let r = dir.appendingPathComponent("Resources")
        try FileManager.default.createDirectory(at: r, withIntermediateDirectories: true)
        let fm = FileManager.default
        for name in try fm.contentsOfDirectory(atPath: Child.resources.path) {
            let src = Child.resources.appendingPathComponent(name)
            let dst = r.appendingPathComponent(name)
            if replace.contains(name) {
                try fm.createDirectory(at: dst, withIntermediateDirectories: true)
                for file in try fm.contentsOfDirectory(atPath: src.path) {
                    try fm.createSymbolicLink(at: dst.appendingPathComponent(file), withDestinationURL: src.appendingPathComponent(file))
                }
            } else {
                try fm.createSymbolicLink(at: dst, withDestinationURL: src)
            }
        }
        return r
    }

    func json(_ path: String) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}
