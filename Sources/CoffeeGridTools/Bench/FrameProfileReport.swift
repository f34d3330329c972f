import CoffeeGridApp
import Stage

/// One scenario's profiled frames: each frame's render-thread CPU by kind of work (`FrameProfile`),
/// the rest of the frame (update, layout, the draw list, SDL's own per-call work) as "app", and what
/// other threads (decoders) spent beside it. Printed as one line for the frames at or above p99 and
/// one for the median frame.
struct FrameProfileReport {
    struct Frame {
        var parts: [Double]
        var counts: [Int]
        /// Milliseconds.
        var thread: Double
        var process: Double
    }

    let scenario: String
    private(set) var frames: [Frame] = []

    init(scenario: String) { self.scenario = scenario }

    mutating func add(_ profile: FrameProfile, thread: Double, process: Double) {
        frames.append(Frame(parts: profile.nanoseconds.map { $0 / 1e6 }, counts: profile.counts, thread: thread, process: process))
    }

    static let header = "| scenario | frames | render thread ms | beside (other threads) ms | where the render thread's time goes (ms, count) |\n|---|---|---:|---:|---|"

    func lines() -> [String] {
        guard !frames.isEmpty else { return [] }
        let sorted = frames.sorted { $0.thread < $1.thread }
        // The frames at or above p99 of the render thread's time (Stopwatch.percentile's rank).
        let p99 = min(Int((0.99 * Double(sorted.count - 1)).rounded(.up)), sorted.count - 1)
        let tail = Array(sorted[p99...])
        let median = [sorted[sorted.count / 2]]
        return [line("p99 (\(tail.count))", tail), line("median", median)]
    }

    private func line(_ label: String, _ group: [Frame]) -> String {
        let n = Double(group.count)
        let thread = group.map(\.thread).reduce(0, +) / n
        let beside = group.map { max(0, $0.process - $0.thread) }.reduce(0, +) / n
        var parts = FrameProfile.Part.allCases.map { part -> (String, Double, Int) in
            (part.name, group.map { $0.parts[part.rawValue] }.reduce(0, +) / n,
             Int((Double(group.map { $0.counts[part.rawValue] }.reduce(0, +)) / n).rounded()))
        }
        let measured = parts.map(\.1).reduce(0, +)
        parts.append(("app", max(0, thread - measured), 0))
        let shown = parts.filter { $0.1 >= 0.05 }.sorted { $0.1 > $1.1 }
            .map { $0.2 > 0 ? "\($0.0) \(fmt($0.1)) (\($0.2))" : "\($0.0) \(fmt($0.1))" }
        return "| \(scenario) | \(label) | \(fmt(thread)) | \(fmt(beside)) | \(shown.joined(separator: ", ")) |"
    }

    private func fmt(_ v: Double) -> String { BenchCommand.format(v) }
}
