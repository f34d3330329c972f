import Foundation
import GridCore
import PhotoLibrary
import Stage
import SystemIO

/// The command-line entry: `layout`, the executable's own subcommands (`Subcommand`), or the app window.
public enum CoffeeGrid {
    public static let version = "0.1.0"
    /// The reverse-DNS app id: the desktop entry (`Packaging/APP_ID.desktop.in`), the icons, the
    /// AppStream metadata and the window class all use it.
    public static let appID = "io.github.coffeegrid.CoffeeGrid"

    /// Runs the app's own command line with `args` (without the executable name: `layout` or the
    /// app, no extra commands) and returns the exit code; the screenshots command renders through it.
    public static func main(_ args: [String]) -> Int32 { main(args, hooks: RunHooks()) }

    /// The executable's entry: `main` with SIGINT/SIGTERM taken over first, and the executable's own
    /// `commands` beside the app's. The app finishes its frame and saves on a signal, and so does a
    /// command that asks to; `layout` and the batch commands stop their children and exit at once.
    package static func run(_ args: [String], commands: [Subcommand] = []) -> Int32 {
        StandardStreams.secure()
        HeapPolicy.keepBigBlocks()
        let stopsAtOnce = args.first == "layout" || commands.first { $0.name == args.first }?.stopsAtOnce == true
        Interruption.install(graceful: !stopsAtOnce)
        return StandardStreams.finish(main(args, hooks: RunHooks(), commands: commands))
    }

    /// The process's arguments after the program name, each as given: `CommandLine.arguments`
    /// repairs bytes that are not UTF-8 (a Latin-1 file name) into U+FFFD, and such a path would
    /// never be found; `PathBytes` keeps them.
    public static func commandLineArguments() -> [String] {
        (0..<Int(CommandLine.argc)).dropFirst().compactMap { i -> String? in
            guard let arg = CommandLine.unsafeArgv[i] else { return nil }
            let raw = UnsafeRawBufferPointer(start: arg, count: strlen(arg))
            return String(validating: raw, as: UTF8.self) ?? PathBytes.string(raw)
        }
    }

    static func main(_ args: [String], hooks: RunHooks, commands: [Subcommand] = []) -> Int32 {
        let log = hooks.log
        do {
            if let command = commands.first(where: { $0.name == args.first }) {
                return try command.run(Array(args.dropFirst()), log)
            }
            switch args.first {
            case "layout":
                print(try LayoutCommand.run(Array(args.dropFirst()), readStdin: readBoundedStdin))
                return 0
            case "--help", "-h":
                print(Options.usage(adding: commands))
                return 0
            case "--version":
                print("coffeegrid \(version)")
                return 0
            default:
                return try runApp(Options(parsing: args), hooks: hooks)
            }
        } catch let e as UsageError {
            log("coffeegrid: \(e.message)")
            return 2
        } catch let e as ScriptCommand.ParseError {
            log("coffeegrid: \(e)")
            return 2
        } catch {
            log("coffeegrid: \(error)")
            return 1
        }
    }

