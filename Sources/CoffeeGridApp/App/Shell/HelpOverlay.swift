import GridCore
import Stage

/// `?`: a card listing the app's and the scene's keys and buttons.
enum HelpOverlay {
    static let appEntries = [
        HelpEntry(keys: "1 … 8", action: "switch scene"),
        HelpEntry(keys: "?", action: "show or hide this help"),
        HelpEntry(keys: "i", action: "layout inspector: the arithmetic behind every track and gap"),
        HelpEntry(keys: "Tab / Shift+Tab", action: "move keyboard focus; Return or Space activates"),
        HelpEntry(keys: "Arrows, PageUp/Down, Home/End, Space", action: "scroll"),
        HelpEntry(keys: "Ctrl+D", action: "light / dark appearance"),
        HelpEntry(keys: "F11", action: "full screen"),
        HelpEntry(keys: "Esc, Ctrl+Q", action: "close this help, or quit"),
    ]

    static func draw(_ list: inout DrawList, window: Rect, sceneTitle: String, sceneEntries: [HelpEntry],
                     toolbar: [ToolbarItem], env: AppEnvironment) {
        list.fill(window, Color.black.opacity(0.35))
        var rows: [(String, String, Bool)] = [("CoffeeGrid", "", true)] + appEntries.map { ($0.keys, $0.action, false) }
        rows.append((sceneTitle, "", true))
        rows += sceneEntries.map { ($0.keys, $0.action, false) }
        for item in toolbar where !sceneEntries.contains(where: { $0.action == item.label }) {
            rows.append((item.key.map { "\($0) or button" } ?? "button", item.label, false))
        }
        let lineHeight = 19.0
        let width = min(window.width - 24, 560)
        let keyWidth = min(170, width * 0.36)
        let actionWidth = width - keyWidth - 42
        // Wrap both columns; a row is as tall as its longer side.
        let laid: [(keys: [String], action: [String], heading: Bool)] = rows.map { keys, action, heading in
            heading ? ([keys], [], true)
                    : (TextWrap.lines(keys, width: keyWidth, fontSize: 15, maxLines: 3), TextWrap.lines(action, width: actionWidth, fontSize: 15, maxLines: 4), false)
        }
        let contentHeight = laid.reduce(0.0) { $0 + Double(max($1.keys.count, $1.action.count, 1)) * lineHeight + ($1.heading ? 8 : 3) }
        let height = min(window.height - 24, contentHeight + 28)
        let card = Rect(x: window.midX - width / 2, y: window.midY - height / 2, width: width, height: height)
        list.shadow(card, cornerRadius: 14, radius: 18, color: Color.black.opacity(0.3))
        list.fill(card, env.color(.background), cornerRadius: 14)
        list.clipped(to: card) { list in
            var y = card.minY + 14
            for row in laid {
                if row.heading {
                    y += 4
                    list.text(row.keys[0], .headline, env.color(.primary), in: Rect(x: card.minX + 18, y: y, width: width - 36, height: lineHeight + 2))
                    y += lineHeight + 4
                    continue
                }
                for (i, line) in row.keys.enumerated() {
                    list.text(line, Font.callout.weight(.semibold), env.color(.accent), in: Rect(x: card.minX + 18, y: y + Double(i) * lineHeight, width: keyWidth, height: lineHeight))
                }
                for (i, line) in row.action.enumerated() {
                    list.text(line, .callout, env.color(.primary), in: Rect(x: card.minX + 24 + keyWidth, y: y + Double(i) * lineHeight, width: actionWidth, height: lineHeight))
                }
                y += Double(max(row.keys.count, row.action.count, 1)) * lineHeight + 3
            }
        }
    }
}
