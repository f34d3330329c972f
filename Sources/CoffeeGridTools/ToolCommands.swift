import CoffeeGridApp

/// The benchmark, its child measurements, the soak and the screenshots, as `coffeegrid`'s extra
/// commands (`Sources/coffeegrid/main.swift` hands this table to `CoffeeGrid.run`), in the order
/// `coffeegrid --help` lists them.
package enum ToolCommands {
    package static let all: [Subcommand] = [
        Subcommand(name: "bench", usage: "coffeegrid bench [--json FILE] [--scene NAME] [SUITE…]", stopsAtOnce: true) { args, _ in
            try BenchCommand.run(args)
        },
        // Hidden: one memory measurement in a process of its own (see MemoryBench).
        Subcommand(name: "bench-child", usage: nil, stopsAtOnce: true) { args, _ in try BenchChild.run(args) },
        // The soak is the app running for a long time: on a signal it finishes its lap's frame as the app would.
        Subcommand(name: "soak", usage: "coffeegrid soak [--seconds N] [--warmup N] [--max-growth PERCENT]", stopsAtOnce: false) { args, log in
            try SoakCommand.run(args, log: log)
        },
        Subcommand(name: "screenshots", usage: "coffeegrid screenshots [--out DIR] [--scale S] [SCENE…]", stopsAtOnce: true) { args, _ in
            try ScreenshotsCommand.run(args)
        },
    ]
}
