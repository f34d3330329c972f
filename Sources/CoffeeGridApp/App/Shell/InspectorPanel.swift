import GridCore
import StageInterface

/// The layout inspector's explanation: beside the content in wide windows, a sheet below it in
/// narrow ones. The content area gives up that space, so the panel never covers the grid it
/// explains; its text wraps to the panel's width and scrolls when it is longer than the panel. A
/// window too small to share (a sheet would leave the scene under 55 % of it) gets the sheet laid
/// over the content's lower part instead.
struct InspectorPanel {
    enum Style: String { case side, sheet, overlay }

    /// A main area at least this wide keeps room for the grid beside a side panel (a phone in
    /// landscape, 844 pt, gets one; in portrait, 390 pt, the sheet).
    static let sideMinimumWidth = 640.0
    /// Beside a sheet the scene keeps this much of the window's height.
    static let keptWindowFraction = 0.55
    /// A sheet shorter than this is too small to read; the panel is laid over the content instead.
    static let minimumSheet = 140.0
    static let headerHeight = 40.0
    static let padding = 14.0
    static let lineHeight = 17.0
    static let font = Font.caption.design(.monospaced)
    static let summaryFont = Font.footnote
    static let titleFont = Font.headline
    /// Continuation lines and an item's sub-lines start this much further in.
    static let indent = 16.0
    static let swatch = 8.0

    /// Splits the area under the navigation bar into the content and the panel; a sheet leaves the
    /// content at least `kept` points high.
    static func split(_ area: Rect, keeping kept: Double = 0) -> (content: Rect, panel: Rect, style: Style) {
        if area.width >= sideMinimumWidth {
            // Whole points: W, the number the panel explains first, stays a round one.
            let w = min(max((area.width * 0.38).rounded(), 280), 400)
            return (Rect(x: area.minX, y: area.minY, width: area.width - w, height: area.height),
                    Rect(x: area.maxX - w, y: area.minY, width: w, height: area.height), .side)
        }
        let wanted = min(max(area.height * 0.4, min(minimumSheet, area.height * 0.5)), 360)
        let h = min(wanted, (area.height - kept).rounded(.down))
        guard h >= min(minimumSheet, wanted) else {
            return (area, Rect(x: area.minX, y: area.maxY - wanted, width: area.width, height: wanted), .overlay)
        }
        return (Rect(x: area.minX, y: area.minY, width: area.width, height: area.height - h),
                Rect(x: area.minX, y: area.maxY - h, width: area.width, height: h), .sheet)
    }

    /// One wrapped line of the panel's scrolling text, in coordinates relative to the text's top-leading corner.
    struct Row: Equatable {
        var text: String
        var font: Font
        var x: Double
        var y: Double
        var width: Double
        /// The GridItem whose swatch starts this row.
        var swatch: Int?
        var secondary = false
    }

    /// The summary and every explanation line wrapped to `width`; returns the rows and their height.
    static func rows(_ model: InspectorModel, width: Double, measure: TextMeasure) -> (rows: [Row], height: Double) {
        var rows: [Row] = []
        var y = 0.0
        for line in measure.wrap(summary(model), font: summaryFont, width: width) {
            rows.append(Row(text: line, font: summaryFont, x: 0, y: y, width: width, secondary: true))
            y += lineHeight + 1
        }
        y += 6
        let gutter = swatch + 6
        for line in model.explanation {
            let start = gutter + Double(line.indent) * indent
            let wrapped = measure.wrap(line.text, font: font, width: width - start, indent: indent)
            for (i, text) in wrapped.enumerated() {
                let x = start + (i > 0 ? indent : 0)
                let first = i == 0 && line.indent == 0
                rows.append(Row(text: text, font: font, x: x, y: y, width: width - x, swatch: first ? line.item : nil))
                y += lineHeight
            }
            if line.indent == 0, line.item == nil { y += 2 }
        }
        return (rows, y)
    }

