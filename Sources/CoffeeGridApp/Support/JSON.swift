import GridCore

/// A small JSON value with deterministic output: keys keep their order and numbers print the way
/// the layout command promises (at most three decimals, no exponent), so files diff cleanly.
public indirect enum JSON: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    /// An array of strings kept as Swift strings until written: a scene's id list of a person's
    /// 100,000 photos costs nothing to hand over, and the state file writes only its first entries.
    case strings([String])
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool { a.text == b.text }

    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let v): out += v.isFinite ? formatPoints(v) : "null"
        case .string(let s): JSON.quote(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .strings(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                JSON.quote(item, into: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, (k, v)) in pairs.enumerated() {
                if i > 0 { out += "," }
                JSON.quote(k, into: &out)
                out += ":"
                v.write(to: &out)
            }
            out += "}"
        }
    }

    static func quote(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
    }
}

extension JSON {
    /// The `{"offset":…,"size":…}` list both the layout command and the state file print.
    public static func tracks(_ tracks: [GridTrack], shift: Double = 0) -> JSON {
        .array(tracks.map { .object([("offset", .number($0.offset + shift)), ("size", .number($0.size))]) })
    }
}

extension JSON {
    /// `{"x":…,"y":…,"width":…,"height":…}`, in window points.
    static func rect(_ r: Rect) -> JSON {
        .object([("x", .number(r.minX)), ("y", .number(r.minY)), ("width", .number(r.width)), ("height", .number(r.height))])
    }
}
