import XCTest
@testable import GridCore

final class LazyGridLayoutTests: XCTestCase {
    let symbols = LazyVGrid(columns: flexible(3), spacing: 20)

    func testSeed000SymbolFramesAreCentredInTheirColumns() {
        let layout = symbols.layout(width: 390, count: 10_000, sizing: .square(50))
        assertRect(layout.frame(of: 0), 37.333, 0, 50, 50)
        assertRect(layout.frame(of: 1), 170, 0, 50, 50)
        assertRect(layout.frame(of: 4), 170, 70, 50, 50)
        XCTAssertEqual(layout.contentSize.height, 3334 * 50 + 3333 * 20, accuracy: 0.001)
        XCTAssertEqual(layout.contentSize.width, 390)
        XCTAssertNil(layout.frame(of: 10_000))
        XCTAssertNil(layout.frame(of: -1))
    }

    func testFillItemsTakeTheTrackWidth() {
        let layout = symbols.layout(width: 390, count: 30, sizing: .fill(50))
        assertRect(layout.frame(of: 2), 265.333, 0, 124.667, 50)
    }

    func testViewportQueryReturnsOnlyVisibleItemsInOrder() {
        let layout = symbols.layout(width: 390, count: 10_000, sizing: .square(50))
        let items = layout.items(in: Rect(x: 0, y: 700, width: 390, height: 844))
        // Rows start every 70 pt: rows 10…22 intersect 700..<1544 (row 22 starts at 1540).
        XCTAssertEqual(items.first?.index, 30)
        XCTAssertEqual(items.last?.index, 68)
        XCTAssertEqual(items.count, 39)
        XCTAssertEqual(items.map(\.index), Array(30...68))
    }

    func testPrefetchMarginGrowsTheMainAxisOnly() {
        let layout = symbols.layout(width: 390, count: 10_000, sizing: .square(50))
        let plain = layout.items(in: Rect(x: 0, y: 700, width: 390, height: 844))
        let wide = layout.items(in: Rect(x: 0, y: 700, width: 390, height: 844), margin: 140)
        XCTAssertEqual(wide.count, plain.count + 12)
    }

    func testBillionItemsAnswerLikeAThousand() {
        let big = symbols.layout(width: 390, count: 1_000_000_000, sizing: .square(50))
        let y = big.contentSize.height - 844
        let items = big.items(in: Rect(x: 0, y: y, width: 390, height: 844))
        XCTAssertEqual(items.last?.index, 999_999_999)
        XCTAssertLessThanOrEqual(items.count, 14 * 3)
        assertRect(big.frame(of: 999_999_999), 37.333, Double(333_333_333) * 70, 50, 50)
    }

    func testIndexAtPoint() {
        let layout = symbols.layout(width: 390, count: 100, sizing: .square(50))
        XCTAssertEqual(layout.index(at: Point(x: 40, y: 10)), 0)
        XCTAssertEqual(layout.index(at: Point(x: 200, y: 75)), 4)
        XCTAssertNil(layout.index(at: Point(x: 10, y: 10)), "left of the centred square")
        XCTAssertNil(layout.index(at: Point(x: 200, y: 60)), "in the row gap")
        XCTAssertNil(layout.index(at: Point(x: 200, y: 1e6)))
    }

    func testLastRowMayBeShort() {
        let layout = symbols.layout(width: 390, count: 4, sizing: .square(50))
        XCTAssertEqual(layout.items(in: Rect(x: 0, y: 0, width: 390, height: 1000)).map(\.index), [0, 1, 2, 3])
        XCTAssertEqual(layout.contentSize.height, 120)
    }

    func testHorizontalGridSwapsAxes() {
        let grid = LazyHGrid(rows: flexible(3), spacing: 20)
        let layout = grid.layout(height: 390, count: 10, sizing: ItemSizing(cross: .fill, main: .fixed(50)))
        assertRect(layout.frame(of: 0), 0, 0, 50, 124.667)
        assertRect(layout.frame(of: 1), 0, 132.667, 50, 124.667)
        assertRect(layout.frame(of: 3), 70, 0, 50, 124.667)
        XCTAssertEqual(layout.contentSize.width, 4 * 50 + 3 * 20)
        XCTAssertEqual(layout.items(in: Rect(x: 65, y: 0, width: 10, height: 390)).map(\.index), [3, 4, 5])
    }

    func testSeed004BarsWidthsMakeColumnsOfTheWidestItem() {
        let widths: [Double] = [30, 40, 20, 25, 15]
        let rows = [GridItem(.fixed(30), spacing: 1), GridItem(.fixed(60), spacing: 10),
                    GridItem(.fixed(90), spacing: 20), GridItem(.fixed(10), spacing: 50)]
        let grid = LazyHGrid(rows: rows, spacing: 5)
        let layout = grid.layout(height: 600, count: 1500,
                                 sizing: ItemSizing(cross: .fill, main: .perItem { i, _ in widths[i % 5] }))
        // Column 0 holds items 0…3 (30, 40, 20, 25): 40 wide; column 1 items 4…7 (15, 30, 40, 20): 40.
        assertRect(layout.frame(of: 0), 5, 189.5, 30, 30)
        assertRect(layout.frame(of: 1), 0, 220.5, 40, 60)
        assertRect(layout.frame(of: 4), 45 + 12.5, 189.5, 15, 30)
        // Five columns repeat every 20 items: widths 40, 40, 40, 40, 30 → 190 + 5 × 5 gaps.
        XCTAssertEqual(layout.frame(of: 20)!.minX - layout.frame(of: 0)!.minX, 215, accuracy: 0.001)
    }

