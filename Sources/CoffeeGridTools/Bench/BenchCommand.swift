import CoffeeGridApp
import Foundation

/// `coffeegrid bench [--json FILE] [SUITE…]`: runs the suites, prints one table, writes JSON.
enum BenchCommand {
    static let usage = "usage: coffeegrid bench [--json FILE] [--scene NAME] [--profile] [SUITE…]  (suites: \(suites.keys.sorted().joined(separator: ", ")); --scene is the startup suite's photo scene; --profile breaks the frame suite's software frames down by kind of work)"

    static let suites: [String: @Sendable () throws -> [BenchResult]] = [
        "layout": LayoutBench.run,
        "frame": FrameBench.run,
        "startup": StartupBench.run,
        "decode": DecodeBench.run,
        "memory": MemoryBench.run,
        "photos": PhotosBench.run,
        "dock": DockBench.run,
        "view": ViewBench.run,
    ]

    static func run(_ args: [String]) throws -> Int32 {
        var jsonPath: String?
        var chosen: [String] = []
        var args = ArgumentReader(args, missingValue: { "\($0) needs \($1); \(usage)" })
        while let word = args.next() {
            switch word {
            case .flag("--json"):
                jsonPath = try args.value("a FILE")
            case .flag("--scene"):
                let scene = try args.value(as: String.self, what: "a NAME", { SceneCatalog.standard().entry(named: $0)?.name },
                                                    invalid: { "unknown scene '\($0)'; scenes: \(SceneCatalog.standard().names.joined(separator: ", "))" })
                BenchSettings.change { $0.startupScene = scene }
            case .flag("--profile"):
                BenchSettings.change { $0.profiling = true }
            case .flag("-h"), .flag("--help"):
                print(usage)
                return 0
            case .flag(let flag):
                throw UsageError("unknown flag '\(flag)' for bench; \(usage)")
            case .word(let name):
                guard suites[name] != nil else { throw UsageError("unknown suite '\(name)'; \(usage)") }
                chosen.append(name)
            }
        }
        if chosen.isEmpty { chosen = suites.keys.sorted() }
        var all: [BenchResult] = []
        for name in chosen {
            let results = try suites[name]!()
            all += results
            print(table(results, title: name))
            if name == "frame" && BenchSettings.current.profiling { print("\n" + FrameBench.profileReport.joined(separator: "\n")) }
        }
        if let path = jsonPath {
            let json = JSON.object([("results", .array(all.map { r in
                var pairs: [(String, JSON)] = [("name", .string(r.name)), ("value", .number(r.value)), ("unit", .string(r.unit))]
                if let g = r.goal { pairs.append(("goal", .string(g))) }
                if let m = r.met { pairs.append(("met", .bool(m))) }
                return .object(pairs)
            }))])
            try (json.text + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        return 0
    }

    static func table(_ results: [BenchResult], title: String) -> String {
        var lines = ["| \(title) | value | unit | goal |", "|---|---:|---|---|"]
        for r in results {
            let goal = r.goal.map { "\($0) " + (r.met == true ? "✓ met" : "✗ missed") } ?? ""
            lines.append("| \(r.name) | \(format(r.value)) | \(r.unit) | \(goal) |")
        }
        return lines.joined(separator: "\n")
    }

    static func format(_ v: Double) -> String {
        if v >= 100 { return String(Int(v.rounded())) }
        if v >= 10 { return String(format: "%.1f", v) }
        return String(format: "%.2f", v)
    }
}
