import GridCore
import StageInterface

/// The picker, the chapter's note, the cafes drawn as their views lay out, and the coffee grids
/// (faded in and out, their photos moving with the nested grid's own `.easeIn`).
extension CafesScene {
    /// What the chapter's code and text say about landscape, shown under the picker in the chapter.
    static let landscapeNote = "The chapter's code writes verticalSizeClass == .compact ? 100 : 250, "
        + "but its text gives a landscape iPhone (compact height) 250. This scene follows the text: "
        + "250 in landscape, 100 otherwise."

    /// The landscape note, wrapped whole (never cut) at the footnote size.
    func noteText(width: Double) -> [String] {
        TextWrap.lines(CafesScene.landscapeNote, width: width, fontSize: 13, maxLines: 12)
    }

    /// The note's size in a scroll view `width` wide (its position is the scroll content's top).
    func noteSize(width: Double) -> Rect {
        Rect(x: 0, y: 0, width: max(0, width - 24), height: Double(noteText(width: width - 24).count) * 16)
    }

    func draw(_ list: inout DrawList, env: AppEnvironment) {
        picker.draw(&list, in: pickerFrame, env: env, hovered: hoveredSegment)
        let fade = coffeeOpacity.value(at: env.time)
        let views = body.drawer(env), sampling = grid.imageSampling
        list.clipped(to: grid.frame) { list in
            if mode == .chapter {
                // The top of the scroll content, above the padded grid: it scrolls with the cafes.
                let x = grid.frame.minX + 12, y = grid.layoutOrigin.y - grid.configuration.leadingContent
                for (i, line) in noteText(width: noteFrame.width).enumerated() {
                    list.text(line, Font.footnote, env.color(.secondary), in: Rect(x: x, y: y + Double(i) * 16, width: noteFrame.width, height: 16))
                }
            }
            // Coffee grids fading out lie under the cafes moving into their places.
            if !coffeeVisible, fade > 0 {
                list.opacity(fade) { list in for g in ghosts { drawCoffee(g.cafe, in: g.frame, &list, env: env) } }
            }
            let drawn = grid.itemsToDraw()
            for placed in drawn {
                let (k, isCoffee) = item(placed.index)
                if isCoffee {
                    list.clipped(to: CafesScene.coffeeClip(placed, among: drawn)) { list in
                        list.opacity(fade) { drawCoffee(k, in: placed.frame, &$0, env: env) }
                    }
                } else {
                    let r = placed.frame
                    views.draw(placed.index, in: r, laidOut: grid.restingSize(of: placed.index), &list,
                               photos: PhotoDrawing(priority: grid.priority(of: r), sampling: sampling))
                    if grid.selection.contains(placed.index) { SelectionMarks.draw(&list, around: r, cornerRadius: 10, env: env) }
                }
            }
            if let band = grid.bandFrame { SelectionMarks.drawBand(&list, band, env: env) }
            grid.drawFocusRing(&list, env: env, cornerRadius: 10)
            grid.drawScrollbar(&list, env: env)
        }
    }

    /// Where a coffee grid may draw: its cell, and never past the cells before it (above) or after
    /// it (below) that share its columns. Mid-animation its photos, already laid out for the cell's
    /// final width, can reach beyond the moving cell; they never cover another cafe's row.
    static func coffeeClip(_ cell: PlacedItem, among drawn: [PlacedItem]) -> Rect {
        var top = cell.frame.minY, bottom = cell.frame.maxY
        for other in drawn where other.index != cell.index {
            let r = other.frame
            guard r.maxX > cell.frame.minX, r.minX < cell.frame.maxX else { continue }
            if other.index < cell.index { top = max(top, r.maxY) } else { bottom = min(bottom, r.minY) }
        }
        return Rect(x: cell.frame.minX, y: top, width: cell.frame.width, height: max(0, bottom - top))
    }

    /// The coffee photos, from the top of their cell.
    func drawCoffee(_ k: Int, in cell: Rect, _ list: inout DrawList, env: AppEnvironment) {
        guard let n = nested[k] else { return }
        let selected = coffeeSelection[k]
        for (j, f) in n.frames(at: env.time).enumerated() {
            let r = f.offsetBy(dx: cell.minX, dy: cell.minY)
            list.image(env.photoPath(cafes[k].coffeePhotos[j]), in: r, cornerRadius: 10, priority: grid.priority(of: r))
            if selected?.contains(j) == true { SelectionMarks.draw(&list, around: r, cornerRadius: 10, env: env) }
        }
    }
}
