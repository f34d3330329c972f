import GridCore
import GridMotion

/// A lazy grid placed: GridCore's layout says which items meet the visible area (and the prefetch
/// margin around it), and only those are made and placed. When the layout changes under an
/// animation, the items it moves start from where they were, as Compose's lazy grid starts its item
/// animations in the measure pass: items drawn last frame that still exist are placed even if they
/// now end outside the view (so they move off instead of vanishing), and items coming into view
/// start from their place in the old layout, no farther than just beyond the edge.
extension LayoutPass {
    func placeGrid(_ node: ViewNode, _ description: GridDescription, _ children: [ViewNode], _ rect: Rect,
                   _ p: ProposedViewSize, _ env: LayoutEnvironment, _ ctx: PlaceContext) {
        let model = gridModel(node, description, children, extent: gridExtent(description, p), env)
        let layout = model.layout
        let gridID = ctx.id
        let origin = rect.origin
        let visible = ctx.visible.offsetBy(dx: -origin.x, dy: -origin.y)
        let along = description.axis == .vertical ? ctx.visible.height : ctx.visible.width
        var wanted = placesGridItems ? layout.items(in: visible, margin: along * prefetchViewports) : []
        let old = placesGridItems ? memory.grids[gridID].flatMap { $0.space == ctx.space ? $0 : nil } : nil
        let changing = ctx.animation != nil && old.map { $0.signature != model.signature } == true
        var oldDrawn = Set<ViewID>()
        if let old = old, changing || !memory.motions.isEmpty {
            // Items that were drawn and are still there keep being placed while they move.
            var listed = Set(wanted.map(\.index))
            for (itemID, drawn) in old.drawn {
                oldDrawn.insert(itemID)
                let inFlight = memory.motions[itemID]?.isAnimating(at: time) == true
                guard changing || inFlight,
                      let index = model.index(ofElement: drawn.ref.element, position: drawn.position, run: drawn.run),
                      !listed.contains(index), let f = layout.frame(of: index) else { continue }
                listed.insert(index)
                wanted.append(PlacedItem(index: index, frame: f))
            }
            wanted.sort { $0.index < $1.index }
        }
        var record = GridRecord(id: gridID, model: model, origin: origin, viewport: ctx.scrollView >= 0 ? scrolls[ctx.scrollView].viewport : nil,
                                items: [], space: ctx.space, spaceOrigin: ctx.spaceOrigin)
        for item in wanted {
            guard let (view, element, position, run) = model.item(item.index) else { continue }
            let ref = GridItemRef(grid: gridID, index: item.index, element: element)
            var c = ctx
            c.id = gridID.part("run", run).element(element, position: position)
            c.gridItem = ref
            let frame = item.frame.offsetBy(dx: origin.x, dy: origin.y)
            let top = place(view, frame, ProposedViewSize(frame.size), env, c)
            guard top < placed.count else { continue }
            record.items.append((item.index, top, ViewMemory.DrawnItem(ref: ref, run: run, position: position)))
            if changing, let old = old, !oldDrawn.contains(placed[top].id),
               old.layout.count == layout.count, let was = old.layout.frame(of: item.index) {
                // Coming into view: from its old place, pulled to just beyond the viewport's edge.
                let from = was.offsetBy(dx: old.origin.x, dy: old.origin.y)
                let view = ctx.visible.offsetBy(dx: -ctx.spaceOrigin.x, dy: -ctx.spaceOrigin.y)
                seeds[top] = LayoutPass.nearEdge(from, of: view, axis: description.axis)
            }
        }
        for v in layout.supplementaryViews(in: visible) {
            guard v.section < model.sections.count,
                  let view = v.kind == .header ? model.sections[v.section].header : model.sections[v.section].footer else { continue }
            var c = ctx
            c.id = gridID.part(v.kind == .header ? "header" : "footer", v.section)
            let frame = v.frame.offsetBy(dx: origin.x, dy: origin.y)
            place(view, frame, ProposedViewSize(frame.size), env, c)
        }
        for n in model.notes { note(n) }
        grids.append(record)
    }

    /// Pulls a far-away frame to just outside the viewport, on the same side (the frame an item
    /// coming from far off starts from).
    static func nearEdge(_ r: Rect, of view: Rect, axis: Axis) -> Rect {
        if axis == .vertical {
            if r.minY > view.maxY + r.height { return Rect(x: r.minX, y: view.maxY + 1, width: r.width, height: r.height) }
            if r.maxY < view.minY - r.height { return Rect(x: r.minX, y: view.minY - r.height - 1, width: r.width, height: r.height) }
        } else {
            if r.minX > view.maxX + r.width { return Rect(x: view.maxX + 1, y: r.minY, width: r.width, height: r.height) }
            if r.maxX < view.minX - r.width { return Rect(x: view.minX - r.width - 1, y: r.minY, width: r.width, height: r.height) }
        }
        return r
    }
}