    func testGridItemAlignmentOverridesTheAnchor() {
        let grid = LazyVGrid(columns: [GridItem(.fixed(100), alignment: .topLeading), GridItem(.fixed(100))])
        let layout = grid.layout(width: 208, count: 2, sizing: ItemSizing(cross: .fixed(50), main: .perItem { i, _ in i == 0 ? 20 : 60 }))
        assertRect(layout.frame(of: 0), 0, 0, 50, 20)
        assertRect(layout.frame(of: 1), 133, 0, 50, 60)
    }

    func testRowIsAsTallAsItsTallestCellAndOthersCentre() {
        let grid = LazyVGrid(columns: flexible(2), spacing: 10)
        let layout = grid.layout(width: 208, count: 4, sizing: ItemSizing(cross: .fill, main: .perItem { i, _ in [20, 60, 30, 30][i] }))
        assertRect(layout.frame(of: 0), 0, 20, 100, 20)
        assertRect(layout.frame(of: 2), 0, 70, 100, 30)
        XCTAssertEqual(layout.contentSize.height, 100)
    }

    func testFillsRowStretchesToTheRow() {
        let grid = LazyVGrid(columns: flexible(2))
        let sizing = ItemSizing(cross: .fill, main: .perItem { i, _ in i == 0 ? 150 : 80 }, fillsRow: true)
        let layout = grid.layout(width: 208, count: 2, sizing: sizing)
        assertRect(layout.frame(of: 1), 108, 0, 100, 150)
    }

    /// Seed 000's cafe beside its coffee grid: the grid (`maxHeight: .infinity`) stretches to the
    /// row the cafe photo makes, the photo sits at its own height in the middle of the row.
    func testOnlyTheItemsThatFillTheirRowStretch() {
        let grid = LazyVGrid(columns: flexible(2))
        let sizing = ItemSizing(cross: .fill, main: .perItem { i, _ in [150, 80, 60, 108][i] }, fillsRowOf: { $0 % 2 == 1 })
        let layout = grid.layout(width: 208, count: 4, sizing: sizing)
        assertRect(layout.frame(of: 0), 0, 0, 100, 150)
        assertRect(layout.frame(of: 1), 108, 0, 100, 150)
        assertRect(layout.frame(of: 2), 0, 158 + 24, 100, 60)
        assertRect(layout.frame(of: 3), 108, 158, 100, 108)
        XCTAssertEqual(layout.contentSize.height, 266)
    }

    func testMainLengthCanDependOnTrackWidth() {
        // A nested grid's height depends on the width it is given.
        let grid = LazyVGrid(columns: [GridItem(.fixed(100)), GridItem(.fixed(200))])
        let layout = grid.layout(width: 308, count: 2, sizing: ItemSizing(cross: .fill, main: .perItem { _, w in w / 2 }))
        XCTAssertEqual(layout.frame(of: 0)!.height, 50)
        XCTAssertEqual(layout.frame(of: 1)!.height, 100)
    }

    func testVariedRowsQuery() {
        let grid = LazyVGrid(columns: flexible(2), spacing: 0)
        let layout = grid.layout(width: 200, count: 10, sizing: ItemSizing(cross: .fill, main: .perItem { i, _ in Double(10 * (i / 2 + 1)) }))
        // Row r is 10(r+1) tall and starts at 5r(r+1): 0, 10, 30, 60, 100; content 150.
        XCTAssertEqual(layout.contentSize.height, 150)
        XCTAssertEqual(layout.items(in: Rect(x: 0, y: 35, width: 200, height: 30)).map(\.index), [4, 5, 6, 7])
        XCTAssertEqual(layout.index(at: Point(x: 150, y: 99)), 7)
    }

    func testEmptyAndTracklessGridsAnswerNothing() {
        let empty = symbols.layout(width: 390, count: 0, sizing: .square(50))
        XCTAssertTrue(empty.items(in: Rect(x: 0, y: 0, width: 390, height: 800)).isEmpty)
        XCTAssertEqual(empty.contentSize.height, 0)
        let trackless = LazyVGrid(columns: []).layout(width: 390, count: 10, sizing: .square(50))
        XCTAssertNil(trackless.frame(of: 0))
        XCTAssertNil(trackless.index(at: .zero))
        XCTAssertTrue(trackless.items(in: Rect(x: 0, y: 0, width: 390, height: 800)).isEmpty)
    }

    func testZeroExtentRowsNeverMatch() {
        let layout = LazyVGrid(columns: flexible(3), spacing: 0).layout(width: 390, count: 1_000_000, sizing: .fill(0))
        XCTAssertTrue(layout.items(in: Rect(x: 0, y: 0, width: 390, height: 800)).isEmpty)
    }
}
