import Foundation

/// A child process started in a session of its own, as a desktop launches an app. Linux schedules
/// each session as one group (`sched_autogroup`): a window started from a desktop shares the CPU
/// with a build in a terminal as two equals, however many compilers the build runs. Started as a
/// plain child of the test runner, the window would instead share one group with the runner and
/// everything else in its session, and on a busy machine get a sliver of it. (Foundation's
/// `Process` makes its child a process-group leader, which can then never call `setsid`, so this
/// spawns with `POSIX_SPAWN_SETSID`.) The API is `Process`'s, as far as the tests use it.
final class SessionProcess {
    enum TerminationReason { case exit, uncaughtSignal }

    let processIdentifier: pid_t
    private var waitStatus: Int32?

    /// Starts `path` with `arguments` and `environment`, its output (both streams) to `output`.
    init(_ path: String, _ arguments: [String], environment: [String: String], output: FileHandle? = nil) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(0x80))  // POSIX_SPAWN_SETSID (glibc ≥ 2.26)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let sink = output?.fileDescriptor ?? open("/dev/null", O_WRONLY)
        defer { if output == nil { close(sink) } }
        posix_spawn_file_actions_adddup2(&actions, sink, 1)
        posix_spawn_file_actions_adddup2(&actions, sink, 2)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard rc == 0 else { throw XSession.Unavailable(description: "cannot start \(path): \(String(cString: strerror(rc)))") }
        processIdentifier = pid
    }

    /// Collects the exit status once the process has ended (without blocking).
    private func reap() {
        guard waitStatus == nil else { return }
        var status: Int32 = 0
        if waitpid(processIdentifier, &status, WNOHANG) == processIdentifier { waitStatus = status }
    }

    var isRunning: Bool { reap(); return waitStatus == nil }

    /// The exit code, or the signal that ended it (0 while running).
    var terminationStatus: Int32 {
        reap()
        guard let s = waitStatus else { return 0 }
        return s & 0x7f == 0 ? (s >> 8) & 0xff : s & 0x7f
    }

    var terminationReason: TerminationReason {
        reap()
        return (waitStatus ?? 0) & 0x7f == 0 ? .exit : .uncaughtSignal
    }

    /// Raises the session's share of the CPU (its autogroup's nice value) where that is allowed:
    /// as root, as in this project's shared test machines. A person's desktop gives the window
    /// they watch what it needs; here half a dozen builds would otherwise share the CPU evenly
    /// with it. Where it is not allowed (an unprivileged CI job, on a machine of its own) nothing
    /// changes. Returns whether it took effect.
    @discardableResult
    func raisePriority(nice: Int = -10) -> Bool {
        guard let f = fopen("/proc/\(processIdentifier)/autogroup", "w") else { return false }
        let ok = fputs("\(nice)\n", f) >= 0
        return fclose(f) == 0 && ok
    }

    func terminate() { if isRunning { kill(processIdentifier, SIGTERM) } }
    func interrupt() { if isRunning { kill(processIdentifier, SIGINT) } }

    func waitUntilExit() {
        while isRunning { usleep(10_000) }
    }
}
