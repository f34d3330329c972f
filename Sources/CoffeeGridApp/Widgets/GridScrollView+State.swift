import GridCore
import Stage

extension GridScrollView {
    /// `tracks` (window points), `items` and `visible` for the state file.
    func stateEntries(idPrefix: String, id: (Int) -> String? = { _ in nil }) -> [(String, JSON)] {
        let origin = axis == .vertical ? layoutOrigin.x : layoutOrigin.y
        let visible = visibleItems().map { item -> JSON in
            let f = item.frame
            let ident: JSON = id(item.index).map(JSON.string) ?? (idPrefix.isEmpty ? .number(Double(item.index)) : .string("\(idPrefix)\(item.index)"))
            return .object([("id", ident), ("x", .number(f.minX)), ("y", .number(f.minY)), ("width", .number(f.width)), ("height", .number(f.height))])
        }
        let container = axis == .vertical ? frame.minX + configuration.padding.leading : frame.minY + configuration.padding.top
        return [
            ("grid", .object([("axis", .string(axis.rawValue)), ("container", .number(container)), ("extent", .number(gridExtent)),
                              ("spec", .string("[" + configuration.items.map(\.description).joined(separator: ", ") + "]")),
                              ("spacing", configuration.spacing.map(JSON.number) ?? .null),
                              ("viewport", JSON.rect(frame))])),
            ("tracks", JSON.tracks(layout.tracks.tracks, shift: origin)),
            ("items", .object([("total", .number(Double(layout.count))), ("materialized", .number(Double(materialized)))])),
            ("visible", .array(visible)),
            ("scroll", .object([("offset", .number(offset)), ("max", .number(scroll.maxOffset))])),
            ("selected", selected.map { .number(Double($0)) } ?? .null),
        ]
    }

    var inspectorModel: InspectorModel {
        InspectorModel(tracks: layout.tracks.tracks, items: configuration.items, axis: axis, viewport: frame,
                       crossOrigin: axis == .vertical ? layoutOrigin.x : layoutOrigin.y,
                       materialized: materialized, total: layout.count)
    }
}
