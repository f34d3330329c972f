import GridCore

/// One thing to draw, in window points. Scenes produce a list of these each frame; the renderer
/// turns them into SDL calls. Keeping this a plain value makes every frame inspectable in tests.
public enum DrawCommand {
    case fill(Rect, Color, cornerRadius: Double)
    case stroke(Rect, Color, cornerRadius: Double, lineWidth: Double)
    case shadow(Rect, cornerRadius: Double, radius: Double, color: Color, offset: Size)
    /// A photo file drawn `scaledToFill` (or fit) into the rect and clipped to its rounded corners.
    /// `priority` orders decoding (0 = on screen; larger = farther away).
    case image(path: String, Rect, cornerRadius: Double, contentMode: ContentMode, opacity: Double, priority: Double)
    case text(String, Font, Color, Rect, Alignment)
    case symbol(String, Rect, Color)
    case line(from: Point, to: Point, width: Double, Color)
    case circle(center: Point, radius: Double, Color)
    case pushClip(Rect)
    case popClip
    /// Draws everything until the matching `endOpacity` at this opacity (multiplied into colours).
    case beginOpacity(Double)
    case endOpacity
}
