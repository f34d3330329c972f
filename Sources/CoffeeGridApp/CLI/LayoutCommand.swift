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
        // A SPEC's words may start with anything but `--` (`-` reads it from standard input).
        var args = ArgumentReader(args, isFlag: { $0.hasPrefix("--") || $0 == "-h" }, missingValue: { "\($0) needs \($1); \(usage)" })
        while let word = args.next() {
            switch word {
            case .flag("--axis"):
                axis = try args.value(as: Axis.self, { Axis(rawValue: $0) }, invalid: { "--axis must be vertical or horizontal, not '\($0)'" })
            case .flag("--extent"):
                extent = try args.value(as: Double.self, { Double($0).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } },
                                        invalid: { "--extent must be a finite number of points ≥ 0, not '\($0)'" })
            case .flag("--alignment"):
                alignment = try args.value(as: Double.self, alignmentFraction,
                                           invalid: { "--alignment must be leading, center or trailing (top or bottom for rows), not '\($0)'" })
            case .flag("--explain"):
                explain = true
            case .flag("-h"), .flag("--help"):
                return usage
            case .flag(let flag):
                throw UsageError("unknown flag '\(flag)' for layout; \(usage)")
            case .word(let part):
                specParts.append(part)
            }
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
