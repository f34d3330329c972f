import GridCore
import StageInterface

/// SwiftUI's `Picker(…).pickerStyle(.segmented)`: every option visible, the chosen one raised.
struct SegmentedControl {
    var options: [String]
    var selection: Int

    static let height = 30.0
    static let font = Font.footnote.weight(.medium)

    func segments(in frame: Rect) -> [Rect] {
        let inner = frame.insetBy(dx: 2, dy: 2)
        let w = inner.width / Double(max(options.count, 1))
        return options.indices.map { Rect(x: inner.minX + Double($0) * w, y: inner.minY, width: w, height: inner.height) }
    }

    func hit(_ p: Point, in frame: Rect) -> Int? {
        guard frame.contains(p) else { return nil }
        return segments(in: frame).firstIndex { $0.contains(p) }
    }

    /// What a pointer event is to the control at `frame`.
    enum PointerResult: Equatable {
        /// A press on this segment.
        case chose(Int)
        /// A press on the control between segments: nothing chosen, and the press goes no further.
        case consumed
        /// Not the control's: the scene passes it on (a move or leaving the window lights or clears
        /// `hovered` first).
        case passed
    }

    func pointer(_ event: PointerEvent, in frame: Rect, hovered: inout Int?) -> PointerResult {
        switch event {
        case .down(let p, _) where frame.contains(p):
            return hit(p, in: frame).map(PointerResult.chose) ?? .consumed
        case .move(let p):
            hovered = hit(p, in: frame)
        case .exit:
            // The pointer left the window (or the window resized under it): no segment stays lit.
            hovered = nil
        default:
            break
        }
        return .passed
    }

    func draw(_ list: inout DrawList, in frame: Rect, env: AppEnvironment, hovered: Int? = nil) {
        list.fill(frame, env.color(.systemGray5), cornerRadius: 9)
        let segs = segments(in: frame)
        for (i, r) in segs.enumerated() {
            if i == selection {
                list.shadow(r, cornerRadius: 7, radius: 2, color: Color.black.opacity(0.12), offset: Size(width: 0, height: 1))
                list.fill(r, env.appearance == .dark ? env.color(.systemGray3) : .white, cornerRadius: 7)
            } else if i == hovered {
                list.fill(r, env.color(.primary).opacity(0.05), cornerRadius: 7)
            }
            // Hairline dividers between unselected neighbours, as iOS draws them.
            if i > 0, i != selection, i - 1 != selection {
                list.fill(Rect(x: r.minX, y: r.minY + 7, width: 0.5, height: r.height - 14), env.color(.systemGray3))
            }
            list.text(options[i], SegmentedControl.font.weight(i == selection ? .semibold : .medium), env.color(.primary), in: r, alignment: .center)
        }
    }
}
