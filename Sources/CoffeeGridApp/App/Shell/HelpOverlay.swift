import GridCore
import StageInterface

/// `?`: a card with the app's keys and the current scene's keys and buttons. Every line is measured
/// with the renderer's fonts and wrapped to its column; in a wide window the app's keys and the
/// scene's sit side by side, and when the card would still be taller than the window the text steps
/// down a size: nothing on it is ever cut off.
enum HelpOverlay {
    struct Row: Equatable {
        var keys: String
        var action: String
    }

    struct Section: Equatable {
        var title: String
        var rows: [Row]
    }

    /// The app's own keys, as `AppController.handleKey` binds them.
    static func appRows(sceneCount: Int) -> [Row] {
        [Row(keys: sceneCount > 1 ? "1 … \(sceneCount)" : "1", action: "switch scene"),
         Row(keys: "? or F1 or button", action: "show or hide this help"),
         Row(keys: "Ctrl+K or button", action: "show or fold the SwiftUI code (in a short window, over the scene)"),
         Row(keys: "i", action: "layout inspector: the arithmetic behind every track and gap"),
         Row(keys: "Tab / Shift+Tab", action: "move keyboard focus; Return or Space activates"),
         Row(keys: "Arrows, PageUp/Down, Home/End, Space", action: "scroll"),
         Row(keys: "Ctrl+C", action: "copy the scene's SwiftUI code (as the code panel's button does)"),
         Row(keys: "Ctrl+D", action: "light / dark appearance"),
         Row(keys: "F11", action: "full screen"),
         Row(keys: "Esc", action: "close this help or the inspector, cancel a drag"),
         Row(keys: "Ctrl+Q", action: "quit (so does closing the window)")]
    }

    /// How every grid selects (`GridScrollView+Selection.swift`), listed with the scene's keys.
    static let selectionRows: [Row] = [
        Row(keys: "click, Ctrl/Shift+click, drag", action: "select; add or remove; a range; a rubber band"),
        Row(keys: "Ctrl+A, Esc, Space, Shift+arrows", action: "all; none; toggle; extend from the anchor"),
    ]

    /// The scene's help rows. A toolbar button that does what a key row does is named in that row
    /// ("g or button"), not listed again; a button with no key row gets a row of its own.
    static func sceneRows(help: [HelpEntry], toolbar: [ToolbarItem]) -> [Row] {
        var rows = help.map { Row(keys: $0.keys, action: $0.action) }
        var buttons = Array(repeating: 0, count: rows.count)
        for item in toolbar {
            if let key = item.key, let i = rows.firstIndex(where: { keyTokens($0.keys).contains(key) }) {
                buttons[i] += 1
            } else if !rows.contains(where: { $0.action == item.label }) {
                rows.append(Row(keys: item.key.map { "\($0) or button" } ?? "button", action: item.label))
                buttons.append(0)
            }
        }
        for i in rows.indices where buttons[i] > 0 { rows[i].keys += buttons[i] == 1 ? " or button" : " or buttons" }
        return rows
    }

