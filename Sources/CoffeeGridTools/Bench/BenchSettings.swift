import CoffeeGridApp

/// What `coffeegrid bench`'s command line (or a test) chose, read by the suites as they run: one value
/// behind a lock rather than loose statics, since a test may set it from any thread.
struct BenchSettings: Sendable {
    /// `bench startup --scene NAME`; nil picks `feed` if present, else `stack`.
    var startupScene: String? = nil
    /// `--profile`: the software renderer only, SDL's batching off, every frame's time broken down
    /// by kind of work (`FrameProfile`); the breakdown of the p99 frames is printed after the table.
    var profiling = false
    /// The `frame` suite's folder of camera JPEGs; a test makes a tiny one.
    var cameraFolder = (count: 300, width: 4000, height: 3000)
    /// Where that folder is kept; nil: `.build/bench-photos` of the current directory when it has a
    /// `.build` (a checkout), else the temporary directory.
    var cameraFolderRoot: String? = nil

    private static let shared = Locked(BenchSettings())

    static var current: BenchSettings { shared.withLock { $0 } }

    static func change(_ body: (inout BenchSettings) -> Void) { shared.withLock { body(&$0) } }
}
