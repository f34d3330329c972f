/// Greedy word wrap by an estimated advance (0.55 em per character, Inter's average), so banners
/// lay out the same with or without a renderer. The last line is cut with "…" past `maxLines`.
enum TextWrap {
    static func lines(_ text: String, width: Double, fontSize: Double, maxLines: Int = 2) -> [String] {
        let perLine = max(8, Int(width / (fontSize * 0.55)))
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if candidate.count > perLine, !current.isEmpty {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        if lines.count > maxLines {
            lines = Array(lines.prefix(maxLines))
            lines[maxLines - 1] += "…"
        }
        return lines
    }
}
