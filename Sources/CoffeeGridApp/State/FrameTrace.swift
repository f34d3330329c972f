import Foundation

/// `--trace FILE`: one JSON line for every frame the window draws and shows, written as soon as it
/// is shown, so a reader (the motion test, `tail -f`) sees what was really drawn and when, not just
/// where things ended up. Lines are flushed one by one; an idle window writes nothing.
final class FrameTrace {
    /// How many of the scene's visible items a line lists (in the scene's order), besides every
    /// photo in flight: enough to tell a start layout, an end layout and the frames between.
    static let itemLimit = 32

    private let file: UnsafeMutablePointer<FILE>
    let path: String
    private let log: (String) -> Void
    /// A line could not be written (a full disk): said once, and no more are tried.
    private(set) var failed = false
    /// CPU times (render thread, process) when the last line was written. Each line says what was
    /// spent since: while the window draws frame after frame, that frame's cost (the process figure
    /// with the decoders' work meanwhile), which is how a real window's slowest frames are read.
    private var lastCPU: (thread: Double, process: Double)?

    init(path: String, log: @escaping (String) -> Void = { _ in }) throws {
        guard let f = fopen(path, "w") else {
            throw UsageError("cannot write the trace file '\(path)': \(String(cString: strerror(errno)))")
        }
        file = f
        self.path = path
        self.log = log
    }

    deinit { fclose(file) }

    /// The CPU spent since the last line (nil for the first), and the times now for the next.
    func cpuSinceLastLine() -> (thread: Double, process: Double)? {
        let now = (thread: ProcessStats.threadCPUMilliseconds, process: ProcessStats.processCPUMilliseconds)
        defer { lastCPU = now }
        return lastCPU.map { (now.thread - $0.thread, now.process - $0.process) }
    }

    func write(_ line: JSON) {
        guard !failed else { return }
        if fputs(line.text + "\n", file) < 0 || fflush(file) != 0 || ferror(file) != 0 {
            failed = true
            log("coffeegrid: cannot write the trace file \(path): \(String(cString: strerror(errno))); no more frames are traced")
        }
    }

    /// One line: the frame number, the frame's time on the app's clock (`ms`, since start), the
    /// monotonic clock when it was shown (`monotonicMs`, CLOCK_MONOTONIC, comparable across
    /// processes), the CPU since the last line (`cpuMs`), whether anything still moves, the scene and
    /// window, and the items' drawn frames.
    /// `cpu`: milliseconds of CPU since the last line, the render thread's and the process's.
    static func line(frame: Int, time: Double, animating: Bool, scene: String, window: (Double, Double),
                     state: [(String, JSON)], cpu: (thread: Double, process: Double)? = nil) -> JSON {
        var items: [JSON] = []
        if case .array(let visible)? = state.first(where: { $0.0 == "visible" })?.1 { items = Array(visible.prefix(itemLimit)) }
        if case .array(let flying)? = state.first(where: { $0.0 == "flying" })?.1 { items += flying }
        return .object([
            ("frame", .number(Double(frame))),
            ("ms", .number(time * 1000)),
            ("monotonicMs", .number(ProcessStats.monotonicMilliseconds)),
            ("cpuMs", cpu.map { .object([("thread", .number(($0.thread * 1000).rounded() / 1000)),
                                          ("process", .number(($0.process * 1000).rounded() / 1000))]) } ?? .null),
            ("animating", .bool(animating)),
            ("scene", .string(scene)),
            ("window", .object([("width", .number(window.0)), ("height", .number(window.1))])),
            ("items", .array(items)),
            // The open photo's frame, flying or at rest (see PhotoViewer).
            ("viewer", state.first(where: { $0.0 == "viewer" })?.1 ?? .null),
            // Photos fading in or out as the folder changes (see ItemTransitions).
            ("transitions", state.first(where: { $0.0 == "transitions" })?.1 ?? .array([])),
        ])
    }
}
