import GridCore
import ViewLayer

/// The cafes' SwiftUI, run by the view layer: seed 000's `Cafe.swift` and its MultiGridView, as the
/// chapter leaves it (`chapter`) and with its exercise solved (`exercise`). The code panel prints
/// the one showing, each `@State` at its value now.
extension CafesScene {
    /// The chapter's `Photo.swift` and `Cafe.swift`, word for word, printed after the view: the
    /// scene's cafes and their coffee photos are what this code makes (its `Int.random` drawn from
    /// `--seed`, so every launch shows the same cafes).
    static let model = "// Photo.swift and Cafe.swift\n" + SeedCode.photo + """


        struct Cafe: Identifiable {
            var id = UUID()
            var image: String
            var coffeePhotos: [Photo] = []
        }

        let sampleCafes: [Cafe] = {

            var cafes = (1...18).map { Cafe(image: "cafe-\\($0)") }

            for index in cafes.indices {
                let randomNumber = Int.random(in: (2...12))
                cafes[index].coffeePhotos = (1...randomNumber).map { Photo(name: "coffee-\\($0)") }
            }

            return cafes
        }()

        """

    /// A cafe's photo, then its coffee photos' grid: the chapter's two views for each cafe.
    private static func cafeViews(_ coffee: String) -> String {
        """
                                Image(cafe.image)
                                    .resizable()
                                    .scaledToFill()
                                    .frame(minWidth: 0, maxWidth: .infinity)
                                    .frame(maxHeight: 150)
                                    .cornerRadius(10)
                                    .shadow(color: .primary.opacity(0.3), radius: 1)

        \(coffee)
        """
    }

    private static let coffeeGrid = """
        LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))]) {
            ForEach(cafe.coffeePhotos) { photo in
                Image(photo.name)
                    .resizable()
                    .scaledToFill()
                    .frame(minWidth: 0, maxWidth: .infinity)
                    .frame(height: 50)
                    .cornerRadius(10)
            }
        }
        .frame(minHeight: 0, maxHeight: .infinity, alignment: .top)
        .animation(.easeIn, value: gridLayout.count)
        """

    private static func indented(_ text: String, _ spaces: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : String(repeating: " ", count: spaces) + $0 }
            .joined(separator: "\n")
    }

    /// The grid, its cafes and the scroll view around it, as the chapter writes them.
    private static func grid(_ coffee: String) -> String {
        """
                ScrollView {
                    LazyVGrid(columns: gridLayout, alignment: .center, spacing: 10) {

                        ForEach(sampleCafes) { cafe in
        \(cafeViews(coffee))
                        }

                    }
                    .padding(.all, 10)
                    .animation(.interactiveSpring(), value: gridLayout.count)
                }
        """
    }

    /// The chapter's final MultiGridView: cafe and coffee side by side, the cafe column wider in
    /// landscape. The title is this screen's (the chapter's own screen replaced the feed, so it kept
    /// "Coffee Feed"; here both screens are in one app).
    static let chapter = """
        struct MultiGridView: View {
            @State var gridLayout = [ GridItem(.adaptive(minimum: 100)), GridItem(.flexible()) ]
            @Environment(\\.verticalSizeClass) var verticalSizeClass: UserInterfaceSizeClass?

            var body: some View {
                NavigationStack {
        \(grid(indented(coffeeGrid, 20)))
                    .navigationTitle("Cafes")
                }
                // The chapter's code writes `verticalSizeClass == .compact ? 100 : 250`, but its text
                // gives a landscape iPhone (compact height) 250: this follows the text. `initial: true`
                // (iOS 17): a window opened in landscape starts as a rotated one does.
                .onChange(of: verticalSizeClass, initial: true) {
                    self.gridLayout = [ GridItem(.adaptive(minimum: verticalSizeClass == .compact ? 250 : 100)), GridItem(.flexible()) ]
                }
            }
        }

        """ + model

    /// The chapter's exercise, solved: one column on an iPhone in portrait and two on an iPad or in
    /// landscape, a button that shows or hides the coffee photos (hidden at first), and one that
    /// switches between one column and two, each icon showing its state.
    static let exercise = """
        struct MultiGridView: View {
            @State var gridLayout = [ GridItem() ]
            @State var showCoffee = false
            @Environment(\\.horizontalSizeClass) var horizontalSizeClass: UserInterfaceSizeClass?
            @Environment(\\.verticalSizeClass) var verticalSizeClass: UserInterfaceSizeClass?

            // One column on an iPhone in portrait, two on an iPad or in landscape.
            var defaultLayout: [GridItem] {
                let count = horizontalSizeClass == .regular || verticalSizeClass == .compact ? 2 : 1
                return Array(repeating: .init(.flexible()), count: count)
            }

            var body: some View {
                NavigationStack {
        \(grid("                        if showCoffee {\n" + indented(coffeeGrid + "\n.transition(.opacity)", 28) + "\n                        }"))
                    .navigationTitle("Cafes")
                    .toolbar {
                        ToolbarItem(placement: .navigationBarTrailing) {
                            Button {
                                withAnimation(.interactiveSpring()) { showCoffee.toggle() }
                            } label: {
                                Image(systemName: showCoffee ? "eye" : "eye.slash")
                            }
                        }
                        ToolbarItem(placement: .navigationBarTrailing) {
                            Button {
                                gridLayout = Array(repeating: .init(.flexible()), count: gridLayout.count == 1 ? 2 : 1)
                            } label: {
                                Image(systemName: gridLayout.count == 1 ? "rectangle.grid.1x2" : "rectangle.split.2x1")
                            }
                        }
                    }
                }
                .onAppear { gridLayout = defaultLayout }
                .onChange(of: verticalSizeClass) { gridLayout = defaultLayout }
                .onChange(of: horizontalSizeClass) { gridLayout = defaultLayout }
            }
        }

        """ + model

    /// The chapter's first cafe's second view, its coffee grid, laid out alone: its columns, spacing
    /// and how its photos size themselves.
    static func coffeeGrid(_ chapter: SceneBody) -> NestedGrid.Shape {
        _ = chapter.configuration(in: Size(width: 390, height: 844))
        guard let node = chapter.itemView(1),
              let g = ViewLayout(measuring: chapter.measuring(nil)).frame(for: node, in: Size(width: 390, height: 100_000)).grids.first else {
            preconditionFailure("the cafes' code has a coffee grid in each cafe")
        }
        let d = g.gridDescription
        return NestedGrid.Shape(items: d.items, alignment: d.alignment, spacing: d.spacing, sizing: g.sizing)
    }
}
