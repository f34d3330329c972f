import GridCore
import GridMotion
import StageInterface

/// What a pointer did to a grid, for the scene to act on.
enum GridGesture: Equatable {
    /// Pressed and released on an item without dragging, with how it was pressed (modifiers, the
    /// click count: 2 for a double-click).
    case clicked(Int, MousePress)
    /// Pressed and released between items, inside the viewport.
    case background(MousePress)
    /// A mouse drag began drawing a rubber band (`GridGestures.band`).
    case bandBegan(MousePress)
    /// The rubber band's button went up.
    case bandEnded
}

/// A rubber band being drawn: where the press was, in layout coordinates (so it stays on its
/// cells while the grid scrolls under it), and where the pointer is now, in window points.
struct RubberBand: Equatable {
    var start: Point
    var pointer: Point
    /// Ctrl was held: the band adds to the selection instead of replacing it.
    var adding: Bool
    /// The window time autoscrolling last advanced the offset to.
    var lastTime: Double

    /// The band in layout coordinates, for a layout whose origin is at `origin` in the window now.
    func rect(origin: Point) -> Rect {
        let p = Point(x: pointer.x - origin.x, y: pointer.y - origin.y)
        return Rect(x: min(start.x, p.x), y: min(start.y, p.y), width: abs(p.x - start.x), height: abs(p.y - start.y))
    }
}

/// Recognises the pointer's gestures on a grid scroll view: a click on an item or on the
/// background, a mouse drag that draws a rubber band (as Nautilus and gThumb do; where the band
/// does not apply, and always for a touch, a drag scrolls with momentum), a drag of the scroll
/// bar's thumb, the wheel, and the item under a hovering pointer. Hit testing reads the measured
/// frame; scrolling changes the scroll model it is handed.
struct GridGestures {
    /// Farther than this from the press (in points, either axis), a press is a drag.
    static let slop = 4.0

    private var press: (point: Point, time: Double, moved: Bool, how: MousePress)?
    /// A mouse drag draws a rubber band (false: it scrolls, as a touch drag always does).
    var drawsBand = true
    private(set) var band: RubberBand?
    private(set) var scrollbarDrag: (pointer: Double, offset: Double)?
    /// The item under the hovering pointer.
    private(set) var hovered: Int?
    private(set) var pointerInside = false

    /// Handles `event`; returns what the scene should know of it, and whether it scrolled (the
    /// scroll bar shows after scrolling).
    /// Autoscroll while a rubber band's pointer is past the viewport's edge (or within `edgeZone`
    /// of it, for a window whose edge is the screen's): faster the further out, so cells beyond the
    /// edge scroll in and join the band. Returns true while it scrolls.
    mutating func autoscroll(in frame: GridFrame, scroll: inout ScrollModel, time: Double) -> Bool {
        guard var b = band else { return false }
        let dt = min(max(time - b.lastTime, 0), 0.1)
        b.lastTime = time
        band = b
        let v = GridGestures.autoscrollSpeed(pointer: b.pointer, viewport: frame.viewport, axis: frame.axis)
        guard v != 0, dt > 0 else { return v != 0 }
        let target = min(max(frame.offset + v * dt, 0), frame.maxOffset)
        guard target != frame.offset else { return false }
        scroll.settle(at: target)
        return true
    }

    /// Esc during a band: it ends, and the release that follows is no click.
    mutating func cancelBand() {
        band = nil
        press = nil
    }

    /// Points the band's edge zone reaches inside the viewport.
    static let edgeZone = 12.0

    /// Points per second along the main axis for a band's pointer at `p` (negative: back), 0
    /// inside the viewport clear of the edge zone: 12 pt/s for every point past the zone, at most
    /// 6,000 pt/s.
    static func autoscrollSpeed(pointer p: Point, viewport: Rect, axis: Axis) -> Double {
        let (pos, lo, hi) = axis == .vertical ? (p.y, viewport.minY, viewport.maxY) : (p.x, viewport.minX, viewport.maxX)
        let zone = min(edgeZone, (hi - lo) / 4)
        let past = pos > hi - zone ? pos - (hi - zone) : pos < lo + zone ? pos - (lo + zone) : 0
        return min(max(past * 12, -6000), 6000)
    }

    mutating func handle(_ event: PointerEvent, in frame: GridFrame, scroll: inout ScrollModel,
                         time: Double) -> (gesture: GridGesture?, scrolled: Bool) {
        let axis = frame.axis
        let along = { (p: Point) in axis == .vertical ? p.y : p.x }
        switch event {
        case let .down(p, how):
            guard frame.viewport.contains(p) else { return (nil, false) }
            if scroll.maxOffset > 0, frame.scrollbar?.track.contains(p) == true {
                scrollbarDrag = (along(p), frame.offset)
                scroll.settle(at: frame.offset)
                return (nil, false)
            }
            press = (p, time, false, how)
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
            if band != nil {
                band?.pointer = p
                return (nil, false)
            }
            if var pr = press {
                let d = max(abs(p.x - pr.point.x), abs(p.y - pr.point.y))
                if !pr.moved && d > GridGestures.slop {
                    pr.moved = true
                    press = pr
                    if drawsBand && !pr.how.isTouch {
                        let o = frame.origin
                        band = RubberBand(start: Point(x: pr.point.x - o.x, y: pr.point.y - o.y), pointer: p,
                                          adding: pr.how.modifiers.contains(.control), lastTime: time)
                        hovered = nil
                        return (.bandBegan(pr.how), false)
                    }
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
            if band != nil {
                band = nil
                return (.bandEnded, false)
            }
            if pr.moved {
                scroll.endDrag(at: time)
                return (nil, false)
            }
            if let hit = frame.index(at: p) { return (.clicked(hit, pr.how), false) }
            return (frame.viewport.contains(p) ? .background(pr.how) : nil, false)
        case let .wheel(dx, dy, precise, at, _):
            guard frame.viewport.contains(at) else { return (nil, false) }
            // A vertical wheel scrolls a horizontal scroll view too, as desktop users expect.
            scroll.scroll(by: axis == .vertical ? dy : (dx != 0 ? dx : dy), animated: !precise, at: time)
            hovered = nil
            return (nil, true)
        case .exit where band != nil:
            return (nil, false)
        case .exit:
            pointerInside = false
            hovered = nil
            return (nil, false)
        case .pinch, .pinchEnded:
            return (nil, false)
        }
    }
}
