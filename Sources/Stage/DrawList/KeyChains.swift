/// The indices of a list grouped by an `Int` key, each group in list order: how a retained frame
/// finds the last frame's items that may match one of this frame's. Built every frame over a few
/// hundred items, so it is three flat arrays (open addressing on the key, one link per index)
/// rather than a dictionary of arrays — no allocation per group, no general-purpose hashing of
/// keys that are already mixed (`FrameItem.key`, `FrameItem.look`).
struct KeyChains {
    private var keys: [Int]
    /// The first index of each slot's group, -1 for an empty slot.
    private var heads: [Int32]
    /// The index after each one in its group, -1 at a group's end.
    private var links: [Int32]
    /// Where `firstAfter` got to in each slot's group (-1: past its end).
    private var cursors: [Int32]
    private let mask: Int

    init(count: Int, key: (Int) -> Int) {
        var capacity = 16
        while capacity < 2 * count { capacity <<= 1 }
        mask = capacity - 1
        keys = [Int](repeating: 0, count: capacity)
        heads = [Int32](repeating: -1, count: capacity)
        links = [Int32](repeating: -1, count: count)
        cursors = []
        // Each slot's last index so far, where the next of its group is linked on: needed only here.
        var tails = [Int32](repeating: -1, count: capacity)
        for j in 0..<count {
            let k = key(j)
            let s = slot(of: k)
            if heads[s] < 0 {
                keys[s] = k
                heads[s] = Int32(j)
            } else {
                links[Int(tails[s])] = Int32(j)
            }
            tails[s] = Int32(j)
        }
        cursors = heads
    }

    /// The slot holding `k`, or the empty one where it would go (linear probing; the table is at
    /// most half full, so a probe always ends).
    private func slot(of k: Int) -> Int {
        // The keys are mixed already; fold the high half in so a table index sees all of them.
        var s = (k ^ (k >> 32)) & mask
        while heads[s] >= 0 && keys[s] != k { s = (s + 1) & mask }
        return s
    }

    /// The first index with key `k`, or nil.
    func first(_ k: Int) -> Int? {
        let h = heads[slot(of: k)]
        return h < 0 ? nil : Int(h)
    }

    /// The index after `j` with the same key, or nil.
    func next(after j: Int) -> Int? {
        let n = links[j]
        return n < 0 ? nil : Int(n)
    }

    /// The first index with key `k` after `last`, for a walk whose `last` never decreases: the
    /// indices it passes are dropped from the group's front for good, so each is skipped once in all.
    mutating func firstAfter(_ k: Int, _ last: Int) -> Int? {
        let s = slot(of: k)
        guard heads[s] >= 0 else { return nil }
        var c = cursors[s]
        while c >= 0 && Int(c) <= last { c = links[Int(c)] }
        cursors[s] = c
        return c < 0 ? nil : Int(c)
    }
}
