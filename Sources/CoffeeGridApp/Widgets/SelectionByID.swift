import GridCore

/// A selection remembered by its items' ids, so it survives the items moving: a person's folder
/// rescanned (photos found, removed, or put in another order) keeps the same photos selected, by
/// path. Remembering is O(selected) and runs only when the selection changed.
struct SelectionByID {
    private var seen = GridSelection()
    private var ids: [String] = []
    private var anchor: String?, focus: String?

    /// Notes the ids of what `selection` holds now, where `id` names index i.
    mutating func remember(_ selection: GridSelection, id: (Int) -> String?) {
        guard selection != seen else { return }
        seen = selection
        ids = selection.indices.compactMap(id)
        anchor = selection.anchor.flatMap(id)
        focus = selection.focus.flatMap(id)
    }

    /// Items renamed (a photo's file renamed on disk): the same items under their new ids.
    mutating func rename(_ map: [String: String]) {
        guard !map.isEmpty else { return }
        ids = ids.map { map[$0] ?? $0 }
        anchor = anchor.map { map[$0] ?? $0 }
        focus = focus.map { map[$0] ?? $0 }
    }

    /// The remembered items at their indices now (`index` maps an id to where it is, nil if gone).
    mutating func restore(index: (String) -> Int?) -> GridSelection {
        var s = GridSelection()
        for i in ids.compactMap(index).sorted() { s.insert(i) }
        s.anchor = anchor.flatMap(index)
        s.focus = focus.flatMap(index)
        seen = s
        ids = s.indices.isEmpty ? [] : ids.filter { index($0) != nil }
        return s
    }
}
