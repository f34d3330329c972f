import GridCore
import GridMotion

/// Pieces of the Swift shown in the code panel, generated from the very values that lay a grid
/// out (one source of truth: change a GridItem and the code says so).
enum SwiftCode {
    /// `[GridItem(.fixed(150)), GridItem(.adaptive(minimum: 50))]`, or
    /// `Array(repeating: GridItem(.flexible()), count: 3)` when every item is the same. A list too
    /// longer than `width` characters puts one item on each line, indented one level past `indent`.
    static func items(_ items: [GridItem], indent: String = "", width: Int = 60) -> String {
        if items.count > 1, Set(items).count == 1 {
            return "Array(repeating: \(items[0]), count: \(items.count))"
        }
        let one = "[" + items.map(\.description).joined(separator: ", ") + "]"
        guard one.count > width, items.count > 1 else { return one }
        let inner = indent + "    "
        return "[\n" + items.map { inner + $0.description }.joined(separator: ",\n") + "\n" + indent + "]"
    }

    /// `LazyVGrid(columns: NAME, alignment: .center, spacing: 10, pinnedViews: [.sectionHeaders])`,
    /// each argument only when given.
    static func gridCall(axis: Axis, items: String, alignment: Double? = nil, spacing: Double? = nil,
                         pinned: PinnedScrollableViews = []) -> String {
        var args = [(axis == .vertical ? "columns: " : "rows: ") + items]
        if let a = alignment { args.append("alignment: " + alignmentName(a, axis: axis)) }
        if let s = spacing { args.append("spacing: " + formatPoints(s)) }
        if !pinned.isEmpty { args.append("pinnedViews: " + pinnedViews(pinned)) }
        return (axis == .vertical ? "LazyVGrid(" : "LazyHGrid(") + args.joined(separator: ", ") + ")"
    }

    /// A grid's alignment fraction as SwiftUI spells it: columns align horizontally, rows vertically.
    static func alignmentName(_ fraction: Double, axis: Axis) -> String {
        switch fraction {
        case 0: return axis == .vertical ? ".leading" : ".top"
        case 1: return axis == .vertical ? ".trailing" : ".bottom"
        default: return ".center"
        }
    }

    static func pinnedViews(_ p: PinnedScrollableViews) -> String {
        var names: [String] = []
        if p.contains(.sectionHeaders) { names.append(".sectionHeaders") }
        if p.contains(.sectionFooters) { names.append(".sectionFooters") }
        return "[" + names.joined(separator: ", ") + "]"
    }

    /// `.padding(.all, 10)` for even padding, nothing for none.
    static func padding(_ p: EdgeInsets) -> [String] {
        if p == .zero { return [] }
        if p == .all(p.top) { return [".padding(.all, \(formatPoints(p.top)))"] }
        return [".padding(EdgeInsets(top: \(formatPoints(p.top)), leading: \(formatPoints(p.leading)), bottom: \(formatPoints(p.bottom)), trailing: \(formatPoints(p.trailing))))"]
    }

    /// Each line of `block` indented by `levels` of four spaces (empty lines stay empty).
    static func indent(_ block: String, _ levels: Int) -> String {
        let pad = String(repeating: "    ", count: levels)
        return block.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : pad + $0 }.joined(separator: "\n")
    }

    /// Lines joined into one block.
    static func lines(_ parts: [String]) -> String { parts.joined(separator: "\n") }
}
