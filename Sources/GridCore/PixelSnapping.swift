/// Where a scroll offset is drawn: on the nearest whole device pixel, as UIKit rounds a scroll
/// view's `contentOffset` to the screen's pixels. The model (the spring, the fling, the state
/// file's offset) keeps the true value; only drawing and hit testing read the snapped one. So two
/// frames of a scroll differ by a whole-pixel move, which a retained frame can copy instead of
/// drawing again, and the content's pixels never shimmer between two half-pixel renderings.
public enum PixelSnapping {
    /// `offset` rounded to the nearest multiple of 1/`scale` points (halves away from zero);
    /// `offset` itself for a scale or offset that is not a positive finite number.
    public static func snap(_ offset: Double, scale: Double) -> Double {
        guard scale.isFinite, scale > 0, offset.isFinite else { return offset }
        return (offset * scale).rounded() / scale
    }
}
