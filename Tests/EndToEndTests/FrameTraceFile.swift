import GridMotion
import Foundation

/// The app's `--trace` file read back: one entry per frame the window drew and showed.
struct TracedFrame {
    struct Box: Equatable {
        var x, y, width, height: Double

        /// The largest difference of any edge or side, in points.
        func distance(to b: Box) -> Double {
            max(abs(x - b.x), abs(y - b.y), abs(width - b.width), abs(height - b.height))
        }
    }

    var frame: Int
    /// The frame's time on the app's clock, and the monotonic clock when it was shown (ms).
    var ms: Double
    var shownMs: Double
    var animating: Bool
    var scene: String
    var items: [String: Box]
    /// CPU milliseconds since the line before (the render thread's, the process's); nil on the first.
    var cpu: (thread: Double, process: Double)?

    init?(_ line: Substring) {
        guard let data = line.data(using: .utf8),
              let o = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let frame = o["frame"] as? Double, let ms = o["ms"] as? Double, let shown = o["monotonicMs"] as? Double,
              let animating = o["animating"] as? Bool, let scene = o["scene"] as? String,
              let items = o["items"] as? [[String: Any]] else { return nil }
        self.frame = Int(frame)
        self.ms = ms
        shownMs = shown
        self.animating = animating
        self.scene = scene
        var boxes: [String: Box] = [:]
        for item in items {
            guard let id = item["id"].map({ "\($0)" }), let x = item["x"] as? Double, let y = item["y"] as? Double,
                  let w = item["width"] as? Double, let h = item["height"] as? Double else { continue }
            boxes[id] = Box(x: x, y: y, width: w, height: h)
        }
        self.items = boxes
        if let c = o["cpuMs"] as? [String: Any], let t = c["thread"] as? Double, let p = c["process"] as? Double { cpu = (t, p) }
    }

}

/// Reads a growing `--trace` file incrementally: each call parses only the lines added since.
final class TraceReader {
    let url: URL
    private(set) var frames: [TracedFrame] = []
    private var offset: UInt64 = 0

    init(_ url: URL) { self.url = url }

    /// Every complete line so far (a line still being written is left for the next read).
    @discardableResult
    func read() -> [TracedFrame] {
        guard let h = try? FileHandle(forReadingFrom: url) else { return frames }
        defer { try? h.close() }
        try? h.seek(toOffset: offset)
        guard let data = try? h.readToEnd(), let end = data.lastIndex(of: UInt8(ascii: "\n")) else { return frames }
        let complete = data[data.startIndex...end]
        offset += UInt64(complete.count)
        for line in String(decoding: complete, as: UTF8.self).split(separator: "\n") {
            if let f = TracedFrame(line) { frames.append(f) }
        }
        return frames
    }
}

extension TraceReader {
    /// The trace once nothing has been drawn for `quiet` seconds and the last frame was at rest
    /// (nil when the window kept drawing for `timeout` seconds).
    func waitIdle(quiet: Double, timeout: Double = 30) -> [TracedFrame]? {
        var count = -1, since = Date()
        let idle = XSession.waitUntil(timeout) {
            let frames = read()
            if frames.count != count { count = frames.count; since = Date(); return false }
            return Date().timeIntervalSince(since) >= quiet && frames.last?.animating == false
        }
        return idle ? frames : nil
    }
}

/// What the window drew for one change, between the last frame before it (its start layout) and
/// the frame where motion ended (its end layout).
struct DrawnMotion: CustomStringConvertible {
    /// A frame counts as between the two layouts when, among the items traced in both, some item
    /// is more than this from where it started and some item more than this from where it ends:
    /// a thousandth of a point is the trace's precision, so this is "neither layout" with margin.
    static let tolerance = 0.01

    var name: String
    var frames: [TracedFrame]
    /// Frames drawn strictly between the start and end layouts.
    var between: [TracedFrame]
    /// From the first to the last of those frames being shown, in milliseconds.
    var betweenSpanMs: Double
    /// The median time between consecutive frames of the change, in milliseconds.
    var medianIntervalMs: Double
    /// The largest distance any traced item travelled from start to end, in points.
    var travel: Double

    /// A frame this much from both layouts is visibly between them (reported, not asserted).
    static let visible = 0.5
    var visiblyBetween: Int

    init(name: String, start: TracedFrame, after: [TracedFrame]) {
        self.name = name
        frames = after
        let end = after.last ?? start
        let ids = Set(start.items.keys).intersection(end.items.keys).filter { start.items[$0]! != end.items[$0]! }
        travel = ids.map { start.items[$0]!.distance(to: end.items[$0]!) }.max() ?? 0
        func isBetween(_ f: TracedFrame, by margin: Double) -> Bool {
            let shared = ids.filter { f.items[$0] != nil }
            let leftStart = shared.contains { f.items[$0]!.distance(to: start.items[$0]!) > margin }
            let notEnded = shared.contains { f.items[$0]!.distance(to: end.items[$0]!) > margin }
            return leftStart && notEnded
        }
        between = after.dropLast().filter { isBetween($0, by: DrawnMotion.tolerance) }
        visiblyBetween = after.dropLast().filter { isBetween($0, by: DrawnMotion.visible) }.count
        betweenSpanMs = (between.last?.shownMs ?? 0) - (between.first?.shownMs ?? 0)
        // Pacing while things moved: from the first frame after the trigger to the one after the
        // last between (the first at the end layout), so a frame held past the whole motion counts.
        let lastBetween = between.last?.frame
        let moving = Array(after.prefix(through: min(after.count - 1, (after.firstIndex { $0.frame == lastBetween } ?? 0) + 1)))
        let intervals = zip(moving.dropFirst(), moving).map { $0.shownMs - $1.shownMs }.sorted()
        medianIntervalMs = intervals.isEmpty ? 0 : intervals[intervals.count / 2]
        longestIntervalMs = intervals.last ?? 0
    }

    var longestIntervalMs: Double

    /// Enough frames strictly between, over enough time.
    var passes: Bool { between.count >= 10 && betweenSpanMs >= 150 }

    /// The machine did not give the window its frames while things moved: under 50 a second
    /// (a 60 Hz loop shows 16.7 ms), or one frame held for over 60 ms. The seed's quick
    /// `.interactiveSpring()` moves visibly for about 0.2 s, so such an attempt proves nothing either way.
    var starved: Bool { medianIntervalMs > 20 || longestIntervalMs > 60 }

    var description: String {
        let f = { (v: Double) in String(format: "%.0f", v) }
        return "\(name): \(frames.count) frames drawn, \(between.count) between start and end over \(f(betweenSpanMs)) ms, "
            + "\(visiblyBetween) of them ≥ \(DrawnMotion.visible) pt from both (frames every \(String(format: "%.1f", medianIntervalMs)) ms "
            + "median, \(f(longestIntervalMs)) ms longest; items travelled up to \(f(travel)) pt)"
    }
}
