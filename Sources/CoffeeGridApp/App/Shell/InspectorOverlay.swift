import GridCore
import StageInterface

/// `i`, on the grid itself: each track's bounds with its size, each gap with the spacing that made
/// it, coloured by the GridItem that made them (the panel's swatches use the same colours), so a
/// learner can match every number of the panel's arithmetic to a place on the grid.
enum InspectorOverlay {
    static let hues: [Color] = [Color(hex: 0xFF3B30), Color(hex: 0x007AFF), Color(hex: 0x34C759), Color(hex: 0xFF9500), Color(hex: 0xAF52DE)]
    static let tagFont = Font.caption.weight(.semibold)
    static let tagHeight = 18.0

    static func hue(_ item: Int) -> Color { hues[((item % hues.count) + hues.count) % hues.count] }

    static func draw(_ list: inout DrawList, model m: InspectorModel, env: AppEnvironment, measure: TextMeasure) {
        let v = m.viewport
        let vertical = m.axis == .vertical
        // On whole device pixels, and the viewport's whole length: a band that paints each pixel
        // whole, all along the scroll, is the same over content that moves under it, so a scroll
        // frame moves the pixels under the guides instead of drawing their columns again.
        let pixel = 1 / max(env.scale, 1)
        func snap(_ x: Double) -> Double { PixelSnapping.snap(x, scale: env.scale) }
        let (along0, along1) = vertical ? (snap(v.minY), snap(v.maxY)) : (snap(v.minX), snap(v.maxX))
        /// A rectangle given along the scroll and across it, as the window has it.
        func oriented(along a0: Double, _ a1: Double, across c0: Double, _ c1: Double) -> Rect {
            vertical ? Rect(x: c0, y: a0, width: c1 - c0, height: a1 - a0) : Rect(x: a0, y: c0, width: a1 - a0, height: c1 - c0)
        }
        /// A track's or gap's extent across the scroll, on device pixels.
        func across(_ start: Double, _ size: Double) -> (Double, Double) {
            let a = snap(start)
            return (a, max(snap(start + size), a))
        }
        list.clipped(to: v) { list in
            for gap in m.gaps where gap.size > 0 {
                let (c0, c1) = across(m.crossOrigin + gap.offset, gap.size)
                let r = oriented(along: along0, along1, across: c0, c1)
                if r.width > 0, r.height > 0 { list.fill(r, env.color(.gray).opacity(0.22)) }
            }
            // Bounds as outlines only (a tinted band over the whole viewport costs a blended
            // full-screen fill): a device pixel wide, its sides along the scroll.
            for t in m.tracks {
                let (c0, c1) = across(m.crossOrigin + t.offset, t.size), c = hue(t.item).opacity(0.8)
                // Its two sides the whole way along, then its two ends between them.
                let sides = [oriented(along: along0, along1, across: c0, c0 + pixel), oriented(along: along0, along1, across: c1 - pixel, c1),
                             oriented(along: along0, along0 + pixel, across: c0 + pixel, c1 - pixel),
                             oriented(along: along1 - pixel, along1, across: c0 + pixel, c1 - pixel)]
                for side in sides where side.width > 0 && side.height > 0 { list.fill(side, c) }
            }

            // Size tags at the leading edge of each track; a tag that would not fit its track is left
            // out (the panel has every number), so none is ever cut short.
            var tagColumn = 0.0
            var lastEnd = -Double.infinity
            for t in m.tracks {
                let label = formatPoints(t.size)
                let w = measure.width(label, tagFont) + 8
                let start = m.crossOrigin + t.offset
                let r: Rect
                if vertical {
                    guard w <= t.size - 2, start + 1 >= lastEnd else { continue }
                    r = Rect(x: start + 1, y: v.minY + 4, width: w, height: tagHeight)
                    lastEnd = r.maxX + 2
                } else {
                    // Centred on the row, even a row thinner than the tag.
                    r = Rect(x: v.minX + 4, y: start + (t.size - tagHeight) / 2, width: w, height: tagHeight)
                    guard r.minY >= lastEnd else { continue }
                    lastEnd = r.maxY + 2
                    tagColumn = max(tagColumn, w)
                }
                guard v.contains(r) else { continue }
                list.fill(r, hue(t.item).opacity(0.88), cornerRadius: 4)
                list.text(label, tagFont, .white, in: r, alignment: .center)
            }

            // Spacing labels centred on their gaps, in a row under the tags (a column beside them).
            var lastLabelEnd = -Double.infinity
            for gap in m.gaps {
                let label = formatPoints(gap.size)
                let w = measure.width(label, tagFont) + 8
                let centre = m.crossOrigin + gap.offset + gap.size / 2
                let r = vertical ? Rect(x: centre - w / 2, y: v.minY + 8 + tagHeight, width: w, height: tagHeight - 2)
                                 : Rect(x: v.minX + 10 + tagColumn, y: centre - (tagHeight - 2) / 2, width: w, height: tagHeight - 2)
                let (lo, hi) = vertical ? (r.minX, r.maxX) : (r.minY, r.maxY)
                guard lo >= lastLabelEnd, v.contains(r) else { continue }
                lastLabelEnd = hi + 3
                list.fill(r, env.color(.background).opacity(0.92), cornerRadius: 8)
                list.stroke(r, env.color(.gray), cornerRadius: 8, lineWidth: 1)
                list.text(label, tagFont, env.color(.primary), in: r, alignment: .center)
            }
        }
    }
}
