import Foundation
import Stage

/// The command-line entry: subcommands (`layout`, `bench`) or the app window.
public enum CoffeeGrid {
    public static let version = "0.1.0"
    /// The reverse-DNS app id: the desktop entry (`Packaging/APP_ID.desktop.in`), the icons, the
    /// AppStream metadata and the window class all use it.
    public static let appID = "io.github.coffeegrid.CoffeeGrid"

    /// Runs the program with `args` (without the executable name) and returns the exit code.
    public static func main(_ args: [String]) -> Int32 { main(args, hooks: RunHooks()) }

    static func main(_ args: [String], hooks: RunHooks) -> Int32 {
        let log = hooks.log
        do {
            switch args.first {
            case "layout":
                print(try LayoutCommand.run(Array(args.dropFirst()), readStdin: { readLine(strippingNewline: false) }))
                return 0
            case "bench":
                return try BenchCommand.run(Array(args.dropFirst()))
            case "bench-child":
                // Hidden: one memory measurement in a process of its own (see MemoryBench).
                return try BenchChild.run(Array(args.dropFirst()))
            case "soak":
                return try SoakCommand.run(Array(args.dropFirst()), log: log)
            case "screenshots":
                return try ScreenshotsCommand.run(Array(args.dropFirst()))
            case "--help", "-h":
                print(Options.usage)
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

    /// One line on stderr, always starting with the program's name.
    static func log(_ line: String) {
        var text = line.hasPrefix("coffeegrid:") ? line : "coffeegrid: " + line
        if !text.hasSuffix("\n") { text += "\n" }
        FileHandle.standardError.write(text.data(using: .utf8)!)
    }

    static func runApp(_ options: Options, hooks: RunHooks = RunHooks()) throws -> Int32 {
        let resources = try ResourceLocator.locate(explicit: options.resources)
        // Read the script before opening anything, so a bad line fails fast.
        var script: [(line: Int, command: ScriptCommand)]?
        if let path = options.script {
            let text: String
            if path == "-" {
                text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            } else {
                guard let t = try? String(contentsOfFile: path, encoding: .utf8) else { throw UsageError("cannot read script '\(path)'") }
                text = t
            }
            script = try ScriptCommand.parse(script: text)
        }
        let catalog = SceneCatalog.standard()
        if let name = options.scene, catalog.entry(named: name) == nil {
            throw UsageError("unknown scene '\(name)'; scenes: \(catalog.names.joined(separator: ", "))")
        }
        var hostOptions = HostOptions()
        hostOptions.headless = options.headless || script != nil || options.screenshot != nil
        hostOptions.size = options.size ?? (hostOptions.headless ? HostOptions.defaultSize : nil)
        hostOptions.scale = options.scale
        hostOptions.renderer = HostOptions.RendererKind(rawValue: options.renderer) ?? .automatic
        hostOptions.appID = appID
        let icon = resources.path("AppIcon.png")
        if FileManager.default.fileExists(atPath: icon) { hostOptions.iconPath = icon }
        let host = try StageHost(options: hostOptions)
        let context = AppContext(options: options, resources: resources, log: hooks.log)
        let app = try AppController(context: context, catalog: catalog, initialScene: options.scene,
                                    windowSize: host.size, scale: host.scale)
        app.statePath = options.state
        host.delegate = app
        app.attach(renderer: host.renderer)
        defer { app.shutdown() }
        if options.reportStartup { app.startupReport = StartupReport() }
        guard hostOptions.headless else {
            host.run()
            return 0
        }
        let runner = HeadlessRunner(host: host, app: app)
        if options.reportStartup {
            // Photos decode as in a real window (frames do not wait for them), paced at 60 Hz.
            runner.runUntilStartupReported()
            return 0
        }
        app.waitsForImages = true
        if let script = script {
            try runner.run(script)
        } else {
            runner.settle()
        }
        if let shot = options.screenshot {
            host.redraw()
            try host.screenshot(to: shot)
        }
        app.writeStateIfChanged()
        hooks.finished?(app)
        return 0
    }
}
