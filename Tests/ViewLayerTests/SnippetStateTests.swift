import XCTest
import GridCore
@testable import ViewLayer

/// A host reads and sets a root view's `@State` as the snippet's own actions do: the next body
/// reads it, the printed source shows it, and only declared `@State`s can be set.
final class SnippetStateTests: XCTestCase {
    let source = """
        struct ContentView: View {
            @State var gridLayout: [GridItem] = [ GridItem() ]
            @State private var count = 3
            let fixed = 2

            var body: some View {
                ScrollView {
                    LazyVGrid(columns: gridLayout) {
                        ForEach(0..<count, id: \\.self) { i in Text("\\(i)") }
                    }
                }
            }
        }
        """

    func program() throws -> SnippetProgram { try SnippetProgram(try Snippet.parse(source)) }

    func grid(_ p: SnippetProgram) throws -> GridFacts {
        var memory = ViewMemory()
        return try XCTUnwrap(ViewLayout(measuring: EstimatedMeasuring()).frame(for: try p.body(), in: Size(width: 390, height: 844), memory: &memory).grids.first)
    }

    func testReadsTheStateBeforeAnyBody() throws {
        let p = try program()
        XCTAssertEqual(p.state("gridLayout"), .gridItems([GridItem(.flexible())]))
        XCTAssertEqual(p.state("GRIDLAYOUT"), .gridItems([GridItem(.flexible())]), "names match whatever their case, as the snippet's do")
        XCTAssertEqual(p.state("count"), .int(3))
        XCTAssertNil(p.state("fixed"), "a let is not state")
        XCTAssertNil(p.state("body"))
        XCTAssertNil(p.state("missing"))
    }

    func testASetStateIsWhatTheNextBodyAndThePrintedSourceSee() throws {
        let p = try program()
        XCTAssertEqual(try grid(p).layout.trackCount, 1)
        XCTAssertTrue(p.setState("gridLayout", .gridItems(Array(repeating: GridItem(.flexible()), count: 3))))
        XCTAssertTrue(p.setState("count", .int(7)))
        let g = try grid(p)
        XCTAssertEqual(g.layout.trackCount, 3)
        XCTAssertEqual(g.layout.count, 7)
        XCTAssertTrue(p.source().contains("@State var gridLayout: [GridItem] = Array(repeating: GridItem(.flexible()), count: 3)"), p.source())
        XCTAssertTrue(p.source().contains("@State private var count = 7"), p.source())
        XCTAssertFalse(p.setState("fixed", .int(5)), "a let cannot be set")
        XCTAssertFalse(p.setState("missing", .int(5)))
    }

    func testASnippetWithoutAViewStructHasNoStateToSet() throws {
        let p = try SnippetProgram(try Snippet.parse("LazyVGrid(columns: [GridItem()]) { Text(\"a\") }"))
        XCTAssertNil(p.state("gridLayout"))
        XCTAssertFalse(p.setState("gridLayout", .gridItems([GridItem(.flexible())])))
    }
}
