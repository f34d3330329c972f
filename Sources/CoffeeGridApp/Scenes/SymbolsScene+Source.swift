import GridCore

/// One of the chapter's symbol grids: which column set, which frame, which spacing, which axis,
/// and (beyond the seed, opt-in) sections of 100 with their headers and footers pinned or not.
struct SymbolsVariant: Hashable {
    var columns = 0
    var fills = false
    var noSpacing = false
    var horizontal = false
    /// 0 none, 1 by 100, 2 pinned headers, 3 pinned footers, 4 both.
    var sections = 0

    /// From the scene's five pickers, in their order.
    init(selections s: [Int]) {
        columns = s[0]
        fills = s[1] == 1
        noSpacing = s[2] == 1
        horizontal = s[3] == 1
        sections = s[4]
    }

    /// The grid items with the spacing variant applied: `GridItem(.flexible(), spacing: 0)`.
    var gridItemLayout: [GridItem] {
        SymbolsScene.layouts[columns].items.map { noSpacing ? GridItem($0.size, spacing: 0, alignment: $0.alignment) : $0 }
    }

    /// What an item's views depend on: variants alike in this draw item i the same (the column
    /// set, the spacing and the sections only place it).
    var items: [Bool] { [fills, horizontal] }

    /// How the chapter writes the column set (its three flexible columns one by one, its six as
    /// `.init`s; the others as the app prints any `[GridItem]`), after `private var gridItemLayout`.
    var gridItemLayoutDeclaration: String {
        switch (columns, noSpacing) {
        case (0, false): return " = [GridItem(.flexible()), GridItem(.flexible()), GridItem(.flexible())]"
        case (1, false): return ": [GridItem] = Array(repeating: .init(.flexible()), count: 6)"
        default: return " = " + SwiftCode.items(gridItemLayout)
        }
    }

    var spacing: Double { noSpacing ? 0 : 20 }
    var pinned: PinnedScrollableViews { [[], [], .sectionHeaders, .sectionFooters, [.sectionHeaders, .sectionFooters]][sections] }
}

extension SymbolsScene {
    /// The chapter's code for `variant` over `count` symbols: what the view layer runs, what draws
    /// every symbol and section line, and what the code panel prints.
    static func source(_ variant: SymbolsVariant, count: Int) -> String {
        let vertical = !variant.horizontal
        let frame: String
        switch (variant.fills, vertical) {
        case (false, _): frame = ".frame(width: 50, height: 50)"
        case (true, true): frame = ".frame(minWidth: 0, maxWidth: .infinity, minHeight: 50)"
        // Offered no width in a row, each symbol is its glyph's width: columns 30 points wide.
        case (true, false): frame = ".frame(minWidth: 0, maxWidth: .infinity, minHeight: 50, maxHeight: .infinity)"
        }
        let call = SwiftCode.gridCall(axis: vertical ? .vertical : .horizontal, items: "gridItemLayout", spacing: variant.spacing,
                                      pinned: variant.pinned)
        let cell = { (range: String) in SwiftCode.lines([
            "ForEach(\(range), id: \\.self) {",
            "    Image(systemName: symbols[$0 % symbols.count])",
            "        .font(.system(size: 30))",
            "        \(frame)",
            "        .background(colors[$0 % colors.count])",
            "        .cornerRadius(10)",
            "}",
        ]) }
        let content: String
        // The chapter's 10,000 make whole sections of 100; another count (`--items`, the benches)
        // ends on a shorter one, said in its header and footer, and no symbol is dropped.
        let whole = count % 100 == 0
        if variant.sections == 0 {
            content = cell(count > 0 ? "(0...\(count - 1))" : "(0..<0)")
        } else {
            let header = vertical ? ".frame(maxWidth: .infinity, minHeight: 36, alignment: .leading)" : ".frame(minWidth: 120, maxHeight: .infinity)"
            let footer = vertical ? ".frame(maxWidth: .infinity, minHeight: 26, alignment: .leading)" : ".frame(minWidth: 90, maxHeight: .infinity)"
            content = SwiftCode.lines([
                "ForEach(0..<\((max(0, count) + 99) / 100)) { section in",
                "    Section {",
                SwiftCode.indent(cell(whole ? "(section * 100)..<(section * 100 + 100)" : "(section * 100)..<min(section * 100 + 100, \(count))"), 2),
                "    } header: {",
                whole ? "        Text(\"Symbols \\(section * 100)–\\(section * 100 + 99)\")"
                      : "        Text(\"Symbols \\(section * 100)–\\(min(section * 100 + 99, \(count - 1)))\")",
                "            .font(.headline)",
                vertical ? "            .padding(.horizontal, 12)" : nil,
                "            \(header)",
                "            .background(Color(.secondarySystemBackground))",
                "    } footer: {",
                whole ? "        Text(\"100 items\")" : "        Text(\"\\(min(100, \(count) - section * 100)) items\")",
                "            .font(.footnote)",
                "            .foregroundStyle(.secondary)",
                vertical ? "            .padding(.horizontal, 12)" : nil,
                "            \(footer)",
                "            .background(Color(.secondarySystemBackground))",
                "    }",
                "}",
            ].compactMap { $0 })
        }
        return SwiftCode.lines([
            "private var gridItemLayout" + variant.gridItemLayoutDeclaration,
            "private var symbols = [" + symbols.map { "\"\($0)\"" }.joined(separator: ", ") + "]",
            "private var colors: [Color] = [" + colors.map { "." + $0.rawValue }.joined(separator: ", ") + "]",
            "",
            "var body: some View {",
            vertical ? "    ScrollView {" : "    ScrollView(.horizontal) {",
            "        \(call) {",
            SwiftCode.indent(content, 3),
            "        }",
            "    }",
            "}",
        ])
    }
}
