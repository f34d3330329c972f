import Foundation
import CStandardOutput

/// SIGINT, SIGTERM and SIGHUP for the whole process (a closed terminal or a logging-out session
/// sends SIGHUP: it ends like SIGTERM, state written). The signal itself only records which arrived and
/// writes a byte to a pipe (a Dispatch signal source, not code run inside the handler); every loop
/// that waits or sleeps — the window's event wait, headless frames, script reads, the soak run —
/// checks `requested` or polls `wakeDescriptor`, finishes its frame, writes its state and returns
/// `exitCode` (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP).
///
/// Nothing may keep the process past `grace` seconds: after it (or at a second signal) the process
/// exits with the code anyway, so a stuck decoder or a blocked read can never make it unkillable.
public enum Interruption {
    public static let grace = 0.9

    /// Guards the statics below (signals, children and wakers arrive from other threads): each
    /// is `nonisolated(unsafe)` because it is only touched with this lock held.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var received: Int32?
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    nonisolated(unsafe) private static var children: Set<pid_t> = []
    nonisolated(unsafe) private static var wakers: [() -> Void] = []
    nonisolated(unsafe) private static var pipeFDs: [Int32] = [-1, -1]
    private static let queue = DispatchQueue(label: "coffeegrid.signals")

    /// The signal that arrived, if any.
    public static var signal: Int32? {
        lock.lock(); defer { lock.unlock() }
        return received
    }

    public static var requested: Bool { signal != nil }

    /// 128 + the signal number, as a shell reports a process a signal ended.
    public static var exitCode: Int32? { signal.map { 128 + $0 } }

    /// Readable once a signal has arrived: for `poll` next to another descriptor. -1 before `install`.
    public static var wakeDescriptor: Int32 {
        lock.lock(); defer { lock.unlock() }
        return pipeFDs[0]
    }

    /// The signals that end the process gracefully.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Takes over SIGINT, SIGTERM and SIGHUP. `graceful` processes finish their frame and save first (the
    /// app); the others (benchmarks, batch commands) stop their children and exit at once.
    public static func install(graceful: Bool = true) {
        lock.lock()
        defer { lock.unlock() }
        guard sources.isEmpty else { return }
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC); _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
            pipeFDs = fds
        }
        for sig in signals {
            Foundation.signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler { arrived(sig, graceful: graceful) }
            source.resume()
            sources.append(source)
        }
    }

    /// Children that must not outlive this process (benchmark children, a private X server).
    public static func adopt(_ pid: pid_t) {
        lock.lock(); children.insert(pid); lock.unlock()
    }

    public static func release(_ pid: pid_t) {
        lock.lock(); children.remove(pid); lock.unlock()
    }

    /// Called (on another thread) when a signal arrives, e.g. to wake a blocked event wait.
    public static func onSignal(_ wake: @escaping () -> Void) {
        lock.lock(); wakers.append(wake); lock.unlock()
    }

    private static func arrived(_ sig: Int32, graceful: Bool) {
        lock.lock()
        let second = received != nil
        if !second { received = sig }
        let kids = children, wake = wakers, fd = pipeFDs[1]
        lock.unlock()
        for pid in kids { kill(pid, sig) }
        let code = 128 + sig
        guard graceful, !second else { leave(code) }
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
        wake.forEach { $0() }
        queue.asyncAfter(deadline: .now() + grace) { leave(code) }
    }

    private static func leave(_ code: Int32) -> Never {
        fflush(cg_standard_output())
        _exit(code)
    }
}
