import GridCore
import StageInterface
import Stage

/// A multi-line field for pasting and editing SwiftUI code: the whole text is shown, wrapped to the
/// field's width. It translates keys and pointer events into `TextEditing` calls and draws the
/// result; the editing itself (caret, selection, words, undo) is the model's.
///
/// Keys while editing: arrows (Ctrl: by word; Shift: select), Home/End (the line; Ctrl: the text),
/// Backspace/Delete (Ctrl: a word), Ctrl+A, Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y, Ctrl+C/X/V, Ctrl+U
/// clears, Return applies, Esc ends editing and restores the applied text. The mouse places the
/// caret, drags a selection, Shift+click extends it and a double-click selects a word.
struct TextField {
    private(set) var editing: TextEditing
    /// The text last applied (Return) or set from outside; Esc returns to it.
    private(set) var committed: String
    private(set) var isEditing = false
    /// Longer input is cut off: a spec is code, not a novel.
    static let maxLength = 4000
    static let font = Font.footnote.design(.monospaced)
    static let lineHeight = 18.0
    static let inset = (x: 10.0, y: 8.0)
    /// Beyond this many lines the field scrolls to keep the caret in view (the scene sets it from
    /// the room it has).
    var maxVisibleLines = 12

    /// Clipboard access, replaceable in tests.
    var readClipboard: () -> String? = { Clipboard.text }
    var writeClipboard: (String) -> Void = { try? Clipboard.set($0) }

    private var layoutCache: (layout: TextFieldLayout, signature: String)?
    /// The x an Up/Down run keeps to, so the caret does not drift left across short lines.
    private var goalX: Double?
    private var dragging = false
    private var lastClick: (time: Double, offset: Int)?
    /// When the text or caret last changed: the caret shows solid for a moment after.
    private var lastActivity = -10.0
    /// First visible line when the text is taller than the field may grow.
    private var topLine = 0

    init(_ text: String) {
        editing = TextEditing(text, maxLength: TextField.maxLength)
        committed = editing.text
    }

    var text: String { editing.text }

    enum Outcome: Equatable { case none, commit(String), cancel }

    // MARK: - Layout

    /// The wrapped text for a field `width` wide (the frame, insets included).
    mutating func layout(width: Double, measure: TextMeasure) -> TextFieldLayout {
        let inner = max(1, width - 2 * TextField.inset.x)
        if let (l, signature) = layoutCache, l.width == inner, signature == measure.signature, l.characters == editing.characters { return l }
        let l = TextFieldLayout(editing.characters, width: inner, font: TextField.font, measure: measure)
        layoutCache = (l, measure.signature)
        return l
    }

    /// How tall the field is at `width`: every line, up to `maxVisibleLines`.
    mutating func height(width: Double, measure: TextMeasure) -> Double {
        let n = min(layout(width: width, measure: measure).lines.count, maxVisibleLines)
        return Double(max(n, 1)) * TextField.lineHeight + 2 * TextField.inset.y
    }

    // MARK: - Editing state

    mutating func beginEditing() { isEditing = true }

    /// Editing ends with the selection collapsed at the caret, where `e` resumes typing.
    private mutating func endEditing() {
        isEditing = false
        dragging = false
        editing.place(editing.caret, extend: false)
    }

    /// Replaces the text and the committed value (a preset chosen from outside); not undoable.
    mutating func set(_ s: String) {
        editing.replaceAll(with: s, undoable: false)
        committed = editing.text
    }

    /// Typed or pasted text, over the selection.
    mutating func insert(_ s: String, at time: Double = 0) {
        guard isEditing else { return }
        editing.insert(s)
        touched(time)
    }

    private mutating func touched(_ time: Double) {
        lastActivity = time
    }

    // MARK: - Keys

    /// Handles a key while editing; `frame` is where the field is drawn (for Up/Down and Home/End).
    mutating func handleKey(_ key: Key, _ mods: KeyModifiers, frame: Rect, measure: TextMeasure, time: Double = 0) -> Outcome {
        guard isEditing else { return .none }
        let shift = mods.contains(.shift)
        let ctrl = mods.contains(.control)
        let keepGoal = key == .up || key == .down
        defer {
            if !keepGoal { goalX = nil }
            touched(time)
        }
        switch key {
        case .left, .right:
            editing.move(forward: key == .right, by: ctrl ? .word : .character, extend: shift)
        case .up, .down:
            let l = layout(width: frame.width, measure: measure)
            let goal = goalX ?? l.x(of: editing.caret)
            goalX = goal
            editing.place(l.vertical(from: editing.caret, lines: key == .down ? 1 : -1, x: goal), extend: shift)
        case .home, .end:
            let l = layout(width: frame.width, measure: measure)
            let target = ctrl ? (key == .home ? 0 : editing.count) : (key == .home ? l.lineStart(of: editing.caret) : l.lineEnd(of: editing.caret))
            editing.place(target, extend: shift)
        case .backspace, .delete:
            editing.delete(forward: key == .delete, by: ctrl ? .word : .character)
        case .enter:
            endEditing()
            committed = editing.text
            return .commit(editing.text)
        case .escape:
            endEditing()
            if editing.text != committed { editing.replaceAll(with: committed) }
            return .cancel
        case .character(let c) where ctrl:
            switch c {
            case "a": editing.selectAll()
            case "z": if shift { editing.redo() } else { editing.undo() }
            case "y": editing.redo()
            case "c": if editing.hasSelection { writeClipboard(editing.selectedText) }
            case "x": if let cut = editing.cut() { writeClipboard(cut) }
            case "v": if let pasted = readClipboard() { editing.insert(pasted) }
            case "u": editing.replaceAll(with: "")
            default: break
            }
        default:
            break
        }
        return .none
    }

