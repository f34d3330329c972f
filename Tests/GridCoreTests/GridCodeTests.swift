import XCTest
@testable import GridCore

/// `GridCode` finds the grid in pasted SwiftUI: the seeds' own code, as they print it.
final class GridCodeTests: XCTestCase {
    func testChapter29SymbolsWithANamedLayout() throws {
        let code = try GridCode.parse("""
            private var symbols = ["keyboard", "hifispeaker.fill", "printer.fill"]
            private var gridItemLayout = [GridItem(.fixed(150)), GridItem(.adaptive(minimum: 50))]

            var body: some View {
                ScrollView {
                    LazyVGrid(columns: gridItemLayout, spacing: 20) {
                        ForEach((0...9999), id: \\.self) {
                            Image(systemName: symbols[$0 % symbols.count])
                                .font(.system(size: 30))
                        }
                    }
                }
            }
            """)
        XCTAssertEqual(code.axis, .vertical)
        XCTAssertEqual(code.items, [GridItem(.fixed(150)), GridItem(.adaptive(minimum: 50))])
        XCTAssertEqual(code.spacing, 20)
        XCTAssertNil(code.alignment)
        XCTAssertEqual(code.pinnedViews, [])
    }

    func testSeed004RowsOverSeveralLinesAndLazyHGrid() throws {
        let code = try GridCode.parse("""
            struct ContentView: View {
              let rows = [
                GridItem(.fixed(30), spacing: 1),
                GridItem(.flexible(minimum: 60), spacing: 10),
                GridItem(.fixed(90), spacing: 20),
                GridItem(.flexible(maximum: 20), spacing: 50)
              ]

              var body: some View {
                ScrollView(.horizontal) {
                  LazyHGrid(rows: rows, spacing: 5) {
                    ForEach(0...300, id: \\.self) { _ in
                      Color.red.frame(width: 30)
                    }
                  }
                }
              }
            }
            """)
        XCTAssertEqual(code.axis, .horizontal)
        XCTAssertEqual(code.items, [GridItem(.fixed(30), spacing: 1), GridItem(.flexible(minimum: 60), spacing: 10),
                                    GridItem(.fixed(90), spacing: 20), GridItem(.flexible(maximum: 20), spacing: 50)])
        XCTAssertEqual(code.spacing, 5)
    }

    func testStateWithATypeInlineItemsAlignmentAndPinnedViews() throws {
        let feed = try GridCode.parse("""
            @State var gridLayout: [GridItem] = [ GridItem() ]
            LazyVGrid(columns: gridLayout, alignment: .center, spacing: 10) { Text("a, b) [c") }
            """)
        XCTAssertEqual(feed.items, [GridItem()])
        XCTAssertEqual(feed.alignment, ".center")
        let inline = try GridCode.parse("""
            // LazyHGrid(rows: commented) is not the grid
            LazyVGrid(columns: Array(repeating: GridItem(.flexible(), spacing: 0), count: 3), pinnedViews: [.sectionHeaders, .sectionFooters]) { }
            """)
        XCTAssertEqual(inline.items, Array(repeating: GridItem(.flexible(), spacing: 0), count: 3))
        XCTAssertEqual(inline.pinnedViews, [.sectionHeaders, .sectionFooters])
        XCTAssertNil(inline.spacing)
        // The first grid is the one: the dock's photo grid comes before its LazyHGrid.
        let two = try GridCode.parse("LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))]) { }\nLazyHGrid(rows: [GridItem()]) { }")
        XCTAssertEqual(two.axis, .vertical)
        // A name that only starts like the declared one is not it.
        let prefixed = try GridCode.parse("let rowsAll = [GridItem(.fixed(1))]\nlet rows = [GridItem(.fixed(2))]\nLazyHGrid(rows: rows) { }")
        XCTAssertEqual(prefixed.items, [GridItem(.fixed(2))])
    }

    func testWhatIsNotAGridSaysWhy() {
        XCTAssertThrowsError(try GridCode.parse("VStack { Text(\"LazyVGrid(\") }")) { XCTAssertTrue("\($0)".contains("no LazyVGrid")) }
        XCTAssertThrowsError(try GridCode.parse("LazyVGrid(columns: layout) { }")) { XCTAssertTrue("\($0)".contains("'layout' is not declared")) }
        XCTAssertThrowsError(try GridCode.parse("LazyVGrid(columns: [GridItem(.fixed(1))], spacing: x)")) { XCTAssertTrue("\($0)".contains("spacing")) }
        XCTAssertThrowsError(try GridCode.parse("LazyHGrid(columns: [GridItem()])")) { XCTAssertTrue("\($0)".contains("columns")) }
        XCTAssertThrowsError(try GridCode.parse("LazyVGrid(columns: [GridItem()]")) { XCTAssertTrue("\($0)".contains("not closed")) }
        XCTAssertThrowsError(try GridCode.parse("LazyVGrid(columns: [GridItem(.fixd(3))]) { }")) { XCTAssertTrue($0 is GridSpecError) }
    }
}
