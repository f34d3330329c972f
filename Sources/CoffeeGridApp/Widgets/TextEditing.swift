/// The text of a field being edited: the characters, a caret and a selection, word-wise motion,
/// and undo/redo. A pure value: the field widget turns keys and clicks into these calls, and the
/// tests drive it directly. Positions are character offsets (0…count), not String indices.
struct TextEditing: Equatable {
    private(set) var characters: [Character]
    /// Where typing goes; the moving end of the selection.
    private(set) var caret: Int
    /// The fixed end of the selection (equal to `caret` when nothing is selected).
    private(set) var anchor: Int
    let maxLength: Int

    private struct Snapshot: Equatable {
        var characters: [Character]
        var caret: Int
        var anchor: Int
    }
    private var undoStack: [Snapshot] = []
    private var redoStack: [Snapshot] = []
    /// What the last edit was, so a run of typing (or of deleting) undoes as one step.
    private var lastEdit: EditKind?
    private enum EditKind { case typing, deleting }
    /// Undo keeps this many steps: a long session stays bounded.
    static let undoLimit = 500

    init(_ text: String = "", maxLength: Int = 4000) {
        self.maxLength = max(0, maxLength)
        characters = Array(text.prefix(self.maxLength))
        caret = characters.count
        anchor = caret
    }

