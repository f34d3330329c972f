import CoffeeGridApp
import Foundation
import SystemIO

/// The `memory` suite: the resident set of a child process scrolling a million symbols end to end,
/// and toggling the columns ten thousand times (the feed's `g` when there is a feed, else the
/// symbols' `c`). Both must stay flat; a million items under 200 MB.
enum MemoryBench {
    static func run() throws -> [BenchResult] {
        let scroll = try ChildProcess.json(["bench-child", "memory-scroll", "--items", "1000000"])
        let toggles = try ChildProcess.json(["bench-child", "memory-toggles", "--toggles", "10000"])
        return results("memory.scroll_1e6", scroll) + results("memory.toggles_1e4", toggles)
    }

    static func results(_ tag: String, _ r: [String: Any]) -> [BenchResult] {
        let before = (r["before"] as? Double ?? 0) / 1_048_576, after = (r["after"] as? Double ?? 0) / 1_048_576
        let peak = (r["peak"] as? Double ?? 0) / 1_048_576
        let growth = before > 0 ? (after - before) / before * 100 : .infinity
        var out = [
            BenchResult("\(tag).rss_before", before, "MB"),
            BenchResult("\(tag).rss_after", after, "MB"),
            BenchResult("\(tag).rss_peak", peak, "MB", goal: "< 200", met: peak < 200),
            BenchResult("\(tag).growth", growth, "%", goal: "≤ 5", met: growth <= 5),
        ]
        if let reached = r["reachedEnd"] as? Bool {
            out.append(BenchResult("\(tag).frames", r["frames"] as? Double ?? 0, "frames", goal: "reaches the last item", met: reached))
        }
        return out
    }
}

/// Runs this same executable with other arguments and reads what it prints.
enum ChildProcess {
    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs the child to the end and returns its standard output; throws on a non-zero exit.
    static func output(_ args: [String], environment: [String: String]? = nil) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = args
        if let env = environment { p.environment = env }
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        // A signal to the benchmark reaches its children too (see Interruption).
        Interruption.adopt(p.processIdentifier)
        defer { Interruption.release(p.processIdentifier) }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw Failed(description: "coffeegrid \(args.joined(separator: " ")) exited with \(p.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The last line of the child's output, read as a JSON object.
    static func json(_ args: [String], environment: [String: String]? = nil) throws -> [String: Any] {
        let text = try output(args, environment: environment)
        guard let line = text.split(separator: "\n").last,
              let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw Failed(description: "coffeegrid \(args.joined(separator: " ")) printed no JSON: \(text.prefix(200))")
        }
        return object
    }
}
