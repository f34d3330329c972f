import CSDL2

/// A rectangle of whole pixels, half-open (`x0 ..< x1`, `y0 ..< y1`): what a frame's damage and the
/// canvas's clips are made of. Empty when either side is not positive.
public struct PixelRect: Hashable, CustomStringConvertible {
    public var x0, y0, x1, y1: Int

    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }

    public init(_ r: SDL_Rect) { self.init(x0: Int(r.x), y0: Int(r.y), x1: Int(r.x) + Int(r.w), y1: Int(r.y) + Int(r.h)) }

    /// The smallest pixel rectangle holding `r` (pixels, any real numbers), `margin` pixels wider each way.
    public init?(covering r: (x0: Double, y0: Double, x1: Double, y1: Double), margin: Int) {
        guard r.x0.isFinite, r.y0.isFinite, r.x1.isFinite, r.y1.isFinite else { return nil }
        let clamp = PixelRect.clamp
        self.init(x0: clamp(r.x0.rounded(.down)) - margin, y0: clamp(r.y0.rounded(.down)) - margin,
                  x1: clamp(r.x1.rounded(.up)) + margin, y1: clamp(r.y1.rounded(.up)) + margin)
    }

    /// The largest pixel rectangle inside `r` (pixels, any real numbers): the pixels it covers
    /// whole. nil when that is none, or `r` is not finite.
    public init?(inside r: (x0: Double, y0: Double, x1: Double, y1: Double)) {
        guard r.x0.isFinite, r.y0.isFinite, r.x1.isFinite, r.y1.isFinite else { return nil }
        let clamp = PixelRect.clamp
        self.init(x0: clamp(r.x0.rounded(.up)), y0: clamp(r.y0.rounded(.up)), x1: clamp(r.x1.rounded(.down)), y1: clamp(r.y1.rounded(.down)))
        if isEmpty { return nil }
    }

    /// A whole pixel coordinate from a finite one, kept within ±2³⁰ (no overflow, whatever a
    /// command's rectangle says).
    private static func clamp(_ v: Double) -> Int {
        let limit = Double(1 << 30)
        return Int(max(-limit, min(limit, v)))
    }

    public var width: Int { x1 - x0 }
    public var height: Int { y1 - y0 }
    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    public var area: Int { isEmpty ? 0 : width * height }

    public var sdl: SDL_Rect {
        SDL_Rect(x: Int32(clamping: x0), y: Int32(clamping: y0), w: Int32(clamping: max(0, width)), h: Int32(clamping: max(0, height)))
    }

    public func intersection(_ o: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }

    public func intersects(_ o: PixelRect) -> Bool { !intersection(o).isEmpty }

    /// The smallest rectangle holding both (an empty one adds nothing).
    public func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }

    public func contains(_ o: PixelRect) -> Bool {
        o.isEmpty || (o.x0 >= x0 && o.y0 >= y0 && o.x1 <= x1 && o.y1 <= y1)
    }

    public func offsetBy(dx: Int, dy: Int) -> PixelRect { PixelRect(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy) }

    /// The part of `self` outside `o`, as up to four disjoint rectangles (bands above and below,
    /// then the sides of the middle band).
    public func subtracting(_ o: PixelRect) -> [PixelRect] {
        let cut = intersection(o)
        if isEmpty { return [] }
        if cut.isEmpty { return [self] }
        var parts: [PixelRect] = []
        if cut.y0 > y0 { parts.append(PixelRect(x0: x0, y0: y0, x1: x1, y1: cut.y0)) }
        if cut.y1 < y1 { parts.append(PixelRect(x0: x0, y0: cut.y1, x1: x1, y1: y1)) }
        if cut.x0 > x0 { parts.append(PixelRect(x0: x0, y0: cut.y0, x1: cut.x0, y1: cut.y1)) }
        if cut.x1 < x1 { parts.append(PixelRect(x0: cut.x1, y0: cut.y0, x1: x1, y1: cut.y1)) }
        return parts
    }

    public var description: String { "[\(x0),\(y0) \(width)×\(height)]" }
}