    var text: String { String(characters) }
    var count: Int { characters.count }
    var selection: Range<Int> { min(caret, anchor)..<max(caret, anchor) }
    var hasSelection: Bool { caret != anchor }
    var selectedText: String { String(characters[selection]) }
    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }

    // MARK: - Moving

    enum Unit { case character, word }

    /// Left/Right: by a character or a word; with `extend` (Shift) the selection grows, without it
    /// a selection collapses to the side moved towards.
    mutating func move(forward: Bool, by unit: Unit, extend: Bool) {
        if !extend, hasSelection, unit == .character {
            place(forward ? selection.upperBound : selection.lowerBound, extend: false)
            return
        }
        let target: Int
        switch unit {
        case .character: target = caret + (forward ? 1 : -1)
        case .word: target = forward ? nextWordEnd(from: caret) : previousWordStart(from: caret)
        }
        place(target, extend: extend)
    }

    /// Puts the caret at `offset` (clamped); `extend` keeps the anchor where it is (Shift+click,
    /// a drag, Shift+Home).
    mutating func place(_ offset: Int, extend: Bool) {
        caret = min(max(offset, 0), characters.count)
        if !extend { anchor = caret }
        lastEdit = nil
    }

    /// Selects `range` with the caret at its `caretAtEnd` side (a drag from `anchor` to `caret`).
    mutating func select(anchor a: Int, caret c: Int) {
        anchor = min(max(a, 0), characters.count)
        caret = min(max(c, 0), characters.count)
        lastEdit = nil
    }

    mutating func selectAll() { select(anchor: 0, caret: characters.count) }

    /// The word (or run of punctuation, or of spaces) around `offset`: a double-click.
    mutating func selectWord(at offset: Int) {
        let o = min(max(offset, 0), characters.count)
        guard !characters.isEmpty else { return }
        let probe = o < characters.count ? o : o - 1
        let cls = TextEditing.kind(characters[probe])
        var lo = probe, hi = probe + 1
        while lo > 0, TextEditing.kind(characters[lo - 1]) == cls { lo -= 1 }
        while hi < characters.count, TextEditing.kind(characters[hi]) == cls { hi += 1 }
        select(anchor: lo, caret: hi)
    }

    // MARK: - Editing

    /// Types or pastes `s` over the selection. Newlines become spaces: a spec reads the same on one
    /// line and the field wraps it. Text past `maxLength` is dropped.
    mutating func insert(_ s: String) {
        let clean = Array(s.replacingNewlines())
        let room = maxLength - (characters.count - selection.count)
        let inserted = Array(clean.prefix(max(0, room)))
        guard !inserted.isEmpty || hasSelection else { return }
        // One character at a time is typing, which coalesces into one undo step per word (a word
        // and the spaces after it); a paste, or typing over a selection, is a step of its own.
        let typing = inserted.count == 1 && !hasSelection
        let startsWord = typing && caret > 0 && characters[caret - 1] == " " && inserted[0] != " "
        record(typing ? .typing : nil, startsRun: startsWord)
        replaceSelection(with: inserted)
    }

    /// Backspace (`forward` false) or Delete: the selection, else a character or a word.
    mutating func delete(forward: Bool, by unit: Unit) {
        if !hasSelection {
            let target: Int
            switch unit {
            case .character: target = caret + (forward ? 1 : -1)
            case .word: target = forward ? nextWordEnd(from: caret) : previousWordStart(from: caret)
            }
            let t = min(max(target, 0), characters.count)
            guard t != caret else { return }
            record(unit == .character ? .deleting : nil)
            anchor = t
        } else {
            record(nil)
        }
        replaceSelection(with: [])
    }

    /// Removes the selection and returns it (Ctrl+X); nil when nothing is selected.
    mutating func cut() -> String? {
        guard hasSelection else { return nil }
        let s = selectedText
        record(nil)
        replaceSelection(with: [])
        return s
    }

    /// Replaces everything, as one undoable step (Ctrl+U clears; a preset chosen from outside).
    mutating func replaceAll(with s: String, undoable: Bool = true) {
        if undoable { record(nil) } else { undoStack.removeAll(); redoStack.removeAll(); lastEdit = nil }
        characters = Array(s.replacingNewlines().prefix(maxLength))
        caret = characters.count
        anchor = caret
    }

    mutating func undo() {
        guard let previous = undoStack.popLast() else { return }
        redoStack.append(snapshot)
        restore(previous)
    }

    mutating func redo() {
        guard let next = redoStack.popLast() else { return }
        undoStack.append(snapshot)
        restore(next)
    }

    // MARK: - Internals

    private var snapshot: Snapshot { Snapshot(characters: characters, caret: caret, anchor: anchor) }

    private mutating func restore(_ s: Snapshot) {
        characters = s.characters
        caret = s.caret
        anchor = s.anchor
        lastEdit = nil
    }

    /// Saves the state before an edit, unless the edit continues a run of the same kind.
    private mutating func record(_ kind: EditKind?, startsRun: Bool = false) {
        if kind == nil || kind != lastEdit || startsRun {
            undoStack.append(snapshot)
            if undoStack.count > TextEditing.undoLimit { undoStack.removeFirst(undoStack.count - TextEditing.undoLimit) }
        }
        redoStack.removeAll()
        lastEdit = kind
    }

    private mutating func replaceSelection(with new: [Character]) {
        let r = selection
        characters.replaceSubrange(r, with: new)
        caret = r.lowerBound + new.count
        anchor = caret
    }

    /// Word motion in code: a run of letters, digits and `_` is a word, and so is a run of other
    /// punctuation; spaces only separate. Ctrl+Right stops after the next run, Ctrl+Left before the previous.
    enum Kind { case space, word, punctuation }

    static func kind(_ c: Character) -> Kind {
        if c.isWhitespace { return .space }
        if c.isLetter || c.isNumber || c == "_" { return .word }
        return .punctuation
    }

    func nextWordEnd(from o: Int) -> Int {
        var i = min(max(o, 0), characters.count)
        while i < characters.count, TextEditing.kind(characters[i]) == .space { i += 1 }
        guard i < characters.count else { return i }
        let cls = TextEditing.kind(characters[i])
        while i < characters.count, TextEditing.kind(characters[i]) == cls { i += 1 }
        return i
    }

    func previousWordStart(from o: Int) -> Int {
        var i = min(max(o, 0), characters.count)
        while i > 0, TextEditing.kind(characters[i - 1]) == .space { i -= 1 }
        guard i > 0 else { return 0 }
        let cls = TextEditing.kind(characters[i - 1])
        while i > 0, TextEditing.kind(characters[i - 1]) == cls { i -= 1 }
        return i
    }
}

private extension String {
    /// `\r\n`, `\r` and `\n` each become one space (a `\r\n` is one Character in Swift).
    func replacingNewlines() -> String {
        String(map { $0.isNewline ? " " : $0 })
    }
}
