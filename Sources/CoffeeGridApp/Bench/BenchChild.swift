import Foundation
import GridCore
import Stage

/// `coffeegrid bench-child memory-scroll|memory-toggles` (hidden): one memory measurement in a
/// process of its own, so the resident set is this run's alone. Prints one JSON line for the parent:
/// `{"before": BYTES, "after": BYTES, "peak": BYTES, "frames": N, "items": N, …}`.
enum BenchChild {
    static let usage = "usage: coffeegrid bench-child memory-scroll [--items N] [--steps N] | memory-toggles [--toggles N] | camera-photos DIR [--count N] [--width W] [--height H]"

    static func run(_ args: [String]) throws -> Int32 {
        guard let kind = args.first else { throw UsageError(usage) }
        if kind == "camera-photos" {
            // `bench-child camera-photos DIR [--count N] [--width W] [--height H]`: the photos suite's folder.
            guard args.count >= 2 else { throw UsageError("usage: coffeegrid bench-child camera-photos DIR [--count N] [--width W] [--height H]") }
            let o = try numbers(Array(args.dropFirst(2)))
            let paths = try CameraFolder.make(in: args[1], count: o["count"] ?? 200, width: o["width"] ?? 4000, height: o["height"] ?? 3000,
                                              resources: try ResourceLocator.locate())
            print(JSON.object([("photos", .number(Double(paths.count)))]).text)
            return 0
        }
        let options = try numbers(Array(args.dropFirst()))
        let result: [(String, JSON)]
        switch kind {
        case "memory-scroll": result = try scroll(items: options["items"] ?? 1_000_000, steps: options["steps"] ?? 4_000)
        case "memory-toggles": result = try toggles(options["toggles"] ?? 10_000)
        default: throw UsageError("unknown measurement '\(kind)'; \(usage)")
        }
        print(JSON.object(result).text)
        return 0
    }

    /// `--name N` pairs, each N a whole number above 0.
    static func numbers(_ args: [String]) throws -> [String: Int] {
        var options: [String: Int] = [:]
        var reader = ArgumentReader(args, missingValue: { flag, _ in "bad argument '\(flag)'; \(usage)" })
        while let word = reader.next() {
            guard case .flag(let flag) = word, flag.hasPrefix("--") else { throw UsageError("bad argument '\(word.text)'; \(usage)") }
            options[String(flag.dropFirst(2))] = try reader.value(as: Int.self, { Int($0).flatMap { $0 > 0 ? $0 : nil } },
                                                                  invalid: { _ in "bad argument '\(flag)'; \(usage)" })
        }
        return options
    }

    /// The symbols grid with `items` cells, scrolled from the top to the end in `steps` wheel
    /// events with a frame drawn after each.
    static func scroll(items: Int, steps: Int) throws -> [(String, JSON)] {
        let catalog = SceneCatalog(entries: [SceneCatalog.Entry(name: "symbols", label: "Symbols", symbol: "keyboard",
                                                                make: { SymbolsScene(context: $0, count: items) })])
        let s = try HeadlessSession(scene: "symbols", size: HostOptions.defaultSize, catalog: catalog)
        guard let symbols = s.app.scene as? SymbolsScene else { throw UsageError("no symbols scene") }
        for _ in 0..<30 { s.host.step() }
        let before = ProcessStats.residentBytes ?? 0
        let step = symbols.grid.scroll.maxOffset / Double(steps)
        var frames = 0
        while symbols.grid.offset < symbols.grid.scroll.maxOffset - 1 && frames < steps * 2 {
            try s.run(.scroll(dx: 0, dy: step, modifiers: []))
            frames += 1
        }
        let reachedEnd = symbols.grid.visibleItems().last?.index == items - 1
        return [("before", .number(Double(before))), ("after", .number(Double(ProcessStats.residentBytes ?? 0))),
                ("peak", .number(Double(ProcessStats.peakResidentBytes ?? 0))), ("frames", .number(Double(frames))),
                ("items", .number(Double(symbols.grid.layout.count))), ("reachedEnd", .bool(reachedEnd))]
    }

    /// The column toggle measured: the feed's `g` once the feed exists, the symbols' `c` until then.
    static var toggleTarget: (scene: String, key: Character) {
        SceneCatalog.standard().entry(named: "feed") != nil ? ("feed", "g") : ("symbols", "c")
    }

    /// The column key pressed `count` times, a frame after each (the column animation retargets
    /// mid-flight).
    static func toggles(_ count: Int) throws -> [(String, JSON)] {
        let (scene, key) = toggleTarget
        let s = try HeadlessSession(scene: scene, size: HostOptions.defaultSize)
        for _ in 0..<10 { try s.press(key); for _ in 0..<20 { s.host.step() } }
        let before = ProcessStats.residentBytes ?? 0
        for _ in 0..<count { try s.press(key) }
        s.runner.settle()
        return [("before", .number(Double(before))), ("after", .number(Double(ProcessStats.residentBytes ?? 0))),
                ("peak", .number(Double(ProcessStats.peakResidentBytes ?? 0))), ("frames", .number(Double(s.host.frameCount))),
                ("items", .number(Double(count))), ("scene", .string(scene))]
    }
}
