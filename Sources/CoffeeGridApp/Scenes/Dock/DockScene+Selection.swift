import GridCore
import GridMotion
import StageInterface

/// The dock's selection: an opt-in extension of seed 002, whose click means "move". A plain click
/// still flies one photo, as the seed says; Ctrl+click picks photos (accent ring and check badge),
/// Shift+click picks a range in the photo's own container (grid or dock, in display order), and a
/// plain click on a picked photo then moves every picked photo of that container together. Esc,
/// or a plain click on a photo not picked, lets go of them. The model is GridSelection over
/// `model.photos`, whose order never changes as photos move, so a pick survives every flight.
extension DockScene {
    /// The index of `id` in `model.photos` (the selection's indices).
    func photoIndex(_ id: String) -> Int? { model.photos.firstIndex(of: id) }

    func isPicked(_ id: String) -> Bool { photoIndex(id).map(picked.contains) ?? false }

    /// A click on photo `id` with `modifiers` held.
    func click(_ id: String, _ modifiers: KeyModifiers) {
        guard let i = photoIndex(id) else { return toggle(id) }
        if modifiers.contains(.shift), let place = model.place(of: id) {
            let list = self.list(place)
            let anchorID = picked.anchor.flatMap { $0 < model.photos.count ? model.photos[$0] : nil }
            let from = anchorID.flatMap { model.place(of: $0) == place ? list.firstIndex(of: $0) : nil } ?? list.firstIndex(of: id) ?? 0
            let to = list.firstIndex(of: id) ?? from
            let anchor = picked.anchor ?? i
            if !modifiers.contains(.control) { picked.removeAll() }
            for k in min(from, to)...max(from, to) { if let j = photoIndex(list[k]) { picked.insert(j) } }
            picked.anchor = anchor
            picked.focus = i
            return
        }
        if modifiers.contains(.control) { picked.toggle(i); return }
        guard picked.contains(i), picked.count > 1, let place = model.place(of: id) else {
            picked.removeAll()
            return toggle(id)
        }
        // Every picked photo of this container flies, in display order, as one move.
        let moving = list(place).filter(isPicked)
        picked.removeAll()
        apply { scene in for m in moving { _ = scene.model.toggle(m) } }
        if place == .grid, let last = moving.last { revealInDock(last, animation: MotionPolicy.resolve(flight)) }
    }

    var statusText: String? {
        guard picked.count > 0 else { return nil }
        return "\(picked.count) picked · click one to move them together · Ctrl+click picks · Esc lets go"
    }

    var selects: Bool { true }

    func drawPick(_ list: inout DrawList, id: String, in r: Rect, cornerRadius: Double, env: AppEnvironment) {
        if isPicked(id) { SelectionMarks.draw(&list, around: r, cornerRadius: cornerRadius, env: env) }
    }
}
