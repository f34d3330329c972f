import CoffeeGridApp
import GridCore

/// The `layout` suite: what a viewport query costs as the item count grows, and how much the
/// lazy layout saves over computing every frame.
enum LayoutBench {
    static let screen = Size(width: 1280, height: 800)
    static let grid = LazyVGrid(columns: Array(repeating: GridItem(.flexible()), count: 3))

    static func run() -> [BenchResult] {
        let counts = [1_000, 1_000_000, 1_000_000_000]
        let layouts = counts.map { grid.layout(width: screen.width, count: $0, sizing: .square(50)) }
        // Rounds alternate between sizes so drift on a shared machine hits all of them alike.
        var samples = Array(repeating: [Double](), count: counts.count)
        for _ in 0..<7 {
            for (i, layout) in layouts.enumerated() { samples[i].append(nsPerQuery(layout, queries: 20_000)) }
        }
        let uniform = samples.map(Stopwatch.median)
        var results = zip(counts, uniform).map { n, ns in
            BenchResult("layout.query.uniform.\(label(n))", ns, "ns")
        }
        let growth = uniform[2] / uniform[0]
        results.append(BenchResult("layout.query.uniform.1e9_over_1e3", growth, "×",
                                   goal: "≤ 2", met: growth <= 2))

        let varied = grid.layout(width: screen.width, count: 100_000, sizing: variedSizing)
        var variedSamples: [Double] = []
        for _ in 0..<7 { variedSamples.append(nsPerQuery(varied, queries: 20_000)) }
        results.append(BenchResult("layout.query.varied.1e5", Stopwatch.median(variedSamples), "ns"))

        results.append(contentsOf: eagerOverLazy(count: 10_000))
        return results
    }

    /// Rows of 40…120 points: a grid whose items differ, as photos of mixed heights would.
    static let variedSizing = ItemSizing(cross: .fill, main: .perItem { i, _ in 40 + Double((i &* 7919) % 9) * 10 })

    static func label(_ n: Int) -> String {
        var e = 0, v = n
        while v >= 10 && v % 10 == 0 { v /= 10; e += 1 }
        return v == 1 ? "1e\(e)" : String(n)
    }

    /// Mean time of one viewport query at deterministic random scroll offsets.
    static func nsPerQuery(_ layout: LazyGridLayout, queries: Int) -> Double {
        var rng = SplitMix64(seed: 42)
        let maxY = max(layout.contentSize.height - screen.height, 0)
        let offsets = (0..<queries).map { _ in Double.random(in: 0...max(maxY, 1), using: &rng) }
        var checksum = 0
        let ns = Stopwatch.cpuNanoseconds {
            for y in offsets {
                layout.forEachItem(in: Rect(x: 0, y: y, width: screen.width, height: screen.height)) { i, _ in
                    checksum &+= i
                }
            }
        }
        if checksum == 42 { print("") }  // keeps the optimizer from dropping the queries
        return ns / Double(queries)
    }

    /// Per frame, the eager grid computes every frame and filters; the lazy grid only queries.
    static func eagerOverLazy(count: Int) -> [BenchResult] {
        let items = Array(repeating: GridItem(.flexible()), count: 3)
        let lazy = grid.layout(width: screen.width, count: count, sizing: .square(50))
        let frames = 200
        var rng = SplitMix64(seed: 7)
        let maxY = max(lazy.contentSize.height - screen.height, 1)
        let offsets = (0..<frames).map { _ in Double.random(in: 0...maxY, using: &rng) }
        var eagerSamples: [Double] = [], lazySamples: [Double] = []
        var checksum = 0
        for _ in 0..<5 {
            eagerSamples.append(Stopwatch.cpuNanoseconds {
                for y in offsets {
                    let eager = EagerGridLayout(axis: .vertical, items: items, extent: screen.width,
                                                sections: [GridSection(count: count)], sizing: .square(50))
                    checksum &+= eager.items(in: Rect(x: 0, y: y, width: screen.width, height: screen.height)).count
                }
            } / Double(frames))
            lazySamples.append(Stopwatch.cpuNanoseconds {
                for y in offsets {
                    checksum &+= lazy.items(in: Rect(x: 0, y: y, width: screen.width, height: screen.height)).count
                }
            } / Double(frames))
        }
        if checksum == 42 { print("") }
        let e = Stopwatch.median(eagerSamples), l = Stopwatch.median(lazySamples)
        return [
            BenchResult("layout.eager.frame.1e4", e, "ns"),
            BenchResult("layout.lazy.frame.1e4", l, "ns"),
            BenchResult("layout.eager_over_lazy.1e4", e / l, "×", goal: "> 100", met: e / l > 100),
        ]
    }
}
