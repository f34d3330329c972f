import GridCore
import Stage

/// `i`: the layout inspector. Draws each track's bounds with its size in points, the spacing gaps,
/// which GridItem made it (`.adaptive(minimum: 50) → 6 × 58.33`) and `materialized / total`,
/// so a learner sees *why* the grid looks as it does.
enum InspectorOverlay {
    static let hues: [Color] = [Color(hex: 0xFF3B30), Color(hex: 0x007AFF), Color(hex: 0x34C759), Color(hex: 0xFF9500), Color(hex: 0xAF52DE)]

    /// One line per GridItem: `[0] .adaptive(minimum: 50) → 6 × 58.33`.
    static func summary(items: [GridItem], tracks: [GridTrack]) -> [String] {
        items.enumerated().map { i, item in
            let mine = tracks.filter { $0.item == i }
            let sizes = mine.map { formatPoints($0.size) }
            let result: String
            if mine.count > 1, Set(sizes).count == 1 { result = "\(mine.count) × \(sizes[0])" } else { result = sizes.joined(separator: ", ") }
            return "\(item.size) → \(result)"
        }
    }

    static func draw(_ list: inout DrawList, model m: InspectorModel, env: AppEnvironment) {
        let v = m.viewport
        list.clipped(to: v) { list in
            var previousEnd: Double?
            for t in m.tracks {
                let hue = hues[t.item % hues.count]
                let start = m.crossOrigin + t.offset
                let band = m.axis == .vertical ? Rect(x: start, y: v.minY, width: t.size, height: v.height)
                                               : Rect(x: v.minX, y: start, width: v.width, height: t.size)
                // Bounds as outlines only: a tinted band over the whole viewport costs a blended full-screen fill.
                list.stroke(band, hue.opacity(0.8), lineWidth: 1)
                if let end = previousEnd, start > end {
                    // Spacing gap: hatched in grey with its width.
                    let gap = m.axis == .vertical ? Rect(x: end, y: v.minY, width: start - end, height: v.height)
                                                  : Rect(x: v.minX, y: end, width: v.width, height: start - end)
                    list.fill(gap, env.color(.gray).opacity(0.22))
                }
                previousEnd = start + t.size
                let label = formatPoints((t.size * 100).rounded() / 100)
                let tag = m.axis == .vertical ? Rect(x: start + 2, y: v.minY + 4, width: max(0, t.size - 4), height: 18)
                                              : Rect(x: v.minX + 4, y: start + 2, width: 70, height: 18)
                list.fill(tag, hue.opacity(0.85), cornerRadius: 4)
                list.text(label, Font.caption.weight(.semibold), .white, in: tag, alignment: .center)
            }
        }
        let lines = summary(items: m.items, tracks: m.tracks) + ["materialized \(m.materialized) / total \(m.total)"]
        let width = min(v.width - 16, 330.0)
        let height = Double(lines.count) * 17 + 14
        let card = Rect(x: v.maxX - width - 8, y: v.maxY - height - 8, width: width, height: height)
        list.fill(card, Color.black.opacity(0.78), cornerRadius: 10)
        for (i, line) in lines.enumerated() {
            let color = i < m.items.count ? hues[i % hues.count].mix(.white, 0.45) : Color.white
            list.text(line, Font.caption.design(.monospaced), color,
                      in: Rect(x: card.minX + 10, y: card.minY + 7 + Double(i) * 17, width: width - 20, height: 17))
        }
    }
}
