import Foundation
import GridCore
import GridMotion
import StageInterface
import Stage

/// The field, the banner and the grid (or a pasted snippet's views); the state file; what a session restores.
extension PlaygroundScene {
    func draw(_ list: inout DrawList, env: AppEnvironment) {
        field.draw(&list, in: fieldFrame, env: env, error: error != nil)
        if banner != nil {
            list.fill(bannerFrame, env.color(.red).opacity(0.12), cornerRadius: 8)
            list.symbol("exclamationmark.triangle", in: Rect(x: bannerFrame.minX + 10, y: bannerFrame.midY - 9, width: 18, height: 18), env.color(.red))
            let textWidth = bannerFrame.width - 44
            for (i, line) in bannerLines.enumerated() {
                list.text(line, Font.footnote, env.color(.red), in: Rect(x: bannerFrame.minX + 36, y: bannerFrame.minY + 6 + Double(i) * 18, width: textWidth, height: 18))
            }
        }
        // What a pasted tree draws around its grid (a heading, a dock below it).
        if let p = snippet.body?.gridPlacement(in: area.size, env: env) {
            p.drawSurroundings(at: area.origin, gridAt: grid.layoutOrigin, &list, env: env)
        }
        list.clipped(to: grid.frame) { list in
            snippet.wholeTree(in: grid.frame, env: env)?.draw(at: grid.frame.origin, &list, env: env)
            for item in grid.itemsToDraw() {
                let r = item.frame
                if let b = snippet.body {
                    b.drawItem(item.index, in: r, &list, env: env)
                    continue
                }
                list.fill(r, env.color(colors[item.index % colors.count]), cornerRadius: 8)
                let side = min(26, r.width - 6, r.height - 6)
                if side > 6 {
                    list.symbol(symbols[item.index % symbols.count], in: Rect(x: r.midX - side / 2, y: r.midY - side / 2, width: side, height: side), env.color(.primary))
                }
            }
            grid.drawSelection(&list, env: env, cornerRadius: 8)
            grid.drawFocusRing(&list, env: env, cornerRadius: 8)
            grid.drawScrollbar(&list, env: env)
        }
    }

    func state(env: AppEnvironment) -> [(String, JSON)] {
        grid.stateEntries() + [("playground", .object([("spec", .string(validSpec)), ("typed", .string(field.text)), ("editing", .bool(field.isEditing)), ("field", JSON.rect(fieldFrame)),
                                                                  ("caret", .number(Double(field.editing.caret))),
                                                                  ("selection", .array([.number(Double(field.editing.selection.lowerBound)), .number(Double(field.editing.selection.upperBound))])),
                                                                  ("error", error.map(JSON.string) ?? .null)])), snippet.stateEntry(area: grid.frame, env: env)]
    }

    /// The parser's message wrapped to the banner; a message quoting pages of input stops after
    /// four lines with "…" (the column and what was expected come first).
    static func bannerLines(_ message: String, width: Double, measure: TextMeasure) -> [String] {
        var lines = measure.wrap(message, font: .footnote, width: width)
        guard lines.count > 4 else { return lines }
        lines = Array(lines.prefix(4))
        var last = lines[3]
        while !last.isEmpty, measure.width(last + "…", .footnote) > width { last.removeLast() }
        lines[3] = last + "…"
        return lines
    }
}

// MARK: - Restorable state: the axis and the spec (the last one that parsed), and the item at the start.
extension PlaygroundScene {
    var restorableState: RestorableState {
        RestorableState(variant: (axis == .vertical ? "v " : "h ") + validSpec, anchor: grid.anchorItem)
    }

    func restore(_ state: RestorableState) {
        if !specFromCommandLine, let v = state.variant, v.count > 2, let a = ["v ": Axis.vertical, "h ": .horizontal][String(v.prefix(2))] {
            let spec = String(v.dropFirst(2))
            if (try? GridSpec.parse(spec)) != nil {
                apply(spec)
                preset = PlaygroundScene.presets.firstIndex(of: spec) ?? preset
            }
            axis = a
            grid.configuration = configuration()
        }
        grid.restoreAnchor(state.anchor)
    }
}
