import GridCore
import StageInterface

/// A scroll view's scroll bar in one frame: where its track and thumb are and how visible it is.
/// Shown while scrolling and for a moment after, faintly while the pointer is over the view, and
/// fully while it is dragged.
struct Scrollbar {
    let axis: Axis
    /// The track along the viewport's trailing (bottom) edge, and the thumb in it (nil when the content fits).
    let track: Rect, thumb: Rect?
    let opacity: Double
    let isDragged: Bool

    /// How long the bar stays at full strength after the last scroll, before its 0.3 s fade.
    static let shownSeconds = 0.8

    /// How visible the bar is `since` seconds after the last scroll: 0.8 s fully, then a 0.3 s fade.
    static func opacity(since: Double) -> Double {
        if since < shownSeconds { return 1 }
        if since < shownSeconds + 0.3 { return 1 - (since - shownSeconds) / 0.3 }
        return 0
    }

    static func track(in viewport: Rect, axis: Axis) -> Rect {
        axis == .vertical ? Rect(x: viewport.maxX - 8, y: viewport.minY + 3, width: 8, height: max(0, viewport.height - 6))
                          : Rect(x: viewport.minX + 3, y: viewport.maxY - 8, width: max(0, viewport.width - 6), height: 8)
    }

    /// The thumb's length along `track`: the viewport's share of the content, at least 28 points.
    static func thumbLength(_ track: Rect, axis: Axis, viewportLength: Double, contentLength: Double) -> Double {
        let length = axis == .vertical ? track.height : track.width
        guard contentLength > 0 else { return length }
        return min(length, max(28, length * viewportLength / contentLength))
    }

    init(viewport: Rect, axis: Axis, contentLength: Double, offset: Double, maxOffset: Double, opacity: Double, isDragged: Bool) {
        self.axis = axis
        track = Scrollbar.track(in: viewport, axis: axis)
        self.opacity = opacity
        self.isDragged = isDragged
        guard maxOffset > 0 else {
            thumb = nil
            return
        }
        let length = Scrollbar.thumbLength(track, axis: axis, viewportLength: axis == .vertical ? viewport.height : viewport.width,
                                           contentLength: contentLength)
        let travel = (axis == .vertical ? track.height : track.width) - length
        let pos = travel * offset / maxOffset
        thumb = axis == .vertical ? Rect(x: track.minX, y: track.minY + pos, width: track.width, height: length)
                                  : Rect(x: track.minX + pos, y: track.minY, width: length, height: track.height)
    }

    func draw(_ list: inout DrawList, env: AppEnvironment) {
        guard opacity > 0, let thumb = thumb else { return }
        let slim = axis == .vertical ? Rect(x: thumb.maxX - 5, y: thumb.minY, width: 3.5, height: thumb.height)
                                     : Rect(x: thumb.minX, y: thumb.maxY - 5, width: thumb.width, height: 3.5)
        let bar = isDragged ? thumb.insetBy(dx: 1, dy: 1) : slim
        list.fill(bar, env.color(.primary).opacity(0.35 * opacity), cornerRadius: min(bar.width, bar.height) / 2)
    }
}
