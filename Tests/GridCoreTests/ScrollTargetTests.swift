import XCTest
@testable import GridCore

final class ScrollTargetTests: XCTestCase {
    let content = Size(width: 390, height: 10_000)
    let viewport = Rect(x: 0, y: 1000, width: 390, height: 800)

    func testNilAnchorDoesNotMoveWhenAlreadyVisible() {
        let p = scrollOffset(toReveal: Rect(x: 0, y: 1100, width: 50, height: 50), anchor: nil, viewport: viewport, contentSize: content)
        XCTAssertEqual(p.y, 1000)
    }

    func testNilAnchorMovesTheLeastToRevealBelow() {
        let p = scrollOffset(toReveal: Rect(x: 0, y: 1790, width: 50, height: 50), anchor: nil, viewport: viewport, contentSize: content)
        XCTAssertEqual(p.y, 1040)
    }

    func testNilAnchorMovesTheLeastToRevealAbove() {
        let p = scrollOffset(toReveal: Rect(x: 0, y: 500, width: 50, height: 50), anchor: nil, viewport: viewport, contentSize: content)
        XCTAssertEqual(p.y, 500)
    }

    func testAnchorsAlignTheSamePoints() {
        let f = Rect(x: 0, y: 5000, width: 50, height: 100)
        XCTAssertEqual(scrollOffset(toReveal: f, anchor: .top, viewport: viewport, contentSize: content).y, 5000)
        XCTAssertEqual(scrollOffset(toReveal: f, anchor: .center, viewport: viewport, contentSize: content).y, 4650)
        XCTAssertEqual(scrollOffset(toReveal: f, anchor: .bottom, viewport: viewport, contentSize: content).y, 4300)
    }

    func testClampedToTheContent() {
        let f = Rect(x: 0, y: 9950, width: 50, height: 50)
        XCTAssertEqual(scrollOffset(toReveal: f, anchor: .top, viewport: viewport, contentSize: content).y, 9200)
        XCTAssertEqual(scrollOffset(toReveal: Rect(x: 0, y: 0, width: 5, height: 5), anchor: .bottom, viewport: viewport, contentSize: content).y, 0)
    }

    func testHorizontalDockScrollsToTheNewestPhoto() {
        // A dock 358 wide showing photos 100 wide with 8-pt gaps: the 5th photo (432…532) needs 174.
        let layout = LazyHGrid(rows: [GridItem()]).layout(height: 100, count: 5, sizing: .fill(100))
        let p = layout.scrollOffset(toReveal: 4, viewport: Rect(x: 0, y: 0, width: 358, height: 100))
        XCTAssertEqual(p?.x, 174)
        XCTAssertEqual(p?.y, 0)
    }
}

final class GeometryTests: XCTestCase {
    func testARectIsFiniteOnlyWhenAllFourNumbersAre() {
        XCTAssertTrue(Rect(x: -1, y: 2, width: 0, height: 1e300).isFinite)
        for bad in [Double.nan, .infinity, -.infinity] {
            XCTAssertFalse(Rect(x: bad, y: 0, width: 1, height: 1).isFinite)
            XCTAssertFalse(Rect(x: 0, y: bad, width: 1, height: 1).isFinite)
            XCTAssertFalse(Rect(x: 0, y: 0, width: bad, height: 1).isFinite)
            XCTAssertFalse(Rect(x: 0, y: 0, width: 1, height: bad).isFinite)
        }
    }
}
