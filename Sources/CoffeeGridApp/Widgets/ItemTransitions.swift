import GridCore
import GridMotion

/// SwiftUI's `.transition(.opacity.combined(with: .scale))` on a `ForEach`'s items: an inserted
/// item fades in and grows from its centre in its own cell; a removed one shrinks and fades out
/// where it was last drawn (a ghost the grid no longer holds) while the others close the gap.
/// Keyed by id, so a later change that moves an appearing item keeps its progress.
struct ItemTransitions {
    static let animation = Animation.easeInOut

    struct Ghost {
        var id: String
        var frame: Rect
        var progress: AnimatedValue
        /// Fades out as a plain tile, its picture never asked for (its file is already gone).
        var asTile = false
    }

    private var appearing: [String: AnimatedValue] = [:]
    private(set) var leaving: [Ghost] = []

    mutating func insert(_ id: String, at time: Double) {
        var v = AnimatedValue(0)
        v.set(1, animation: MotionPolicy.resolve(ItemTransitions.animation), at: time)
        appearing[id] = v
    }

    mutating func remove(_ id: String, drawnAt frame: Rect, asTile: Bool = false, at time: Double) {
        appearing[id] = nil
        var v = AnimatedValue(1)
        v.set(0, animation: MotionPolicy.resolve(ItemTransitions.animation), at: time)
        leaving.append(Ghost(id: id, frame: frame, progress: v, asTile: asTile))
    }

    /// Drops what has finished; true while anything is still appearing or leaving.
    mutating func update(at time: Double) -> Bool {
        appearing = appearing.filter { $0.value.isAnimating(at: time) }
        leaving.removeAll { !$0.progress.isAnimating(at: time) }
        return !appearing.isEmpty || !leaving.isEmpty
    }

    /// 0 … 1 for an item appearing, 1 for every other.
    func presence(of id: String, at time: Double) -> Double {
        appearing[id].map { min(max($0.value(at: time), 0), 1) } ?? 1
    }

    /// `frame` scaled about its centre by `presence` (the `.scale` half of the transition).
    static func scaled(_ frame: Rect, by presence: Double) -> Rect {
        let w = frame.width * presence, h = frame.height * presence
        return Rect(x: frame.midX - w / 2, y: frame.midY - h / 2, width: w, height: h)
    }

    /// The state file's and the trace's view of it: every item in mid-transition, with how present it is.
    func state(at time: Double, frame: (String) -> Rect?) -> JSON {
        let inserted = appearing.keys.sorted().map { id -> JSON in
            let p = presence(of: id, at: time)
            return .object([("id", .string(id)), ("phase", .string("insertion")), ("presence", .number(p)),
                            ("frame", frame(id).map { JSON.rect(ItemTransitions.scaled($0, by: p)) } ?? .null)])
        }
        let removed = leaving.map { g -> JSON in
            let p = min(max(g.progress.value(at: time), 0), 1)
            return .object([("id", .string(g.id)), ("phase", .string("removal")), ("presence", .number(p)),
                            ("frame", JSON.rect(ItemTransitions.scaled(g.frame, by: p)))])
        }
        return .array(inserted + removed)
    }
}
