/// A colour with float channels in 0...1 (sRGB-encoded; the generator blends in that space like a
/// painter would, which is what stylised photos need).
public struct RGB: Equatable, Sendable {
    public var r: Float
    public var g: Float
    public var b: Float
    public init(_ r: Float, _ g: Float, _ b: Float) { self.r = r; self.g = g; self.b = b }
    public init(hex: UInt32) {
        r = Float((hex >> 16) & 0xff) / 255
        g = Float((hex >> 8) & 0xff) / 255
        b = Float(hex & 0xff) / 255
    }
    public init(gray: Float) { self.init(gray, gray, gray) }

    public static func + (a: RGB, b: RGB) -> RGB { RGB(a.r + b.r, a.g + b.g, a.b + b.b) }
    public static func - (a: RGB, b: RGB) -> RGB { RGB(a.r - b.r, a.g - b.g, a.b - b.b) }
    public static func * (a: RGB, s: Float) -> RGB { RGB(a.r * s, a.g * s, a.b * s) }
    public static func * (a: RGB, b: RGB) -> RGB { RGB(a.r * b.r, a.g * b.g, a.b * b.b) }
    public static func lerp(_ a: RGB, _ b: RGB, _ t: Float) -> RGB {
        RGB(a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t)
    }
    public var luminance: Float { 0.2126 * r + 0.7152 * g + 0.0722 * b }
    /// Lighter (positive) or darker (negative) while keeping the hue: a simple exposure shift.
    public func shade(_ amount: Float) -> RGB {
        amount >= 0 ? RGB.lerp(self, RGB(1, 1, 1), amount) : self * (1 + amount)
    }
    public static let white = RGB(1, 1, 1)
    public static let black = RGB(0, 0, 0)
}

/// A colour with coverage, what a paint returns for one pixel.
public struct RGBA {
    public var rgb: RGB
    public var a: Float
    public init(_ rgb: RGB, _ a: Float = 1) { self.rgb = rgb; self.a = a }
}
