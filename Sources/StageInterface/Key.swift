/// A key as the app sees it: printable keys by their character (lowercase letters, digits,
/// punctuation with shift applied on a US layout), the rest by name.
public enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case space, tab, enter, escape, backspace, delete
    case function(Int)

    /// Parses the names scripts and docs use: `g`, `1`, `?`, `Tab`, `Return`, `Up`, `PageDown`, `F11`…
    public init?(name: String) {
        switch name.lowercased() {
        case "up": self = .up
        case "down": self = .down
        case "left": self = .left
        case "right": self = .right
        case "pageup", "pgup": self = .pageUp
        case "pagedown", "pgdn": self = .pageDown
        case "home": self = .home
        case "end": self = .end
        case "space": self = .space
        case "tab": self = .tab
        case "return", "enter": self = .enter
        case "escape", "esc": self = .escape
        case "backspace": self = .backspace
        case "delete", "del": self = .delete
        default:
            let lower = name.lowercased()
            if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...24).contains(n) {
                self = .function(n)
            } else if name.count == 1, let c = name.first, !c.isWhitespace {
                self = .character(Character(c.lowercased()))
            } else {
                return nil
            }
        }
    }

    public var name: String {
        switch self {
        case .character(let c): return String(c)
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .pageUp: return "PageUp"
        case .pageDown: return "PageDown"
        case .home: return "Home"
        case .end: return "End"
        case .space: return "Space"
        case .tab: return "Tab"
        case .enter: return "Return"
        case .escape: return "Escape"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .function(let n): return "F\(n)"
        }
    }
}

/// Modifier keys held with a key or a wheel turn.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1)
    public static let control = KeyModifiers(rawValue: 2)
    public static let alt = KeyModifiers(rawValue: 4)
    public static let command = KeyModifiers(rawValue: 8)

    /// Parses `Ctrl+Q`-style chords into modifiers and the key name that remains.
    public static func parse(chord: String) -> (KeyModifiers, String)? {
        var mods: KeyModifiers = []
        var parts = chord.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // A lone "+" key, or a chord ending in "+" ("Ctrl++"), names the plus key itself.
        if chord.hasSuffix("+") { parts.removeLast(2); parts.append("+") }
        guard let key = parts.popLast(), !key.isEmpty else { return nil }
        for p in parts {
            switch p.lowercased() {
            case "ctrl", "control": mods.insert(.control)
            case "shift": mods.insert(.shift)
            case "alt", "option": mods.insert(.alt)
            case "cmd", "command", "super", "meta": mods.insert(.command)
            default: return nil
            }
        }
        return (mods, key)
    }
}
