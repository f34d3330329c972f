import Foundation

/// `--report-startup`: prints, on standard output, how long after process start the first frame was
/// drawn and when every photo on screen had been decoded, then asks the app to quit. The same in a
/// real window and headless; `coffeegrid bench startup` reads these lines from a child process.
///
///     coffeegrid startup: first-frame 84.1 ms (monotonic 123456.789)
///     coffeegrid startup: photos-decoded 212.5 ms (monotonic 123585.163)
final class StartupReport {
    private(set) var firstFrameReported = false
    private(set) var isDone = false
    private let print: (String) -> Void

    init(print: @escaping (String) -> Void = { Swift.print($0); fflush(stdout) }) {
        self.print = print
    }

    /// After each drawn frame; `pendingPhotos` is the number of placeholders still on screen.
    func frameDrawn(pendingPhotos: Int) {
        guard !isDone else { return }
        if !firstFrameReported {
            firstFrameReported = true
            report("first-frame")
        }
        if pendingPhotos == 0 {
            isDone = true
            report("photos-decoded")
        }
    }

    private func report(_ event: String) {
        let since = ProcessStats.millisecondsSinceProcessStart.map { String(format: "%.1f ms", $0) } ?? "? ms"
        print("coffeegrid startup: \(event) \(since) (monotonic \(String(format: "%.3f", ProcessStats.monotonicMilliseconds)))")
    }
}
