import XCTest
import GridCore
@testable import ViewLayer

/// A `ForEach` closure that reads neither its element nor anything the snippet binds makes the same
/// views for every element: they are made once and shared. Anything that may differ from element to
/// element (the element, `$0`, a random number, the snippet's state) runs each time.
final class ConstantClosureTests: XCTestCase {
    func grid(_ source: String) throws -> (SnippetProgram, GridFacts) {
        let p = try SnippetProgram(try Snippet.parse(source))
        var memory = ViewMemory()
        let f = ViewLayout(measuring: EstimatedMeasuring()).frame(for: try p.body(), in: Size(width: 390, height: 400), memory: &memory)
        return (p, try XCTUnwrap(f.grids.first))
    }

    func bars(_ closure: String) -> String {
        """
        struct ContentView: View {
            @State var hue = 0.5
            var body: some View {
                ScrollView(.horizontal) {
                    LazyHGrid(rows: [GridItem(.fixed(30))], spacing: 5) {
                        ForEach(0..<300, id: \\.self) \(closure)
                    }
                }
            }
        }
        """
    }

    func testTheChaptersBarsAreMadeOnceAndShared() throws {
        let (p, g) = try grid(bars("{ _ in\n Color.red.frame(width: 30)\n Color.green.frame(width: 40)\n }"))
        let a = try XCTUnwrap(g.freshView(ofItem: 0)), b = try XCTUnwrap(g.freshView(ofItem: 2))
        XCTAssertTrue(a === b, "element 0's first bar and element 1's are the same views")
        XCTAssertEqual(p.interpreter.constantClosures.values.compactMap { $0 }.count, 1)
        // Still laid out as before: bar widths by position in the element.
        XCTAssertEqual(g.layout.frame(of: 0)?.width, 30)
        XCTAssertEqual(g.layout.frame(of: 1)?.width, 40)
        XCTAssertEqual(g.layout.frame(of: 3)?.width, 40)
    }

    func testClosuresThatMayDifferRunForEachElement() throws {
        for closure in ["{ i in Color.red.frame(width: Double(i % 3) + 10) }",
                        "{ Color.red.frame(width: Double($0 % 3) + 10) }",
                        "{ _ in Color(hue: Double.random(in: 0...1), saturation: 1, brightness: 1).frame(width: 20) }",
                        "{ _ in Color(hue: hue, saturation: 1, brightness: 1).frame(width: 20) }"] {
            let (p, g) = try grid(bars(closure))
            XCTAssertEqual(p.interpreter.constantClosures.values.compactMap { $0 }.count, 0, closure)
            let a = try XCTUnwrap(g.freshView(ofItem: 0)), b = try XCTUnwrap(g.freshView(ofItem: 1))
            XCTAssertFalse(a === b, closure)
        }
    }

    func testAHostThatDrawsItemsItselfGetsTheGridWithoutItsItems() throws {
        let p = try SnippetProgram(try Snippet.parse(bars("{ _ in Color.red.frame(width: 30) }")))
        var layout = ViewLayout(measuring: EstimatedMeasuring())
        let whole = layout.frame(for: try p.body(), in: Size(width: 390, height: 400))
        layout.placesGridItems = false
        let facts = layout.frame(for: try p.body(), in: Size(width: 390, height: 400))
        XCTAssertGreaterThan(whole.grids[0].materialized.count, 0)
        XCTAssertEqual(facts.grids[0].materialized.count, 0, "no item made or placed")
        XCTAssertEqual(facts.grids[0].layout.tracks.tracks, whole.grids[0].layout.tracks.tracks)
        XCTAssertEqual(facts.grids[0].layout.count, whole.grids[0].layout.count)
        XCTAssertLessThan(facts.placed.count, whole.placed.count)
    }
}
