import GridCore

extension GridScrollView {
    /// What must hold after any input: the offset inside the content and finite geometry. (How many
    /// items are materialized is bounded by what was visible lately, which needs a history: the
    /// input storm checks it.)
    func invariantViolations() -> [String] {
        var problems: [String] = []
        let m = measured
        let o = m.offset
        if !(o.isFinite && o >= 0 && o <= m.maxOffset) { problems.append("scroll offset \(o) outside 0…\(m.maxOffset)") }
        if !(m.contentLength.isFinite && m.contentLength >= 0) { problems.append("content length \(m.contentLength)") }
        for t in m.layout.tracks.tracks where !(t.offset.isFinite && t.size.isFinite && t.size >= 0) {
            problems.append("track offset \(t.offset) size \(t.size)")
            break
        }
        if let bad = m.visible.first(where: { !$0.frame.isFinite }) {
            problems.append("item \(bad.index) drawn at \(bad.frame)")
        }
        return problems
    }
}
