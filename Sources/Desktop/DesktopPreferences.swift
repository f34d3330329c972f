/// What the desktop says about appearance and motion: the freedesktop settings portal's
/// `org.freedesktop.appearance` keys, and GNOME's animation switch where the portal relays it.
public struct DesktopPreferences: Equatable, Sendable {
    /// `org.freedesktop.appearance` `color-scheme`: 0 no preference, 1 prefer dark, 2 prefer light.
    public enum ColorScheme: String, Sendable {
        case noPreference = "no-preference", dark, light

        init(portalValue: UInt32) {
            switch portalValue {
            case 1: self = .dark
            case 2: self = .light
            default: self = .noPreference
            }
        }
    }

    public var colorScheme: ColorScheme
    /// `org.freedesktop.appearance` `reduced-motion` (1 = reduce); nil when the portal does not have it.
    public var reducedMotion: Bool?
    /// `org.gnome.desktop.interface` `enable-animations`; nil when the portal does not relay it.
    public var animationsEnabled: Bool?

    public init(colorScheme: ColorScheme = .noPreference, reducedMotion: Bool? = nil, animationsEnabled: Bool? = nil) {
        self.colorScheme = colorScheme
        self.reducedMotion = reducedMotion
        self.animationsEnabled = animationsEnabled
    }

    /// The desktop asks for less motion: either key says so.
    public var prefersReducedMotion: Bool { reducedMotion == true || animationsEnabled == false }

    /// The namespaces and keys read, as the portal names them.
    static let appearance = "org.freedesktop.appearance"
    static let gnomeInterface = "org.gnome.desktop.interface"

    /// Takes one setting in; returns false for keys this struct does not hold.
    @discardableResult
    mutating func apply(namespace: String, key: String, value: PortalValue) -> Bool {
        switch (namespace, key) {
        case (Self.appearance, "color-scheme"):
            colorScheme = ColorScheme(portalValue: value.uint32 ?? 0)
        case (Self.appearance, "reduced-motion"):
            reducedMotion = value.uint32.map { $0 == 1 }
        case (Self.gnomeInterface, "enable-animations"):
            animationsEnabled = value.bool
        default:
            return false
        }
        return true
    }
}

/// A settings value as it comes off the bus (variants already unwrapped).
public enum PortalValue: Equatable, Sendable {
    case uint32(UInt32)
    case int32(Int32)
    case bool(Bool)
    case string(String)
    case other

    var uint32: UInt32? {
        switch self {
        case .uint32(let v): return v
        case .int32(let v): return v >= 0 ? UInt32(v) : nil
        default: return nil
        }
    }

    var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
}