    /// `LazyVGrid: 4 columns · 51 of 10,000 views made (lazy)`.
    static func summary(_ m: InspectorModel) -> String {
        let tracks = "\(m.tracks.count) \(m.axis == .vertical ? "column" : "row")\(m.tracks.count == 1 ? "" : "s")"
        let made = !m.isLazy ? "all \(grouped(m.total)) items made (eager)"
                                             : "\(grouped(m.materialized)) of \(grouped(m.total)) items made (lazy)"
        return "\(tracks) · \(made)"
    }

    /// `10,000`.
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out += "," }
            out.append(c)
        }
        return (n < 0 ? "−" : "") + out
    }

    /// Where the close button sits in a panel frame.
    static func closeButton(in panel: Rect) -> Rect {
        Rect(x: panel.maxX - 40, y: panel.minY + 4, width: 36, height: 36)
    }

    /// The scrolling text's viewport inside the panel.
    static func textFrame(in panel: Rect) -> Rect {
        Rect(x: panel.minX + padding, y: panel.minY + headerHeight, width: max(0, panel.width - 2 * padding),
             height: max(0, panel.height - headerHeight - 8))
    }

    static func draw(_ list: inout DrawList, panel: Rect, style: Style, rows: [Row], contentHeight: Double,
                     offset: Double, env: AppEnvironment) {
        switch style {
        case .side:
            list.fill(panel, env.color(.secondaryBackground))
            list.fill(Rect(x: panel.minX, y: panel.minY, width: 0.5, height: panel.height), env.color(.separator))
        case .sheet, .overlay:
            list.shadow(panel, cornerRadius: 12, radius: 6, color: Color.black.opacity(style == .overlay ? 0.28 : 0.18), offset: Size(width: 0, height: -1))
            list.fill(panel, env.color(.secondaryBackground), cornerRadius: 12)
            // Square bottom corners: the sheet meets the tab bar.
            list.fill(Rect(x: panel.minX, y: panel.maxY - 12, width: panel.width, height: 12), env.color(.secondaryBackground))
            list.fill(Rect(x: panel.midX - 18, y: panel.minY + 5, width: 36, height: 4), env.color(.systemGray3), cornerRadius: 2)
        }
        list.text("Layout inspector", titleFont, env.color(.primary),
                  in: Rect(x: panel.minX + padding, y: panel.minY + 8, width: max(0, panel.width - 2 * padding - 36), height: 28))
        let close = closeButton(in: panel)
        list.fill(close.insetBy(dx: 6, dy: 6), env.color(.systemGray5), cornerRadius: 12)
        list.symbol("xmark", in: close.insetBy(dx: 12, dy: 12), env.color(.secondary))
        let text = textFrame(in: panel)
        list.clipped(to: text) { list in
            for row in rows {
                let top = text.minY + row.y - offset
                guard top + lineHeight > text.minY, top < text.maxY else { continue }
                if let item = row.swatch {
                    let hue = InspectorOverlay.hue(item)
                    list.fill(Rect(x: text.minX, y: top + (lineHeight - swatch) / 2, width: swatch, height: swatch), hue, cornerRadius: 2)
                }
                list.text(row.text, row.font, env.color(row.secondary ? .secondary : .primary),
                          in: Rect(x: text.minX + row.x, y: top, width: row.width, height: lineHeight))
            }
        }
        if contentHeight > text.height, text.height > 0 {
            let thumb = max(24, text.height * text.height / contentHeight)
            let travel = text.height - thumb
            let y = text.minY + travel * min(max(offset / (contentHeight - text.height), 0), 1)
            list.fill(Rect(x: panel.maxX - 6, y: y, width: 3, height: thumb), env.color(.primary).opacity(0.3), cornerRadius: 1.5)
        }
    }
}

extension InspectorModel {
    /// The model with the window's size classes and the rule that gave them after the grid's lines:
    /// the layouts that follow a size class (the cafes) change at the numbers it names.
    func addingSizeClasses(of window: Size) -> InspectorModel {
        var m = self
        m.explanation.append(TrackExplanation.Line("Size classes of this \(formatPoints(window.width)) × \(formatPoints(window.height)) window:"))
        m.explanation += SizeClasses.explanation(for: window).map { TrackExplanation.Line($0, indent: 1) }
        return m
    }
}
