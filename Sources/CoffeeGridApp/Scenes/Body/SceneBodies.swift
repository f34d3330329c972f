/// A scene's bodies, one for each variant of its code shown (a row set, a style, a column set):
/// made when first shown and kept, so going back to a variant draws what was drawn. Bounded: past
/// `limit` they are all let go (five pickers make 200 symbols variants; a person goes back and
/// forth between a few).
struct SceneBodies<Key: Hashable> {
    let limit: Int
    private var made: [Key: SceneBody] = [:]

    init(limit: Int = 12) { self.limit = limit }

    /// The body for `key`; the first time, `make` makes it (it sees the bodies kept, to start the
    /// new one from one drawn alike).
    mutating func body(_ key: Key, make: (_ kept: [Key: SceneBody]) -> SceneBody) -> SceneBody {
        if let b = made[key] { return b }
        let b = make(made)
        if made.count >= limit { made = [:] }
        made[key] = b
        return b
    }
}
