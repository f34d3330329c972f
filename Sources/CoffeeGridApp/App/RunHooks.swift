/// What a caller of `CoffeeGrid.main` can hook into, so tests see a run as it happened: its log
/// lines (one per problem) and the app as it ended. The command line uses the defaults.
struct RunHooks {
    /// Every log line of the run; standard error by default.
    var log: (String) -> Void = { CoffeeGrid.log($0) }
    /// Called at the end of a headless run, after the last frame and screenshot, before shutdown.
    var finished: ((AppController) -> Void)?

    init(log: @escaping (String) -> Void = { CoffeeGrid.log($0) }, finished: ((AppController) -> Void)? = nil) {
        self.log = log
        self.finished = finished
    }
}
