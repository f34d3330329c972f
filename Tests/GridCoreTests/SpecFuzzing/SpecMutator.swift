// Shared by the GridCore tests and the libFuzzer target (`make fuzz`), which compiles this file
// together with the GridCore sources as one module.
#if !GRIDSPEC_FUZZ_STANDALONE
import GridCore
#endif

/// Makes near-valid grid specs: the forms the tutorial seeds write, cut up and recombined the way
/// a person editing them (or a paste gone wrong) would. Deterministic for a given generator.
public struct SpecMutator<Generator: RandomNumberGenerator> {
    public var rng: Generator

    public init(rng: Generator) { self.rng = rng }

    /// Every form the seeds and the parser's documentation use, all valid.
    public static var seeds: [String] {
        [
            "[GridItem(.fixed(30), spacing: 1), GridItem(.flexible(minimum: 60))]",
            "Array(repeating: GridItem(.flexible(), spacing: 0), count: 3)",
            "[GridItem(.adaptive(minimum: 50))]",
            "Array(repeating: .init(.flexible()), count: 6)",
            "[ GridItem() ]",
            "[GridItem(.fixed(100)), GridItem(.fixed(150))]",
            "[GridItem(.fixed(150)), GridItem(.adaptive(minimum: 50))]",
            "[GridItem(.flexible()), GridItem(.flexible()), GridItem(.flexible())]",
            "private var gridItemLayout: [GridItem] = Array(repeating: GridItem(.flexible()), count: 3)",
            "let rows: [GridItem] = [ GridItem() ]",
            "[GridItem(.adaptive(minimum: 30, maximum: 100), spacing: 50)]",
            "[GridItem](repeating: GridItem(.fixed(80)), count: 2)",
            "[GridItem(.fixed(100))] + Array(repeating: GridItem(), count: 2)",
            "[GridItem(.flexible(minimum: 10, maximum: .infinity), alignment: .topLeading),]",
            "[GridItem(GridItem.Size.fixed(1_000)), GridItem.init(.fixed(CGFloat(2.5)))] // columns",
            "[\n    GridItem(.fixed(30), spacing: 1),   /* narrow */\n    GridItem(.flexible(maximum: CGFloat.infinity))\n]",
            "Array<GridItem>(repeating: GridItem(.adaptive(minimum: 40), alignment: .bottom), count: 2)",
        ]
    }

    /// Numbers that break naive code: negative, NaN, infinite, huge, tiny, non-ASCII digits.
    static var hostileNumbers: [String] {
        ["-1", ".nan", "1e308", "1e309", "-0", "0", "0.0", "99999999999999999999", "1e20", "1000", "1001",
         "1e-320", "0.0000001", "CGFloat.infinity", "-.infinity", "Double(1e308)", ".greatestFiniteMagnitude",
         "CGFloat(-5)", "1_0_0", "1e", "1e+", "1.2.3", "０", "١٢", "4294967296", "9223372036854775808", "-.nan"]
    }

    /// Text a paste can carry: accents, emoji, bidi and zero-width marks, look-alike letters, NUL.
    static var strangeText: [String] {
        ["é", "🙂", "\u{0}", "\u{202E}", "\u{200B}", "ＧridItem", "e\u{301}", "\u{FEFF}", "\r\n", "\t", "Ω", "𝟙",
         "GridItеm" /* Cyrillic е */, "\\", "\"", "@", "#", "$", "`", "{", "}", ";"]
    }

    static var punctuation: [String] { ["[", "]", "(", ")", ",", ":", ".", "+", "-", "=", "<", ">", "?", "/*", "//", "*/", "\n"] }

    static var words: [String] {
        ["GridItem", "Array", "repeating", "count", "spacing", "alignment", "fixed", "flexible", "adaptive",
         "minimum", "maximum", "init", "Size", "infinity", "nan", "let", "var", "CGFloat", "leading", ".center"]
    }

    /// One to four mutations of a seed (or of two seeds joined).
    public mutating func next() -> String {
        var pieces = Self.split(pick(Self.seeds))
        if Int.random(in: 0..<8, using: &rng) == 0 {
            pieces += [pick([" + ", ", "])] + Self.split(pick(Self.seeds))
        }
        for _ in 0..<Int.random(in: 1...4, using: &rng) { mutate(&pieces) }
        return pieces.joined()
    }

    mutating func mutate(_ p: inout [String]) {
        guard !p.isEmpty else { p = [pick(Self.words)]; return }
        let i = Int.random(in: 0..<p.count, using: &rng)
        switch Int.random(in: 0..<11, using: &rng) {
        case 0: p.remove(at: i)
        case 1:
            let end = min(p.count, i + Int.random(in: 1...6, using: &rng))
            p.insert(contentsOf: p[i..<end], at: end)
        case 2: p.swapAt(i, Int.random(in: 0..<p.count, using: &rng))
        case 3, 4:
            // A number (or the place a number would be) becomes a hostile one.
            let numbers = p.indices.filter { p[$0].first.map { $0.isNumber || $0 == "." } ?? false }
            p[numbers.randomElement(using: &rng) ?? i] = pick(Self.hostileNumbers)
        case 5:
            if let c = p.firstIndex(of: "count") , c + 3 < p.count {
                p[c + 3] = pick(["0", "1001", "100000000", "-3", "2.5", "1e9", ".infinity", "count"])
            } else {
                p.insert(pick(Self.hostileNumbers), at: i)
            }
        case 6: p.insert(pick(Self.strangeText), at: i)
        case 7: p.insert(pick(Self.punctuation), at: i)
        case 8: p.removeSubrange(i...)
        case 9: p.insert(pick(Self.words), at: i)
        default:
            let end = min(p.count, i + Int.random(in: 1...8, using: &rng))
            p.removeSubrange(i..<end)
        }
    }

    mutating func pick(_ xs: [String]) -> String { xs.randomElement(using: &rng)! }

    /// Words, numbers, single punctuation and whitespace runs, so mutations cut where a person would.
    static func split(_ s: String) -> [String] {
        var out: [String] = []
        var word = ""
        func flush() { if !word.isEmpty { out.append(word); word = "" } }
        for c in s {
            if c.isLetter || c.isNumber || c == "_" {
                word.append(c)
            } else if c == ".", let last = word.last, last.isNumber {
                word.append(c)
            } else {
                flush()
                out.append(String(c))
            }
        }
        flush()
        return out
    }
}
