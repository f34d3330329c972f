import GridCore
import GridMotion
import StageInterface
import ViewLayer

/// The seed laid out in the scene's area, the containers' slots from the model, and where each photo is.
extension DockScene {
    // MARK: - Layout

    /// The seed laid out in an area of `size`, its photos measured by the estimate (only containers
    /// and fixed frames are read: no text width or image shape).
    static func layOut(in size: Size) -> DockViews? {
        seed.flatMap { DockViews($0, in: size, measuring: EstimatedMeasuring()) }
    }
    /// The seed's code, read and run once for every dock and every size (its tree is never changed
    /// and its actions never run again: shared as a constant).
    nonisolated(unsafe) static let seed = DockViews.Seed(DockScene.source)

    /// The dock strip's look, as the seed's dock photos and panel declare it.
    static func look(_ v: DockViews) -> DockStrip.Look {
        DockStrip.Look(photoHeight: v.dockPhotoHeight, photoCornerRadius: v.dockPhotoCornerRadius, spacing: v.dockSpacing, cornerRadius: v.panelCornerRadius)
    }

    /// The seed laid out in `content` (the scene's area, or the taller minimum scrolled in it): the
    /// grid's scroll view above, the grey dock panel along the bottom.
    func layOut(_ content: Rect) {
        if content.size != views.size, let v = DockScene.layOut(in: content.size) { views = v }
        frame = content
        gridFrame = views.gridViewport.offsetBy(dx: content.minX, dy: content.minY)
        dockFrame = views.panel.offsetBy(dx: content.minX, dy: content.minY)
        dockViewport = views.dockViewport.offsetBy(dx: content.minX, dy: content.minY)
    }

    /// The least height that shows both containers whole at `width` (the seed laid out tall there).
    func minimumHeight(width: Double) -> Double {
        if width != tallViews.size.width, let v = DockScene.layOut(in: Size(width: width, height: DockScene.tall)) { tallViews = v }
        return tallViews.minimumHeight
    }
    static let tall = 2000.0

    /// Container columns from the model: the grid keeps a dragged photo's slot (drawn empty); the
    /// dock shows a dragged photo as a gap where it would land.
    func syncSlots() {
        var c = grid.configuration
        if c.sections.first?.count != model.grid.count {
            c.sections = [GridSection(count: model.grid.count)]
            grid.configuration = c
        }
        var slots = model.dock.map(DockStrip.Slot.photo)
        if let d = press, d.lifted {
            let gap = DockStrip.Slot.gap(width: dock.photoWidth(d.id))
            if let home = model.dock.firstIndex(of: d.id) {
                slots.remove(at: home)
                slots.insert(gap, at: min(d.dockInsertion ?? home, slots.count))
            } else if let k = d.dockInsertion {
                slots.insert(gap, at: min(k, slots.count))
            }
        }
        dock.setSlots(slots)
    }

    var liftedId: String? { press?.lifted == true ? press?.id : nil }

    /// Where `id` sits in the layouts (nil for a photo lifted out of the dock).
    func slot(of id: String) -> (place: Place, index: Int)? {
        if let i = model.grid.firstIndex(of: id) { return (.grid, i) }
        if let i = dock.index(of: id) { return (.dock, i) }
        return nil
    }

    func origin(_ place: Place) -> Point { place == .grid ? grid.layoutOrigin : dock.scrollView.layoutOrigin }

    func layoutFrame(_ place: Place, _ index: Int) -> Rect? {
        place == .grid ? grid.layout.frame(of: index) : dock.layoutFrame(of: index)
    }

    /// Where `id` is drawn now, in window points: under the pointer, in flight, or in its slot.
    func drawnFrame(of id: String) -> Rect? {
        if id == liftedId || motion.entries[id] != nil { return drawnFrame(of: id, at: nil) }
        return drawnFrame(of: id, at: slot(of: id))
    }

    /// The same for a photo whose slot the caller knows (no search through the lists).
    func drawnFrame(of id: String, at slot: (place: Place, index: Int)?) -> Rect? {
        if id == liftedId, let d = press { return d.liftedFrame(at: time) }
        // Moved since the last frame: it is drawn where it was until the update flies it.
        if let r = pendingFlights?.before[id] { return r }
        if let r = motion.windowFrame(of: id, at: time, origin: origin) { return r }
        guard let (place, i) = slot, let f = layoutFrame(place, i) else { return nil }
        let o = origin(place)
        return f.offsetBy(dx: o.x, dy: o.y)
    }

    /// The photos `apply` moves: every one in a small set; in a large one (a person's folder) those
    /// drawn now (viewport and prefetch margin) or moving. Any other is off screen, and an
    /// off-screen photo whose slot changes simply is there when scrolled to.
    func animatedIds() -> [String] {
        guard model.photos.count > DockScene.animateAllLimit else { return model.photos }
        var ids = Set(motion.entries.keys)
        if let l = liftedId { ids.insert(l) }
        for item in grid.itemsToDraw() where item.index < model.grid.count { ids.insert(model.grid[item.index]) }
        for item in dock.scrollView.itemsToDraw() where item.index < dock.slots.count {
            if case .photo(let id) = dock.slots[item.index] { ids.insert(id) }
        }
        return Array(ids)
    }
}