    /// Standard input up to one byte past the spec size cap (the parser then refuses it whole):
    /// an endless pipe is never read to its end.
    static func readBoundedStdin() -> String? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count <= GridSpec.maxSourceBytes {
            let n = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// One line on stderr, always starting with the program's name.
    static func log(_ line: String) {
        StandardError.write(line: line.hasPrefix("coffeegrid:") ? line : "coffeegrid: " + line)
    }

    static func runApp(_ options: Options, hooks: RunHooks = RunHooks()) throws -> Int32 {
        let resources = try ResourceLocator.locate(explicit: options.resources)
        // Everything that can be wrong with the command line fails here, before a window opens.
        var reader: ScriptReader?
        let catalog = SceneCatalog.standard()
        if let path = options.script {
            let r = try ScriptReader(path: path)
            // A file is checked whole first, so a bad line fails fast; a pipe runs as it arrives.
            // (A script may drop a folder and then show the Photos scene.)
            try HeadlessRunner.check(r, catalog: catalog.addingPhotos())
            reader = r
        }
        if let name = options.scene, catalog.addingPhotos().entry(named: name) == nil {
            throw UsageError("unknown scene \(ScriptMessage.excerpt(name)); scenes: \(catalog.addingPhotos().names.joined(separator: ", "))")
        }
        if let state = options.state { try StateFile.checkWritable(state, flag: "--state") }
        if options.benchScroll != nil, options.scene != "cells" {
            throw UsageError("--bench-scroll scrolls the cells scene: add --scene cells")
        }
        // Temp files a killed run left beside the dock (the dock scene cleans again when it opens).
        StateFile.removeStaleTemps(beside: DockStore().path)
        var hostOptions = HostOptions(app: options, resources: resources, log: hooks.log)
        hostOptions.headless = options.headless || reader != nil || options.screenshot != nil
        if !hostOptions.headless, let missing = DisplayCheck.missingDisplay() {
            hooks.log("coffeegrid: \(missing)")
            return 1
        }
        // Before the desktop session's threads: the environment is changed only while this one runs.
        if !hostOptions.headless { hostOptions.namedComposeCache = ComposeCache.name(CacheDirectory.path() + "/compose") }
        // A real window picks up where the last one left off and follows the desktop's settings
        // (not when the startup benchmark launches it: it measures the same launch every time).
        let desktop = hostOptions.headless || options.reportStartup ? nil : DesktopSession(options: options, log: hooks.log)
        hostOptions.size = options.size ?? desktop?.windowSize ?? (hostOptions.headless ? HostOptions.defaultSize : nil)
        hostOptions.appID = appID
        let icon = resources.path("AppIcon.png")
        if BoundedFile.isRegularFile(icon, maxBytes: 4 << 20) { hostOptions.iconPath = icon }
        // Opened before the window, so a path that cannot be written fails fast.
        let trace = try options.trace.map { try FrameTrace(path: $0, log: hooks.log) }
        let host = try StageHost(options: hostOptions)
        let context = AppContext(options: options, resources: resources, log: hooks.log)
        let app = try AppController(context: context, catalog: catalog, initialScene: options.scene ?? (options.paths.isEmpty ? desktop?.scene(in: catalog) : PhotosScene.entry.name),
                                    windowSize: host.size, scale: host.scale)
        desktop?.attach(to: app)
        app.statePath = options.state
        app.trace = trace
        host.delegate = app
        defer { app.shutdown() }
        if options.reportStartup { app.startupReport = StartupReport() }
        if let plan = options.benchScroll { app.benchScroll = BenchScroll(plan) }
        guard hostOptions.headless else {
            host.run()
            app.writeStateIfChanged()
            desktop?.close(app)
            return Interruption.exitCode ?? 0
        }
        // A script's `state FILE` line may read the state after any frame.
        app.recordsState = true
        let runner = HeadlessRunner(host: host, app: app)
        if options.reportStartup {
            // Photos decode as in a real window (frames do not wait for them), paced at 60 Hz.
            runner.runUntilStartupReported()
            return Interruption.exitCode ?? 0
        }
        app.waitsForImages = true
        if let reader = reader {
            try runner.run(reader)
        } else {
            runner.settle()
        }
        if let code = Interruption.exitCode {
            // A signal: the last state is written, no screenshot of a half-finished run.
            app.writeStateIfChanged()
            return code
        }
        if let shot = options.screenshot {
            host.redraw()
            try host.screenshot(to: shot)
        }
        app.writeStateIfChanged()
        hooks.finished?(app)
        // A headless run's state file and trace are what it was run for: one that could not be
        // written (a full disk) fails the run, as its one line said.
        return app.outputFailed || (trace?.failed ?? false) ? 1 : 0
    }
}
