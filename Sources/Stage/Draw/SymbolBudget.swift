import Foundation
import SystemIO

/// What a symbol SVG may cost before nanosvg sees it. nanosvg has no limits of its own: it expands
/// every dash of a stroke into geometry (`M0 0L1e9 1e9` dashed every 0.002 is 10¹² dashes: the
/// main thread spun for ten minutes), and rasterises a 15 MB file of 300,000 circles in 26 s. A
/// shipped symbol is under 1 KB, a few dozen numbers, no dashes; the budget leaves room for far
/// richer icons and refuses, in one text scan, what would take seconds or gigabytes.
public struct SymbolBudget: Sendable {
    public var maxFileBytes = 256 << 10
    public var maxElements = 2_000
    public var maxNumbers = 40_000
    /// Coordinates and sizes beyond this, either way, belong to no icon.
    public var maxMagnitude = 100_000.0
    /// Dashes nanosvg would generate, estimated from above.
    public var maxDashes = 20_000.0
    /// A rasterisation still running after this many seconds is abandoned (broken glyph).
    public var maxSeconds = 2.0

    public init() {}
    public static let standard = SymbolBudget()

    public struct OverBudget: Error, CustomStringConvertible {
        public var description: String
    }

    /// Attributes whose numbers are geometry (or scale it).
    static let geometry: Set<String> = ["d", "points", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry",
                                        "width", "height", "viewBox", "stroke-width", "transform", "stroke-dasharray",
                                        "style", "gradientTransform", "patternTransform"]

    /// Throws when `svg` is over budget, saying by what.
    public func check(_ svg: [UInt8]) throws {
        guard svg.count <= maxFileBytes else {
            throw OverBudget(description: "over budget: the file is \(BoundedFile.megabytes(svg.count)) (limit \(BoundedFile.megabytes(maxFileBytes)))")
        }
        var scan = Scan(svg: svg, budget: self)
        try scan.run()
        if scan.dashPeriod.isFinite {
            // Any path is shorter than 8 × the sum of its numbers' sizes (lines, curves, arcs and
            // shapes alike); transforms stretch it at most by their anisotropy (dashes scale too).
            let dashes = 8 * scan.sum * scan.stretch / scan.dashPeriod
            guard dashes <= maxDashes else {
                throw OverBudget(description: "over budget: its dashes (period \(scan.dashPeriod)) could number \(String(format: "%.0e", dashes)), limit \(Int(maxDashes))")
            }
        }
    }

    /// One pass over the text: elements counted, attribute values of geometry read for numbers.
    private struct Scan {
        let svg: [UInt8]
        let budget: SymbolBudget
        var i = 0
        var elements = 0, numbers = 0
        var sum = 0.0
        var stretch = 1.0
        var dashPeriod = Double.infinity

        init(svg: [UInt8], budget: SymbolBudget) {
            self.svg = svg
            self.budget = budget
        }

        static func isLetter(_ c: UInt8) -> Bool { (c >= 65 && c <= 90) || (c >= 97 && c <= 122) }
        static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }

        mutating func run() throws {
            let n = svg.count
            while i < n {
                let c = svg[i]
                if c == 60, i + 1 < n, Scan.isLetter(svg[i + 1]) {
                    elements += 1
                    guard elements <= budget.maxElements else { throw OverBudget(description: "over budget: more than \(budget.maxElements) elements") }
                    i += 1
                } else if (c == 34 || c == 39), let name = attributeName(before: i) {
                    let end = svg[(i + 1)...].firstIndex(of: c) ?? n
                    if SymbolBudget.geometry.contains(name) { try value(i + 1, end, name: name) }
                    i = end + 1
                } else if c == 115, matches("stroke-dasharray", at: i) {
                    // In a <style> sheet.
                    let end = svg[i...].firstIndex(where: { $0 == 59 || $0 == 125 || $0 == 60 }) ?? n
                    try value(i, end, name: "style")
                    i = end
                } else {
                    i += 1
                }
            }
        }

        /// The attribute name before `="` at `quote`, if this quote opens an attribute value.
        func attributeName(before quote: Int) -> String? {
            var j = quote - 1
            while j >= 0, svg[j] == 32 || svg[j] == 9 || svg[j] == 10 || svg[j] == 13 { j -= 1 }
            guard j >= 0, svg[j] == 61 else { return nil }
            j -= 1
            while j >= 0, svg[j] == 32 || svg[j] == 9 { j -= 1 }
            let end = j + 1
            while j >= 0, Scan.isLetter(svg[j]) || svg[j] == 45 || svg[j] == 58 || svg[j] == 95 { j -= 1 }
            return end > j + 1 ? String(decoding: svg[(j + 1)..<end], as: UTF8.self) : nil
        }

