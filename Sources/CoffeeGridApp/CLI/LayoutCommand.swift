import Foundation
import GridCore

/// `coffeegrid layout [--axis vertical|horizontal] --extent W [--alignment A] [--explain] SPEC`: prints the
/// tracks SwiftUI would give a grid of these items in a container W points across; `--explain`
/// prints the arithmetic that made them instead, as the layout inspector shows it.
enum LayoutCommand {
    static let usage = "usage: coffeegrid layout [--axis vertical|horizontal] --extent W [--alignment leading|center|trailing] [--explain] SPEC"

    static func run(_ args: [String], readStdin: () -> String?) throws -> String {
        var axis = Axis.vertical
        var extent: Double?
        var alignment = 0.5
        var explain = false
        var specParts: [String] = []
        var i = 0
        func value(_ flag: String) throws -> String {
            i += 1
            guard i < args.count else { throw UsageError("\(flag) needs a value; \(usage)") }
            return args[i]
        }
        while i < args.count {
            let a = args[i]
            switch a {
            case "--axis":
                let v = try value(a)
                guard let ax = Axis(rawValue: v) else {
                    throw UsageError("--axis must be vertical or horizontal, not '\(v)'")
                }
                axis = ax
            case "--extent":
                let v = try value(a)
                guard let w = Double(v), w.isFinite, w >= 0 else {
                    throw UsageError("--extent must be a finite number of points ≥ 0, not '\(v)'")
                }
                extent = w
            case "--alignment":
                let v = try value(a)
                guard let f = alignmentFraction(v) else {
                    throw UsageError("--alignment must be leading, center or trailing (top or bottom for rows), not '\(v)'")
                }
                alignment = f
            case "--explain":
                explain = true
            case "-h", "--help":
                return usage
            default:
                if a.hasPrefix("--") { throw UsageError("unknown flag '\(a)' for layout; \(usage)") }
                specParts.append(a)
            }
            i += 1
        }
        guard let w = extent else { throw UsageError("layout needs --extent W; \(usage)") }
        var spec = specParts.joined(separator: " ")
        if spec == "-" { spec = readStdin() ?? "" }
        guard !spec.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError("layout needs a SPEC such as '[GridItem(.flexible())]'; \(usage)")
        }
        let items: [GridItem]
        do {
            items = try GridSpec.parse(spec)
        } catch let e as GridSpecError {
            throw UsageError("invalid SPEC at \(e)")
        }
        let t = GridTracks(items: items, extent: w, alignment: alignment)
        if explain, let e = t.explanation {
            return e.lines(axis: axis).map { String(repeating: "    ", count: $0.indent) + $0.text }.joined(separator: "\n")
        }
        return JSON.object([
            ("axis", .string(axis.rawValue)),
            ("extent", .number(w)),
            ("size", .number(t.size)),
            ("tracks", JSON.tracks(t.tracks)),
        ]).text
    }

    static func alignmentFraction(_ name: String) -> Double? {
        switch name {
        case "leading", "top": return 0
        case "center": return 0.5
        case "trailing", "bottom": return 1
        default: return nil
        }
    }
}
