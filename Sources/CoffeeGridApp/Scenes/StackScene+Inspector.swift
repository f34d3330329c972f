import GridCore
import StageInterface

// MARK: - What the state file and the inspector read: the tree's frames, at rest or flying.
extension StackScene {
    func state(env: AppEnvironment) -> [(String, JSON)] {
        let frames = photoFrames()
        let tracks = (0..<itemPerRow).map { GridTrack(offset: frame.minX + Double($0) * itemWidth, size: itemWidth, item: 0) }
        let visible = mode == .grid ? frames.enumerated().filter { $0.element.intersects(frame) }.map { i, f in
            JSON.object([("id", .string(contentViews[i])), ("x", .number(f.minX)), ("y", .number(f.minY)), ("width", .number(f.width)), ("height", .number(f.height))])
        } : colourFrames().enumerated().map { i, f in
            JSON.object([("id", .string("color-\(i)")), ("x", .number(f.minX)), ("y", .number(f.minY)), ("width", .number(f.width)), ("height", .number(f.height))])
        }
        return [
            ("tracks", JSON.tracks(tracks)),
            ("items", .object([("total", .number(Double(contentViews.count))), ("materialized", .number(Double(contentViews.count)))])),
            ("visible", .array(visible)),
            ("stack", .object([("itemPerRow", .number(Double(itemPerRow))), ("rows", .number(Double(rows))),
                               ("mode", .string(mode.rawValue))])),
            ("selected", selecting.selection.focus.flatMap { selecting.selection.contains($0) ? .number(Double($0)) : nil } ?? .null),
            SelectionStatus.state(selecting.selection, id: { [contentViews] in contentViews.indices.contains($0) ? contentViews[$0] : nil }),
        ]
    }

    var inspector: InspectorModel? {
        if mode != .grid { return stackInspector }
        let tracks = (0..<itemPerRow).map { GridTrack(offset: Double($0) * itemWidth, size: itemWidth, item: 0) }
        let lines = [
            "No LazyVGrid here: HStacks in a VStack, every view made at once",
            "itemWidth = width / itemPerRow = \(formatPoints(frame.width)) / \(itemPerRow) = \(formatPoints(itemWidth))",
            "rowCount(contentNums: \(contentViews.count), itemPerRow: \(itemPerRow)) = \(rows) rows",
            "HStack(spacing: 0), VStack(spacing: 0): no gaps; each photo \(formatPoints(itemWidth)) × \(formatPoints(itemWidth))",
        ].map { TrackExplanation.Line($0) }
        return InspectorModel(tracks: tracks, gaps: [], axis: .vertical, viewport: frame, crossOrigin: frame.minX,
                              explanation: lines, materialized: contentViews.count, total: contentViews.count, isLazy: false)
    }

    /// The six colours: each view's share of the stack, from the frames `colourFrames` draws.
    private var stackInspector: InspectorModel {
        let vertical = mode == .vstack
        let frames = colourFrames()
        let origin = vertical ? frame.minY : frame.minX
        let tracks = frames.map { r in GridTrack(offset: (vertical ? r.minY : r.minX) - origin, size: vertical ? r.height : r.width, item: 0) }
        let gaps = zip(tracks, tracks.dropFirst()).map { a, b in TrackGap(offset: a.end, size: b.offset - a.end, item: 0, withinItem: false) }
        // The default spacing as the tree laid it out (SwiftUI's 8 points between views).
        let n = data.count, s = gaps.first?.size ?? 0
        let length = vertical ? frame.height : frame.width
        let lines = [
            "\(vertical ? "VStack" : "HStack") { ForEach(0..<\(n)) { data[$0] } }: no spacing written, so SwiftUI's default \(formatPoints(s)) between views",
            "each Color = (\(vertical ? "height" : "width") − \(n - 1) × \(formatPoints(s))) / \(n) = (\(formatPoints(length)) − \(formatPoints(Double(n - 1) * s))) / \(n) = \(formatPoints(tracks.first?.size ?? 0))",
            "and all of the \(vertical ? "width" : "height"): a Color is as flexible as a view gets",
        ].map { TrackExplanation.Line($0) }
        // A VStack's views are rows: the overlay marks them as a LazyHGrid's rows.
        return InspectorModel(tracks: tracks, gaps: gaps, axis: vertical ? .horizontal : .vertical, viewport: frame, crossOrigin: origin,
                              explanation: lines, materialized: n, total: n, isLazy: false)
    }
}
