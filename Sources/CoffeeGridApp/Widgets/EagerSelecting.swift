import GridCore
import GridMotion
import StageInterface

/// The desktop's selection over a few items whose frames are all known at once (the stack's
/// twelve photos, made eagerly as seed 001 makes them): the same clicks, Ctrl/Shift, rubber band
/// with autoscroll, Ctrl+A and Esc as a lazy grid, on GridCore's `GridSelection`. Frames are
/// window points; the band is kept in content points (window + scroll offset) so it stays on its
/// items while they scroll.
struct EagerSelecting {
    var selection = GridSelection()
    private var press: (point: Point, how: MousePress, offset: Double)?
    private(set) var band: (start: Point, pointer: Point, base: GridSelection, before: GridSelection, lastTime: Double)?

    /// Handles a pointer event over items drawn at `frames` in `viewport` scrolled to `offset`.
    /// Returns the item a double-click landed on.
    mutating func handle(_ event: PointerEvent, frames: [Rect], viewport: Rect, offset: Double, time: Double) -> Int? {
        switch event {
        case let .down(p, how) where viewport.contains(p):
            press = (p, how, offset)
        case .move(let p):
            if band != nil { band?.pointer = p; select(frames: frames, offset: offset); return nil }
            guard let pr = press, !pr.how.isTouch, max(abs(p.x - pr.point.x), abs(p.y - pr.point.y)) > GridGestures.slop else { return nil }
            let base = pr.how.modifiers.contains(.control) ? selection : GridSelection()
            band = (Point(x: pr.point.x, y: pr.point.y + pr.offset), p, base, selection, time)
            select(frames: frames, offset: offset)
        case .up(let p):
            defer { press = nil; band = nil }
            guard let pr = press, band == nil else { return nil }
            guard let i = frames.firstIndex(where: { $0.contains(p) }) else {
                if !pr.how.modifiers.contains(.control) { selection.removeAll() }
                return nil
            }
            if pr.how.clicks >= 2 { if !selection.contains(i) { selection.select(i) }; return i }
            switch (pr.how.modifiers.contains(.control), pr.how.modifiers.contains(.shift)) {
            case (false, false): selection.select(i)
            case (true, false): selection.toggle(i)
            case (_, true): selection.extend(to: i, adding: pr.how.modifiers.contains(.control))
            }
        default:
            break
        }
        return nil
    }

    /// The band's rectangle in window points at scroll `offset`.
    func bandFrame(offset: Double, clip: Rect) -> Rect? {
        guard let b = band else { return nil }
        let y0 = b.start.y - offset
        let r = Rect(x: min(b.start.x, b.pointer.x), y: min(y0, b.pointer.y), width: abs(b.pointer.x - b.start.x), height: abs(b.pointer.y - y0))
        let x0 = max(r.minX, clip.minX), top = max(r.minY, clip.minY), x1 = min(r.maxX, clip.maxX), bottom = min(r.maxY, clip.maxY)
        return Rect(x: x0, y: top, width: max(0, x1 - x0), height: max(0, bottom - top))
    }

    /// Once a frame: autoscroll while the band's pointer is past the viewport's edge (the grid's
    /// speeds); `reselect` then selects what the band touches. Returns true while it scrolls.
    mutating func autoscroll(viewport: Rect, scroll: inout ScrollModel, time: Double) -> Bool {
        guard var b = band else { return false }
        let dt = min(max(time - b.lastTime, 0), 0.1)
        b.lastTime = time
        band = b
        let v = GridGestures.autoscrollSpeed(pointer: b.pointer, viewport: viewport, axis: .vertical)
        let offset = scroll.offset(at: time)
        let target = min(max(offset + v * dt, 0), scroll.maxOffset)
        let moved = v != 0 && target != offset
        if moved { scroll.settle(at: target) }
        return moved
    }

    /// What the band touches among items drawn at `frames` with the content scrolled to `offset`.
    mutating func reselect(frames: [Rect], offset: Double) { select(frames: frames, offset: offset) }

    private mutating func select(frames: [Rect], offset: Double) {
        guard let b = band, let r = bandFrame(offset: offset, clip: Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)) else { return }
        var s = b.base
        for (i, f) in frames.enumerated() where f.intersects(r) { s.insert(i) }
        s.anchor = b.before.anchor ?? s.ranges.first?.lowerBound
        s.focus = b.before.focus ?? s.anchor
        selection = s
    }

    /// The keyboard's keys while the items have the focus, `perLine` of them a row: arrows move the
    /// focus (Shift: select from the anchor), Home/End to the ends, Space toggles, Return selects and
    /// returns the item to open. `used` says whether the key was one of these.
    mutating func handleFocusKey(_ key: Key, _ mods: KeyModifiers, count: Int, perLine: Int) -> (used: Bool, open: Int?) {
        guard count > 0 else { return (false, nil) }
        let current = min(max(selection.focus ?? 0, 0), count - 1)
        let next: Int
        switch key {
        case .right: next = current + 1
        case .left: next = current - 1
        case .down: next = current + max(perLine, 1)
        case .up: next = current - max(perLine, 1)
        case .home: next = 0
        case .end: next = count - 1
        case .space: selection.toggle(current); return (true, nil)
        case .enter:
            if !selection.contains(current) { selection.select(current) }
            return (true, current)
        default: return (false, nil)
        }
        selection.moveFocus(to: min(max(next, 0), count - 1), extending: mods.contains(.shift))
        return (true, nil)
    }

    /// Ctrl+A over `count` items and Esc (ending a band first); true when used.
    mutating func handleKey(_ key: Key, _ mods: KeyModifiers, count: Int) -> Bool {
        if mods.contains(.control), key == .character("a") { selection.selectAll(count: count); return true }
        guard key == .escape else { return false }
        if let b = band { selection = b.before; band = nil; press = nil; return true }
        guard !selection.isEmpty else { return false }
        selection.removeAll()
        return true
    }
}
