/// The content offset (the viewport's new origin) that reveals `frame`, as ScrollViewReader's
/// `scrollTo(_:anchor:)` computes it.
///
/// - With an anchor, the anchor point of the frame lines up with the same point of the viewport
///   (`.top` puts the item at the top, `.center` in the middle, `.bottom` at the bottom).
/// - With nil, the least movement that makes the frame wholly visible: no movement if it already
///   is, otherwise align the nearer edge. A frame larger than the viewport aligns its leading edge.
///
/// The result is clamped so the viewport stays inside the content.
public func scrollOffset(toReveal frame: Rect, anchor: UnitPoint?, viewport: Rect, contentSize: Size) -> Point {
    func axis(_ lo: Double, _ len: Double, _ vLo: Double, _ vLen: Double, _ a: Double?, _ content: Double) -> Double {
        var target: Double
        if let a = a {
            target = lo + (len - vLen) * a
        } else if lo >= vLo && lo + len <= vLo + vLen {
            target = vLo
        } else if len > vLen || lo < vLo {
            target = lo
        } else {
            target = lo + len - vLen
        }
        let maxOffset = max(content - vLen, 0)
        target = min(max(target, 0), maxOffset)
        return target.isFinite ? target : 0
    }
    return Point(
        x: axis(frame.minX, frame.width, viewport.minX, viewport.width, anchor?.x, contentSize.width),
        y: axis(frame.minY, frame.height, viewport.minY, viewport.height, anchor?.y, contentSize.height))
}
