import GridCore
import StageInterface

/// A modal question over a scene, as SwiftUI's `.alert(title, isPresented:) { Button("Cancel",
/// role: .cancel); Button("Delete", role: .destructive) } message: { … }`: a card with a title, a
/// message and two buttons. Cancel is the default (Return on a fresh dialog cancels) because the
/// other button cannot be undone; Tab or the arrows move to it, Esc always cancels. A click answers
/// on release over the button it pressed; a click beside the card does nothing (the question stays).
/// A value: the scene owns it and draws it; the answer is handed back, never acted on here.
struct ConfirmationDialog: Equatable {
    enum Answer: Equatable { case cancel, confirm }

    var title: String
    var message: String
    var confirmLabel: String
    /// The focused button: the cancel one until a key moves it.
    private(set) var focused: Answer = .cancel
    /// The button a press went down on, answered if the release is over it too.
    private var pressed: Answer?

    init(title: String, message: String, confirmLabel: String) {
        self.title = title
        self.message = message
        self.confirmLabel = confirmLabel
    }

    /// Keys while the dialog is up: every key is its (the dialog is modal), most do nothing.
    mutating func handleKey(_ key: Key) -> Answer? {
        switch key {
        case .escape: return .cancel
        case .enter, .space: return focused
        case .tab, .left, .right: focused = focused == .cancel ? .confirm : .cancel
        default: break
        }
        return nil
    }

    mutating func handlePointer(_ event: PointerEvent, in frame: Rect) -> Answer? {
        let layout = self.layout(in: frame)
        func button(at p: Point) -> Answer? {
            layout.cancel.contains(p) ? .cancel : layout.confirm.contains(p) ? .confirm : nil
        }
        switch event {
        case .down(let p, _): pressed = button(at: p)
        case .up(let p):
            defer { pressed = nil }
            if let b = pressed, button(at: p) == b { return b }
        case .exit: pressed = nil
        default: break
        }
        return nil
    }

    struct Layout: Equatable {
        var card: Rect
        var cancel: Rect
        var confirm: Rect
    }

    /// The card centred in the frame, at most 320 points wide and as tall as its message, its buttons
    /// side by side at the foot.
    func layout(in frame: Rect) -> Layout {
        let width = max(0, min(320, frame.width - 32))
        let height = 16 + 24 + 8 + Double(lines(width: width).count) * 18 + 16 + 36 + 16
        let card = Rect(x: (frame.midX - width / 2).rounded(), y: (frame.midY - height / 2).rounded(), width: width, height: height)
        let buttonWidth = max(0, (width - 16 * 2 - 12) / 2), buttonY = card.maxY - 16 - 36
        return Layout(card: card,
                      cancel: Rect(x: card.minX + 16, y: buttonY, width: buttonWidth, height: 36),
                      confirm: Rect(x: card.maxX - 16 - buttonWidth, y: buttonY, width: buttonWidth, height: 36))
    }

    /// The message's lines on a card this wide.
    private func lines(width: Double) -> [String] {
        TextWrap.lines(message, width: width - 32, fontSize: 13, maxLines: 4)
    }

    func draw(_ list: inout DrawList, in frame: Rect, env: AppEnvironment) {
        let l = layout(in: frame)
        list.fill(frame, Color.black.opacity(0.35))
        list.shadow(l.card, cornerRadius: 14, radius: 12, color: Color.black.opacity(0.3))
        list.fill(l.card, env.color(.secondaryBackground), cornerRadius: 14)
        list.text(title, .headline, env.color(.primary), in: Rect(x: l.card.minX + 16, y: l.card.minY + 16, width: l.card.width - 32, height: 24),
                  alignment: .center)
        for (i, line) in lines(width: l.card.width).enumerated() {
            list.text(line, .footnote, env.color(.secondary),
                      in: Rect(x: l.card.minX + 16, y: l.card.minY + 48 + Double(i) * 18, width: l.card.width - 32, height: 18), alignment: .center)
        }
        list.fill(l.cancel, env.color(.systemGray5), cornerRadius: 8)
        list.text("Cancel", .body, env.color(.primary), in: l.cancel, alignment: .center)
        list.fill(l.confirm, env.color(.red), cornerRadius: 8)
        list.text(confirmLabel, .body, Color.white, in: l.confirm, alignment: .center)
        let ring = focused == .cancel ? l.cancel : l.confirm
        list.stroke(Rect(x: ring.minX - 3, y: ring.minY - 3, width: ring.width + 6, height: ring.height + 6), env.color(.accent),
                    cornerRadius: 10, lineWidth: 2)
    }

    /// The state file's view of it.
    var stateJSON: JSON {
        .object([("title", .string(title)), ("message", .string(message)), ("confirm", .string(confirmLabel)),
                 ("focused", .string(focused == .cancel ? "cancel" : "confirm"))])
    }
}
