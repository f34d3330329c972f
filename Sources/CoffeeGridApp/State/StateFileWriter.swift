/// `--state FILE`: the app's state written after every frame that changed it — in a real window
/// too — atomically, so a reader (a test, a person) never sees half a file.
final class StateFileWriter: FrameObserver {
    let path: String
    private let log: (String) -> Void
    private var lastText = ""
    /// The last write failed; a line was logged.
    private var failing = false
    /// A write failed during the run (a headless run then exits 1).
    private(set) var failed = false

    init(path: String, log: @escaping (String) -> Void) {
        self.path = path
        self.log = log
    }

    func frameShown(_ number: Int, at time: Double, by app: AppController) { write(app.stateText()) }

    /// Writes `text` unless the file already says it.
    func write(_ text: String) {
        guard text != lastText else { return }
        lastText = text
        do {
            try StateFile.write(text + "\n", to: path)
            failing = false
        } catch {
            // One line for a run of failures (a full disk), not one a frame.
            if !failing { log("coffeegrid: state file: \(DockStore.describe(error))") }
            failing = true
            failed = true
        }
    }
}
