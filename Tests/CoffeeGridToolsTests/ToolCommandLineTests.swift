import XCTest
@testable import CoffeeGridApp
@testable import CoffeeGridTools

/// The tools' commands as the `coffeegrid` executable wires them (`ToolCommands.all` handed to the
/// app's command line): their messages and exit codes, and their lines in `coffeegrid --help`, the
/// same as when they were the app's own.
final class ToolCommandLineTests: XCTestCase {
    func testEachCommandKeepsItsMessages() {
        for (args, message) in [
            (["bench", "--json"], "--json needs a FILE; \(BenchCommand.usage)"),
            (["bench", "--scene"], "--scene needs a NAME; \(BenchCommand.usage)"),
            (["bench", "nosuch"], "unknown suite 'nosuch'; \(BenchCommand.usage)"),
            (["soak", "--seconds"], "--seconds needs a number from 1 to 2592000, not ''; \(SoakCommand.usage)"),
            (["soak", "--max-growth", "-1"], "--max-growth needs a number from 0 to 1000, not '-1'; \(SoakCommand.usage)"),
            (["soak", "x"], "unknown argument 'x' for soak; \(SoakCommand.usage)"),
            (["bench-child", "memory-scroll", "--items", "0"], "bad argument '--items'; \(BenchChild.usage)"),
            (["bench-child", "memory-scroll", "items"], "bad argument 'items'; \(BenchChild.usage)"),
            (["screenshots", "--out"], "--out needs a folder"),
            (["screenshots", "--scale", "9"], "--scale needs 0.5…4"),
            (["screenshots", "-q"], "unknown flag '-q' for screenshots"),
        ] {
            var logged: [String] = []
            XCTAssertEqual(CoffeeGrid.main(args, hooks: RunHooks(log: { logged.append($0) }), commands: ToolCommands.all), 2, "\(args)")
            XCTAssertEqual(logged, ["coffeegrid: " + message], "\(args)")
        }
    }

    func testTheUsageListsTheToolsBetweenLayoutAndHelp() {
        XCTAssertEqual(Options.usage(adding: ToolCommands.all), """
            usage: coffeegrid [--scene NAME] [--size WxH] [--scale S] [--headless] [--script FILE|-]
                              [--screenshot FILE] [--state FILE] [--resources DIR] [--renderer automatic|software|gl]
                              [--seed N] [--columns SPEC] [--items N] [--no-restore] [--reduce-motion] [--order name|date|modified|size]
                              [--no-thumbnail-cache] [--no-camera-thumbnails] [--trace FILE] [PATH…]
                   coffeegrid layout [--axis vertical|horizontal] --extent W [--alignment A] [--explain] SPEC
                   coffeegrid bench [--json FILE] [--scene NAME] [SUITE…]
                   coffeegrid soak [--seconds N] [--warmup N] [--max-growth PERCENT]
                   coffeegrid screenshots [--out DIR] [--scale S] [SCENE…]
                   coffeegrid --help | --version
            """)
        // Without the tools (the app module alone, as its own tests run it) only the app's lines.
        XCTAssertFalse(Options.usage(adding: []).contains("bench"))
    }

    /// A signal stops the batch commands at once; the soak, which is the app running, finishes its frame.
    func testOnlyTheSoakEndsGracefully() {
        XCTAssertEqual(ToolCommands.all.filter { !$0.stopsAtOnce }.map(\.name), ["soak"])
        XCTAssertEqual(ToolCommands.all.filter { $0.usage == nil }.map(\.name), ["bench-child"])
    }
}
