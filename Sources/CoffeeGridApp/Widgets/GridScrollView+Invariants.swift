import GridCore

extension GridScrollView {
    /// What must hold after any input: the offset inside the content and finite geometry. (How many
    /// items are materialized is bounded by what was visible lately, which needs a history: the
    /// input storm checks it.)
    func invariantViolations() -> [String] {
        var problems: [String] = []
        let o = offset
        if !(o.isFinite && o >= 0 && o <= scroll.maxOffset) { problems.append("scroll offset \(o) outside 0…\(scroll.maxOffset)") }
        if !(contentLength.isFinite && contentLength >= 0) { problems.append("content length \(contentLength)") }
        for t in layout.tracks.tracks where !(t.offset.isFinite && t.size.isFinite && t.size >= 0) {
            problems.append("track offset \(t.offset) size \(t.size)")
            break
        }
        let visible = visibleItems()
        if let bad = visible.first(where: { !$0.frame.isFinite }) {
            problems.append("item \(bad.index) drawn at \(bad.frame)")
        }
        return problems
    }
}
