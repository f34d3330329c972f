import XCTest
import GridCore
import GridMotion
@testable import CoffeeGridApp

/// The grid scroll view's animated changes, without a window: blends, inserted and removed items,
/// and live resizes mid-animation.
final class GridScrollViewTransitionTests: XCTestCase {
    let viewport = Rect(x: 0, y: 100, width: 390, height: 700)

    func config(columns: Int, count: Int = 40) -> GridScrollView.Configuration {
        GridScrollView.Configuration(items: Array(repeating: GridItem(.flexible()), count: columns), spacing: 10,
                                     sections: [GridSection(count: count)], sizing: .fill(columns == 1 ? 200 : 100), padding: .all(10))
    }

    func grid(columns: Int, count: Int = 40) -> GridScrollView {
        let g = GridScrollView(config(columns: columns, count: count))
        g.update(frame: viewport, time: 0)
        return g
    }

    func testResizeMidAnimationHeadsForTheNewSize() {
        let g = grid(columns: 1)
        g.setConfiguration(config(columns: 2), animation: .interactiveSpring)
        g.update(frame: viewport, time: 0.05)
        g.update(frame: Rect(x: 0, y: 100, width: 500, height: 700), time: 0.06)
        XCTAssertTrue(g.isTransitioning)
        for (i, r) in g.transition.rects { XCTAssertEqual(r.target, g.layout.frame(of: i), "item \(i)") }
    }

    func testRemovedItemsAreReturnedAndTheRestKeepTheirIdentity() {
        let g = grid(columns: 1)
        let before = g.drawnFrame(of: 2)!
        // Every odd item goes: item 2k becomes item k.
        let removed = g.setConfiguration(config(columns: 1, count: 20), animation: .interactiveSpring,
                                         mapping: .init(newIndex: { $0 % 2 == 0 ? $0 / 2 : nil }, oldIndex: { $0 * 2 }))
        XCTAssertEqual(removed.map(\.index), [1, 3])
        // The old item 2 is item 1 now and starts where item 2 was drawn.
        XCTAssertEqual(g.drawnFrame(of: 1)!.minY, before.minY, accuracy: 1e-9)
        XCTAssertNotEqual(g.transition.rects[1]?.target, nil)
    }

    func testEndingABlendAnimatesFromTheBlendedFrames() {
        let g = grid(columns: 2)
        g.scroll.settle(at: 600)
        g.update(frame: viewport, time: 0.05)
        let p = Point(x: 200, y: 400)
        let anchor = g.anchor(at: p)!
        let under = g.drawnFrame(of: anchor.index)!
        g.setBlend(from: config(columns: 2), to: config(columns: 3), fraction: 0.4, anchor: anchor, at: p)
        g.update(frame: viewport, time: 0.1)
        // The anchor's point stays under the pointer along the scroll axis.
        let blended = g.drawnFrame(of: anchor.index)!
        XCTAssertEqual(blended.minY + anchor.unit.y * blended.height, under.minY + anchor.unit.y * under.height, accuracy: 1e-6)
        let shown = g.visibleItems().map(\.index)
        let drawn = shown.map { g.drawnFrame(of: $0)! }
        g.setConfiguration(config(columns: 2), animation: .interactiveSpring, anchor: anchor)
        XCTAssertNil(g.blend)
        for (k, i) in shown.enumerated() { XCTAssertEqual(distance(g.drawnFrame(of: i)!, drawn[k]), 0, accuracy: 1e-6, "item \(i) jumped") }
    }

    func testABlendStartedMidAnimationCarriesTheMotionLeft() {
        let g = grid(columns: 1)
        g.setConfiguration(config(columns: 2), animation: .interactiveSpring)
        g.update(frame: viewport, time: 0.03)
        let before = g.drawnFrame(of: 1)!
        let anchor = g.anchor(at: Point(x: 200, y: 300))!
        // A blend at fraction 0 is the two-column layout: what is left of the animation stays on top.
        g.setBlend(from: config(columns: 2), to: config(columns: 3), fraction: 0.5, anchor: anchor, at: Point(x: 200, y: 300))
        g.setBlend(from: config(columns: 2), to: config(columns: 3), fraction: 0, anchor: anchor, at: Point(x: 200, y: 300))
        XCTAssertEqual(distance(g.drawnFrame(of: 1)!, before), 0, accuracy: 1e-6)
        // Ending it mid-blend: the moving items start from the blended frame plus their remaining motion.
        g.setBlend(from: config(columns: 2), to: config(columns: 3), fraction: 0.7, anchor: anchor, at: Point(x: 200, y: 300))
        let mid = g.drawnFrame(of: 1)!
        g.setConfiguration(config(columns: 3), animation: .interactiveSpring, anchor: anchor)
        XCTAssertEqual(distance(g.drawnFrame(of: 1)!, mid), 0, accuracy: 1e-6)
    }

    private func distance(_ a: Rect, _ b: Rect) -> Double {
        max(abs(a.minX - b.minX), abs(a.minY - b.minY), abs(a.width - b.width), abs(a.height - b.height))
    }
}
