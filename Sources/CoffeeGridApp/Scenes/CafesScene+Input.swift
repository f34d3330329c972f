import GridCore
import StageInterface

/// Keys, clicks, and opening photos: the cafes are selected in the outer grid, a cafe's coffee
/// photos in its own grid.
extension CafesScene {
    func handleKey(_ key: Key, _ modifiers: KeyModifiers, env: AppEnvironment) -> Bool {
        guard modifiers.isEmpty || modifiers == .shift else { return gridKey(key, modifiers) }
        switch key {
        case .character("h"): perform(.coffee, env: env)
        case .character("g"): perform(.columns, env: env)
        case .character("e"): perform(.mode, env: env)
        case .escape:
            let had = coffeeSelection.values.contains { !$0.isEmpty }
            coffeeSelection = [:]
            return gridKey(key, modifiers) || had
        default: return gridKey(key, modifiers)
        }
        return true
    }

    func handlePointer(_ event: PointerEvent, env: AppEnvironment) {
        switch picker.pointer(event, in: pickerFrame, hovered: &hoveredSegment) {
        case .chose(let s): if s != mode.rawValue { perform(.mode, env: env) }
        case .consumed: break
        case .passed:
            let gesture = grid.handlePointer(event)
            // A click on a coffee grid selects among its photos, by the same rules; elsewhere the
            // outer grid's selection of cafes.
            if case let .clicked(i, press) = gesture, case .up(let p) = event, item(i).isCoffee {
                clickCoffee(cafe: item(i).cafe, at: p, press)
                return
            }
            if case .background(let press) = gesture, !press.modifiers.contains(.control) { coffeeSelection = [:] }
            grid.select(for: gesture)
        }
    }

    /// A click in cafe `k`'s coffee grid: on a photo it selects there as a click does in any grid;
    /// between its photos it clears that grid's selection.
    private func clickCoffee(cafe k: Int, at p: Point, _ press: MousePress) {
        guard let cell = grid.drawnFrame(of: 2 * k + 1), let n = nested[k] else { return }
        var s = coffeeSelection[k] ?? GridSelection()
        if let j = n.frames(at: time).firstIndex(where: { $0.offsetBy(dx: cell.minX, dy: cell.minY).contains(p) }) {
            switch (press.modifiers.contains(.control), press.modifiers.contains(.shift)) {
            case (false, false): s.select(j)
            case (true, false): s.toggle(j)
            case (_, true): s.extend(to: j, adding: press.modifiers.contains(.control))
            }
            // A plain click selects one photo in the whole scene, as everywhere else; a double-click opens it.
            if press.modifiers.isEmpty {
                coffeeSelection = [:]
                grid.selection.removeAll()
                if press.clicks >= 2 { coffeeOpenRequest = (k, j) }
            }
        } else if !press.modifiers.contains(.control) {
            s.removeAll()
        }
        coffeeSelection[k] = s
    }

    /// The cafe photos open full-window (a double-click or Return on one), and so do a coffee
    /// grid's (a double-click on one).
    func takeOpenRequest() -> Int? {
        if let c = coffeeOpenRequest {
            coffeeOpenRequest = nil
            openedCoffee = c.cafe
            return c.photo
        }
        guard let i = grid.takeActivated() else { return nil }
        let (k, isCoffee) = item(i)
        openedCoffee = nil
        return isCoffee ? nil : k
    }

    /// The photos the last open request was for: a cafe's coffee grid after a double-click in it,
    /// else the cafe photos.
    var photoCells: PhotoCells? {
        if let k = openedCoffee, cafes.indices.contains(k) { return coffeeCells(cafe: k) }
        return PhotoCells(count: cafes.count,
                   path: { [cafes, resources] k in cafes.indices.contains(k) ? BundledPhotos.shared.path(cafes[k].image, in: resources) : nil },
                   name: { [cafes] k in cafes.indices.contains(k) ? cafes[k].image : nil },
                   frame: { [weak self] k in
                       guard let s = self, s.cafes.indices.contains(k), let r = s.grid.drawnFrame(of: s.itemIndex(ofCafe: k)) else { return nil }
                       return r.intersects(s.grid.frame) ? r : nil
                   },
                   reveal: { [weak self] k in
                       guard let s = self else { return }
                       s.grid.scrollTo(s.itemIndex(ofCafe: k), anchor: nil, animation: nil)
                   },
                   cornerRadius: 10)
    }

    /// Cafe `k`'s coffee photos, where its nested grid draws them.
    private func coffeeCells(cafe k: Int) -> PhotoCells {
        let photos = cafes[k].coffeePhotos
        return PhotoCells(count: photos.count,
                          path: { [resources] j in photos.indices.contains(j) ? BundledPhotos.shared.path(photos[j], in: resources) : nil },
                          name: { j in photos.indices.contains(j) ? photos[j] : nil },
                          frame: { [weak self] j in
                              guard let s = self, s.coffeeVisible, let cell = s.grid.drawnFrame(of: 2 * k + 1),
                                    let f = s.nested[k]?.frames(at: s.time).dropFirst(j).first else { return nil }
                              let r = f.offsetBy(dx: cell.minX, dy: cell.minY)
                              return r.intersects(s.grid.frame) ? r : nil
                          },
                          reveal: { [weak self] _ in
                              guard let s = self, s.coffeeVisible else { return }
                              s.grid.scrollTo(2 * k + 1, anchor: nil, animation: nil)
                          },
                          cornerRadius: 10)
    }

    var statusText: String? {
        let coffee = coffeeSelection.values.reduce(0) { $0 + $1.count }
        return SelectionStatus.text(count: grid.selection.count + coffee, total: -1)
    }
}
