import CoffeeGridApp
import Foundation
import GridCore
import SystemIO
import Stage

/// `coffeegrid bench-child memory-scroll|memory-toggles` (hidden): one memory measurement in a
/// process of its own, so the resident set is this run's alone. Prints one JSON line for the parent:
/// `{"before": BYTES, "after": BYTES, "peak": BYTES, "frames": N, "items": N, …}`.
enum BenchChild {
    static let usage = "usage: coffeegrid bench-child memory-scroll [--items N] [--steps N] | memory-toggles [--toggles N] | camera-photos DIR [--count N] [--width W] [--height H] | memory-photos DIR [--steps N]"

    static func run(_ args: [String]) throws -> Int32 {
        guard let kind = args.first else { throw UsageError(usage) }
        if kind == "memory-photos" {
            // `bench-child memory-photos DIR [--steps N]`: the feed on a folder, scrolled end to end.
            guard args.count >= 2 else { throw UsageError("usage: coffeegrid bench-child memory-photos DIR [--steps N]") }
            let o = try numbers(Array(args.dropFirst(2)))
            print(JSON.object(try memoryPhotos(folder: args[1], steps: o["steps"] ?? 4_000)).text)
            return 0
        }
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
        let catalog = SceneCatalog.symbolsOnly(count: items)
        let s = try HeadlessSession(scene: "symbols", size: HostOptions.defaultSize, catalog: catalog, recordsState: false)
        guard let grid = s.app.sceneGrid else { throw UsageError("the symbols scene has no grid") }
        for _ in 0..<30 { s.host.step() }
        let before = ProcessStats.residentBytes ?? 0
        let step = grid.scroll.maxOffset / Double(steps)
        var frames = 0
        while grid.offset < grid.scroll.maxOffset - 1 && frames < steps * 2 {
            try s.run(.scroll(dx: 0, dy: step, modifiers: []))
            frames += 1
        }
        let reachedEnd = grid.visibleItems().last?.index == items - 1
        return [("before", .number(Double(before))), ("after", .number(Double(ProcessStats.residentBytes ?? 0))),
                ("peak", .number(Double(ProcessStats.peakResidentBytes ?? 0))), ("frames", .number(Double(frames))),
                ("items", .number(Double(grid.layout.count))), ("reachedEnd", .bool(reachedEnd))]
    }

    /// The feed on a person's folder (a thumbnail cache in XDG_CACHE_HOME), first screen decoded,
    /// then scrolled end to end five times (down, up, down, up, down) in `steps` wheel events each,
    /// a frame after each (frames do not wait for photos, as in a window), settling at each end.
    /// Textures may fill up to the pipeline's byte budget; flat means the memory beside them is
    /// the same after the fifth pass as after the third (the first two warm the allocator up).
    static func memoryPhotos(folder: String, steps: Int) throws -> [(String, JSON)] {
        var options = Options()
        options.paths = [folder]
        // A person's folder is the Photos scene's (the feed keeps the seed's own twenty photos).
        let s = try HeadlessSession(scene: "photos", size: HostOptions.defaultSize, options: options, recordsState: false)
        s.app.context.photos.finishScanning()
        guard let grid = s.app.sceneGrid else { throw UsageError("the photos scene has no grid") }
        s.runner.settle()
        let textures = { Double(s.app.images?.stats.textureBytes ?? 0) }
        let rss = { Double(ProcessStats.residentBytes ?? 0) }
        var marks: [(String, JSON)] = [("firstScreen", .number(rss())), ("firstScreenTextures", .number(textures()))]
        var frames = 0
        var reachedEnd = false
        let count = s.app.context.photos.count
        for pass in 1...5 {
            let down = pass % 2 == 1
            let step = grid.scroll.maxOffset / Double(steps) * (down ? 1 : -1)
            var n = 0
            while (down ? grid.offset < grid.scroll.maxOffset - 1 : grid.offset > 1) && n < steps * 2 {
                try s.run(.scroll(dx: 0, dy: step, modifiers: []))
                n += 1
            }
            frames += n
            s.runner.settle()
            if pass == 1 { reachedEnd = count > 0 && grid.visibleItems().last?.index == count - 1 }
            if pass == 1 || pass == 3 || pass == 5 {
                marks += [("pass\(pass)", .number(rss())), ("pass\(pass)Textures", .number(textures()))]
            }
        }
        return marks + [("peak", .number(Double(ProcessStats.peakResidentBytes ?? 0))), ("budget", .number(Double(s.app.images?.byteBudget ?? 0))),
                        ("frames", .number(Double(frames))), ("items", .number(Double(count))), ("reachedEnd", .bool(reachedEnd))]
    }

    /// The column toggle measured: the feed's `g` once the feed exists, the symbols' `c` until then.
    static var toggleTarget: (scene: String, key: Character) {
        SceneCatalog.standard().entry(named: "feed") != nil ? ("feed", "g") : ("symbols", "c")
    }

    /// The column key pressed `count` times, a frame after each (the column animation retargets
    /// mid-flight).
    static func toggles(_ count: Int) throws -> [(String, JSON)] {
        let (scene, key) = toggleTarget
        let s = try HeadlessSession(scene: scene, size: HostOptions.defaultSize, recordsState: false)
        for _ in 0..<10 { try s.press(key); for _ in 0..<20 { s.host.step() } }
        let before = ProcessStats.residentBytes ?? 0
        for _ in 0..<count { try s.press(key) }
        s.runner.settle()
        return [("before", .number(Double(before))), ("after", .number(Double(ProcessStats.residentBytes ?? 0))),
                ("peak", .number(Double(ProcessStats.peakResidentBytes ?? 0))), ("frames", .number(Double(s.host.frameCount))),
                ("items", .number(Double(count))), ("scene", .string(scene))]
    }
}
