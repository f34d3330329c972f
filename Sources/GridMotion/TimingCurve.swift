import GridCore
/// A unit cubic Bézier timing curve from (0,0) to (1,1), as CSS and SwiftUI define `easeIn` & co.
public struct TimingCurve: Hashable, Sendable {
    public var c1x: Double, c1y: Double, c2x: Double, c2y: Double

    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.c1x = min(max(c1x, 0), 1); self.c1y = c1y
        self.c2x = min(max(c2x, 0), 1); self.c2y = c2y
    }

    public static let linear = TimingCurve(0, 0, 1, 1)
    public static let easeIn = TimingCurve(0.42, 0, 1, 1)
    public static let easeOut = TimingCurve(0, 0, 0.58, 1)
    public static let easeInOut = TimingCurve(0.42, 0, 0.58, 1)

    /// The eased progress at linear progress `p` (0…1).
    public func value(at p: Double) -> Double {
        if p <= 0 { return 0 }
        if p >= 1 { return 1 }
        return bezier(solveT(forX: p), c1y, c2y)
    }

    /// d(value)/d(progress) at `p`, for velocity continuity.
    public func slope(at p: Double) -> Double {
        let pc = min(max(p, 0), 1)
        let t = solveT(forX: pc)
        let dx = derivative(t, c1x, c2x)
        return dx > 1e-9 ? derivative(t, c1y, c2y) / dx : (derivative(t, c1y, c2y) > 0 ? .infinity : 0)
    }

    private func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
    }

    private func derivative(_ t: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * a + 6 * u * t * (b - a) + 3 * t * t * (1 - b)
    }

    /// x(t) is monotone for control x in 0…1: Newton steps, falling back to bisection.
    private func solveT(forX x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let err = bezier(t, c1x, c2x) - x
            if abs(err) < 1e-9 { return t }
            let d = derivative(t, c1x, c2x)
            if abs(d) < 1e-9 { break }
            t -= err / d
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<60 {
            let v = bezier(t, c1x, c2x)
            if abs(v - x) < 1e-12 { break }
            if v < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return t
    }
}
