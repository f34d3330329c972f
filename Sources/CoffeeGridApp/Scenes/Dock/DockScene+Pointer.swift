import GridCore

/// Clicks and drags. A press on a photo is the photo's (click it, or drag it once it moves 4
/// points); a press between photos belongs to the scroll view under it (drag to scroll).
extension DockScene {
    func handlePointer(_ event: PointerEvent, env: AppEnvironment) {
        time = env.time
        switch event {
        case let .down(p, how):
            pressModifiers = how.modifiers
            // A press whose release went elsewhere ends here.
            if press != nil { cancelDrag() }
            if let id = photo(at: p), let f = drawnFrame(of: id) {
                press = PhotoDrag(id: id, at: p, frame: f)
                return
            }
            scrollPress = dockFrame.contains(p) ? .dock : (gridFrame.contains(p) ? .grid : nil)
            if let place = scrollPress { scrollView(place).handlePointer(event) }
        case .move(let p):
            if var d = press {
                let liftedNow = d.move(to: p, at: time)
                press = d
                if liftedNow { apply { _ in } }
                if d.lifted { hover(at: p) }
                return
            }
            if let place = scrollPress {
                scrollView(place).handlePointer(event)
            } else {
                grid.handlePointer(event)
                dock.scrollView.handlePointer(event)
            }
        case .up(let p):
            if let d = press {
                if d.isClick(releasedAt: p) {
                    apply { $0.press = nil }
                    click(d.id, pressModifiers)
                } else if d.lifted {
                    drop(at: p)
                } else {
                    press = nil
                }
                return
            }
            if let place = scrollPress { scrollView(place).handlePointer(event) }
            scrollPress = nil
        case let .wheel(dx, dy, precise, at, mods):
            // The area first, when it scrolls (a short window), then the scroll view under the pointer.
            let rest = dx == 0 ? overflow.wheel(dy: dy, precise: precise, at: at) : dy
            if rest != 0 { scrollView(dockFrame.contains(at) ? .dock : .grid).handlePointer(.wheel(dx: dx, dy: rest, precise: precise, at: at, modifiers: mods)) }
            if let d = press, d.lifted { hover(at: d.pointer) }
        case .exit:
            grid.handlePointer(event)
            dock.scrollView.handlePointer(event)
        case .pinch, .pinchEnded:
            break
        }
    }

    func scrollView(_ place: Place) -> GridScrollView { place == .grid ? grid : dock.scrollView }

    /// The photo drawn topmost under `p`: flights first (they are drawn above both containers),
    /// then the container the point is in. A lifted photo is not hit: it is under the pointer.
    func photo(at p: Point) -> String? {
        let lifted = liftedId
        for id in motion.flyingIds where id != lifted {
            if drawnFrame(of: id)?.contains(p) == true { return id }
        }
        // Each candidate with its slot, so no photo is looked for in the lists (thousands docked).
        let candidates: [(String, (place: Place, index: Int))]
        if dockFrame.contains(p) {
            candidates = dock.slots.enumerated().compactMap { i, slot in
                if case .photo(let id) = slot { return (id, (.dock, i)) }
                return nil
            }
        } else if gridFrame.contains(p) {
            candidates = model.grid.enumerated().map { ($1, (.grid, $0)) }
        } else {
            return nil
        }
        return candidates.last { id, slot in id != lifted && !motion.isFlying(id) && drawnFrame(of: id, at: slot)?.contains(p) == true }?.0
    }

    /// Over the dock (or just above or below it) a lifted photo opens a gap where it would land.
    func hover(at p: Point) {
        guard let d = press, d.lifted else { return }
        let over = dockFrame.insetBy(dx: 0, dy: -24).contains(p)
        let k = over ? dock.insertionIndex(at: p, among: model.dock.filter { $0 != d.id }) : nil
        if k != d.dockInsertion { apply { $0.press?.dockInsertion = k } }
    }

    /// Lets go of a lifted photo: into the dock at the gap; a dock photo dropped on the grid goes
    /// back to the grid; anywhere else it flies home.
    func drop(at p: Point) {
        guard let d = press else { return }
        var inserted = false
        apply { scene in
            scene.press = nil
            if let k = d.dockInsertion {
                scene.model.moveToDock(d.id, at: k)
                inserted = true
            } else if scene.model.place(of: d.id) == .dock, scene.gridFrame.contains(p) {
                scene.model.moveToGrid(d.id)
            }
        }
        if inserted { revealInDock(d.id, animation: flight) }
    }

    /// Another scene shown mid-drag: the photo goes home, the press on a scroll view ends.
    func disappeared() {
        cancelDrag()
        scrollPress = nil
    }

    /// Escape while dragging: the photo flies home.
    func cancelDrag() {
        guard press != nil else { return }
        apply { $0.press = nil }
    }

    /// While a lifted photo hovers near either end of the dock, the dock scrolls that way, faster
    /// the nearer the edge, so a long dock can take a drop anywhere.
    func autoscrollDock(dt: Double) -> Bool {
        guard let d = press, d.lifted, d.dockInsertion != nil, dt > 0 else { return false }
        let zone = 40.0, speed = 500.0
        let sv = dock.scrollView
        let p = d.pointer
        var v = 0.0
        if p.x < dockFrame.minX + zone { v = -speed * min(1, (dockFrame.minX + zone - p.x) / zone) }
        if p.x > dockFrame.maxX - zone { v = speed * min(1, (p.x - (dockFrame.maxX - zone)) / zone) }
        let before = sv.offset
        guard v != 0 else { return false }
        sv.scroll.scroll(by: v * dt, animated: false, at: time)
        guard sv.offset != before else { return false }
        hover(at: p)
        return true
    }
}
