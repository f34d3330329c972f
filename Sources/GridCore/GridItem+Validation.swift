/// The rules a grid item must keep to be laid out, shared by every reader of pasted SwiftUI (the
/// `GridSpec` parser, the view layer's snippets): sizes and spacings are finite points from 0 to
/// `GridSpec.maxPoints`, an adaptive minimum is above 0, a maximum is not below its minimum.
extension GridItem.Size {
    /// Which part of a size breaks a rule, and the rule.
    public enum Fault: Equatable, Sendable {
        case size(String)
        case minimum(String)
        case maximum(String)

        public var message: String {
            switch self {
            case .size(let m), .minimum(let m), .maximum(let m): return m
            }
        }
    }

    /// The first rule this size breaks, nil when it keeps them all.
    public var fault: Fault? {
        switch self {
        case .fixed(let v):
            guard v.isFinite, v >= 0, v <= GridSpec.maxPoints else {
                return .size("a fixed size must be a finite number of points ≥ 0 and ≤ 1e9")
            }
            return nil
        case let .flexible(lo, hi): return GridItem.Size.rangeFault(lo, hi, adaptive: false)
        case let .adaptive(lo, hi): return GridItem.Size.rangeFault(lo, hi, adaptive: true)
        }
    }

    static func rangeFault(_ lo: Double, _ hi: Double, adaptive: Bool) -> Fault? {
        guard lo.isFinite, lo >= 0, lo <= GridSpec.maxPoints else {
            return .minimum("minimum must be a finite number of points ≥ 0 and ≤ 1e9")
        }
        if adaptive && lo == 0 { return .minimum("an adaptive minimum must be above 0, or it fits endless tracks") }
        guard !hi.isNaN, hi >= 0 else { return .maximum("maximum must be a number of points ≥ 0 or .infinity") }
        guard lo <= hi else { return .maximum("maximum must not be below minimum (\(formatPoints(lo)))") }
        return nil
    }
}

extension GridItem {
    /// The rule a spacing breaks, nil when it is finite points from 0 to `GridSpec.maxPoints`.
    public static func spacingFault(_ v: Double) -> String? {
        v.isFinite && v >= 0 && v <= GridSpec.maxPoints ? nil : "spacing must be a finite number of points ≥ 0 and ≤ 1e9"
    }
}
