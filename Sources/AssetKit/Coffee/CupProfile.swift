import Glibc

/// The silhouette of a cup body: radius as a fraction of the rim radius, from the rim (t = 0) to the
/// foot (t = 1), and height as a fraction of the rim radius.
public struct CupProfile: Sendable {
    public let height: Float
    let radiusAt: @Sendable (Float) -> Float
    public init(height: Float, radiusAt: @escaping @Sendable (Float) -> Float) { self.height = height; self.radiusAt = radiusAt }
    public func radius(_ t: Float) -> Float { radiusAt(clamp01(t)) }

    /// A wide cappuccino bowl, rounding into a small foot.
    public static let bowl = CupProfile(height: 0.95) { t in 1 - 0.42 * pow(t, 1.8) }
    /// A straight-sided mug.
    public static let mug = CupProfile(height: 1.55) { t in 1 - 0.04 * t }
    /// A tall, gently tapered demitasse.
    public static let demitasse = CupProfile(height: 1.05) { t in 1 - 0.22 * pow(t, 1.3) }
    /// A tulip latte cup: flares at the lip.
    public static let tulip = CupProfile(height: 1.05) { t in 1 - 0.12 * t - 0.28 * pow(t, 2.4) + 0.04 * (1 - smoothstep(0, 0.15, t)) }
}
