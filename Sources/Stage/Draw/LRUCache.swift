/// A least-recently-used cache with a cost budget (bytes, for textures). Eviction drops the
/// oldest entries down to three quarters of the budget at once, so its sort is paid rarely.
final class LRUCache<Key: Hashable, Value> {
    private var entries: [Key: (value: Value, cost: Int, used: UInt64)] = [:]
    private var clock: UInt64 = 0
    private(set) var totalCost = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    var count: Int { entries.count }

    subscript(key: Key) -> Value? {
        guard var e = entries[key] else { return nil }
        clock += 1
        e.used = clock
        entries[key] = e
        return e.value
    }

    func insert(_ value: Value, for key: Key, cost: Int) {
        clock += 1
        if let old = entries[key] { totalCost -= old.cost }
        entries[key] = (value, cost, clock)
        totalCost += cost
        guard totalCost > capacity else { return }
        let target = capacity * 3 / 4
        for (k, e) in entries.sorted(by: { $0.value.used < $1.value.used }) {
            guard totalCost > target, k != key else { continue }
            entries[k] = nil
            totalCost -= e.cost
        }
    }

    /// Drops every entry whose key `keep` refuses.
    func removeAll(except keep: (Key) -> Bool) {
        for (k, e) in entries where !keep(k) {
            entries[k] = nil
            totalCost -= e.cost
        }
    }

    func removeAll() {
        entries.removeAll()
        totalCost = 0
    }
}
