import GridCore

/// The chapter's photo grid (seed 000's SwiftUIPhotoGrid) as the Photos scene lays out a person's
/// folder: its configuration for a column count, and the SwiftUI it would be. The feed runs the
/// chapter's own code instead (`FeedScene.source`).
enum PhotoGrid {
    /// What a pinch may reach; the grid key cycles through the seed's 1…4.
    static let pinchRange = 1...6

    /// `@State var gridLayout = Array(repeating: .init(.flexible()), count: columns)` and the seed's
    /// frame modifiers, for one column count.
    static func configuration(columns: Int, count: Int) -> GridScrollView.Configuration {
        GridScrollView.Configuration(LazyVGrid(columns: Array(repeating: GridItem(.flexible()), count: columns), alignment: .center, spacing: 10),
                                     sections: [GridSection(count: count)], sizing: .fill(columns == 1 ? 200 : 100), padding: .all(10))
    }

    /// The chapter's ContentView around `configuration`'s grid: `forEach` opens the loop and names its
    /// image (indented under the grid), `inCell` follows the image's modifiers inside the loop, and
    /// `trailing` follows `.navigationTitle`.
    static func code(_ c: GridScrollView.Configuration, title: String, forEach: [String], inCell: [String] = [],
                     trailing: [String] = []) -> String {
        SwiftCode.lines([
            "@State var gridLayout: [GridItem] = " + SwiftCode.items(c.items),
            "",
            "var body: some View {",
            "    NavigationStack {",
            "        ScrollView {",
            "            \(SwiftCode.gridCall(axis: c.axis, items: "gridLayout", alignment: c.alignment, spacing: c.spacing)) {",
        ] + forEach.map { "                " + $0 } + [
            "                        .resizable()",
            "                        .scaledToFill()",
            "                        .frame(minWidth: 0, maxWidth: .infinity)",
            "                        .frame(height: gridLayout.count == 1 ? 200 : 100)",
            "                        .cornerRadius(10)",
            "                        .shadow(color: Color.primary.opacity(0.3), radius: 1)",
        ] + inCell + [
            "                }",
            "            }",
        ] + SwiftCode.padding(c.padding).map { "            " + $0 } + [
            "            .animation(.interactiveSpring(), value: gridLayout.count)",
            "        }",
            "        .navigationTitle(\"\(title)\")",
        ] + trailing + [
            "    }",
            "}",
        ])
    }
}
