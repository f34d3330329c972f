/// A lazy grid read out of SwiftUI source: the first `LazyVGrid(columns: …)` or `LazyHGrid(rows: …)`
/// call with its `alignment:`, `spacing:` and `pinnedViews:` arguments. The items may be written in
/// the call or named there and declared in the same source (`private var gridItemLayout = […]`,
/// `@State var gridLayout: [GridItem] = …`); either way `GridSpec.parse` reads them.
///
///     ScrollView {
///         LazyVGrid(columns: gridItemLayout, spacing: 20) { … }
///     }
public struct GridCode: Equatable, Sendable {
    public var axis: Axis
    public var items: [GridItem]
    /// The gap between rows (columns, in a LazyHGrid); nil when the call does not say.
    public var spacing: Double?
    /// The `alignment:` argument as written (`.center`, `.top`), nil when the call does not say.
    public var alignment: String?
    public var pinnedViews: PinnedScrollableViews

    public static func parse(_ source: String) throws -> GridCode {
        let chars = Array(source)
        guard let (axis, open) = findCall(chars) else {
            throw GridCodeError("no LazyVGrid(columns: …) or LazyHGrid(rows: …) in the code")
        }
        let arguments = try splitArguments(chars, from: open)
        let itemsLabel = axis == .vertical ? "columns" : "rows"
        var code = GridCode(axis: axis, items: [], spacing: nil, alignment: nil, pinnedViews: [])
        var itemsText: String?
        for (label, value) in arguments {
            switch label {
            case itemsLabel: itemsText = value
            case "alignment": code.alignment = value
            case "spacing":
                guard let v = Double(value), v.isFinite, v >= 0 else { throw GridCodeError("spacing: must be a number of points, not '\(value)'") }
                code.spacing = v
            case "pinnedViews": code.pinnedViews = try pinned(value)
            default: throw GridCodeError("unexpected argument '\(label.isEmpty ? value : label)' in the grid's call")
            }
        }
        guard let text = itemsText else { throw GridCodeError("the grid's call has no \(itemsLabel): argument") }
        code.items = try GridSpec.parse(isIdentifier(text) ? try declaration(of: text, in: chars) : text)
        return code
    }

    /// The first `LazyVGrid(` or `LazyHGrid(` outside comments and strings, and where its `(` is.
    static func findCall(_ chars: [Character]) -> (Axis, Int)? {
        var i = 0
        while i < chars.count {
            if let skip = skipNonCode(chars, i) { i = skip; continue }
            for (name, axis) in [("LazyVGrid", Axis.vertical), ("LazyHGrid", .horizontal)] {
                let n = Array(name)
                if i + n.count < chars.count, Array(chars[i..<i + n.count]) == n, chars[i + n.count] == "(",
                   i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber || chars[i - 1] == "_") {
                    return (axis, i + n.count)
                }
            }
            i += 1
        }
        return nil
    }

    /// `(label: value, …)` from the `(` at `open` to its matching `)`: top-level arguments, trimmed.
    static func splitArguments(_ chars: [Character], from open: Int) throws -> [(label: String, value: String)] {
        var depth = 0, i = open, start = open + 1
        var parts: [String] = []
        while i < chars.count {
            if let skip = skipNonCode(chars, i) { i = skip; continue }
            switch chars[i] {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth == 0 {
                    parts.append(String(chars[start..<i]))
                    return parts.map(\.trimmed).filter { !$0.isEmpty }.map(labelled)
                }
            case "," where depth == 1:
                parts.append(String(chars[start..<i]))
                start = i + 1
            default: break
            }
            i += 1
        }
        throw GridCodeError("the grid's call is not closed with ')'")
    }

    /// `label: value` → (label, value); an unlabelled argument has an empty label.
    static func labelled(_ argument: String) -> (label: String, value: String) {
        guard let colon = argument.firstIndex(of: ":") else { return ("", argument) }
        let label = argument[..<colon].trimmed
        guard isIdentifier(label) else { return ("", argument) }
        return (label, argument[argument.index(after: colon)...].trimmed)
    }

    /// The value of `let NAME = …` or `var NAME: Type = …`: from the `=` to the end of its line,
    /// or on over lines while brackets are open.
    static func declaration(of name: String, in chars: [Character]) throws -> String {
        var i = 0
        while i < chars.count {
            if let skip = skipNonCode(chars, i) { i = skip; continue }
            for keyword in ["let", "var"] {
                let k = Array(keyword + " ")
                guard i + k.count < chars.count, Array(chars[i..<i + k.count]) == k,
                      i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber || chars[i - 1] == "_") else { continue }
                var j = i + k.count
                while j < chars.count, chars[j] == " " { j += 1 }
                let n = Array(name)
                guard j + n.count <= chars.count, Array(chars[j..<j + n.count]) == n else { continue }
                j += n.count
                guard j < chars.count, !(chars[j].isLetter || chars[j].isNumber || chars[j] == "_") else { continue }
                while j < chars.count, chars[j] != "=", chars[j] != "\n" { j += 1 }
                guard j < chars.count, chars[j] == "=" else { continue }
                var depth = 0, end = j + 1
                while end < chars.count {
                    if let skip = skipNonCode(chars, end) { end = skip; continue }
                    let c = chars[end]
                    if c == "\n", depth == 0 { break }
                    if "([{".contains(c) { depth += 1 }
                    if ")]}".contains(c) { depth -= 1 }
                    end += 1
                }
                return String(chars[(j + 1)..<end]).trimmed
            }
            i += 1
        }
        throw GridCodeError("'\(name)' is not declared with let or var in the code")
    }

    static func pinned(_ value: String) throws -> PinnedScrollableViews {
        var views: PinnedScrollableViews = []
        let names = value.trimmingBrackets.split(separator: ",").map { $0.trimmed }.filter { !$0.isEmpty }
        for name in names {
            switch name {
            case ".sectionHeaders": views.insert(.sectionHeaders)
            case ".sectionFooters": views.insert(.sectionFooters)
            default: throw GridCodeError("pinnedViews: expected .sectionHeaders or .sectionFooters, not '\(name)'")
            }
        }
        return views
    }

    /// Past a comment or a string literal starting at `i`, or nil when none starts there.
    static func skipNonCode(_ chars: [Character], _ i: Int) -> Int? {
        guard i < chars.count else { return nil }
        if chars[i] == "/", i + 1 < chars.count, chars[i + 1] == "/" {
            var j = i
            while j < chars.count, chars[j] != "\n" { j += 1 }
            return j
        }
        if chars[i] == "/", i + 1 < chars.count, chars[i + 1] == "*" {
            var j = i + 2
            while j + 1 < chars.count, !(chars[j] == "*" && chars[j + 1] == "/") { j += 1 }
            return min(j + 2, chars.count)
        }
        if chars[i] == "\"" {
            var j = i + 1
            while j < chars.count, chars[j] != "\"", chars[j] != "\n" { j += chars[j] == "\\" ? 2 : 1 }
            return min(j + 1, chars.count)
        }
        return nil
    }

    static func isIdentifier<S: StringProtocol>(_ s: S) -> Bool {
        guard let first = s.first, first.isLetter || first == "_" else { return false }
        return s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}

/// Why `GridCode.parse` found no grid.
public struct GridCodeError: Error, CustomStringConvertible, Equatable {
    public var description: String
    init(_ message: String) { description = message }
}

private extension StringProtocol {
    var trimmed: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }

    var trimmingBrackets: String {
        var s = trimmed
        if s.hasPrefix("[") { s.removeFirst() }
        if s.hasSuffix("]") { s.removeLast() }
        return s
    }
}
