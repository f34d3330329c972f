import GridCore
import Stage

/// `?`: a card listing the app's and the scene's keys and buttons.
enum HelpOverlay {
    static let appEntries = [
        HelpEntry(keys: "1 … 8", action: "switch scene"),
        HelpEntry(keys: "?", action: "show or hide this help"),
        HelpEntry(keys: "i", action: "layout inspector: tracks, gaps, GridItems, materialized items"),
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
        let rowHeight = 22.0
        let width = min(window.width - 32, 520)
        let height = min(window.height - 32, Double(rows.count) * rowHeight + 32)
        let card = Rect(x: window.midX - width / 2, y: window.midY - height / 2, width: width, height: height)
        list.shadow(card, cornerRadius: 14, radius: 18, color: Color.black.opacity(0.3))
        list.fill(card, env.color(.background), cornerRadius: 14)
        list.clipped(to: card) { list in
            var y = card.minY + 16
            let keyWidth = min(190, width * 0.42)
            for (keys, action, heading) in rows {
                if heading {
                    list.text(keys, .headline, env.color(.primary), in: Rect(x: card.minX + 18, y: y, width: width - 36, height: rowHeight))
                } else {
                    list.text(keys, Font.callout.weight(.semibold), env.color(.accent), in: Rect(x: card.minX + 18, y: y, width: keyWidth, height: rowHeight))
                    list.text(action, .callout, env.color(.primary), in: Rect(x: card.minX + 24 + keyWidth, y: y, width: width - keyWidth - 42, height: rowHeight))
                }
                y += rowHeight
            }
        }
    }
}
