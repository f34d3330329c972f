import Foundation

/// A Linux file name is bytes, not text: `caf\xE9.jpg` (Latin-1) is not UTF-8, and `café.jpg`
/// written precomposed (NFC) and decomposed (NFD) are two files Swift's `String ==` calls equal
/// (canonical equivalence). A photo's id is a string that names its bytes exactly and compares
/// byte-wise: a path component that is UTF-8 in NFC (nearly every one) is itself; any other has
/// each byte from 0x80 up written as the private-use scalar U+EF00 + byte, and text never holds
/// those (a component that does is escaped too). So distinct bytes give distinct, NFC, strings, and
/// `bytes(_:)` gives the bytes back for every system call. Messages show `display(_:)`.
public enum PathBytes {
    static let escapes: ClosedRange<UInt32> = 0xEF80...0xEFFF

    /// The id of a path given as bytes.
    public static func string<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        var out = ""
        var component: [UInt8] = []
        func flush() {
            if isPlain(component) {
                out += String(decoding: component, as: UTF8.self)
            } else {
                for b in component {
                    out.unicodeScalars.append(b < 0x80 ? Unicode.Scalar(b) : Unicode.Scalar(escapes.lowerBound - 0x80 + UInt32(b))!)
                }
            }
            component.removeAll(keepingCapacity: true)
        }
        for b in bytes {
            if b == 0x2F {
                flush()
                out += "/"
            } else {
                component.append(b)
            }
        }
        flush()
        return out
    }

    /// The bytes an id names (for any other string, its UTF-8).
    public static func bytes(_ path: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for u in path.unicodeScalars {
            if escapes.contains(u.value) {
                out.append(UInt8(u.value - escapes.lowerBound + 0x80))
            } else {
                out += Array(String(u).utf8)
            }
        }
        return out
    }

    /// A path from outside (the command line, a dropped file, the dock file) as an id.
    public static func canonical(_ path: String) -> String {
        path.utf8.allSatisfy({ $0 < 0x80 }) ? path : string(bytes(path))
    }

    /// `body` with the path as the C string the system calls need.
    public static func withCString<T>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        if !path.unicodeScalars.contains(where: { escapes.contains($0.value) }) { return try path.withCString(body) }
        var b = bytes(path).map { CChar(bitPattern: $0) }
        b.append(0)
        return try b.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The path's canonical `file://` URI as GLib writes it (`g_filename_to_uri`), from its bytes:
    /// bytes outside `A–Z a–z 0–9 - _ . ! ~ * ' ( ) / : @ & = + $ ,` are %-escaped with upper-case
    /// hex, so a Latin-1 name is `caf%E9.jpg`, a space `%20`, `#` and `?` `%23` and `%3F`. The
    /// thumbnail cache names files by it; a file manager is handed it (Reveal).
    public static func fileURI(_ path: String) -> String {
        var out = "file://"
        for byte in bytes(path) {
            if isURIUnreserved(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%"
                out.unicodeScalars.append(hexDigits[Int(byte >> 4)])
                out.unicodeScalars.append(hexDigits[Int(byte & 15)])
            }
        }
        return out
    }

    private static let hexDigits = Array("0123456789ABCDEF".unicodeScalars)
    private static let uriMarks = Set("-_.!~*'()/:@&=+$,".utf8)

    private static func isURIUnreserved(_ c: UInt8) -> Bool {
        switch c {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39: return true
        default: return uriMarks.contains(c)
        }
    }

    /// How `display` writes a byte that is not part of a UTF-8 character.
    public enum ForeignByte: Sendable {
        /// `\xE9`: exact, for messages and logs (two names never read alike).
        case escaped
        /// The byte's Latin-1 character (`é`), for a label a person reads at a glance: a name that is
        /// not UTF-8 is nearly always an old Latin-1 or Windows-1252 one, and reads right so; 0x80–0x9F
        /// (C1 controls in Latin-1, nothing to draw) are Windows-1252's letters, its five unassigned
        /// bytes "?". U+FFFD instead would make `caf\xE9` and `caf\xE8` look the same, and the UI
        /// font has no glyph for it.
        case latin1
    }

    /// Windows-1252's characters for 0x80–0x9F (nil: unassigned).
    private static let windows1252: [Unicode.Scalar?] = [
        "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
        nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
    ]

    /// The path for a person to read: UTF-8 as text, whatever its normalization; any other byte as
    /// `foreignBytes` says (`\xE9` unless asked).
    public static func display(_ path: String, foreignBytes: ForeignByte = .escaped) -> String {
        guard path.unicodeScalars.contains(where: { escapes.contains($0.value) }) else { return path }
        let raw = bytes(path)
        var out = ""
        var i = 0
        while i < raw.count {
            // The longest valid UTF-8 sequence here (1–4 bytes), else one escaped byte.
            var taken = false
            for n in (1...min(4, raw.count - i)).reversed() {
                if let s = String(validating: raw[i..<(i + n)], as: UTF8.self), s.unicodeScalars.count == 1 {
                    out += s
                    i += n
                    taken = true
                    break
                }
            }
            if !taken {
                let b = raw[i]
                switch foreignBytes {
                case .escaped: out += "\\x" + String(b, radix: 16, uppercase: true)
                case .latin1: out.unicodeScalars.append(b >= 0xA0 ? Unicode.Scalar(b) : windows1252[Int(b) - 0x80] ?? "?")
                }
                i += 1
            }
        }
        return out
    }

    private static func isPlain(_ component: [UInt8]) -> Bool {
        if component.allSatisfy({ $0 < 0x80 }) { return true }
        guard let text = String(validating: component, as: UTF8.self),
              !text.unicodeScalars.contains(where: { escapes.contains($0.value) }) else { return false }
        return Array(text.precomposedStringWithCanonicalMapping.unicodeScalars) == Array(text.unicodeScalars)
    }
}
