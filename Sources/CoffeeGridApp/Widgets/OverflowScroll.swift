import GridCore
import GridMotion
import StageInterface

/// The scene's own vertical scroll around a layout that is taller than the scene's area: what a
/// small window needs when the seed's fixed sizes cannot shrink. SwiftUI gives a
/// `ScrollView(.horizontal)` the height of its content however little room there is (the bars'
/// fixed rows are 221 pt tall in any window), and a parent too short for it lets it overflow,
/// cut off with nothing to scroll it into view; here the area scrolls vertically by the overflow
/// instead, so every row the seed draws can be reached. The wheel scrolls this area first, until
/// it reaches its end in that direction, then what is inside (`wheel` returns the rest).
struct OverflowScroll {
    private(set) var scroll = ScrollModel()
    /// The scene's area (what shows of the content).
    private(set) var frame = Rect.zero
    private(set) var contentHeight = 0.0
    private var lastActivity = -10.0
    private var time = 0.0

    /// Lays out `height` points of content in `frame`: returns where the content's top-leading
    /// corner is drawn now (the frame's, scrolled) with its full height.
    mutating func layout(frame newFrame: Rect, contentHeight height: Double, time t: Double) -> Rect {
        frame = newFrame
        time = t
        contentHeight = max(height, newFrame.height)
        scroll.setGeometry(content: contentHeight, viewport: newFrame.height, at: t)
        return Rect(x: newFrame.minX, y: newFrame.minY - offset, width: newFrame.width, height: contentHeight)
    }

    var offset: Double { scroll.offset(at: time) }
    var maxOffset: Double { scroll.maxOffset }

    /// True while the scroll still moves (an animated notch), or its indicator fades.
    func isMoving(at t: Double) -> Bool {
        scroll.isMoving(at: t) || (maxOffset > 0 && Scrollbar.opacity(since: t - lastActivity) > 0)
    }

    /// Scrolls by as much of `dy` as this area can take at `p`; returns the rest for what is inside.
    mutating func wheel(dy: Double, precise: Bool, at p: Point) -> Double {
        guard maxOffset > 0, frame.contains(p), dy.isFinite, dy != 0 else { return dy }
        let target = scroll.targetOffset(at: time)
        let room = dy > 0 ? maxOffset - target : -target
        let used = dy > 0 ? min(dy, room) : max(dy, room)
        guard abs(used) > 1e-9 else { return dy }
        scroll.scroll(by: used, animated: !precise, at: time)
        lastActivity = time
        return dy - used
    }

    /// Up and Down scroll the area (the grid inside scrolls sideways); returns true when used.
    mutating func handleKey(_ key: Key) -> Bool {
        guard maxOffset > 0, key == .up || key == .down else { return false }
        let target = scroll.targetOffset(at: time) + (key == .down ? 40 : -40)
        scroll.scroll(to: target, animation: .easeOut(duration: 0.25), at: time)
        lastActivity = time
        return true
    }

    /// The state file's `overflow`: how far the area scrolls, and where it is.
    var stateJSON: JSON { .object([("offset", .number(offset)), ("max", .number(maxOffset))]) }

    /// A thin indicator on the trailing edge: shown after scrolling, faintly while there is more.
    func drawIndicator(_ list: inout DrawList, env: AppEnvironment) {
        guard maxOffset > 0 else { return }
        let bar = Scrollbar(viewport: frame, axis: .vertical, contentLength: contentHeight, offset: offset, maxOffset: maxOffset,
                            opacity: max(Scrollbar.opacity(since: time - lastActivity), 0.45), isDragged: false)
        bar.draw(&list, env: env)
    }
}

extension GridScrollView {
    /// How tall a scroll view around this grid is when `available` points are proposed: all of
    /// them, or, for a LazyHGrid whose rows' minimums need more, the rows' own height — SwiftUI's
    /// `ScrollView(.horizontal)` takes its content's height (GridCore's overflowing `size`).
    func naturalHeight(in available: Double) -> Double {
        guard axis == .horizontal else { return available }
        let p = configuration.padding
        let tracks = GridTracks(items: configuration.items, extent: max(0, available - p.top - p.bottom), alignment: configuration.alignment)
        return max(available, tracks.size + p.top + p.bottom)
    }
}
