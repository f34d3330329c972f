import StageInterface
/// A least-recently-used cache with a cost budget (bytes, for textures). Entries are kept in the
/// order they were last used (a list through them), so a use is O(1) and letting go of the oldest
/// costs only what goes; eviction drops them down to three quarters of the budget at once.
///
/// A cache whose owner marks the end of each frame (`endFrame`) also knows what the frame being
/// drawn used: the budget never evicts that (a frame that drew more than the budget would
/// otherwise make its next frame rasterise the same things again), and at a frame's end whatever
/// the last few frames did not use goes down to a floor, so what is kept follows what is on screen
/// rather than everything ever shown.
final class LRUCache<Key: Hashable, Value> {
    private final class Node {
        let key: Key
        let value: Value
        let cost: Int
        /// The cache's clock at the last use.
        var used: UInt64
        // The list's links; the dictionary alone owns the nodes.
        unowned(unsafe) var older: Node?
        unowned(unsafe) var newer: Node?

        init(key: Key, value: Value, cost: Int, used: UInt64) {
            self.key = key
            self.value = value
            self.cost = cost
            self.used = used
        }
    }

    private var entries: [Key: Node] = [:]
    private unowned(unsafe) var oldest: Node?
    private unowned(unsafe) var newest: Node?
    private var clock: UInt64 = 0
    private(set) var totalCost = 0
    let capacity: Int
    /// Whether the owner marks frames (`endFrame`), so what the frame being drawn used is kept.
    let countsFrames: Bool
    /// The clock when each of the last frames after the first began, oldest first; the last is
    /// the frame being drawn (the first frame began at 0).
    private var frameStarts: [UInt64] = []

    init(capacity: Int, countsFrames: Bool = false) {
        self.capacity = capacity
        self.countsFrames = countsFrames
    }

    var count: Int { entries.count }

    subscript(key: Key) -> Value? {
        guard let n = entries[key] else { return nil }
        clock += 1
        n.used = clock
        if n !== newest {
            unlink(n)
            append(n)
        }
        return n.value
    }

    func insert(_ value: Value, for key: Key, cost: Int) {
        clock += 1
        if let old = entries[key] { remove(old) }
        let node = Node(key: key, value: value, cost: cost, used: clock)
        entries[key] = node
        append(node)
        totalCost += cost
        guard totalCost > capacity else { return }
        let target = capacity * 3 / 4
        // Used since the frame being drawn began: stays until the frame is over (and so does
        // everything newer in the list).
        let thisFrame = countsFrames ? frameStarts.last ?? 0 : .max
        while let o = oldest, totalCost > target, o !== node, o.used <= thisFrame { remove(o) }
    }

    /// A frame is drawn. What none of the last `frames` frames (this one included) used goes,
    /// least recently used first, while the cache holds more than `floor`; what they used stays
    /// whatever it costs. Only down to the floor, not below: a frame lets go of about what it added,
    /// rather than one frame in many of hundreds of textures at once. Returns the cost let go.
    @discardableResult
    func endFrame(keepingFrames frames: Int, floor: Int) -> Int {
        let frames = max(frames, 1)
        var freed = 0
        if totalCost > floor {
            // Used after this: by one of the last `frames` frames.
            let recent = frameStarts.count >= frames ? frameStarts[frameStarts.count - frames] : 0
            while let o = oldest, totalCost > floor, o.used <= recent {
                freed += o.cost
                remove(o)
            }
        }
        frameStarts.append(clock)
        if frameStarts.count > frames { frameStarts.removeFirst(frameStarts.count - frames) }
        return freed
    }

    /// Drops every entry whose key `keep` refuses.
    func removeAll(except keep: (Key) -> Bool) {
        for (k, n) in entries where !keep(k) { remove(n) }
    }

    func removeAll() {
        oldest = nil
        newest = nil
        entries.removeAll()
        totalCost = 0
    }

    private func remove(_ n: Node) {
        unlink(n)
        totalCost -= n.cost
        entries[n.key] = nil
    }

    private func unlink(_ n: Node) {
        if let o = n.older { o.newer = n.newer } else { oldest = n.newer }
        if let w = n.newer { w.older = n.older } else { newest = n.older }
        n.older = nil
        n.newer = nil
    }

    /// Makes `n` the newest.
    private func append(_ n: Node) {
        n.older = newest
        n.newer = nil
        if let w = newest { w.newer = n } else { oldest = n }
        newest = n
    }
}
