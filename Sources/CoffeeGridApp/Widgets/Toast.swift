import GridCore
import Stage

/// A toast over the foot of a grid (the scan's count too): one line in a capsule, and an action button at its trailing end
/// when what it tells of can be undone ("3 photos moved to Trash  Undo"), as GNOME's AdwToast with
/// a button label. Clicking the button does what its key does (Ctrl+Z); the scene hit-tests it with
/// the same layout it draws.
struct Toast: Equatable {
    var text: String
    /// The button's label ("Undo"), if any.
    var action: String?

    struct Layout: Equatable {
        var capsule: Rect
        var text: Rect
        var action: Rect?
    }

    static let height = 28.0

    /// Centred at the foot of `frame`, 12 points above its edge; nil in a frame too small to hold it.
    func layout(in frame: Rect) -> Layout? {
        guard frame.width > 60, frame.height > 40 else { return nil }
        // An estimate of the text's width is enough for the capsule around it.
        let textWidth = Double(text.count) * Font.footnote.size * 0.55 + 28
        let actionWidth = action.map { Double($0.count) * Font.footnote.size * 0.6 + 28 } ?? 0
        let width = min(frame.width - 16, textWidth + actionWidth), h = Toast.height
        let capsule = Rect(x: frame.midX - width / 2, y: frame.maxY - h - 12, width: width, height: h)
        guard action != nil else { return Layout(capsule: capsule, text: capsule, action: nil) }
        let button = Rect(x: capsule.maxX - actionWidth, y: capsule.minY, width: actionWidth, height: h)
        return Layout(capsule: capsule, text: Rect(x: capsule.minX, y: capsule.minY, width: capsule.width - actionWidth, height: h), action: button)
    }

    func draw(_ list: inout DrawList, in frame: Rect, env: AppEnvironment) {
        guard let l = layout(in: frame) else { return }
        list.shadow(l.capsule, cornerRadius: Toast.height / 2, radius: 3, color: Color.black.opacity(0.2))
        list.fill(l.capsule, env.color(.systemGray6).opacity(0.95), cornerRadius: Toast.height / 2)
        list.text(text, .footnote, env.color(.secondary), in: l.text, alignment: .center)
        if let action, let b = l.action {
            list.line(from: Point(x: b.minX, y: b.minY + 6), to: Point(x: b.minX, y: b.maxY - 6), env.color(.separator))
            list.text(action, Font(size: Font.footnote.size, weight: .semibold), env.color(.accent), in: b, alignment: .center)
        }
    }

    /// The state file's view: the line, and the button's label and frame.
    func stateJSON(in frame: Rect) -> JSON {
        .object([("text", .string(text)), ("action", action.map(JSON.string) ?? .null),
                 ("actionFrame", layout(in: frame)?.action.map(JSON.rect) ?? .null)])
    }
}
