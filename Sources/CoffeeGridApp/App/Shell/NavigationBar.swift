import GridCore
import StageInterface

/// The navigation bar: a large bold title under a row of toolbar buttons, as a `NavigationStack`
/// shows it; an inline title in a vertically compact (landscape) window. The scene's buttons sit
/// on the trailing side (`.navigationBarTrailing`), the app's own (the code panel, help) on the
/// leading side; an inline title is centred on the bar, as SwiftUI's `.inline` title display mode
/// centres it, whatever the buttons on either side (moved aside only as far as it must to clear
/// them, as UIKit does in a crowded bar). In a vertically compact window the bar is 32 pt high
/// and its buttons 36 pt wide, as an iPhone's in landscape.
struct NavigationBar {
    static let rowHeight = 44.0
    static let compactRowHeight = 32.0
    static let largeTitleHeight = 52.0
    static let buttonSize = 44.0
    static let compactButtonWidth = 36.0
    static let margin = 16.0
    static let titleFont = Font.headline

    var title: String
    /// Buttons from the leading edge (the app's).
    var leading: [ToolbarItem] = []
    /// Buttons from the trailing edge (the scene's).
    var items: [ToolbarItem]
    var inline: Bool
    /// A vertically compact window's shorter bar.
    var compact = false
    /// The scene's status line ("3 selected · …"), drawn small in the top row after the app's buttons.
    var status: String? = nil

    var row: Double { compact ? NavigationBar.compactRowHeight : NavigationBar.rowHeight }
    var buttonWidth: Double { compact ? NavigationBar.compactButtonWidth : NavigationBar.buttonSize }
    var height: Double { inline || compact ? row : row + NavigationBar.largeTitleHeight }

    /// Every button's frame in the bar's top row: the leading ones left to right from the leading
    /// edge, then the trailing ones, right to left from the trailing edge.
    func buttonFrames(in frame: Rect) -> [(ToolbarItem, Rect)] {
        var result: [(ToolbarItem, Rect)] = []
        var x = frame.minX + NavigationBar.margin - 8
        for item in leading {
            result.append((item, Rect(x: x, y: frame.minY, width: buttonWidth, height: row)))
            x += buttonWidth
        }
        x = frame.maxX - NavigationBar.margin + 8
        var trailing: [(ToolbarItem, Rect)] = []
        for item in items.reversed() {
            x -= buttonWidth
            trailing.append((item, Rect(x: x, y: frame.minY, width: buttonWidth, height: row)))
        }
        return result + trailing.reversed()
    }

    /// Where an inline title `width` points wide is drawn: centred on the bar, or moved aside just
    /// enough to clear the buttons; cut only when it is wider than all the room between them.
    func inlineTitleFrame(in frame: Rect, width: Double) -> Rect {
        let left = frame.minX + NavigationBar.margin - 8 + Double(leading.count) * buttonWidth + 8
        let right = frame.maxX - NavigationBar.margin + 8 - Double(items.count) * buttonWidth - 8
        let room = max(0, right - left)
        let w = min(width + 2, room)
        let x = min(max(frame.midX - w / 2, left), right - w)
        return Rect(x: x, y: frame.minY, width: w, height: row)
    }

    func draw(_ list: inout DrawList, frame: Rect, env: AppEnvironment, hovered: String?, focused: String?) {
        // The bar sits on the window background the canvas was cleared to: no fill of its own.
        let primary = env.color(.primary)
        if inline || compact {
            let width = env.measure.width(title, NavigationBar.titleFont)
            list.text(title, NavigationBar.titleFont, primary, in: inlineTitleFrame(in: frame, width: width), alignment: .center)
        } else {
            list.text(title, Font.largeTitle.weight(.bold), primary, in: Rect(x: frame.minX + NavigationBar.margin, y: frame.minY + row,
                                                     width: max(0, frame.width - 2 * NavigationBar.margin), height: NavigationBar.largeTitleHeight - 8),
                      alignment: .leading)
        }
        if let status = status { drawStatus(status, &list, frame: frame, env: env) }
        for (item, r) in buttonFrames(in: frame) {
            if item.isOn || hovered == item.id {
                // On, and lit a little more under the pointer.
                let opacity = (item.isOn ? 0.12 : 0) + (hovered == item.id ? 0.06 : 0)
                list.fill(r.insetBy(dx: 4, dy: compact ? 2 : 4), env.color(.primary).opacity(opacity), cornerRadius: compact ? 8 : 10)
            }
            // `.font(.title)` on the symbol: about 26 points in a 44-point button (22 in a compact bar).
            let side = compact ? 22.0 : 26.0
            list.symbol(item.symbol, in: Rect(x: r.midX - side / 2, y: r.midY - side / 2, width: side, height: side), primary)
            if focused == item.id { FocusRing.draw(&list, around: r.insetBy(dx: 2, dy: 2), cornerRadius: 10, env: env) }
        }
        // A hairline separates the bar from the content only when the title is inline.
        if inline || compact {
            list.fill(Rect(x: frame.minX, y: frame.minY + height - 0.5, width: frame.width, height: 0.5), env.color(.separator))
        }
    }

    /// The status line where it fits: after the app's buttons, short of an inline title (never over
    /// it) or of the scene's buttons above a large one; cut to its first part ("3 selected") when
    /// the whole does not fit.
    private func drawStatus(_ status: String, _ list: inout DrawList, frame: Rect, env: AppEnvironment) {
        let font = Font.footnote
        let left = frame.minX + NavigationBar.margin - 8 + Double(leading.count) * buttonWidth + 8
        let right = (inline || compact) && !title.isEmpty
            ? inlineTitleFrame(in: frame, width: env.measure.width(title, NavigationBar.titleFont)).minX - 12
            : frame.maxX - NavigationBar.margin + 8 - Double(items.count) * buttonWidth - 8
        let room = right - left
        let short = String(status.prefix { $0 != "·" }).trimmingCharacters(in: .whitespaces)
        guard let text = [status, short].first(where: { env.measure.width($0, font) <= room }) else { return }
        list.text(text, font, env.color(.accent), in: Rect(x: left, y: frame.minY, width: room, height: row))
    }
}
