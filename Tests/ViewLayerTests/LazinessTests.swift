import XCTest
import GridCore
@testable import ViewLayer

/// A lazy grid makes only the items it shows: a `ForEach` over a billion elements calls its closure
/// for the elements in view and half a viewport around them, wherever the grid is scrolled to.
final class LazinessTests: XCTestCase {
    final class Counter { var calls = 0; var elements = Set<Int>() }

    func cells(_ counter: Counter) -> some View {
        ScrollView {
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))], spacing: 8) {
                ForEach(0..<1_000_000_000, id: \.self) { i in
                    let _ = counter.note(i)
                    Text("\(i)")
                        .frame(minWidth: 0, maxWidth: .infinity, minHeight: 50)
                        .background(Color.yellow)
                        .cornerRadius(8)
                }
            }
            .padding(.all, 10)
        }
    }

    func testABillionCellsMakeOnlyTheOnesInView() {
        let counter = Counter()
        let f = layout(cells(counter))
        let g = f.grids[0]
        XCTAssertEqual(g.total, 1_000_000_000)
        XCTAssertEqual(counter.calls, g.materialized.count, "one call for each item laid out (the first also sizes the grid)")
        XCTAssertLessThan(counter.calls, 200)
        XCTAssertEqual(g.materialized.first?.index, 0)
    }

    func testScrolledToTheEndItMakesTheLastOnes() {
        let counter = Counter()
        let id = layout(cells(Counter())).scrollViews[0].id
        let f = layout(cells(counter), scroll: [id: Point(x: 0, y: .greatestFiniteMagnitude)])
        let g = f.grids[0]
        XCTAssertEqual(g.visible.last?.index, 999_999_999)
        XCTAssertEqual(counter.calls, g.materialized.count + 1, "the items around the end, and element 0 to size the grid")
        XCTAssertTrue(counter.elements.contains(0))
        XCTAssertTrue(counter.elements.allSatisfy { $0 == 0 || $0 > 999_990_000 })
    }

    /// A host that keeps one tree and draws its grid's items itself (the app's scenes) asks for
    /// item after item as a billion cells scroll by: each element is made once while it is recent,
    /// and what the tree keeps of them stays bounded.
    func testATreeKeptWhileABillionCellsScrollByKeepsItsElementsBounded() {
        let counter = Counter()
        let g = layout(cells(counter)).grids[0]
        let v = g.view(ofItem: 123_456_789)
        XCTAssertTrue(v === g.view(ofItem: 123_456_789), "made once while recent")
        guard case .text("123456789") = v?.content else { return XCTFail("item 123456789 is its Text") }
        guard case .content(.grid(_, let children)) = LazinessTests.gridNode(cells(counter).viewNode)?.kind,
              case .content(.forEach(let f)) = children.first?.kind else { return XCTFail("the grid's ForEach") }
        counter.calls = 0
        for i in stride(from: 0, to: 1_000_000_000, by: 50_000) { _ = f.views(i) }
        XCTAssertLessThanOrEqual(f.cache.views.count + f.cache.previous.count, 2 * ForEachContent.ElementCache.limit)
        XCTAssertEqual(counter.calls, 20_000)
    }

    static func gridNode(_ n: ViewNode) -> ViewNode? {
        var node = n
        while case .modified(let inner, _) = node.kind { node = inner }
        switch node.content {
        case .grid: return node
        case .scroll(_, _, let c), .group(let c), .stack(_, _, _, let c): return c.lazy.compactMap(gridNode).first
        default: return nil
        }
    }

    func testASnippetsForEachOverTenBillionIsLazyToo() throws {
        let source = """
            ScrollView {
                LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))]) {
                    ForEach(0..<10_000_000_000) { i in
                        Text("\\(i)").frame(height: 50)
                    }
                }
            }
            """
        let (_, f) = try runSnippet(source)
        XCTAssertEqual(f.grids[0].total, 10_000_000_000)
        XCTAssertLessThan(f.grids[0].materialized.count, 200)
        XCTAssertEqual(f.text("0").map { _ in true }, true)
    }

    func testAStackOfAMillionShowsItsFirstTenThousandAndSaysSo() {
        let f = layout(ScrollView { VStack { ForEach(0..<1_000_000) { _ in Color.red.frame(height: 1) } } })
        XCTAssertEqual(f.frames(.color).count, ForEachContent.eagerLimit)
        XCTAssertEqual(f.notes, ["a ForEach of 1000000 elements outside a lazy grid shows its first 10000"])
    }
}

extension LazinessTests.Counter {
    func note(_ i: Int) { calls += 1; elements.insert(i) }
}
