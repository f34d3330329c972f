import GridCore

/// One thing to draw, in window points. Scenes produce a list of these each frame; the renderer
/// turns them into SDL calls. Keeping this a plain value makes every frame inspectable in tests.
public enum DrawCommand: Hashable {
    case fill(Rect, Color, cornerRadius: Double)
    case stroke(Rect, Color, cornerRadius: Double, lineWidth: Double)
    /// `hollow`: something opaque is drawn over the rect itself, so only the fringe outside it shows.
    case shadow(Rect, cornerRadius: Double, radius: Double, color: Color, offset: Size, hollow: Bool)
    /// A photo file drawn `scaledToFill` (or fit) into the rect and clipped to its rounded corners.
    /// `priority` orders decoding (0 = on screen; larger = farther away).
    /// `sampling`: `.fast` while the photo moves or resizes; `.exact` again once it settles, which
    /// makes the settled frame's command differ, so a retained frame draws it anew.
    case image(path: String, Rect, cornerRadius: Double, contentMode: ContentMode, opacity: Double, priority: Double, sampling: ImageSampling)
    /// Draws nothing: asks for the photo at the size it will have once `Rect` is reached (a cell
    /// growing in an animation), so it decodes once at that size instead of at every size on the way.
    case prefetch(path: String, Rect, priority: Double)
    case text(String, Font, Color, Rect, Alignment)
    case symbol(String, Rect, Color)
    case line(from: Point, to: Point, width: Double, Color)
    case circle(center: Point, radius: Double, Color)
    /// The part of an earlier frame under `Rect`, drawn where it was at `opacity` (a cross-fade's
    /// outgoing picture).
    case snapshot(KeptPicture, Rect, opacity: Double)
    case pushClip(Rect)
    case popClip
    /// Draws everything until the matching `endOpacity` at this opacity (multiplied into colours).
    case beginOpacity(Double)
    case endOpacity
}

extension DrawCommand {
    /// The area the command can touch, for culling; nil for state changes and prefetches.
    public var bounds: Rect? {
        switch self {
        case .fill(let r, _, _), .image(_, let r, _, _, _, _, _), .text(_, _, _, let r, _), .symbol(_, let r, _), .snapshot(_, let r, _):
            return r
        case .stroke(let r, _, _, let w):
            return r.insetBy(dx: -w, dy: -w)
        case let .shadow(r, _, radius, _, offset, _):
            return r.offsetBy(dx: offset.width, dy: offset.height).insetBy(dx: -radius * 3, dy: -radius * 3)
        case let .line(a, b, w, _):
            return Rect(x: min(a.x, b.x) - w, y: min(a.y, b.y) - w, width: abs(a.x - b.x) + 2 * w, height: abs(a.y - b.y) + 2 * w)
        case let .circle(c, radius, _):
            return Rect(x: c.x - radius, y: c.y - radius, width: 2 * radius, height: 2 * radius)
        case .pushClip, .popClip, .beginOpacity, .endOpacity, .prefetch:
            return nil
        }
    }
}

/// How a photo's pixels are resampled to the size it is drawn at.
public enum ImageSampling: Hashable, Sendable {
    /// Bilinear: the picture a person studies, at rest.
    case exact
    /// Nearest texel: a photo in motion (a column toggle, a pinch, a flight, the viewer's zoom) costs
    /// about half as much a frame, and no one can see the difference while it moves.
    case fast
}
