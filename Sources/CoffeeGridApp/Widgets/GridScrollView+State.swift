import GridCore

extension GridScrollView {
    /// `tracks` (window points), `items` and `visible` for the state file, from the measured frame.
    /// Items are named by `id`, else by their index. `selected` is the focused item when it is
    /// selected (what it was before there was more than one), `selection` the whole of it.
    func stateEntries(id: ((Int) -> String?)? = nil) -> [(String, JSON)] {
        let m = measured
        let origin = axis == .vertical ? m.origin.x : m.origin.y
        let visible = m.visible.map { item -> JSON in
            let f = item.frame
            let ident: JSON = id?(item.index).map(JSON.string) ?? .number(Double(item.index))
            return .object([("id", ident), ("x", .number(f.minX)), ("y", .number(f.minY)), ("width", .number(f.width)), ("height", .number(f.height))])
        }
        let container = axis == .vertical ? frame.minX + configuration.padding.leading : frame.minY + configuration.padding.top
        return [
            ("grid", .object([("axis", .string(axis.rawValue)), ("container", .number(container)), ("extent", .number(gridExtent)),
                              ("spec", .string("[" + configuration.items.map(\.description).joined(separator: ", ") + "]")),
                              ("spacing", configuration.spacing.map(JSON.number) ?? .null),
                              ("viewport", JSON.rect(frame))])),
            ("tracks", JSON.tracks(m.layout.tracks.tracks, shift: origin)),
            // `limited` only when the viewport held more than a frame makes.
            ("items", .object([("total", .number(Double(m.layout.count))), ("materialized", .number(Double(m.materialized)))]
                              + (m.isLimited ? [("limited", .bool(true))] : []))),
            ("visible", .array(visible)),
            ("scroll", .object([("offset", .number(m.offset)), ("max", .number(m.maxOffset))])),
            ("selected", selected.map { .number(Double($0)) } ?? .null),
            selectionState(id: id),
        ]
    }

    var inspectorModel: InspectorModel {
        let m = measured
        return InspectorModel(tracks: m.layout.tracks.tracks, gaps: m.layout.tracks.gaps, axis: axis, viewport: m.viewport,
                              crossOrigin: axis == .vertical ? m.origin.x : m.origin.y,
                              explanation: explanation, materialized: m.materialized, total: m.layout.count)
    }

    /// Where W comes from, GridCore's arithmetic for the tracks, and the spacing between lines.
    private var explanation: [TrackExplanation.Line] {
        let p = configuration.padding
        let vertical = axis == .vertical
        let (viewport, before, after) = vertical ? (frame.width, p.leading, p.trailing) : (frame.height, p.top, p.bottom)
        var source = "ScrollView \(vertical ? "width" : "height")"
        if before != 0 || after != 0 { source += " \(formatPoints(viewport)) − padding \(formatPoints(before)) − \(formatPoints(after))" }
        var lines = layout.tracks.explanation?.lines(axis: axis, source: source) ?? []
        let grid = vertical ? "LazyVGrid" : "LazyHGrid"
        let lineName = vertical ? "rows" : "columns of views"
        let spacing = configuration.spacing.map { "\(grid)(spacing: \(formatPoints($0)))" } ?? "\(grid)'s default spacing"
        lines.append(TrackExplanation.Line("\(lineName.prefix(1).uppercased() + lineName.dropFirst()) are \(formatPoints(layout.lineSpacing)) apart: \(spacing)"))
        return lines
    }
}
