import GridCore
import Stage

/// A one-line text field for pasting SwiftUI code: typing inserts at the end, Backspace deletes,
/// Ctrl+V pastes, Ctrl+U clears, Return commits, Esc cancels (restoring the last committed text).
struct TextField {
    private(set) var text: String
    private(set) var committed: String
    private(set) var isEditing = false
    /// Longer input is cut off: a spec is a line of code, not a novel.
    static let maxLength = 4000

    init(_ text: String) {
        self.text = text
        committed = text
    }

    mutating func beginEditing() { isEditing = true }

    mutating func insert(_ s: String) {
        guard isEditing else { return }
        // A paste may carry newlines; a spec reads the same on one line.
        let clean = s.replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: " ")
        text = String((text + clean).prefix(TextField.maxLength))
    }

    enum Outcome { case none, commit(String), cancel }

    /// Handles a key while editing.
    mutating func handleKey(_ key: Key, _ mods: KeyModifiers) -> Outcome {
        guard isEditing else { return .none }
        switch key {
        case .backspace:
            if !text.isEmpty { text.removeLast() }
        case .enter:
            isEditing = false
            committed = text
            return .commit(text)
        case .escape:
            isEditing = false
            text = committed
            return .cancel
        case .character("v") where mods.contains(.control):
            if let pasted = Clipboard.text { insert(pasted) }
        case .character("u") where mods.contains(.control):
            text = ""
        default:
            break
        }
        return .none
    }

    /// Replaces the text and the committed value (a preset chosen from outside).
    mutating func set(_ s: String) {
        text = s
        committed = s
    }

    func draw(_ list: inout DrawList, in r: Rect, env: AppEnvironment, time: Double, error: Bool) {
        list.fill(r, env.color(.secondaryBackground), cornerRadius: 8)
        let border = error ? env.color(.red) : (isEditing ? env.color(.accent) : env.color(.separator))
        list.stroke(r, border, cornerRadius: 8, lineWidth: isEditing || error ? 2 : 1)
        let font = Font.footnote.design(.monospaced)
        let inner = r.insetBy(dx: 10, dy: 0)
        // Show the end of long text while typing, so the caret stays in view.
        let shown = isEditing && text.count > 60 ? "…" + String(text.suffix(58)) : text
        let caret = isEditing && Int(time * 2) % 2 == 0 ? "▏" : ""
        list.text(shown.isEmpty && !isEditing ? "paste a GridItem array, e.g. [GridItem(.adaptive(minimum: 50))]" : shown + caret,
                  font, shown.isEmpty && !isEditing ? env.color(.secondary) : env.color(.primary), in: inner)
    }
}
