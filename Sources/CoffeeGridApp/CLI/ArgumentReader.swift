/// The words after a command, read left to right, for every subcommand alike: flags (`--flag`,
/// `-h`), a flag's value (`--flag value` or `--flag=value`), and plain words (a SPEC, a scene, a
/// path). After `--` every word is plain. Each command keeps its own messages; the reader only
/// says when a value is missing, or when a flag is given twice with two values (the last one
/// quietly won: `--size 390x844 … --size 844x390` is a mistake to point at, not to guess).
package struct ArgumentReader {
    package enum Word: Equatable {
        case flag(String)
        case word(String)

        package var text: String {
            switch self {
            case .flag(let s), .word(let s): return s
            }
        }
    }

    private let words: [String]
    private var index = 0
    /// The value each flag was given, to refuse a second, different one.
    private var given: [String: String] = [:]
    private var inlineValue: String?
    /// True once `--` was read: every word since is plain, whatever it looks like.
    private(set) var onlyWords = false
    /// The flag being read (for messages).
    private(set) var flag = ""
    /// Which words are flags; the rest are plain words.
    let isFlag: (String) -> Bool
    /// The message for a flag given without its value (`--json needs a FILE; usage: …`).
    let missingValue: (_ flag: String, _ what: String) -> String

    package init(_ words: [String], isFlag: @escaping (String) -> Bool = { $0.hasPrefix("-") && $0 != "-" },
         missingValue: @escaping (_ flag: String, _ what: String) -> String = { "\($0) needs \($1)" }) {
        self.words = words
        self.isFlag = isFlag
        self.missingValue = missingValue
    }

    /// The next flag or word, nil after the last.
    package mutating func next() -> Word? {
        inlineValue = nil
        guard index < words.count else { return nil }
        let w = words[index]
        index += 1
        if onlyWords || !isFlag(w) { return .word(w) }
        if w == "--" {
            onlyWords = true
            return next()
        }
        if w.hasPrefix("--"), let eq = w.firstIndex(of: "=") {
            flag = String(w[..<eq])
            inlineValue = String(w[w.index(after: eq)...])
        } else {
            flag = w
        }
        return .flag(flag)
    }

    /// The value of the flag just read: after `=`, else the next word.
    package mutating func value(_ what: String = "a value") throws -> String {
        let v: String
        if let inline = inlineValue {
            inlineValue = nil
            v = inline
        } else {
            guard index < words.count else { throw UsageError(missingValue(flag, what)) }
            index += 1
            v = words[index - 1]
        }
        if let earlier = given[flag], earlier != v {
            throw UsageError("\(flag) is given twice (\(ScriptMessage.excerpt(earlier, limit: 40)) and \(ScriptMessage.excerpt(v, limit: 40))); give it once")
        }
        given[flag] = v
        return v
    }

    /// The flag's value made into a `T` by `parse`; `invalid` says what is wrong with the text. The
    /// type is written out: assigned to an optional, an inferred `T` would be optional too, and a
    /// value that does not parse would quietly become nil.
    package mutating func value<T>(as type: T.Type, what: String = "a value", _ parse: (String) -> T?, invalid: (String) -> String) throws -> T {
        let text = try value(what)
        guard let v = parse(text) else { throw UsageError(invalid(text)) }
        return v
    }
}
