import GridCore
import StageInterface

/// Seed 001's code, as the scene runs it: the only place the stack scene's layout is written.
extension StackScene {
    /// The chapter's `GCRowView` and `GCGirdContentView` with `itemPerRow` photos a row and our
    /// coffee photos for its `Image("\(i)")`, in a `ScrollView` (the scene scrolls; the chapter's
    /// twelve photos fit an iPhone's height). `rowCount` and `rowViews` are the chapter's, run.
    static func source(itemPerRow: Int, count: Int) -> String {
        SwiftCode.lines([
            "struct GCRowView: View {",
            "    var itemPerRow: Int",
            "    var views: [AnyView]",
            "",
            "    var itemWidth: CGFloat {",
            "        UIScreen.main.bounds.width / CGFloat(itemPerRow)",
            "    }",
            "",
            "    var body: some View {",
            "        HStack(spacing: 0) {",
            "            ForEach(0..<views.count) { index in",
            "                self.views[index]",
            "                    .frame(width: self.itemWidth, height: self.itemWidth)",
            "                    .clipped()",
            "            }",
            "        }",
            "    }",
            "}",
            "",
            "struct GCGirdContentView: View {",
            "    var itemPerRow = \(itemPerRow)",
            "    var contentViews: [AnyView] = []",
            "",
            "    init() {",
            "        for i in 1...\(count) {",
            "            contentViews.append(AnyView(Image(\"coffee-\\(i)\").resizable().aspectRatio(contentMode: .fill)))",
            "        }",
            "    }",
            "",
            "    var body: some View {",
            "        ScrollView {",
            "            VStack(alignment: .leading, spacing: 0) {",
            "                ForEach(0..<rowCount(contentNums: contentViews.count, itemPerRow: itemPerRow)) { i in",
            "                    GCRowView(itemPerRow: self.itemPerRow, views: self.rowViews(currentRow: i, itemPerRow: self.itemPerRow))",
            "                }",
            "            }",
            "        }",
            "    }",
            "",
            "    func rowCount(contentNums: Int, itemPerRow: Int) -> Int {",
            "        if contentNums % itemPerRow == 0 {",
            "            return contentNums / itemPerRow",
            "        }",
            "        return contentNums / itemPerRow + 1",
            "    }",
            "",
            "    func rowViews(currentRow: Int, itemPerRow: Int) -> [AnyView] {",
            "        var views = [AnyView]()",
            "        for i in 0..<itemPerRow {",
            "            let index = i + itemPerRow * currentRow",
            "            if index < contentViews.count {",
            "                views.append(contentViews[index])",
            "            }",
            "        }",
            "        return views",
            "    }",
            "}",
        ])
    }

    /// The chapter's six views in a `VStack` (or `HStack`), its `Color.random()` written out as this
    /// launch's colours, so the code shown is the code that drew them.
    static func source(stack: Mode, colours: [Color]) -> String {
        let rows = colours.map { "        Color(red: \(formatPoints($0.red)), green: \(formatPoints($0.green)), blue: \(formatPoints($0.blue)))" }
        return SwiftCode.lines([
            "var data: [Color] {",
            "    [",
            rows.joined(separator: ",\n"),
            "    ]",
            "}",
            "",
            "var body: some View {",
            "    \(stack.rawValue) {",
            "        ForEach(0..<data.count) { index in",
            "            self.data[index]",
            "        }",
            "    }",
            "}",
        ])
    }

    /// The chapter's `Color.random()` six, seeded so every launch (and screenshot) matches, each
    /// component to the three decimals the code prints.
    static func randomColours(seed: UInt64) -> [Color] {
        var rng = SplitMix64(seed: seed)
        func component() -> Double { (Double.random(in: 0...1, using: &rng) * 1000).rounded() / 1000 }
        return (0..<6).map { _ in
            let red = component(), green = component(), blue = component()
            return Color(red: red, green: green, blue: blue)
        }
    }
}
