import GridCore
import GridMotion

/// The cafes' SwiftUI: the chapter's MultiGridView, or the exercise's solution, with the current
/// `gridLayout` and `showCoffee` from the configuration that lays the grid out.
extension CafesScene {
    var code: String {
        let c = grid.configuration
        let nested = NestedGrid.grid
        let coffee = [
            "\(SwiftCode.gridCall(axis: .vertical, items: SwiftCode.items(nested.columns))) {",
            "    ForEach(cafe.coffeePhotos) { photo in",
            "        Image(photo.name)",
            "            .resizable()",
            "            .scaledToFill()",
            "            .frame(minWidth: 0, maxWidth: .infinity)",
            "            .frame(height: \(formatPoints(NestedGrid.photoHeight)))",
            "            .cornerRadius(10)",
            "    }",
            "}",
            ".frame(minHeight: 0, maxHeight: .infinity, alignment: .top)",
            ".animation(.easeIn, value: gridLayout.count)",
        ]
        let exercise = mode == .exercise
        let head: [String] = exercise ? [
            "@State var gridLayout = " + SwiftCode.items(c.items),
            "@State var showCoffee = \(showCoffee)",
            "@Environment(\\.horizontalSizeClass) var horizontalSizeClass: UserInterfaceSizeClass?",
            "@Environment(\\.verticalSizeClass) var verticalSizeClass: UserInterfaceSizeClass?",
            "",
            "// One column on an iPhone in portrait, two on an iPad or in landscape.",
            "var defaultLayout: [GridItem] {",
            "    let count = horizontalSizeClass == .regular || verticalSizeClass == .compact ? 2 : 1",
            "    return Array(repeating: .init(.flexible()), count: count)",
            "}",
        ] : [
            "@State var gridLayout = " + SwiftCode.items(c.items),
            "@Environment(\\.verticalSizeClass) var verticalSizeClass: UserInterfaceSizeClass?",
        ]
        let cafeBody = [
            "Image(cafe.image)",
            "    .resizable()",
            "    .scaledToFill()",
            "    .frame(minWidth: 0, maxWidth: .infinity)",
            "    .frame(maxHeight: 150)",
            "    .cornerRadius(10)",
            "    .shadow(color: .primary.opacity(0.3), radius: 1)",
            "",
        ] + (exercise ? ["if showCoffee {"] + (coffee + [".transition(.opacity)"]).map { "    " + $0 } + ["}"] : coffee)
        let toolbar: [String] = exercise ? [
            ".toolbar {",
            "    ToolbarItem(placement: .navigationBarTrailing) {",
            "        Button {",
            "            withAnimation(.interactiveSpring()) { showCoffee.toggle() }",
            "        } label: {",
            "            Image(systemName: showCoffee ? \"eye\" : \"eye.slash\")",
            "        }",
            "    }",
            "    ToolbarItem(placement: .navigationBarTrailing) {",
            "        Button {",
            "            gridLayout = Array(repeating: .init(.flexible()), count: gridLayout.count == 1 ? 2 : 1)",
            "        } label: {",
            "            Image(systemName: gridLayout.count == 1 ? \"rectangle.grid.1x2\" : \"rectangle.split.2x1\")",
            "        }",
            "    }",
            "}",
        ] : []
        let changes: [String] = exercise ? [
            ".onAppear { gridLayout = defaultLayout }",
            ".onChange(of: verticalSizeClass) { gridLayout = defaultLayout }",
            ".onChange(of: horizontalSizeClass) { gridLayout = defaultLayout }",
        ] : [
            "// The chapter's code writes `verticalSizeClass == .compact ? 100 : 250`, but its text",
            "// gives a landscape iPhone (compact height) 250: this scene follows the text.",
            ".onChange(of: verticalSizeClass) {",
            "    self.gridLayout = [GridItem(.adaptive(minimum: verticalSizeClass == .compact ? \(formatPoints(CafesScene.chapterMinimum(SizeClasses(horizontal: .compact, vertical: .compact)))) : \(formatPoints(CafesScene.chapterMinimum(SizeClasses(horizontal: .compact, vertical: .regular)))))), GridItem(.flexible())]",
            "}",
        ]
        let call = SwiftCode.gridCall(axis: c.axis, items: "gridLayout", alignment: c.alignment, spacing: c.spacing)
        let top: [String] = head + ["", "var body: some View {", "    NavigationStack {", "        ScrollView {",
                                    "            \(call) {", "                ForEach(sampleCafes) { cafe in"]
        let cells: [String] = cafeBody.map { $0.isEmpty ? "" : "                    " + $0 }
        let close: [String] = ["                }", "            }"] + SwiftCode.padding(c.padding).map { "            " + $0 }
            + ["            .animation(.interactiveSpring(), value: gridLayout.count)", "        }", "        .navigationTitle(\"\(title)\")"]
        let tail: [String] = toolbar.map { "        " + $0 } + ["    }"] + changes.map { "    " + $0 } + ["}"]
        return SwiftCode.lines(top + cells + close + tail)
    }
}
