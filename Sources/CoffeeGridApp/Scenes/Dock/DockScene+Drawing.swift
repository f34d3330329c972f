import GridCore
import StageInterface

/// Drawing, back to front: the heading and the grid (clipped to their scroll view), the dock panel
/// and its photos (clipped to its 100-point scroll view, no indicator), then photos in flight above
/// both, then the lifted photo above everything.
extension DockScene {
    func draw(_ list: inout DrawList, env: AppEnvironment) {
        let lifted = liftedId
        let ring = focusedId
        prefetchDockSizes(&list, env: env)
        list.clipped(to: gridFrame) { list in
            list.text(views.heading, views.headingFont.stage, env.color(.primary), in: headingFrame)
            // Lazy: the viewport plus the prefetch margin, and photos still sliding into place.
            var near = Set(grid.itemsToDraw().map(\.index))
            for (id, e) in motion.entries where e.place == .grid {
                if let i = model.grid.firstIndex(of: id) { near.insert(i) }
            }
            for i in near.sorted() where i < model.grid.count {
                let id = model.grid[i]
                if id == lifted {
                    // The cell the photo was lifted from stays open until it lands somewhere.
                    if let cell = grid.windowFrame(of: i) { list.fill(cell, env.color(.systemGray5), cornerRadius: views.photoCornerRadius) }
                    continue
                }
                guard !motion.isFlying(id), let r = drawnFrame(of: id, at: (.grid, i)) else { continue }
                list.image(env.photoPath(id), in: r, cornerRadius: views.photoCornerRadius, priority: grid.priority(of: r))
                drawPick(&list, id: id, in: r, cornerRadius: views.photoCornerRadius, env: env)
                if id == ring { FocusRing.draw(&list, around: r, cornerRadius: views.photoCornerRadius, env: env) }
            }
            grid.drawScrollbar(&list, env: env)
        }
        dock.drawBackground(&list, env: env)
        if showsPlaceholder {
            list.text(DockScene.placeholder, Font.footnote, env.color(.secondary), in: dockFrame, alignment: .center)
        }
        list.clipped(to: dock.scrollView.frame) { list in
            let sv = dock.scrollView
            var near = Set(sv.itemsToDraw().map(\.index))
            for (i, slot) in dock.slots.enumerated() {
                if case .photo(let id) = slot, motion.windowFrame(of: id, at: time, origin: origin) != nil { near.insert(i) }
            }
            for i in near.sorted() {
                switch dock.slots[i] {
                case .gap:
                    dock.drawGap(&list, at: i, env: env)
                case .photo(let id):
                    guard !motion.isFlying(id), let r = drawnFrame(of: id, at: (.dock, i)) else { continue }
                    list.image(env.photoPath(id), in: r, cornerRadius: dock.look.photoCornerRadius, priority: sv.priority(of: r))
                    drawPick(&list, id: id, in: r, cornerRadius: dock.look.photoCornerRadius, env: env)
                    if id == ring { FocusRing.draw(&list, around: r, cornerRadius: dock.look.photoCornerRadius, env: env) }
                }
            }
        }
        for id in motion.flyingIds where id != lifted {
            guard let r = drawnFrame(of: id) else { continue }
            let corner = motion.entries[id]?.place == .dock ? dock.look.photoCornerRadius : views.photoCornerRadius
            // In flight: the nearest texel; it lands in its container drawn exactly.
            list.image(env.photoPath(id), in: r, cornerRadius: corner, sampling: .fast)
            if id == ring { FocusRing.draw(&list, around: r, cornerRadius: corner, env: env) }
        }
        if let id = lifted, let r = drawnFrame(of: id) {
            list.shadow(r, cornerRadius: views.photoCornerRadius, radius: 8, color: Color.black.opacity(0.3), offset: Size(width: 0, height: 5))
            list.image(env.photoPath(id), in: r, cornerRadius: views.photoCornerRadius)
        }
        overflow.drawIndicator(&list, env: env)
    }

    static let placeholder = "Click a photo to add it here"

    /// The empty dock's hint shows once the dock is empty and no photo is drawn over it: not through
    /// the gaps while "return all" sends its photos home.
    var showsPlaceholder: Bool {
        dock.slots.isEmpty && !motion.flyingIds.contains { drawnFrame(of: $0)?.intersects(dockFrame) == true }
    }

    /// The seed's "Photos" heading: the top of the grid's scroll view content, scrolling with it.
    /// As wide as the row the seed's `Spacer()` leaves it (its text measured by the estimate, which
    /// the window's font may exceed).
    var headingFrame: Rect {
        let h = views.headingFrame
        return Rect(x: grid.frame.minX + h.minX, y: grid.layoutOrigin.y - grid.configuration.leadingContent + h.minY,
                    width: max(h.width, grid.frame.width - h.minX), height: h.height)
    }

    /// Every grid photo's dock-sized texture is prepared in the background (far down the decode
    /// queue): a flight grows the photo through several texture sizes, and without the landing size
    /// at hand each step would cost a decode mid-flight. A command outside the clip is never drawn;
    /// the renderer only prefetches its photo at the command's size.
    func prefetchDockSizes(_ list: inout DrawList, env: AppEnvironment) {
        // In a large set (a person's folder) only the photos near the viewport: those a click can reach.
        let ids = model.grid.count <= DockScene.animateAllLimit ? model.grid
            : grid.itemsToDraw().compactMap { $0.index < model.grid.count ? model.grid[$0.index] : nil }
        for id in ids {
            let size = Rect(x: -100_000, y: -100_000, width: dock.photoWidth(id), height: dock.look.photoHeight)
            list.image(env.photoPath(id), in: size, cornerRadius: dock.look.photoCornerRadius, priority: 10_000)
        }
    }
}
