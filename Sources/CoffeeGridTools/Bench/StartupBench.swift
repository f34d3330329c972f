import CoffeeGridApp
import Foundation
import SystemIO

/// The `startup` suite: from spawning the app to its first frame, and to every photo on screen
/// decoded, for a photo scene at 390×844. Headless, and in a real X window when Xvfb is installed.
/// The child prints CLOCK_MONOTONIC moments (`--report-startup`); the parent subtracts the moment
/// just before it spawned the child, so process start, dynamic loading and SDL set-up all count.
enum StartupBench {
    static let runs = 5

    static var chosenScene: String {
        if let s = BenchSettings.current.startupScene { return s }
        return SceneCatalog.standard().entry(named: "feed") != nil ? "feed" : "stack"
    }

    static func run() throws -> [BenchResult] {
        let name = chosenScene
        var results = try measure(tag: "startup.\(name).headless", args: ["--headless"], environment: [:])
        if let display = try XvfbDisplay.start() {
            defer { display.stop() }
            results += try measure(tag: "startup.\(name).x11", args: [],
                                   environment: ["DISPLAY": display.name, "SDL_VIDEODRIVER": "x11"])
        } else {
            print("bench startup: Xvfb is not installed; real-window figures skipped (make test-deps installs it)")
        }
        return results
    }

    static func measure(tag: String, args: [String], environment extra: [String: String]) throws -> [BenchResult] {
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = nil
        for (k, v) in extra { env[k] = v }
        var first: [Double] = [], decoded: [Double] = []
        for _ in 0..<runs {
            let spawned = ProcessStats.monotonicMilliseconds
            let text = try ChildProcess.output(args + ["--scene", chosenScene, "--size", "390x844", "--report-startup"], environment: env)
            guard let f = moment("first-frame", in: text), let d = moment("photos-decoded", in: text) else {
                throw ChildProcess.Failed(description: "the app reported no startup timings: \(text.prefix(300))")
            }
            first.append(f - spawned)
            decoded.append(d - spawned)
        }
        let f = Stopwatch.median(first), d = Stopwatch.median(decoded)
        return [
            BenchResult("\(tag).first_frame", f, "ms", goal: "< 200", met: f < 200),
            BenchResult("\(tag).photos_decoded", d, "ms"),
        ]
    }

    /// Milliseconds from spawning the app with `args` (which include `--report-startup`) to its
    /// report that every photo on the first screen is drawn from a decoded picture (a cached
    /// thumbnail standing in counts: `shown`), and to its report that every one is at the size its
    /// cell asks for (`fullSize`; the same moment unless a cell is larger than any thumbnail).
    static func decodedMoments(_ args: [String], environment: [String: String]) throws -> (shown: Double, fullSize: Double) {
        let spawned = ProcessStats.monotonicMilliseconds
        let text = try ChildProcess.output(args, environment: environment)
        guard let d = moment("photos-decoded", in: text), let f = moment("photos-full-size", in: text) else {
            throw ChildProcess.Failed(description: "the app reported no startup timings: \(text.prefix(300))")
        }
        return (d - spawned, f - spawned)
    }

    /// One launch's moments (as `decodedMoments`) and its `decode-paths` line: how many pictures came
    /// from each path over the run (`file`, `embedded-thumbnail`, `embedded-placeholder`, …).
    struct Moments {
        var shown: Double
        var fullSize: Double
        var paths: [String: Int]
    }

    static func decodedRun(_ args: [String], environment: [String: String]) throws -> Moments {
        let spawned = ProcessStats.monotonicMilliseconds
        let text = try ChildProcess.output(args, environment: environment)
        guard let d = moment("photos-decoded", in: text), let f = moment("photos-full-size", in: text) else {
            throw ChildProcess.Failed(description: "the app reported no startup timings: \(text.prefix(300))")
        }
        var paths: [String: Int] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("coffeegrid startup: decode-paths ") {
            for part in line.dropFirst("coffeegrid startup: decode-paths ".count).split(separator: ",") {
                let words = part.split(separator: " ")
                if words.count == 2, let n = Int(words[1]) { paths[String(words[0])] = n }
            }
        }
        return Moments(shown: d - spawned, fullSize: f - spawned, paths: paths)
    }

    /// The monotonic milliseconds on the child's `coffeegrid startup: EVENT … (monotonic M)` line.
    static func moment(_ event: String, in text: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix("coffeegrid startup: \(event) ") {
            guard let open = line.range(of: "(monotonic "), let close = line.lastIndex(of: ")") else { return nil }
            return Double(line[open.upperBound..<close])
        }
        return nil
    }
}

/// A private X server for a benchmark run, on a display number nobody uses.
final class XvfbDisplay {
    let name: String
    private let process: Process

    private init(name: String, process: Process) {
        self.name = name
        self.process = process
    }

    /// Nil when Xvfb is not installed; throws when it is but cannot start.
    static func start() throws -> XvfbDisplay? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/Xvfb" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let xvfb = path else { return nil }
        var n = 150 + Int(getpid() % 100)
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") || FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock") { n += 1 }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: xvfb)
        p.arguments = [":\(n)", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        Interruption.adopt(p.processIdentifier)
        let display = XvfbDisplay(name: ":\(n)", process: p)
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") { usleep(50_000) }
        guard p.isRunning, FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") else {
            display.stop()
            throw ChildProcess.Failed(description: "Xvfb could not start on :\(n)")
        }
        return display
    }

    func stop() {
        Interruption.release(process.processIdentifier)
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}
