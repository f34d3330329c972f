/// A command the executable adds to the app's command line (`coffeegrid NAME …`): the app knows
/// `layout` and the window; whatever else the `coffeegrid` binary offers is handed to
/// `CoffeeGrid.run` as a table, so the app never names the module that provides it. Its errors go
/// through the app's own handling: a thrown `UsageError` is one line and exit code 2.
package struct Subcommand: Sendable {
    package var name: String
    /// Its line in `coffeegrid --help`, after `coffeegrid layout …`; nil for a hidden command.
    package var usage: String?
    /// True: a signal ends it at once, with any children it adopted (a batch job); false: it finishes
    /// its frame and saves first, as the app does (`Interruption.install(graceful:)`).
    package var stopsAtOnce: Bool
    /// Runs it with the words after its name and the run's log; returns the exit code.
    package var run: @Sendable (_ args: [String], _ log: @escaping (String) -> Void) throws -> Int32

    package init(name: String, usage: String?, stopsAtOnce: Bool,
                 run: @escaping @Sendable (_ args: [String], _ log: @escaping (String) -> Void) throws -> Int32) {
        self.name = name
        self.usage = usage
        self.stopsAtOnce = stopsAtOnce
        self.run = run
    }
}
