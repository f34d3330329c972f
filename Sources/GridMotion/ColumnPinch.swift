import GridCore

/// A photo library's pinch over a grid's column count: while fingers pinch (or Ctrl turns the
/// wheel) the count is a real number that follows the gesture, and when the gesture ends it comes
/// to rest on the nearest whole count. A touchpad says when it ends; a wheel does not, so a wheel
/// gesture ends `wheelIdle` seconds after its last notch.
public struct ColumnPinch {
    public enum Source { case wheel, touch }

    public let range: ClosedRange<Int>
    /// Columns per point of wheel travel: a 40-pt notch is half a column, so one notch, once
    /// settled, always changes the count by exactly one.
    public static let columnsPerPoint = 1.0 / 80
    public static let wheelIdle = 0.25

    public private(set) var columns: Double?
    /// The whole count the gesture started from.
    public private(set) var start = 0
    public private(set) var source = Source.wheel
    private var lastEvent = 0.0

    public init(range: ClosedRange<Int>) { self.range = range }

    public var isActive: Bool { columns != nil }

    /// The whole count the gesture would settle on now. Half-way counts go the way the gesture
    /// went, so one notch changes the count by one in either direction.
    public var nearest: Int? {
        guard let c = columns else { return nil }
        let n = c < Double(start) ? Int((c - 0.5).rounded(.up)) : Int((c + 0.5).rounded(.down))
        return min(max(n, range.lowerBound), range.upperBound)
    }

    /// A Ctrl+wheel turn: wheel up (towards the content's top) zooms in, to fewer columns.
    public mutating func wheel(dy: Double, from count: Int, at time: Double) {
        change(from: count, source: .wheel, at: time) { $0 + dy * ColumnPinch.columnsPerPoint }
    }

    /// A touchpad pinch step: `scale` above 1 spreads the fingers, which zooms in.
    public mutating func pinch(scale: Double, from count: Int, at time: Double) {
        guard scale.isFinite, scale > 0 else { return }
        change(from: count, source: .touch, at: time) { $0 / scale }
    }

    private mutating func change(from count: Int, source: Source, at time: Double, _ f: (Double) -> Double) {
        if columns == nil { start = count }
        let c = f(columns ?? Double(count))
        columns = min(max(c, Double(range.lowerBound)), Double(range.upperBound))
        self.source = source
        lastEvent = time
    }

    /// True when a wheel gesture has been idle long enough to count as ended.
    public func wheelEnded(at time: Double) -> Bool {
        isActive && source == .wheel && time - lastEvent >= ColumnPinch.wheelIdle
    }

    /// Ends the gesture and returns the count to settle on.
    public mutating func end() -> Int? {
        defer { columns = nil }
        return nearest
    }

    /// The two whole counts around the current one and how far between them it is
    /// (2.4 → 2, 3, 0.4); equal counts at a whole number.
    public var bracket: (lower: Int, upper: Int, fraction: Double)? {
        guard let c = columns else { return nil }
        let lower = Int(c.rounded(.down))
        let upper = min(lower + 1, range.upperBound)
        return (lower, upper, upper == lower ? 0 : c - Double(lower))
    }
}
