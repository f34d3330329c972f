import Foundation
import GridCore
import StageInterface

/// A toast over the foot of a grid (the scan's count too): one line in a capsule, and an action button at its trailing end
/// when what it tells of can be undone ("3 photos moved to Trash  Undo"), as GNOME's AdwToast with
/// a button label. Clicking the button does what its key does (Ctrl+Z); the scene hit-tests it with
/// the same layout it draws.
struct Toast: Equatable {
    var text: String
    /// The button's label ("Undo"), if any.
    var action: String?
    /// A file name inside `text`: where the line is too wide, it is this that is shortened, in its
    /// middle ("IMG_2024…0042.jpg"), not the line's end, which holds the reason.
    var name: String? = nil

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
        // The capsule's rounded ends hold no text.
        let line = fitted(width: l.text.width - Toast.inset * 2, measure: { env.measure.width($0, .footnote) })
        list.text(line, .footnote, env.color(.secondary), in: l.text, alignment: .center)
        if let action, let b = l.action {
            list.line(from: Point(x: b.minX, y: b.minY + 6), to: Point(x: b.minX, y: b.maxY - 6), env.color(.separator))
            list.text(action, Font(size: Font.footnote.size, weight: .semibold), env.color(.accent), in: b, alignment: .center)
        }
    }

    static let inset = 10.0

    /// The line as drawn in `width` points: `text` when it fits; else with `name` shortened in its
    /// middle (its extension kept) to the most characters that let the whole line fit; the
    /// renderer cuts the end only of a line that does not fit even with the name down to "…".
    func fitted(width: Double, measure: (String) -> Double) -> String {
        guard let name, let range = text.range(of: name), measure(text) > width else { return text }
        let ext = (name as NSString).pathExtension
        let stem = Array(ext.isEmpty || ext.count + 1 >= name.count ? name : String(name.dropLast(ext.count + 1)))
        let tail = ext.isEmpty || ext.count + 1 >= name.count ? "" : "." + ext
        func line(keeping k: Int) -> String {
            let head = String(stem[0..<(k + 1) / 2]), end = String(stem[(stem.count - k / 2)...])
            return text.replacingCharacters(in: range, with: head + "…" + end + tail)
        }
        // Binary search on the characters kept: the width grows with them.
        var lo = 0, hi = stem.count - 1, best = line(keeping: 0)
        while lo <= hi {
            let mid = (lo + hi) / 2
            let candidate = line(keeping: mid)
            if measure(candidate) <= width { best = candidate; lo = mid + 1 } else { hi = mid - 1 }
        }
        return best
    }

    /// The state file's view: the line, and the button's label and frame.
    func stateJSON(in frame: Rect) -> JSON {
        .object([("text", .string(text)), ("action", action.map(JSON.string) ?? .null),
                 ("actionFrame", layout(in: frame)?.action.map(JSON.rect) ?? .null)])
    }
}
