import GridCore

/// A picture the stage kept (a cross-fade's outgoing frame), handed back to it in a draw command:
/// opaque here, only the stage that made it can draw it. Commands compare by value
/// (`DrawCommand: Hashable`), so consecutive frames' lists can be matched command by command; a kept
/// picture is the same picture only if it is the same object.
public struct KeptPicture: Hashable {
    public let object: AnyObject
    public init(_ object: AnyObject) { self.object = object }
    public static func == (a: KeptPicture, b: KeptPicture) -> Bool { a.object === b.object }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(object)) }
}

extension DrawCommand {
    /// The same command moved by (dx, dy) points: what a scroll does to the commands inside it.
    /// State changes and prefetches are returned unchanged.
    package func translated(dx: Double, dy: Double) -> DrawCommand {
        func p(_ q: Point) -> Point { Point(x: q.x + dx, y: q.y + dy) }
        func r(_ q: Rect) -> Rect { Rect(origin: p(q.origin), size: q.size) }
        switch self {
        case let .fill(rect, c, radius): return .fill(r(rect), c, cornerRadius: radius)
        case let .stroke(rect, c, radius, w): return .stroke(r(rect), c, cornerRadius: radius, lineWidth: w)
        case let .shadow(rect, radius, blur, c, offset, hollow):
            return .shadow(r(rect), cornerRadius: radius, radius: blur, color: c, offset: offset, hollow: hollow)
        case let .image(path, rect, radius, mode, opacity, priority, sampling):
            return .image(path: path, r(rect), cornerRadius: radius, contentMode: mode, opacity: opacity, priority: priority, sampling: sampling)
        case let .text(s, font, c, rect, alignment): return .text(s, font, c, r(rect), alignment)
        case let .symbol(name, rect, c): return .symbol(name, r(rect), c)
        case let .line(a, b, w, c): return .line(from: p(a), to: p(b), width: w, c)
        case let .circle(centre, radius, c): return .circle(center: p(centre), radius: radius, c)
        case let .snapshot(picture, rect, opacity): return .snapshot(picture, r(rect), opacity: opacity)
        case .prefetch, .pushClip, .popClip, .beginOpacity, .endOpacity: return self
        }
    }

    /// Whether `self` is exactly `other` moved by (dx, dy): every coordinate `a` of `other` and `b`
    /// of `self` satisfy `a + d = b` in real numbers. With `d` a whole number of 1/1024 points and
    /// coordinates below 2⁴², `a + d` rounding to `b` and `b − d` rounding to `a` leave no room for
    /// an error smaller than both their last places, so checking both ways proves it exact.
    package func isTranslation(of other: DrawCommand, dx: Double, dy: Double) -> Bool {
        self == other.translated(dx: dx, dy: dy) && other == translated(dx: -dx, dy: -dy)
    }
}
