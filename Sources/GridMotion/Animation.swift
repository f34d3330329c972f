import GridCore
/// How a change moves from the old value to the new one, as SwiftUI's `Animation`.
public enum Animation: Hashable, Sendable {
    case spring(Spring)
    case timingCurve(TimingCurve, duration: Double)

    public static let defaultDuration = 0.35

    public static let interactiveSpring = Animation.spring(.interactiveSpring)
    public static let spring = Animation.spring(.spring)
    public static let linear = Animation.timingCurve(.linear, duration: defaultDuration)
    public static let easeIn = Animation.timingCurve(.easeIn, duration: defaultDuration)
    public static let easeOut = Animation.timingCurve(.easeOut, duration: defaultDuration)
    public static let easeInOut = Animation.timingCurve(.easeInOut, duration: defaultDuration)

    public static func linear(duration: Double) -> Animation { .timingCurve(.linear, duration: duration) }
    public static func easeIn(duration: Double) -> Animation { .timingCurve(.easeIn, duration: duration) }
    public static func easeOut(duration: Double) -> Animation { .timingCurve(.easeOut, duration: duration) }
    public static func easeInOut(duration: Double) -> Animation { .timingCurve(.easeInOut, duration: duration) }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825,
                              blendDuration: Double = 0) -> Animation {
        .spring(Spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
    }
}
