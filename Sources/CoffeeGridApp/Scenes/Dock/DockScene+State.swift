import GridCore

/// The scene's keys in the state file: both lists in display order, where every visible photo is
/// drawn (by id), the two scroll positions, photos in flight and the drag and focus.
extension DockScene {
    static func frameJSON(_ r: Rect) -> [(String, JSON)] {
        [("x", .number(r.minX)), ("y", .number(r.minY)), ("width", .number(r.width)), ("height", .number(r.height))]
    }

    func state(env: AppEnvironment) -> [(String, JSON)] {
        let gridEntries = grid.stateEntries(id: { [model] i in i < model.grid.count ? model.grid[i] : nil })
        let entry = { (key: String) in gridEntries.first { $0.0 == key }?.1 ?? .null }
        let lifted = liftedId
        var visible: [JSON] = []
        // Candidates: slots drawn this frame (viewport and margin) and photos moving; in display order.
        // Dock candidates are slot indices (a drag's gap is a slot too).
        var gridNear = Set(grid.itemsToDraw().map(\.index)), dockNear = Set(dock.scrollView.itemsToDraw().map(\.index))
        for (id, e) in motion.entries {
            if e.place == .grid, let i = model.grid.firstIndex(of: id) { gridNear.insert(i) }
            if e.place == .dock, let i = dock.index(of: id) { dockNear.insert(i) }
        }
        let gridIds = gridNear.sorted().filter { $0 < model.grid.count }.map { (model.grid[$0], $0) }
        let dockIds = dockNear.sorted().compactMap { i -> (String, Int)? in
            guard i < dock.slots.count, case .photo(let id) = dock.slots[i] else { return nil }
            return (id, i)
        }
        for (place, ids, viewport) in [(Place.grid, gridIds, gridFrame), (.dock, dockIds, dockFrame)] {
            for (id, i) in ids where id != lifted && !motion.isFlying(id) {
                guard let r = drawnFrame(of: id, at: (place, i)), r.intersects(viewport) else { continue }
                visible.append(.object([("id", .string(id)), ("in", .string(place == .grid ? "grid" : "dock"))] + DockScene.frameJSON(r)))
            }
        }
        let flying = motion.flyingIds.filter { $0 != lifted }.compactMap { id -> JSON? in
            drawnFrame(of: id).map { .object([("id", .string(id)), ("to", .string(motion.entries[id]?.place == .dock ? "dock" : "grid"))] + DockScene.frameJSON($0)) }
        }
        let sv = dock.scrollView
        let drag: JSON = press.map { d in
            .object([("id", .string(d.id)), ("lifted", .bool(d.lifted)), ("dockInsertion", d.dockInsertion.map { .number(Double($0)) } ?? .null)]
                    + (d.lifted ? DockScene.frameJSON(d.liftedFrame(at: time)) : []))
        } ?? .null
        let focus: JSON = hasFocus ? .object([("in", .string(focusPlace == .grid ? "grid" : "dock")),
                                              ("index", .number(Double(focusIndex[focusPlace] ?? 0))), ("id", focusedId.map(JSON.string) ?? .null)]) : .null
        return [
            ("grid", .strings(model.grid)),
            ("dock", .strings(model.dock)),
            ("gridLayout", entry("grid")),
            ("tracks", entry("tracks")),
            ("items", .object([("total", .number(Double(model.photos.count))), ("materialized", .number(Double(grid.materialized + sv.materialized)))])),
            ("visible", .array(visible)),
            ("scroll", entry("scroll")),
            ("dockScroll", .object([("offset", .number(sv.offset)), ("max", .number(sv.scroll.maxOffset))] + DockScene.frameJSON(dockFrame))),
            ("dockViewport", JSON.rect(sv.frame)),
            ("heading", .object([("text", .string(title))] + DockScene.frameJSON(headingFrame))),
            ("placeholder", .bool(showsPlaceholder)),
            ("flying", .array(flying)),
            ("drag", drag),
            ("focus", focus),
            // The picked photos (Ctrl/Shift+click), as indices of the photos in their first order.
            SelectionStatus.state(picked, id: { [model] in $0 < model.photos.count ? model.photos[$0] : nil }),
            ("dockFile", .string(file.path)),
            ("overflow", overflow.stateJSON),
        ]
    }

    var inspector: InspectorModel? { grid.inspectorModel }
}
