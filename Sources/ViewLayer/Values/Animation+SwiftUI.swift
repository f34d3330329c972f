import GridCore
import GridMotion

/// SwiftUI's spellings of animations that are calls there (`.interactiveSpring()`, `.spring()`),
/// and `.default`, the animation `withAnimation { }` uses when given none.
extension Animation {
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86,
                                         blendDuration: Double = 0.25) -> Animation {
        .spring(Spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
    }

    /// iOS 17's default: a spring without bounce, half a second.
    public static let `default` = Animation.spring(Spring(response: 0.5, dampingFraction: 1))

    /// The Swift that makes this animation, as SwiftUI code writes it.
    public var swiftSource: String {
        switch self {
        case .spring(let s):
            if s == .interactiveSpring { return ".interactiveSpring()" }
            if s == Spring.spring { return ".spring()" }
            if s == Spring(response: 0.5, dampingFraction: 1) { return ".default" }
            return ".spring(response: \(formatPoints(s.response)), dampingFraction: \(formatPoints(s.dampingFraction)))"
        case let .timingCurve(curve, duration):
            let names: [(TimingCurve, String)] = [(.linear, "linear"), (.easeIn, "easeIn"), (.easeOut, "easeOut"), (.easeInOut, "easeInOut")]
            guard let name = names.first(where: { $0.0 == curve })?.1 else {
                return ".timingCurve(\(formatPoints(curve.c1x)), \(formatPoints(curve.c1y)), \(formatPoints(curve.c2x)), \(formatPoints(curve.c2y)), duration: \(formatPoints(duration)))"
            }
            return duration == Animation.defaultDuration ? "." + name : ".\(name)(duration: \(formatPoints(duration)))"
        }
    }
}
