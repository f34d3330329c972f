import Foundation
import GridCore
import StageInterface

/// One line of a `--script`: what a test or a screenshot run does to the app, in window points.
public enum ScriptCommand: Equatable {
    /// A left click; with modifiers (`click X Y Shift`, `Ctrl`, `Ctrl+Shift`) its press carries them.
    case click(Point, modifiers: KeyModifiers = [])
    /// Two clicks within the double-click time: the second press says so (`clicks` 2).
    case doubleClick(Point)
    case move(Point)
    /// The left button down at a point (`press X Y [Ctrl]`) and up (`release X Y`): a drag held
    /// across other commands, for a screenshot of a rubber band mid-drag.
    case press(Point, modifiers: KeyModifiers)
    case release(Point)
    /// A mouse drag (a rubber band over a grid; `Ctrl` adds to the selection).
    case drag(from: Point, to: Point, milliseconds: Double, modifiers: KeyModifiers = [])
    case scroll(dx: Double, dy: Double, modifiers: KeyModifiers)
    /// A wheel turn with the pointer at a point (`scroll DX DY X Y [Ctrl]`).
    case scrollAt(dx: Double, dy: Double, at: Point, modifiers: KeyModifiers)
    /// A touchpad pinch step (`pinch SCALE [X Y]`; above 1 spreads the fingers) and its end.
    case pinch(scale: Double, at: Point?)
    case pinchEnd(at: Point?)
    case key(Key, KeyModifiers)
    /// Types the rest of the line as text (into a focused text field).
    case type(String)
    case resize(Size)
    case wait(milliseconds: Double)
    /// Steps until nothing moves and no photo is pending (at most 10 s): the end of any animation.
    case settle
    case scene(String)
    case screenshot(String)
    case state(String)
    /// A file or folder dropped on the window (`drop PATH`: the rest of the line).
    case drop(String)
    /// A SwiftUI snippet read from a file and pasted into the playground (`paste FILE`: the rest of
    /// the line), as Ctrl+V pastes one from the clipboard.
    case paste(String)

    /// A mistake in a script, naming its line.
    public struct ParseError: Error, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "script line \(line): \(message)" }
    }

    static let help = "click X Y [Ctrl|Shift|Ctrl+Shift] | doubleclick X Y | move X Y | press X Y [Ctrl] | release X Y | drag X1 Y1 X2 Y2 [MS] [Ctrl] | scroll DX DY [X Y] [Ctrl] | pinch SCALE [X Y] | pinchend [X Y] | key NAME | type TEXT | resize W H | wait MS | settle | scene NAME | screenshot FILE | state FILE | drop PATH | paste FILE"

    /// Parses a whole script: one command per line, `#` starts a comment, blank lines are skipped.
    /// Each command comes with its 1-based line number.
    public static func parse(script: String) throws -> [(line: Int, command: ScriptCommand)] {
        var result: [(line: Int, command: ScriptCommand)] = []
        for (n, raw) in script.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let command = try parse(line: String(raw), number: n + 1) { result.append((n + 1, command)) }
        }
        return result
    }

    /// One line of a script; nil for a blank or comment line.
    public static func parse(line raw: String, number: Int) throws -> ScriptCommand? {
        var line = Substring(raw)
        if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
        guard let verb = words.first else { return nil }
        if verb == "drop" || verb == "paste" {
            let path = raw.drop(while: { $0 == " " || $0 == "\t" }).dropFirst(verb.count).trimmingCharacters(in: .whitespaces)
            guard !path.isEmpty else { throw ParseError(line: number, message: "'\(verb)' takes a path") }
            return verb == "drop" ? .drop(path) : .paste(path)
        }
        if verb == "type" {
            // Everything after "type " is the text, comments included: code is typed verbatim.
            let text = raw.drop(while: { $0 == " " || $0 == "\t" }).dropFirst(4).drop(while: { $0 == " " })
            return .type(String(text).trimmingCharacters(in: ["\r"]))
        }
        do {
            return try parse(verb: verb, Array(words.dropFirst()))
        } catch let m as ScriptMessage {
            throw ParseError(line: number, message: m.text)
        }
    }

    /// Window positions beyond this many points (either way) are no place a pointer can be; scroll
    /// distances beyond `maxDistance` none a wheel can turn. Both are rejected at the input boundary.
    public static let maxCoordinate = 100_000.0
    public static let maxDistance = 1e9

    static func parse(verb: String, _ args: [String]) throws -> ScriptCommand {
        func numbers(_ count: ClosedRange<Int>) throws -> [Double] {
            guard count.contains(args.count) else {
                let n = count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound)–\(count.upperBound)"
                throw ScriptMessage(text: "'\(verb)' takes \(n) numbers, got \(args.count)")
            }
            return try args.map(ScriptCommand.number)
        }
        func point(_ x: Double, _ y: Double) throws -> Point {
            guard abs(x) <= maxCoordinate, abs(y) <= maxCoordinate else {
                throw ScriptMessage(text: "'\(verb)' needs positions within ±\(Int(maxCoordinate)) points, got \(ScriptMessage.excerpt("\(x) \(y)"))")
            }
            return Point(x: x, y: y)
        }
        func word() throws -> String {
            guard args.count == 1 else { throw ScriptMessage(text: "'\(verb)' takes one argument") }
            return args[0]
        }
        switch verb {
        case "click":
            var rest = args
            let mods = rest.count == 3 ? try trailingModifiers(&rest) : []
            let v = try parse(verb: "click", numbers: rest, count: [2])
            return .click(try point(v[0], v[1]), modifiers: mods)
        case "doubleclick":
            let v = try numbers(2...2)
            return .doubleClick(try point(v[0], v[1]))
        case "press":
            var rest = args
            let mods = try trailingModifiers(&rest)
            let v = try parse(verb: "press", numbers: rest, count: [2])
            return .press(try point(v[0], v[1]), modifiers: mods)
        case "release":
            let v = try numbers(2...2)
            return .release(try point(v[0], v[1]))
        case "move":
            let v = try numbers(2...2)
            return .move(try point(v[0], v[1]))
        case "drag":
            var rest = args
            let mods = try trailingModifiers(&rest)
            let v = try parse(verb: "drag", numbers: rest, count: [4, 5])
            let ms = v.count == 5 ? v[4] : 300
            guard ms >= 0, ms <= 3_600_000 else { throw ScriptMessage(text: "drag duration must be 0…3600000 milliseconds") }
            return .drag(from: try point(v[0], v[1]), to: try point(v[2], v[3]), milliseconds: ms, modifiers: mods)
        case "scroll":
            var rest = args
            let mods = try trailingModifiers(&rest)
            let v = try parse(verb: "scroll", numbers: rest, count: [2, 4])
            guard abs(v[0]) <= maxDistance, abs(v[1]) <= maxDistance else {
                throw ScriptMessage(text: "scroll distances must be within ±\(Int(maxDistance)) points")
            }
            if v.count == 4 { return .scrollAt(dx: v[0], dy: v[1], at: try point(v[2], v[3]), modifiers: mods) }
            return .scroll(dx: v[0], dy: v[1], modifiers: mods)
        case "pinch":
            let v = try parse(verb: "pinch", numbers: args, count: [1, 3])
            guard v[0] >= 0.01, v[0] <= 100 else { throw ScriptMessage(text: "pinch needs a scale above 0, from 0.01 to 100") }
            return .pinch(scale: v[0], at: v.count == 3 ? try point(v[1], v[2]) : nil)
        case "pinchend":
            let v = try parse(verb: "pinchend", numbers: args, count: [0, 2])
            return .pinchEnd(at: v.count == 2 ? try point(v[0], v[1]) : nil)
        case "key":
            let name = try word()
            guard let (mods, keyName) = KeyModifiers.parse(chord: name), let key = Key(name: keyName) else {
                throw ScriptMessage(text: "unknown key \(ScriptMessage.excerpt(name)) (try g, 1, ?, Tab, Return, Up, PageDown, Ctrl+Q)")
            }
            return .key(key, mods)
        case "resize":
            let v = try numbers(2...2)
            guard v[0] >= 1, v[1] >= 1, v[0] <= 16384, v[1] <= 16384 else { throw ScriptMessage(text: "resize needs sizes from 1 to 16384") }
            return .resize(Size(width: v[0], height: v[1]))
        case "wait":
            let v = try numbers(1...1)
            guard v[0] >= 0, v[0] <= 3_600_000 else { throw ScriptMessage(text: "wait needs 0…3600000 milliseconds") }
            return .wait(milliseconds: v[0])
        case "settle":
            guard args.isEmpty else { throw ScriptMessage(text: "'settle' takes no arguments") }
            return .settle
        case "scene":
            return .scene(try word())
        case "screenshot":
            return .screenshot(try word())
        case "state":
            return .state(try word())
        default:
            throw ScriptMessage(text: "unknown command \(ScriptMessage.excerpt(verb)); commands: \(help)")
        }
    }
}

