import XCTest
import GridCore
import GridMotion
import Stage
@testable import CoffeeGridApp
import StageInterface

/// The grid's measure pass and its gestures, without a window: one measured frame a frame, read by
/// everyone, and typed gestures from pointer events.
final class GridFrameTests: XCTestCase {
    let viewport = Rect(x: 0, y: 100, width: 390, height: 700)

    /// Three 120-point columns of 100-point rows, 10 apart, inside 10 points of padding.
    func grid(count: Int = 300) -> GridScrollView { .threeColumns(count: count, in: viewport) }

    func testTheFrameIsMeasuredOnceAndReadingItChangesNothing() {
        let g = grid()
        let f = g.measured
        XCTAssertEqual(g.itemsToDraw(), f.items)
        XCTAssertEqual(g.visibleItems(), f.visible)
        XCTAssertEqual(g.materialized, f.items.count)
        // The prefetch margin (half a viewport each way) holds more than the viewport.
        XCTAssertGreaterThan(f.items.count, f.visible.count)
        XCTAssertTrue(f.visible.allSatisfy { $0.frame.intersects(viewport) })
        XCTAssertEqual(f.visible.map(\.index), Array(0..<21), "seven rows of three start in view")
        _ = g.itemsToDraw()
        XCTAssertEqual(g.measured.items, f.items)
        XCTAssertEqual(g.materialized, f.materialized)
        // Frames are the layout's, placed at the origin.
        XCTAssertEqual(f.drawnFrame(of: 4), g.layout.frame(of: 4)!.offsetBy(dx: f.origin.x, dy: f.origin.y))
        XCTAssertNil(f.drawnFrame(of: 299))
    }

    /// The content is drawn (and hit) on whole device pixels, as UIKit rounds `contentOffset`:
    /// a scroll frame is then a whole-pixel move a retained frame can copy. The offset itself
    /// (the model, the state file) keeps its true value.
    func testTheScrollIsDrawnOnWholeDevicePixelsAndKeepsItsTrueOffset() {
        let g = grid()
        g.scroll.settle(at: 100.3)
        g.update(frame: viewport, time: 0, scale: 1)
        XCTAssertEqual(g.measured.offset, 100.3, "the model keeps the true value")
        XCTAssertEqual(g.layoutOrigin.y, viewport.minY + 10 - 100, "drawn at 100 points on a 1× display")
        g.update(frame: viewport, time: 0, scale: 2)
        XCTAssertEqual(g.layoutOrigin.y, viewport.minY + 10 - 100.5, "and at 100.5 (201 pixels) on a 2× one")
        g.scroll.settle(at: 100.2)
        XCTAssertEqual(g.layoutOrigin.y, viewport.minY + 10 - 100, "200.4 pixels: 200")
        let item = try! XCTUnwrap(g.drawnFrame(of: 3))
        XCTAssertEqual(item.minY, viewport.minY + 10 + 110 - 100, "items are drawn where the origin is")
        XCTAssertEqual(g.index(at: Point(x: item.midX, y: item.minY + 0.1)), 3, "and hit where they are drawn")
        let scroll = g.stateEntries().first { $0.0 == "scroll" }?.1
        XCTAssertEqual(scroll, .object([("offset", .number(100.2)), ("max", .number(g.scroll.maxOffset))]), "the state file says the true offset")
    }

    func testAnEventBetweenFramesIsSeenByTheNextReader() {
        let g = grid()
        let before = g.measured
        g.handlePointer(.wheel(dx: 0, dy: 330, precise: true, at: viewport.center, modifiers: []))
        XCTAssertEqual(g.measured.offset, 330)
        XCTAssertEqual(g.measured.visible.first?.index, 9, "three rows of 110 points scrolled away")
        XCTAssertNotEqual(g.measured.items, before.items)
    }

    func testClicksOnItemsAndBetweenThem() {
        let g = grid()
        let item = g.measured.drawnFrame(of: 4)!
        XCTAssertNil(g.handlePointer(.down(item.center)))
        XCTAssertEqual(g.handlePointer(.up(item.center)), .clicked(4, MousePress()))
        // The 10-point gap below the first row.
        let gap = Point(x: item.midX, y: item.minY - 5)
        g.handlePointer(.down(gap))
        XCTAssertEqual(g.handlePointer(.up(gap)), .background(MousePress()))
        // Outside the viewport nothing happens.
        XCTAssertNil(g.handlePointer(.down(Point(x: 10, y: 50))))
        XCTAssertNil(g.handlePointer(.up(Point(x: 10, y: 50))))
    }

    func testATouchDragScrollsAndIsNoClick() {
        let g = grid()
        let start = g.measured.drawnFrame(of: 10)!.center
        g.handlePointer(.down(start, MousePress(isTouch: true)))
        g.handlePointer(.move(Point(x: start.x, y: start.y - 3)))
        XCTAssertEqual(g.offset, 0, "within the slop a press is still a click")
        g.handlePointer(.move(Point(x: start.x, y: start.y - 200)))
        XCTAssertEqual(g.offset, 200, accuracy: 1e-9, "the content follows the pointer from where it was pressed")
        XCTAssertNil(g.handlePointer(.up(Point(x: start.x, y: start.y - 200))))
        XCTAssertEqual(g.measured.scrollbar?.opacity, 1, "the bar shows while scrolling")
    }

    func testTheScrollBarsThumbDragsTheContent() {
        let g = grid()
        let thumb = try! XCTUnwrap(g.measured.scrollbar?.thumb)
        g.handlePointer(.down(thumb.center))
        XCTAssertTrue(g.measured.scrollbar!.isDragged)
        let track = g.measured.scrollbar!.track
        g.handlePointer(.move(Point(x: thumb.midX, y: thumb.midY + (track.height - thumb.height))))
        XCTAssertEqual(g.offset, g.scroll.maxOffset, accuracy: 1e-6, "the whole travel is the whole content")
        XCTAssertNil(g.handlePointer(.up(thumb.center)))
        XCTAssertFalse(g.measured.scrollbar!.isDragged)
    }

    func testHoverFollowsThePointerAndLeavesWithIt() {
        let g = grid()
        let item = g.measured.drawnFrame(of: 5)!
        g.handlePointer(.move(item.center))
        XCTAssertEqual(g.hovered, 5)
        XCTAssertEqual(g.measured.scrollbar?.opacity ?? 0, 0.35, accuracy: 1e-9, "a faint bar while the pointer is over the view")
        g.handlePointer(.exit)
        XCTAssertNil(g.hovered)
    }

    func testTheScrollBarFadesAfterScrolling() {
        XCTAssertEqual(Scrollbar.opacity(since: 0.5), 1)
        XCTAssertEqual(Scrollbar.opacity(since: 0.95), 0.5, accuracy: 1e-9)
        XCTAssertEqual(Scrollbar.opacity(since: 1.1), 0)
        let g = grid()
        g.handlePointer(.wheel(dx: 0, dy: 40, precise: true, at: viewport.center, modifiers: []))
        XCTAssertFalse(g.update(frame: viewport, time: 0), "a touchpad's delta lands at once; the bar is fully shown")
        XCTAssertTrue(g.update(frame: viewport, time: 0.9), "fading")
        XCTAssertFalse(g.update(frame: viewport, time: 2))
        XCTAssertEqual(g.measured.scrollbar?.opacity, 0)
    }
}