    /// The keys a row names: "- / +" is "-" and "+", "Tab, arrows" is "Tab" and "arrows".
    static func keyTokens(_ keys: String) -> [String] {
        var parts = [keys]
        for separator in [" / ", ", ", " or "] { parts = parts.flatMap { $0.components(separatedBy: separator) } }
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    // MARK: - Layout

    /// One line of text and the box it is drawn in, in window points.
    struct Line {
        enum Role { case heading, key, action }
        var text: String
        var font: Font
        var role: Role
        var box: Rect
    }

    struct Layout {
        var card: Rect
        var lines: [Line]
    }

    /// A text size: keys, actions and headings, and the height of a line of each.
    struct Style {
        var key: Font
        var action: Font
        var heading: Font
        var line: Double
        var headingLine: Double
    }

    /// From the largest down; a line is tall enough for the font's own line skip (about 1.21 em).
    static let styles = [
        Style(key: Font.callout.weight(.semibold), action: .callout, heading: .headline, line: 20, headingLine: 22),
        Style(key: Font.footnote.weight(.semibold), action: .footnote, heading: Font.subheadline.weight(.semibold), line: 17, headingLine: 19),
        Style(key: Font.caption.weight(.semibold), action: .caption, heading: Font.footnote.weight(.semibold), line: 15, headingLine: 17),
    ]

    static let margin = 12.0, padding = 18.0, gutter = 24.0, keyGap = 10.0, rowGap = 4.0, sectionGap = 10.0

    /// The card centred in `window`, side by side from 640 points wide, at the largest text size
    /// whose card fits the window (the smallest, if none does).
    static func layout(window: Rect, sections: [Section], measure: TextMeasure) -> Layout {
        var result = Layout(card: .zero, lines: [])
        for style in styles {
            result = layout(window: window, sections: sections, style: style, measure: measure)
            if result.card.height <= window.height - 2 * margin { break }
        }
        return result
    }

    static func layout(window: Rect, sections: [Section], style: Style, measure: TextMeasure) -> Layout {
        let columns = window.width >= 640 && sections.count > 1 ? 2 : 1
        let cardWidth = max(0, min(window.width - 2 * margin, columns == 2 ? 860 : 560))
        let columnWidth = max(1, (cardWidth - 2 * padding - Double(columns - 1) * gutter) / Double(columns))
        var lines: [Line] = []
        var heights = Array(repeating: 0.0, count: columns)
        for (index, section) in sections.enumerated() {
            let column = min(index, columns - 1)
            let x = padding + Double(column) * (columnWidth + gutter)
            var y = padding + heights[column] + (heights[column] > 0 ? sectionGap : 0)
            for text in measure.wrap(section.title, font: style.heading, width: columnWidth) {
                lines.append(Line(text: text, font: style.heading, role: .heading, box: Rect(x: x, y: y, width: columnWidth, height: style.headingLine)))
                y += style.headingLine
            }
            y += rowGap
            // The key column is as wide as the widest key, up to two fifths of the column.
            let widest = section.rows.map { measure.width($0.keys, style.key) }.max() ?? 0
            let keyWidth = min(widest.rounded(.up), (columnWidth * 0.4).rounded(.down))
            let actionWidth = max(1, columnWidth - keyWidth - keyGap)
            for row in section.rows {
                let keys = measure.wrap(row.keys, font: style.key, width: keyWidth)
                let action = measure.wrap(row.action, font: style.action, width: actionWidth)
                for (i, text) in keys.enumerated() {
                    lines.append(Line(text: text, font: style.key, role: .key, box: Rect(x: x, y: y + Double(i) * style.line, width: keyWidth, height: style.line)))
                }
                for (i, text) in action.enumerated() {
                    lines.append(Line(text: text, font: style.action, role: .action,
                                      box: Rect(x: x + keyWidth + keyGap, y: y + Double(i) * style.line, width: actionWidth, height: style.line)))
                }
                y += Double(max(keys.count, action.count)) * style.line + rowGap
            }
            heights[column] = y - padding
        }
        let height = (heights.max() ?? 0) + 2 * padding
        let card = Rect(x: (window.midX - cardWidth / 2).rounded(), y: (window.midY - height / 2).rounded(), width: cardWidth, height: height)
        return Layout(card: card, lines: lines.map { l in
            var l = l
            l.box = l.box.offsetBy(dx: card.minX, dy: card.minY)
            return l
        })
    }

    // MARK: - Drawing

    static func draw(_ list: inout DrawList, layout: Layout, window: Rect, env: AppEnvironment) {
        list.fill(window, Color.black.opacity(0.35))
        list.shadow(layout.card, cornerRadius: 14, radius: 18, color: Color.black.opacity(0.3))
        list.fill(layout.card, env.color(.background), cornerRadius: 14)
        list.clipped(to: layout.card) { list in
            for line in layout.lines {
                list.text(line.text, line.font, env.color(line.role == .key ? .accent : .primary), in: line.box)
            }
        }
    }
}
