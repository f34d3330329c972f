import GridCore

/// What a pointer did to a grid, for the scene to act on.
enum GridGesture: Equatable {
    /// Pressed and released on an item without dragging.
    case clicked(Int)
    /// Pressed and released between items, inside the viewport.
    case background
}

/// Recognises the pointer's gestures on a grid scroll view: a click on an item or on the
/// background, a drag that scrolls (with momentum), a drag of the scroll bar's thumb, the wheel,
/// and the item under a hovering pointer. Hit testing reads the measured frame; scrolling changes
/// the scroll model it is handed.
struct GridGestures {
    /// Farther than this from the press (in points, either axis), a press is a drag.
    static let slop = 4.0

    private var press: (point: Point, time: Double, moved: Bool)?
    private(set) var scrollbarDrag: (pointer: Double, offset: Double)?
    /// The item under the hovering pointer.
    private(set) var hovered: Int?
    private(set) var pointerInside = false

    /// Handles `event`; returns what the scene should know of it, and whether it scrolled (the
    /// scroll bar shows after scrolling).
    mutating func handle(_ event: PointerEvent, in frame: GridFrame, scroll: inout ScrollModel,
                         time: Double) -> (gesture: GridGesture?, scrolled: Bool) {
        let axis = frame.axis
        let along = { (p: Point) in axis == .vertical ? p.y : p.x }
        switch event {
        case .down(let p):
            guard frame.viewport.contains(p) else { return (nil, false) }
            if scroll.maxOffset > 0, frame.scrollbar?.track.contains(p) == true {
                scrollbarDrag = (along(p), frame.offset)
                scroll.settle(at: frame.offset)
                return (nil, false)
            }
            press = (p, time, false)
            return (nil, false)
        case .move(let p):
            pointerInside = frame.viewport.contains(p)
            if let drag = scrollbarDrag {
                let track = Scrollbar.track(in: frame.viewport, axis: axis)
                let thumb = Scrollbar.thumbLength(track, axis: axis, viewportLength: axis == .vertical ? frame.viewport.height : frame.viewport.width,
                                                  contentLength: frame.contentLength)
                let travel = (axis == .vertical ? track.height : track.width) - thumb
                if travel > 0 { scroll.settle(at: drag.offset + (along(p) - drag.pointer) / travel * scroll.maxOffset) }
                return (nil, true)
            }
            if var pr = press {
                let d = max(abs(p.x - pr.point.x), abs(p.y - pr.point.y))
                if !pr.moved && d > GridGestures.slop {
                    pr.moved = true
                    press = pr
                    scroll.beginDrag(pointer: along(pr.point), at: time)
                }
                if pr.moved {
                    scroll.drag(pointer: along(p), at: time)
                    return (nil, true)
                }
                return (nil, false)
            }
            hovered = pointerInside ? frame.index(at: p) : nil
            return (nil, false)
        case .up(let p):
            if scrollbarDrag != nil {
                scrollbarDrag = nil
                return (nil, false)
            }
            guard let pr = press else { return (nil, false) }
            press = nil
            if pr.moved {
                scroll.endDrag(at: time)
                return (nil, false)
            }
            if let hit = frame.index(at: p) { return (.clicked(hit), false) }
            return (frame.viewport.contains(p) ? .background : nil, false)
        case let .wheel(dx, dy, precise, at, _):
            guard frame.viewport.contains(at) else { return (nil, false) }
            // A vertical wheel scrolls a horizontal scroll view too, as desktop users expect.
            scroll.scroll(by: axis == .vertical ? dy : (dx != 0 ? dx : dy), animated: !precise, at: time)
            hovered = nil
            return (nil, true)
        case .exit:
            pointerInside = false
            hovered = nil
            return (nil, false)
        case .pinch, .pinchEnded:
            return (nil, false)
        }
    }
}
