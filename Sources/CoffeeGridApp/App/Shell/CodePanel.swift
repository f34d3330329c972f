import GridCore
import StageInterface

/// The current variant's SwiftUI code, between the navigation bar and the scene: every character
/// of it, wrapped to the panel's width (a continuation is indented one level more) and never cut;
/// when it is taller than its share of the window it scrolls under the wheel. The button in its
/// corner, like Ctrl+C, copies the code; the chevron beside it (like the toolbar's `</>` and
/// Ctrl+K) folds it to a one-line "Show code" bar. Where the window has no room for it, it starts
/// folded and opens over the content as a sheet (`CodeDisclosure`).
final class CodePanel {
    /// SF Mono's stand-in; lines wrap by its advance at the window's scale (`Font.monospacedAdvance`),
    /// the same with or without a renderer, and a test holds the drawn widths to it.
    static let font = Font(size: 11, design: .monospaced)
    static let lineHeight = 14.0
    /// Around the panel, and between its edge and the text.
    static let margin = 12.0
    static let inset = 7.0
    /// Above the panel (under the navigation bar) and between it and the scene.
    static let gapAbove = 4.0
    static let gapBelow = 6.0
    /// The folded panel: one line.
    static let barHeight = 26.0
    /// Open above the scene it shows whole lines in a fifth of the content's height, never fewer
    /// than this: fewer would be a peephole, not a panel.
    static let minimumLines = 6.0
    /// The copy and fold buttons' column on the trailing side, one above the other.
    static let buttonSize = 24.0
    /// How long "Copied" shows after a copy.
    static let copiedDuration = 1.5

    private(set) var code = ""
    private(set) var lines: [String] = []
    /// The panel in window points as drawn now: open, folded to its bar, or a sheet over the
    /// content (zero height when there is no code).
    private(set) var frame = Rect.zero
    /// The one-line bar the folded panel is, and the sheet grows from.
    private(set) var barFrame = Rect.zero
    private(set) var offset = 0.0
    /// A person acted since the last layout: a change of the code is scrolled into view.
    var followsNextChange = false
    private var copiedAt: Double?
    private(set) var hoveringButton = false
    private(set) var hoveringToggle = false
    private var wrapColumns = 0
    /// One character's advance at the current scale.
    private(set) var advance = CodePanel.font.monospacedAdvance(scale: 1)
    /// Open or folded, and how.
    private(set) var disclosure = CodeDisclosure()
    private var time = 0.0

    /// Characters that fit a line of a panel `width` wide.
    static func columns(width: Double, advance: Double) -> Int {
        max(12, Int(((width - 2 * inset - buttonSize - 4) / advance).rounded(.down)))
    }

    /// What the folded panel costs the scene, in points.
    static var foldedCost: Double { gapAbove + barHeight + gapBelow }

    /// What the panel open above the scene at its smallest costs the scene, in points.
    static var minimumCost: Double { minimumLines * lineHeight + 2 * inset + gapAbove + gapBelow }