extension ScriptCommand {
    /// Numbers for commands that take one of a few counts (`scroll DX DY` or `scroll DX DY X Y`).
    static func parse(verb: String, numbers args: [String], count: [Int]) throws -> [Double] {
        guard count.contains(args.count) else {
            throw ScriptMessage(text: "'\(verb)' takes \(count.map(String.init).joined(separator: " or ")) numbers, got \(args.count)")
        }
        return try args.map(number)
    }

    /// Modifiers come last, as a chord without a key (`Ctrl`, `Shift`, `Ctrl+Shift`); removed from `args`.
    static func trailingModifiers(_ args: inout [String]) throws -> KeyModifiers {
        guard let last = args.last, Double(last) == nil else { return [] }
        guard let (m, key) = KeyModifiers.parse(chord: last + "+x"), key == "x", !m.isEmpty else {
            throw ScriptMessage(text: "unknown modifiers \(ScriptMessage.excerpt(last)) (try Ctrl, Shift, Alt, Ctrl+Shift)")
        }
        args.removeLast()
        return m
    }

    static func number(_ text: String) throws -> Double {
        guard let v = Double(text), v.isFinite else { throw ScriptMessage(text: "\(ScriptMessage.excerpt(text)) is not a number") }
        return v
    }
}

/// A reason a line was rejected; becomes a `ParseError` naming the line.
package struct ScriptMessage: Error {
    var text: String

    /// `text` quoted for an error line, cut to about 60 characters: a 10 MB token is not echoed.
    /// Control characters are shown escaped (`\u{1B}`), so an error line cannot drive the terminal.
    package static func excerpt(_ text: String, limit: Int = 60, sayLength: Bool = true) -> String {
        func shown(_ s: Substring) -> String {
            var out = ""
            for u in s.unicodeScalars {
                if u.value < 0x20 || (0x7F..<0xA0).contains(u.value) { out += "\\u{\(String(u.value, radix: 16, uppercase: true))}" } else { out.unicodeScalars.append(u) }
            }
            return out
        }
        guard text.count > limit else { return "'\(shown(text[...]))'" }
        return "'\(shown(text.prefix(limit)))…'" + (sayLength ? " (\(text.utf8.count) bytes)" : "")
    }
}
