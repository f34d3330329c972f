import GridCore
import StageInterface

/// A row of compact pickers under the navigation bar: each shows its current choice and cycles to
/// the next on a click or its key, like a SwiftUI `Picker` with a menu style.
struct PickerBar {
    struct Picker {
        var key: Character
        var title: String
        var options: [String]
        var selection: Int
        var current: String { options[selection] }

        mutating func advance(backward: Bool = false) {
            selection = (selection + (backward ? options.count - 1 : 1)) % options.count
        }
    }

    static let height = 34.0
    var pickers: [Picker]

    /// Chip frames, wrapping onto a second row when the window is narrow.
    func frames(in frame: Rect, measure: (String) -> Double) -> [Rect] {
        var x = frame.minX + 12, y = frame.minY + 4
        var result: [Rect] = []
        for p in pickers {
            let w = min(measure(label(p)) + 22, frame.width - 24)
            if x + w > frame.maxX - 12, x > frame.minX + 12 { x = frame.minX + 12; y += 30 }
            result.append(Rect(x: x, y: y, width: w, height: 26))
            x += w + 6
        }
        return result
    }

    /// Height needed for `frames(in:)` at this width.
    func height(width: Double, measure: (String) -> Double) -> Double {
        let f = frames(in: Rect(x: 0, y: 0, width: width, height: 0), measure: measure)
        return (f.map(\.maxY).max() ?? 0) + 6
    }

    func label(_ p: Picker) -> String { "\(p.title): \(p.current)" }

    func hit(_ point: Point, in frame: Rect, measure: (String) -> Double) -> Int? {
        frames(in: frame, measure: measure).firstIndex { $0.contains(point) }
    }

    func draw(_ list: inout DrawList, in frame: Rect, env: AppEnvironment, hovered: Int?, measure: (String) -> Double) {
        for (i, (p, r)) in zip(pickers, frames(in: frame, measure: measure)).enumerated() {
            list.fill(r, env.color(.secondaryBackground), cornerRadius: 13)
            if hovered == i { list.stroke(r, env.color(.accent).opacity(0.6), cornerRadius: 13, lineWidth: 1) }
            list.text(label(p), PickerBar.font, env.color(.primary), in: r, alignment: .center)
        }
    }

    static let font = Font.footnote.weight(.medium)

    /// Text width estimate used for layout, so the bar lays out identically with or without a
    /// renderer (tests): Inter's average advance at 13 pt is close to 0.56 em.
    static func estimatedWidth(_ s: String) -> Double { Double(s.count) * 13 * 0.56 }
}