    /// The scroll offset that shows the first source line where `new` differs from `old` with the
    /// source line above it at the top (lines wrapped at `columns`); 0 when the change is in the
    /// first lines or `new` only adds to `old`.
    static func offset(showingChangeFrom old: String, to new: String, columns: Int) -> Double {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false), b = new.split(separator: "\n", omittingEmptySubsequences: false)
        guard let changed = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset, changed > 1 else { return 0 }
        let above = b.prefix(changed - 1).joined(separator: "\n")
        return Double(wrap(above, columns: columns).count) * lineHeight
    }

    /// The quarter rule: a content area `height` points high has room for the panel above the scene
    /// when the panel at its smallest takes no more than a quarter of it (432 pt and higher: no
    /// phone in landscape, where the tallest leaves 376).
    static func hasRoom(contentHeight height: Double) -> Bool { minimumCost <= height / 4 }

    /// Lays the panel out at the top of `content` for `code` at `time`; returns the rest, for the
    /// scene. `sharing`: another panel (the inspector's sheet) already takes the window's room.
    func layout(code newCode: String, in content: Rect, scale: Double, time: Double, sharing: Bool = false) -> Rect {
        self.time = time
        advance = CodePanel.font.monospacedAdvance(scale: scale)
        guard !newCode.isEmpty, content.height > 0 else {
            code = newCode; lines = []
            frame = Rect(x: content.minX, y: content.minY, width: content.width, height: 0)
            barFrame = frame
            return content
        }
        let width = max(0, content.width - 2 * CodePanel.margin)
        let columns = CodePanel.columns(width: width, advance: advance)
        if newCode != code || columns != wrapColumns {
            let before = code, changed = newCode != code
            code = newCode
            wrapColumns = columns
            lines = CodePanel.wrap(newCode, columns: columns)
            // The code changed because of what a person did (a button set the state it prints): the
            // first line that differs is brought to the top, a line of context above it. Other code
            // (another scene) opens at its top, as does a change nobody asked for.
            if changed { offset = followsNextChange ? CodePanel.offset(showingChangeFrom: before, to: newCode, columns: columns) : 0 }
        }
        followsNextChange = false
        disclosure.setRoomy(CodePanel.hasRoom(contentHeight: content.height) && !sharing)
        let bar = min(CodePanel.barHeight, max(0, content.height - CodePanel.gapAbove))
        let natural = Double(lines.count) * CodePanel.lineHeight + 2 * CodePanel.inset
        let top = content.minY + CodePanel.gapAbove
        let t = disclosure.fraction(at: time)
        barFrame = Rect(x: content.minX + CodePanel.margin, y: top, width: width, height: bar)
        let open: Double
        if disclosure.roomy {
            // Whole lines in a fifth of the content's height, never fewer than `minimumLines`.
            let shown = max(CodePanel.minimumLines, ((content.height * 0.2 - 2 * CodePanel.inset) / CodePanel.lineHeight).rounded(.down))
            open = min(natural, shown * CodePanel.lineHeight + 2 * CodePanel.inset)
        } else {
            // The sheet may cover the whole content: the person asked to read the code.
            open = min(natural, max(bar, content.height - 2 * CodePanel.gapAbove))
        }
        frame = Rect(x: barFrame.minX, y: top, width: width, height: max(bar, bar + (open - bar) * t))
        offset = min(max(offset, 0), maxOffset)
        // The scene starts under the panel, or under the bar a sheet grows from.
        let sceneTop = (disclosure.roomy ? frame.maxY : barFrame.maxY) + CodePanel.gapBelow
        return Rect(x: content.minX, y: sceneTop, width: content.width, height: max(0, content.maxY - sceneTop))
    }

    /// The panel is folded to its one-line bar now (not opening or folding).
    var isFolded: Bool { frame.height <= barFrame.height + 0.5 && !disclosure.isOpen }

    var maxOffset: Double { isFolded ? 0 : max(0, Double(lines.count) * CodePanel.lineHeight + 2 * CodePanel.inset - frame.height) }

    /// The copy button (on the open panel; the folded bar has none: Ctrl+C still copies).
    var buttonFrame: Rect {
        guard !isFolded else { return .zero }
        return Rect(x: frame.maxX - CodePanel.buttonSize - 3, y: frame.minY + 3, width: CodePanel.buttonSize, height: CodePanel.buttonSize)
    }

    /// What folds or opens the panel: the chevron under the copy button, or the whole folded bar.
    var toggleFrame: Rect {
        guard frame.height > 0 else { return .zero }
        if isFolded { return barFrame }
        return Rect(x: buttonFrame.minX, y: buttonFrame.maxY + 2, width: CodePanel.buttonSize, height: CodePanel.buttonSize)
    }

    /// A sheet over the content holds `p`: the scene under it gets no pointer events there.
    func covers(_ p: Point) -> Bool { frame.height > 0 && frame.contains(p) }

    /// Shows or folds the code (the toolbar button, Ctrl+K, the chevron, the bar).
    func toggle(at time: Double) { disclosure.toggle(at: time) }

    /// Folds the sheet for another panel over the content.
    func foldSheet() { disclosure.foldSheet() }

    /// Brings back the person's choice from the last launch.
    func restore(wantsCode: Bool) { disclosure.restore(wantsCode: wantsCode) }

    /// Scrolls the code when the wheel turns over the panel; returns true when it used the event.
    func wheel(dy: Double, at p: Point) -> Bool {
        guard frame.height > 0, frame.contains(p) else { return false }
        offset = min(max(offset + dy, 0), maxOffset)
        return true
    }

    func pointerMoved(to p: Point) {
        hoveringButton = buttonFrame.contains(p) && frame.height > 0
        hoveringToggle = toggleFrame.contains(p)
    }

    /// Shows "Copied" for a moment.
    func copied(at time: Double) { copiedAt = time }

    func isAnimating(at time: Double) -> Bool {
        disclosure.isAnimating(at: time) || (copiedAt.map { time - $0 < CodePanel.copiedDuration } ?? false)
    }

    func draw(_ list: inout DrawList, env: AppEnvironment) {
        guard frame.height > 0 else { return }
        if !disclosure.roomy, frame.height > barFrame.height + 0.5 {
            // A sheet over the content: lifted off it.
            list.shadow(frame, cornerRadius: 8, radius: 8, color: Color.black.opacity(0.22), offset: Size(width: 0, height: 2))
        }
        list.fill(frame, env.color(.secondaryBackground), cornerRadius: 8)
        if isFolded {
            drawBar(&list, env: env)
            return
        }
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
            let track = Rect(x: frame.maxX - 5, y: toggleFrame.maxY + 4, width: 3, height: max(0, frame.maxY - toggleFrame.maxY - 8))
            let visible = frame.height / (frame.height + maxOffset)
            let thumb = max(12, track.height * visible)
            let y = track.minY + (track.height - thumb) * offset / maxOffset
            list.fill(Rect(x: track.minX, y: y, width: track.width, height: thumb), env.color(.primary).opacity(0.3), cornerRadius: 1.5)
        }
        let fold = toggleFrame
        list.fill(fold, env.color(.background).opacity(hoveringToggle ? 1 : 0.7), cornerRadius: 6)
        list.symbol("chevron.up", in: fold.insetBy(dx: 5, dy: 5), env.color(hoveringToggle ? .accent : .secondary))
        let b = buttonFrame
        list.fill(b, env.color(.background).opacity(hoveringButton ? 1 : 0.7), cornerRadius: 6)
        list.symbol("doc.on.doc", in: b.insetBy(dx: 4, dy: 4), env.color(hoveringButton ? .accent : .secondary))
        if let t = copiedAt, env.time - t < CodePanel.copiedDuration {
            let label = Rect(x: b.minX - 60, y: b.minY, width: 56, height: b.height)
            list.fill(label, env.color(.accent), cornerRadius: 6)
            list.text("Copied", Font.caption.weight(.semibold), .white, in: label, alignment: .center)
        }
    }

    /// The folded panel: `</>  Show code` and a chevron, the whole bar one button.
    private func drawBar(_ list: inout DrawList, env: AppEnvironment) {
        let r = barFrame
        let tint = env.color(hoveringToggle ? .accent : .secondary)
        let icon = min(16, r.height - 6)
        list.symbol("chevron.left.forwardslash.chevron.right", in: Rect(x: r.minX + 10, y: r.midY - icon / 2, width: icon, height: icon), tint)
        list.text("Show code", Font.footnote.weight(.medium), tint, in: Rect(x: r.minX + 32, y: r.minY, width: max(0, r.width - 64), height: r.height))
        list.symbol("chevron.down", in: Rect(x: r.maxX - 10 - icon, y: r.midY - icon / 2, width: icon, height: icon), tint)
        if let t = copiedAt, env.time - t < CodePanel.copiedDuration {
            let label = Rect(x: r.maxX - 36 - 56, y: r.minY + 2, width: 56, height: max(0, r.height - 4))
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
                        // Never between the brackets of an empty call (`.flexible(` and `)`).
                        if at == " " { space = i } else if other == nil, "([:,".contains(before) && !(before == "(" && at == ")") || (at == "." && before == ")") { other = i }
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
