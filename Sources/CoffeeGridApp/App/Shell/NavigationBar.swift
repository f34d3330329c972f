import GridCore
import Stage

/// The navigation bar: a large bold title under a row of trailing toolbar buttons, as a
/// `NavigationStack` shows it; an inline title in a vertically compact (landscape) window.
struct NavigationBar {
    static let rowHeight = 44.0
    static let largeTitleHeight = 52.0
    static let buttonSize = 44.0
    static let margin = 16.0

    var title: String
    var items: [ToolbarItem]
    var inline: Bool
    /// The scene's status line ("3 selected · …"), drawn small at the leading end of the top row.
    var status: String? = nil

    var height: Double { inline ? NavigationBar.rowHeight : NavigationBar.rowHeight + NavigationBar.largeTitleHeight }

    /// Button frames, right to left from the trailing edge, in the bar's top row.
    func buttonFrames(in frame: Rect) -> [(ToolbarItem, Rect)] {
        var x = frame.maxX - NavigationBar.margin + 8
        var result: [(ToolbarItem, Rect)] = []
        for item in items.reversed() {
            x -= NavigationBar.buttonSize
            result.append((item, Rect(x: x, y: frame.minY, width: NavigationBar.buttonSize, height: NavigationBar.buttonSize)))
        }
        return result.reversed()
    }

    func draw(_ list: inout DrawList, frame: Rect, env: AppEnvironment, hovered: String?, focused: String?) {
        // The bar sits on the window background the canvas was cleared to: no fill of its own.
        let primary = env.color(.primary)
        if inline {
            list.text(title, .headline, primary, in: Rect(x: frame.minX + 60, y: frame.minY, width: max(0, frame.width - 120 - Double(items.count) * 44), height: NavigationBar.rowHeight), alignment: .center)
        } else {
            list.text(title, Font.largeTitle.weight(.bold), primary, in: Rect(x: frame.minX + NavigationBar.margin, y: frame.minY + NavigationBar.rowHeight,
                                                     width: max(0, frame.width - 2 * NavigationBar.margin), height: NavigationBar.largeTitleHeight - 8),
                      alignment: .leading)
        }
        if let status = status { drawStatus(status, &list, frame: frame, env: env) }
        for (item, r) in buttonFrames(in: frame) {
            if item.isOn || hovered == item.id {
                list.fill(r.insetBy(dx: 4, dy: 4), env.color(.primary).opacity(item.isOn ? 0.12 : 0.06), cornerRadius: 10)
            }
            // `.font(.title)` on the symbol: about 26 points in a 44-point button.
            list.symbol(item.symbol, in: r.insetBy(dx: 9, dy: 9), primary)
            if focused == item.id { FocusRing.draw(&list, around: r.insetBy(dx: 2, dy: 2), cornerRadius: 10, env: env) }
        }
        // A hairline separates the bar from the content only when the title is inline.
        if inline {
            list.fill(Rect(x: frame.minX, y: frame.minY + height - 0.5, width: frame.width, height: 0.5), env.color(.separator))
        }
    }

    /// The status line where it fits: beside an inline title (never over it), or along the top row
    /// above a large one; cut to its first part ("3 selected") when the whole does not fit.
    private func drawStatus(_ status: String, _ list: inout DrawList, frame: Rect, env: AppEnvironment) {
        let font = Font.footnote
        let buttons = Double(items.count) * NavigationBar.buttonSize
        let titleWidth = inline && !title.isEmpty ? env.measure.width(title, .headline) : 0
        let room = inline && !title.isEmpty ? (frame.width - titleWidth) / 2 - NavigationBar.margin - 12
                                            : frame.width - 2 * NavigationBar.margin - buttons
        let short = String(status.prefix { $0 != "·" }).trimmingCharacters(in: .whitespaces)
        guard let text = [status, short].first(where: { env.measure.width($0, font) <= room }) else { return }
        list.text(text, font, env.color(.accent), in: Rect(x: frame.minX + NavigationBar.margin, y: frame.minY, width: room, height: NavigationBar.rowHeight))
    }
}
