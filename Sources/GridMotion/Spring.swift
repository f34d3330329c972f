import GridCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped spring with SwiftUI's parameters. Mass 1, stiffness `(2π/response)²`, damping
/// `4π·dampingFraction/response`: `response` is the period of the undamped oscillation and
/// `dampingFraction` the damping ratio ζ (below 1 overshoots, 1 is critical, above 1 creeps).
///
/// The motion is solved in closed form, so it is exact at any time step and needs no clock.
public struct Spring: Hashable, Sendable {
    public var response: Double
    public var dampingFraction: Double
    /// Kept for source compatibility with SwiftUI. CoffeeGrid retargets additively, which keeps
    /// position and velocity continuous; that continuity is what SwiftUI's blending provides.
    public var blendDuration: Double

    public init(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) {
        self.response = response > 0 && response.isFinite ? response : 0.5
        self.dampingFraction = dampingFraction >= 0 && dampingFraction.isFinite ? dampingFraction : 0.825
        self.blendDuration = max(blendDuration, 0)
    }

    /// SwiftUI's `.interactiveSpring()`: quick and nearly critically damped.
    public static let interactiveSpring = Spring(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25)
    /// SwiftUI's `.spring()`.
    public static let spring = Spring(response: 0.5, dampingFraction: 0.825)

    public var stiffness: Double { let w = 2 * Double.pi / response; return w * w }
    public var damping: Double { 4 * Double.pi * dampingFraction / response }
    public var mass: Double { 1 }

    /// Displacement from the target and velocity, `t` seconds after starting at (`x0`, `v0`).
    public func evolve(displacement x0: Double, velocity v0: Double, after t: Double) -> (displacement: Double, velocity: Double) {
        guard t > 0 else { return (x0, v0) }
        let w0 = 2 * Double.pi / response
        let z = dampingFraction
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            let a = x0
            let b = (v0 + z * w0 * x0) / wd
            let e = exp(-z * w0 * t)
            let c = cos(wd * t), s = sin(wd * t)
            let x = e * (a * c + b * s)
            let v = e * ((b * wd - z * w0 * a) * c - (a * wd + z * w0 * b) * s)
            return (x, v)
        } else if z == 1 {
            let e = exp(-w0 * t)
            let b = v0 + w0 * x0
            return (e * (x0 + b * t), e * (b - w0 * (x0 + b * t)))
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w0 * (z - root), r2 = -w0 * (z + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }

    /// An upper bound on the time for a unit displacement from rest to stay within `epsilon`:
    /// the envelope `e^(−ζω₀t)` (or the slow root when overdamped) reaching epsilon.
    public func settlingDuration(epsilon: Double = 0.001) -> Double {
        let w0 = 2 * Double.pi / response
        let z = dampingFraction
        let rate = z < 1 ? z * w0 : w0 * (z - (z * z - 1).squareRoot())
        guard rate > 0 else { return .infinity }
        return -log(epsilon) / rate * (z < 1 ? 1 / (1 - z * z).squareRoot() : 2)
    }
}
