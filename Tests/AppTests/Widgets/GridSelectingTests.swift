import XCTest
import Foundation
import GridCore
import Stage
import SystemIO
@testable import CoffeeGridApp
import StageInterface

/// The desktop's selection conventions on one grid, without a window: clicks with their modifiers,
/// the rubber band and its autoscroll, the keys.
final class GridSelectingTests: XCTestCase {
    let viewport = Rect(x: 0, y: 100, width: 390, height: 700)

    /// Three 120-point columns of 100-point rows, 10 apart, inside 10 points of padding.
    func grid(count: Int = 300) -> GridScrollView { .threeColumns(count: count, in: viewport) }

    func click(_ g: GridScrollView, _ i: Int, _ mods: KeyModifiers = [], clicks: Int = 1) {
        let p = g.drawnFrame(of: i)!.center
        g.handleSelectingPointer(.down(p, MousePress(modifiers: mods, clicks: clicks)))
        g.handleSelectingPointer(.up(p))
    }

    func testClicksWithModifiers() {
        let g = grid()
        click(g, 4)
        XCTAssertEqual(g.selection.ranges, [4...4]); XCTAssertEqual(g.selected, 4)
        click(g, 10, .shift)
        XCTAssertEqual(g.selection.ranges, [4...10], "Shift+click: anchor…clicked")
        click(g, 1, .shift)
        XCTAssertEqual(g.selection.ranges, [1...4], "Shift+click replaces, from the same anchor")
        click(g, 7, .control)
        XCTAssertEqual(g.selection.ranges, [1...4, 7...7], "Ctrl+click toggles one in")
        click(g, 2, .control)
        XCTAssertEqual(g.selection.ranges, [1...1, 3...4, 7...7], "and out")
        click(g, 12, [.control, .shift])
        XCTAssertEqual(g.selection.ranges, [1...1, 2...12].reduce(into: GridSelection()) { $0.insert($1) }.ranges,
                       "Ctrl+Shift+click adds anchor (2)…12")
        click(g, 12, clicks: 2)
        XCTAssertEqual(g.selection.count, 12, "the second press of a double-click on a selected item keeps the selection")
        let gap = Point(x: g.drawnFrame(of: 4)!.midX, y: g.drawnFrame(of: 4)!.minY - 5)
        g.handleSelectingPointer(.down(gap, MousePress(modifiers: .control)))
        g.handleSelectingPointer(.up(gap))
        XCTAssertEqual(g.selection.count, 12, "Ctrl+click on empty space keeps the selection")
        g.handleSelectingPointer(.down(gap))
        g.handleSelectingPointer(.up(gap))
        XCTAssertTrue(g.selection.isEmpty, "a click on empty space clears")
    }

    func testTheRubberBandSelectsWhatItTouchesAndCtrlAdds() {
        let g = grid()
        click(g, 0)
        let a = g.drawnFrame(of: 4)!.center, b = g.drawnFrame(of: 8)!.center
        g.handleSelectingPointer(.down(a))
        g.handleSelectingPointer(.move(Point(x: a.x + 10, y: a.y + 10)))
        XCTAssertEqual(g.offset, 0, "a mouse drag does not scroll")
        g.handleSelectingPointer(.move(b))
        g.update(frame: viewport, time: 1.0 / 60)
        XCTAssertEqual(g.selection.indices, [4, 5, 7, 8], "the band from the middle of 4 to the middle of 8 touches 4, 5, 7, 8")
        XCTAssertNotNil(g.bandFrame)
        g.handleSelectingPointer(.up(b))
        XCTAssertNil(g.bandFrame)
        XCTAssertEqual(g.selection.indices, [4, 5, 7, 8], "and keeps it when released")
        // Ctrl: a second band adds to the first.
        let c = g.drawnFrame(of: 12)!.center
        g.handleSelectingPointer(.down(c, MousePress(modifiers: .control)))
        g.handleSelectingPointer(.move(Point(x: c.x + 8, y: c.y + 8)))
        g.handleSelectingPointer(.up(Point(x: c.x + 8, y: c.y + 8)))
        XCTAssertEqual(g.selection.indices, [4, 5, 7, 8, 12])
        // Esc mid-band puts the selection back.
        g.handleSelectingPointer(.down(a))
        g.handleSelectingPointer(.move(b))
        _ = g.updateBand()
        XCTAssertEqual(g.selection.indices, [4, 5, 7, 8])
        XCTAssertTrue(g.handleFocusKey(.escape, []))
        XCTAssertEqual(g.selection.indices, [4, 5, 7, 8, 12], "Esc ends the band and restores what was selected")
        XCTAssertNil(g.handleSelectingPointer(.up(b)), "the release after Esc is no click")
    }