    // MARK: - Pointer

    /// The character boundary under `p` in a field drawn in `frame`.
    mutating func offset(at p: Point, frame: Rect, measure: TextMeasure) -> Int {
        let l = layout(width: frame.width, measure: measure)
        let row = Int(((p.y - frame.minY - TextField.inset.y) / TextField.lineHeight).rounded(.down)) + topLine
        if row < 0 { return 0 }
        if row >= l.lines.count { return editing.count }
        return l.offset(atX: p.x - frame.minX - TextField.inset.x, line: row)
    }

    /// A press in the field: starts editing, places the caret (Shift: extends the selection), or on
    /// a second click at the same place within 0.4 s selects the word.
    mutating func pointerDown(_ p: Point, shift: Bool, frame: Rect, measure: TextMeasure, time: Double) {
        isEditing = true
        let o = offset(at: p, frame: frame, measure: measure)
        if let last = lastClick, time - last.time < 0.4, last.offset == o, !shift {
            editing.selectWord(at: o)
            lastClick = nil
        } else {
            editing.place(o, extend: shift)
            lastClick = (time, o)
            dragging = true
        }
        goalX = nil
        touched(time)
    }

    mutating func pointerDrag(_ p: Point, frame: Rect, measure: TextMeasure, time: Double) {
        guard dragging else { return }
        editing.place(offset(at: p, frame: frame, measure: measure), extend: true)
        touched(time)
    }

    mutating func pointerUp() { dragging = false }
    var isDragging: Bool { dragging }

    // MARK: - Drawing

    func draw(_ list: inout DrawList, in r: Rect, env: AppEnvironment, error: Bool) {
        list.fill(r, env.color(.secondaryBackground), cornerRadius: 8)
        let border = error ? env.color(.red) : (isEditing ? env.color(.accent) : env.color(.separator))
        list.stroke(r, border, cornerRadius: 8, lineWidth: isEditing || error ? 2 : 1)
        guard let l = layoutCache?.layout else { return }
        let inner = r.insetBy(dx: TextField.inset.x, dy: TextField.inset.y)
        if editing.count == 0 && !isEditing {
            list.text("paste a GridItem array, e.g. [GridItem(.adaptive(minimum: 50))]", TextField.font, env.color(.secondary), in: inner)
            return
        }
        let visible = topLine..<min(l.lines.count, topLine + maxVisibleLines)
        let sel = editing.selection
        list.clipped(to: r.insetBy(dx: 2, dy: 2)) { list in
            for i in visible {
                let line = l.lines[i]
                let y = inner.minY + Double(i - topLine) * TextField.lineHeight
                if isEditing, !sel.isEmpty, sel.overlaps(line) || (sel.upperBound == line.upperBound && !line.isEmpty) {
                    let a = max(sel.lowerBound, line.lowerBound), b = min(sel.upperBound, line.upperBound)
                    let x0 = min(l.width(line.lowerBound..<a), inner.width), x1 = min(l.width(line.lowerBound..<b), inner.width)
                    list.fill(Rect(x: inner.minX + x0, y: y, width: max(x1 - x0, 2), height: TextField.lineHeight),
                              env.color(.accent).opacity(0.28), cornerRadius: 2)
                }
                // The spaces a line wrapped at are not drawn: only the characters the layout measured.
                var text = String(editing.characters[line])
                while text.last == " " { text.removeLast() }
                list.text(text, TextField.font, env.color(.primary), in: Rect(x: inner.minX, y: y, width: inner.width, height: TextField.lineHeight))
            }
            if isEditing, caretVisible(at: env.time) {
                let row = l.line(of: editing.caret)
                if visible.contains(row) {
                    let x = inner.minX + l.x(of: editing.caret)
                    list.fill(Rect(x: x - 0.75, y: inner.minY + Double(row - topLine) * TextField.lineHeight + 1, width: 1.5,
                                   height: TextField.lineHeight - 2), env.color(.accent))
                }
            }
        }
    }

    /// Solid for half a second after any change, then blinking at 1 Hz.
    func caretVisible(at time: Double) -> Bool {
        let since = time - lastActivity
        return since < 0.5 || Int((since - 0.5) * 2) % 2 == 1
    }

    /// Keeps the caret's line inside the visible lines when the text is taller than the field.
    mutating func scrollToCaret(width: Double, measure: TextMeasure) {
        let l = layout(width: width, measure: measure)
        let row = l.line(of: editing.caret)
        if row < topLine { topLine = row }
        if row >= topLine + maxVisibleLines { topLine = row - maxVisibleLines + 1 }
        topLine = min(max(topLine, 0), max(0, l.lines.count - maxVisibleLines))
    }
}
