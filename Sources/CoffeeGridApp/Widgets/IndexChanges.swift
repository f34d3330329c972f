/// A run of insertions, removals and moves, each an index into the list as it stood then (as
/// `PhotoSet.changes(since:)` journals them), folded into where every item went: old index → new
/// index and back, which new indices were inserted and which old ones removed (with their ids).
/// O(old count + changes × count): for a frame's worth of changes, not for a scan.
struct IndexChanges {
    private(set) var newIndex: [Int?]
    private(set) var oldIndex: [Int?]
    /// New indices of inserted items, ascending.
    private(set) var inserted: [Int] = []
    /// Old index → id of every removed item.
    private(set) var removed: [Int: String] = [:]
    var newCount: Int { oldIndex.count }

    /// Nil when a change does not fit the list (the journal and the grid disagree: lay out afresh).
    init?(oldCount: Int, changes: [PhotoSet.Change]) {
        var origin: [Int?] = Array(0..<oldCount)
        for change in changes {
            switch change {
            case .inserted(let i):
                guard i >= 0, i <= origin.count else { return nil }
                origin.insert(nil, at: i)
            case let .removed(i, id):
                guard i >= 0, i < origin.count else { return nil }
                if let old = origin.remove(at: i) { removed[old] = id }
            case let .moved(from, to):
                guard from >= 0, from < origin.count, to >= 0, to < origin.count else { return nil }
                origin.insert(origin.remove(at: from), at: to)
            }
        }
        oldIndex = origin
        var forward = [Int?](repeating: nil, count: oldCount)
        for (n, o) in origin.enumerated() {
            if let o = o { forward[o] = n } else { inserted.append(n) }
        }
        newIndex = forward
    }

    var mapping: GridScrollView.IndexMapping {
        let forward = newIndex, backward = oldIndex
        return GridScrollView.IndexMapping(newIndex: { $0 >= 0 && $0 < forward.count ? forward[$0] : nil },
                                           oldIndex: { $0 >= 0 && $0 < backward.count ? backward[$0] : nil })
    }
}
