import CoffeeGridApp
import Foundation

/// One figure of the benchmark: `layout.query.uniform.1e6 = 412 ns`.
struct BenchResult {
    var name: String
    var value: Double
    var unit: String
    /// The goal this figure is held to, in words, and whether it was met (nil: no goal).
    var goal: String?
    var met: Bool?

    init(_ name: String, _ value: Double, _ unit: String, goal: String? = nil, met: Bool? = nil) {
        self.name = name
        self.value = value
        self.unit = unit
        self.goal = goal
        self.met = met
    }
}

/// Wall-clock helpers for the benchmark only (never used in tests).
enum Stopwatch {
    static func cpuNanoseconds(_ body: () -> Void) -> Double {
        let start = threadCPUTime()
        body()
        return threadCPUTime() - start
    }

    /// CPU time of the calling thread, so a busy neighbour on a shared machine does not count.
    static func threadCPUTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1e9 + Double(ts.tv_nsec)
    }

    static func median(_ xs: [Double]) -> Double {
        guard !xs.isEmpty else { return 0 }
        let s = xs.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    static func percentile(_ xs: [Double], _ p: Double) -> Double {
        guard !xs.isEmpty else { return 0 }
        let s = xs.sorted()
        let i = min(Int((p / 100 * Double(s.count - 1)).rounded(.up)), s.count - 1)
        return s[i]
    }
}