    func testPastTheEdgeTheBandAutoscrollsFasterFurtherOutAndCellsJoin() {
        func scrolled(after seconds: Double, beyond: Double) -> (Double, Int) {
            let g = grid()
            let a = g.drawnFrame(of: 0)!.center
            g.handleSelectingPointer(.down(a))
            g.handleSelectingPointer(.move(Point(x: a.x, y: viewport.maxY + beyond)))
            var t = 0.0
            while t < seconds { t += 1.0 / 60; g.update(frame: viewport, time: t) }
            g.handleSelectingPointer(.up(Point(x: a.x, y: viewport.maxY + beyond)))
            return (g.offset, g.selection.count)
        }
        let (near, nearCount) = scrolled(after: 1, beyond: 20)
        let (far, farCount) = scrolled(after: 1, beyond: 200)
        XCTAssertGreaterThan(near, 100, "20 points past the edge scrolls")
        XCTAssertGreaterThan(far, 4 * near, "200 points past scrolls much faster")
        XCTAssertGreaterThan(farCount, nearCount, "cells that scrolled in joined the band")
        let g = grid()
        XCTAssertEqual(GridGestures.autoscrollSpeed(pointer: viewport.center, viewport: viewport, axis: .vertical), 0)
        XCTAssertLessThan(GridGestures.autoscrollSpeed(pointer: Point(x: 10, y: viewport.minY - 50), viewport: viewport, axis: .vertical), 0)
        XCTAssertEqual(g.offset, 0)
    }

    func testATouchDragScrollsInsteadOfBanding() {
        let g = grid()
        let a = g.drawnFrame(of: 10)!.center
        g.handleSelectingPointer(.down(a, MousePress(isTouch: true)))
        g.handleSelectingPointer(.move(Point(x: a.x, y: a.y - 200)))
        XCTAssertEqual(g.offset, 200, accuracy: 1e-9)
        XCTAssertNil(g.bandFrame)
        XCTAssertTrue(g.selection.isEmpty)
    }

    func testKeys() {
        let g = grid()
        XCTAssertTrue(g.handleFocusKey(.character("a"), .control))
        XCTAssertEqual(g.selection.ranges, [0...299], "Ctrl+A")
        XCTAssertTrue(g.handleFocusKey(.escape, []))
        XCTAssertTrue(g.selection.isEmpty, "Esc clears")
        XCTAssertFalse(g.handleFocusKey(.escape, []), "an Esc with nothing selected is not used")
        XCTAssertFalse(g.handleFocusKey(.down, []), "arrows need the focus")
        g.setFocus(true)
        XCTAssertEqual(g.focused, 0)
        XCTAssertTrue(g.handleFocusKey(.right, []))
        XCTAssertEqual(g.focused, 1); XCTAssertTrue(g.selection.isEmpty, "arrows move the focus only")
        XCTAssertTrue(g.handleFocusKey(.down, .shift))
        XCTAssertEqual(g.selection.ranges, [1...4], "Shift+Down extends from the anchor a row down")
        XCTAssertTrue(g.handleFocusKey(.space, []))
        XCTAssertEqual(g.selection.ranges, [1...3], "Space toggles the focused item")
        XCTAssertTrue(g.handleFocusKey(.end, .shift))
        XCTAssertEqual(g.selection.ranges, [4...299], "Shift+End: from the anchor (the toggled 4) to the last")
        XCTAssertTrue(g.handleFocusKey(.home, []))
        XCTAssertEqual(g.focused, 0)
        XCTAssertTrue(g.handleFocusKey(.pageDown, []))
        XCTAssertEqual(g.focused, 18, "a 700-point page holds six 110-point rows of three")
        XCTAssertTrue(g.handleFocusKey(.up, .shift))
        XCTAssertEqual(g.selection.ranges, [15...18])
        XCTAssertTrue(g.handleFocusKey(.enter, []))
        XCTAssertEqual(g.selection.ranges, [15...18], "Return on a selected item keeps the selection")
    }

    func testAllOfABillionSelectedDrawsOnlyWhatIsOnScreen() {
        let g = grid(count: 1_000_000_000)
        XCTAssertTrue(g.handleFocusKey(.character("a"), .control))
        XCTAssertEqual(g.selection.count, 1_000_000_000)
        XCTAssertEqual(g.selection.ranges.count, 1)
        var list = DrawList()
        g.drawSelection(&list, env: AppEnvironment(windowSize: Size(width: 390, height: 844), sizeClasses: SizeClasses(windowSize: Size(width: 390, height: 844)),
                                                   scale: 1, appearance: .light, time: 0, resources: ResourceLocator(root: URL(fileURLWithPath: "/nonexistent"))))
        XCTAssertGreaterThan(list.commands.count, 0)
        XCTAssertLessThan(list.commands.count, 60 * 7, "marks for the ~50 cells drawn, not for a billion")
        XCTAssertEqual(g.selectionStatus?.hasPrefix("all 1000000000 selected"), true)
    }
}
