import GridCore
import Stage

/// The current variant's SwiftUI code, between the navigation bar and the scene: every character
/// of it, wrapped to the panel's width (a continuation is indented one level more) and never cut;
/// when it is taller than its share of the window it scrolls under the wheel. The button in its
/// corner, like Ctrl+C, copies the code.
final class CodePanel {
    /// SF Mono's stand-in; lines wrap by its advance at the window's scale (`Font.monospacedAdvance`),
    /// the same with or without a renderer, and a test holds the drawn widths to it.
    static let font = Font(size: 11, design: .monospaced)
    static let lineHeight = 14.0
    /// Around the panel, and between its edge and the text.
    static let margin = 12.0
    static let inset = 7.0
    /// The copy button's column on the trailing side.
    static let buttonSize = 24.0
    /// How long "Copied" shows after a copy.
    static let copiedDuration = 1.5

    private(set) var code = ""
    private(set) var lines: [String] = []
    /// The panel in window points (zero height when there is no code).
    private(set) var frame = Rect.zero
    private(set) var offset = 0.0
    private var copiedAt: Double?
    private(set) var hoveringButton = false
    private var wrapColumns = 0
    /// One character's advance at the current scale.
    private(set) var advance = CodePanel.font.monospacedAdvance(scale: 1)

    /// Characters that fit a line of a panel `width` wide.
    static func columns(width: Double, advance: Double) -> Int {
        max(12, Int(((width - 2 * inset - buttonSize - 4) / advance).rounded(.down)))
    }

    /// Lays the panel out at the top of `content` for `code`; returns the rest, for the scene.
    func layout(code newCode: String, in content: Rect, scale: Double) -> Rect {
        advance = CodePanel.font.monospacedAdvance(scale: scale)
        guard !newCode.isEmpty, content.height > 0 else {
            code = newCode; lines = []; frame = Rect(x: content.minX, y: content.minY, width: content.width, height: 0)
            return content
        }
        let width = max(0, content.width - 2 * CodePanel.margin)
        let columns = CodePanel.columns(width: width, advance: advance)
        if newCode != code || columns != wrapColumns {
            if newCode != code { offset = 0 }
            code = newCode
            wrapColumns = columns
            lines = CodePanel.wrap(newCode, columns: columns)
        }
        let natural = Double(lines.count) * CodePanel.lineHeight + 2 * CodePanel.inset
        // Whole lines in a fifth of the content's height, but never fewer than two.
        let room = min(content.height * 0.2, content.height - 8) - 2 * CodePanel.inset
        let shown = max(2, (room / CodePanel.lineHeight).rounded(.down))
        let height = min(natural, shown * CodePanel.lineHeight + 2 * CodePanel.inset, max(0, content.height - 8))
        frame = Rect(x: content.minX + CodePanel.margin, y: content.minY + 4, width: width, height: height)
        offset = min(max(offset, 0), maxOffset)
        let top = frame.maxY + 6
        return Rect(x: content.minX, y: top, width: content.width, height: max(0, content.maxY - top))
    }

    var maxOffset: Double { max(0, Double(lines.count) * CodePanel.lineHeight + 2 * CodePanel.inset - frame.height) }

    var buttonFrame: Rect {
        Rect(x: frame.maxX - CodePanel.buttonSize - 3, y: frame.minY + 3, width: CodePanel.buttonSize, height: CodePanel.buttonSize)
    }

    /// Scrolls the code when the wheel turns over the panel; returns true when it used the event.
    func wheel(dy: Double, at p: Point) -> Bool {
        guard frame.contains(p) else { return false }
        offset = min(max(offset + dy, 0), maxOffset)
        return true
    }

    func pointerMoved(to p: Point) { hoveringButton = buttonFrame.contains(p) && frame.height > 0 }

    /// Shows "Copied" for a moment.
    func copied(at time: Double) { copiedAt = time }

    func isAnimating(at time: Double) -> Bool { copiedAt.map { time - $0 < CodePanel.copiedDuration } ?? false }

