// Shared by the GridCore tests and the libFuzzer target (see SpecMutator.swift).
#if !GRIDSPEC_FUZZ_STANDALONE
import GridCore
#endif

/// What must hold for anything `GridSpec.parse` accepts: sizes finite and non-negative (an infinite
/// maximum is allowed), and the tracks of the items finite for any proposed extent.
public enum SpecInvariants {
    /// Extents a window, a test or a hostile caller could propose.
    public static let extents: [Double] = [0, 1, 49.5, 320, 390, 844, 1280, 8000, 1e6, 1e12, -1, .nan, .infinity]

    /// Parses `source`; returns the violations (empty when the parse ended in items or a GridSpecError).
    public static func check(_ source: String, extraExtent: Double? = nil) -> [String] {
        let items: [GridItem]
        do {
            items = try GridSpec.parse(source)
        } catch let error as GridSpecError {
            var problems: [String] = []
            if error.line < 1 || error.column < 1 { problems.append("error position \(error.line):\(error.column) for \(debug(source))") }
            if error.message.isEmpty { problems.append("empty error message for \(debug(source))") }
            _ = error.description
            return problems
        } catch {
            return ["threw \(type(of: error)) instead of GridSpecError for \(debug(source))"]
        }
        return violations(items, source: source, extents: extents + (extraExtent.map { [$0] } ?? []))
    }

    public static func violations(_ items: [GridItem], source: String, extents: [Double]) -> [String] {
        var problems: [String] = []
        func bad(_ what: String) { problems.append("\(what) from \(debug(source))") }
        if items.isEmpty { bad("an empty item list") }
        for item in items {
            if let s = item.spacing, !(s.isFinite && s >= 0) { bad("spacing \(s)") }
            switch item.size {
            case .fixed(let v):
                if !(v.isFinite && v >= 0) { bad("fixed size \(v)") }
            case let .flexible(lo, hi):
                if !(lo.isFinite && lo >= 0) { bad("flexible minimum \(lo)") }
                if hi.isNaN || hi < lo { bad("flexible maximum \(hi) (minimum \(lo))") }
            case let .adaptive(lo, hi):
                if !(lo.isFinite && lo > 0) { bad("adaptive minimum \(lo)") }
                if hi.isNaN || hi < lo { bad("adaptive maximum \(hi) (minimum \(lo))") }
            }
        }
        // Printing an item must not trap either (the state file and the inspector do it).
        _ = items.map(\.description).joined()
        for extent in extents {
            let t = GridTracks(items: items, extent: extent)
            if !(t.size.isFinite && t.origin.isFinite && t.extent.isFinite) {
                bad("grid size \(t.size) origin \(t.origin) at extent \(extent)")
            }
            if t.tracks.count > items.count * GridTracks.maxTracksPerAdaptiveItem { bad("\(t.tracks.count) tracks at extent \(extent)") }
            for track in t.tracks where !(track.offset.isFinite && track.size.isFinite && track.size >= 0) {
                bad("track offset \(track.offset) size \(track.size) at extent \(extent)")
                break
            }
        }
        return problems
    }

    /// The source with invisible characters spelled out, for messages.
    static func debug(_ s: String) -> String {
        "\"" + s.unicodeScalars.map { $0.isASCII && $0.value >= 32 ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined() + "\""
    }
}
