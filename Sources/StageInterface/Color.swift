/// An sRGB colour with straight (not premultiplied) opacity, components 0…1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var opacity: Double

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.opacity = opacity
    }

    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// `0xRRGGBB`, the way design specs write colours.
    public init(hex: UInt32, opacity: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255,
                  green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255,
                  opacity: opacity)
    }

    /// Like SwiftUI's `.opacity(_:)`: multiplies, so `.opacity(0.5).opacity(0.5)` is a quarter.
    public func opacity(_ o: Double) -> Color {
        Color(red: red, green: green, blue: blue, opacity: opacity * o)
    }

    /// Straight interpolation of every component: `t` = 0 is `self`, 1 is `other`.
    public func mix(_ other: Color, _ t: Double) -> Color {
        Color(red: red + (other.red - red) * t,
              green: green + (other.green - green) * t,
              blue: blue + (other.blue - blue) * t,
              opacity: opacity + (other.opacity - opacity) * t)
    }

    public static let clear = Color(white: 0, opacity: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)

    /// 8-bit channels, clamped and rounded, as SDL wants them.
    public var bytes: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        (Color.byte(red), Color.byte(green), Color.byte(blue), Color.byte(opacity))
    }

    static func byte(_ v: Double) -> UInt8 {
        guard v.isFinite else { return 0 }
        return UInt8(max(0, min(255, (v * 255).rounded())))
    }

    public var description: String {
        let b = bytes
        return "Color(r: \(b.r), g: \(b.g), b: \(b.b), a: \(b.a))"
    }
}