    func draw(_ list: inout DrawList, env: AppEnvironment) {
        guard frame.height > 0 else { return }
        list.fill(frame, env.color(.secondaryBackground), cornerRadius: 8)
        let textWidth = Double(wrapColumns) * advance + 2
        list.clipped(to: frame.insetBy(dx: 0, dy: CodePanel.inset - 1)) { list in
            let first = max(0, Int(((offset - CodePanel.inset) / CodePanel.lineHeight).rounded(.down)))
            let last = min(lines.count, Int(((offset + frame.height) / CodePanel.lineHeight).rounded(.up)) + 1)
            if first < last {
                for i in first..<last {
                    let y = frame.minY + CodePanel.inset + Double(i) * CodePanel.lineHeight - offset
                    list.text(lines[i], CodePanel.font, env.color(.primary).opacity(0.85),
                              in: Rect(x: frame.minX + CodePanel.inset, y: y, width: textWidth, height: CodePanel.lineHeight))
                }
            }
        }
        if maxOffset > 0 {
            // Where the visible lines sit in the whole code.
            let track = Rect(x: frame.maxX - 5, y: buttonFrame.maxY + 4, width: 3, height: max(0, frame.maxY - buttonFrame.maxY - 8))
            let visible = frame.height / (frame.height + maxOffset)
            let thumb = max(12, track.height * visible)
            let y = track.minY + (track.height - thumb) * offset / maxOffset
            list.fill(Rect(x: track.minX, y: y, width: track.width, height: thumb), env.color(.primary).opacity(0.3), cornerRadius: 1.5)
        }
        let b = buttonFrame
        list.fill(b, env.color(.background).opacity(hoveringButton ? 1 : 0.7), cornerRadius: 6)
        list.symbol("doc.on.doc", in: b.insetBy(dx: 4, dy: 4), env.color(hoveringButton ? .accent : .secondary))
        if let t = copiedAt, env.time - t < CodePanel.copiedDuration {
            let label = Rect(x: b.minX - 60, y: b.minY, width: 56, height: b.height)
            list.fill(label, env.color(.accent), cornerRadius: 6)
            list.text("Copied", Font.caption.weight(.semibold), .white, in: label, alignment: .center)
        }
    }

    /// `code` wrapped to `columns` characters: a long line breaks after a comma, an opening bracket
    /// or a colon, before a space or a `.modifier`, else anywhere; the rest continues one level
    /// deeper than the line began. Nothing is dropped but the spaces a break replaces.
    static func wrap(_ code: String, columns: Int) -> [String] {
        var out: [String] = []
        for raw in code.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = Array(raw)
            let indent = line.prefix { $0 == " " }.count
            let continuation = String(repeating: " ", count: min(indent + 4, columns / 2))
            while line.count > columns {
                let floor = line.prefix { $0 == " " }.count + 1
                // Never inside a string literal.
                var quoted = Array(repeating: false, count: line.count), open = false
                for (k, ch) in line.enumerated() { if ch == "\"" { open.toggle() }; quoted[k] = open }
                // Best at a space (after a comma, a label, an `=`) in the line's second half; else
                // after an opening bracket or before a chained `.modifier`; else anywhere.
                var space: Int?, other: Int?
                var i = columns
                while i > floor, space == nil {
                    let before = line[i - 1], at = line[i]
                    if !quoted[i - 1] {
                        if at == " " { space = i } else if other == nil, "([:,".contains(before) || (at == "." && before == ")") { other = i }
                    }
                    i -= 1
                }
                let half = floor + (columns - floor) / 2
                let cut = space.flatMap { $0 >= half ? $0 : nil } ?? other ?? space ?? columns
                out.append(String(line[..<cut]))
                let rest = line[cut...].drop { $0 == " " }
                line = rest.isEmpty ? [] : Array(continuation) + rest
            }
            if !line.isEmpty || raw.isEmpty { out.append(String(line)) }
        }
        return out
    }
}