        func matches(_ word: String, at k: Int) -> Bool {
            let w = Array(word.utf8)
            return k + w.count <= svg.count && svg[k..<(k + w.count)].elementsEqual(w)
        }

        /// Reads the numbers of an attribute value in `start..<end`.
        mutating func value(_ start: Int, _ end: Int, name: String) throws {
            var k = start
            var pendingTransform: String?
            var transformValues: [Double] = []
            var inDash = name == "stroke-dasharray"
            var dashValues: [Double] = []
            func closeDash(_ scan: inout Scan) {
                if inDash {
                    let values = dashValues.map(abs)
                    let period = values.reduce(0, +)
                    // nanosvg ignores dash arrays summing to ≤ 1e-6; an odd count repeats twice.
                    if period > 1e-6 { scan.dashPeriod = min(scan.dashPeriod, values.count % 2 == 1 ? 2 * period : period) }
                }
                inDash = false
                dashValues = []
            }
            while k < end {
                let c = svg[k]
                if c == 35 {
                    // A colour (#123456) or a reference: not a number.
                    k += 1
                    while k < end, Scan.isLetter(svg[k]) || Scan.isDigit(svg[k]) { k += 1 }
                } else if Scan.isLetter(c) {
                    var w = k
                    while w < end, Scan.isLetter(svg[w]) || svg[w] == 45 { w += 1 }
                    let word = String(decoding: svg[k..<w], as: UTF8.self)
                    if word == "stroke-dasharray" { closeDash(&self); inDash = true }
                    if ["scale", "matrix", "skewX", "skewY"].contains(word) { pendingTransform = word; transformValues = [] }
                    // Path commands are single letters; a unit such as px ends a number.
                    k = w == k ? k + 1 : w
                } else if c == 59 {
                    closeDash(&self)
                    k += 1
                } else if c == 41 {
                    if let t = pendingTransform {
                        stretch *= SymbolBudget.anisotropy(t, transformValues)
                        guard stretch.isFinite, stretch <= 1e6 else { throw OverBudget(description: "over budget: a transform stretches the drawing beyond reason") }
                        pendingTransform = nil
                    }
                    k += 1
                } else if Scan.isDigit(c) || c == 46 || c == 45 || c == 43, let (v, next) = number(at: k, end) {
                    k = next
                    numbers += 1
                    guard v.isFinite, abs(v) <= budget.maxMagnitude else {
                        throw OverBudget(description: "over budget: \(name) holds \(v), beyond ±\(Int(budget.maxMagnitude))")
                    }
                    guard numbers <= budget.maxNumbers else { throw OverBudget(description: "over budget: more than \(budget.maxNumbers) numbers") }
                    sum += abs(v)
                    if pendingTransform != nil { transformValues.append(v) }
                    if inDash { dashValues.append(v) }
                } else {
                    k += 1
                }
            }
            closeDash(&self)
        }

        /// A number at `k` (sign, digits, fraction, exponent) and where it ends.
        func number(at k: Int, _ end: Int) -> (Double, Int)? {
            var j = k
            if j < end, svg[j] == 45 || svg[j] == 43 { j += 1 }
            var digits = false
            while j < end, Scan.isDigit(svg[j]) { j += 1; digits = true }
            if j < end, svg[j] == 46 { j += 1; while j < end, Scan.isDigit(svg[j]) { j += 1; digits = true } }
            guard digits else { return nil }
            if j < end, svg[j] == 101 || svg[j] == 69 {
                var e = j + 1
                if e < end, svg[e] == 45 || svg[e] == 43 { e += 1 }
                if e < end, Scan.isDigit(svg[e]) { j = e; while j < end, Scan.isDigit(svg[j]) { j += 1 } }
            }
            guard let v = Double(String(decoding: svg[k..<j], as: UTF8.self)) else { return nil }
            return (v, j)
        }
    }

    /// How much more a transform can stretch lengths one way than it scales dashes (its average scale).
    static func anisotropy(_ kind: String, _ v: [Double]) -> Double {
        switch kind {
        case "scale":
            guard let sx = v.first else { return 1 }
            let sy = v.count > 1 ? v[1] : sx
            let lo = min(abs(sx), abs(sy)), hi = max(abs(sx), abs(sy))
            return lo > 0 ? (hi / lo).squareRoot() : .infinity
        case "matrix":
            guard v.count >= 4 else { return 1 }
            let det = abs(v[0] * v[3] - v[1] * v[2])
            let norm = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]).squareRoot()
            return det > 0 ? norm / det.squareRoot() : .infinity
        default:
            guard let angle = v.first else { return 1 }
            return 1 + abs(tan(angle * .pi / 180))
        }
    }
}
