import XCTest
import GridCore
@testable import GridMotion

final class LayoutBlendTests: XCTestCase {
    func layout(columns: Int, count: Int = 20, extent: Double = 370) -> LazyGridLayout {
        LazyGridLayout(axis: .vertical, items: Array(repeating: GridItem(.flexible()), count: columns), extent: extent,
                       spacing: 10, sections: [GridSection(count: count)], sizing: .fill(columns == 1 ? 200 : 100))
    }

    func testEndsAreTheTwoLayoutsAndTheMiddleIsHalfWay() {
        let a = layout(columns: 2), b = layout(columns: 3)
        for i in 0..<20 {
            XCTAssertEqual(LayoutBlend(from: a, to: b, fraction: 0).frame(of: i), a.frame(of: i))
            XCTAssertEqual(LayoutBlend(from: a, to: b, fraction: 1).frame(of: i), b.frame(of: i))
            let m = LayoutBlend(from: a, to: b, fraction: 0.5).frame(of: i)!, fa = a.frame(of: i)!, fb = b.frame(of: i)!
            XCTAssertEqual(m.minY, (fa.minY + fb.minY) / 2, accuracy: 1e-9)
            XCTAssertEqual(m.width, (fa.width + fb.width) / 2, accuracy: 1e-9)
        }
        XCTAssertEqual(LayoutBlend(from: a, to: b, fraction: 0.25).mainExtent, a.mainExtent + (b.mainExtent - a.mainExtent) / 4, accuracy: 1e-9)
    }

    func testViewportQueryMatchesEveryItemChecked() {
        var rng = SplitMix64(seed: 5)
        for (from, to) in [(1, 2), (2, 3), (3, 4), (5, 6)] {
            let a = layout(columns: from, count: 500), b = layout(columns: to, count: 500)
            for _ in 0..<40 {
                let blend = LayoutBlend(from: a, to: b, fraction: .random(in: 0...1, using: &rng))
                let y = Double.random(in: -300...(blend.mainExtent + 100), using: &rng)
                let view = Rect(x: 0, y: y, width: 370, height: .random(in: 1...900, using: &rng))
                let margin = Double.random(in: 0...200, using: &rng)
                let grown = Rect(x: view.minX, y: view.minY - margin, width: view.width, height: view.height + 2 * margin)
                let expected = (0..<500).filter { blend.frame(of: $0)!.intersects(grown) }
                XCTAssertEqual(blend.items(in: view, margin: margin).map(\.index), expected)
            }
        }
    }

    func testHitTestingUsesTheBlendedFrames() {
        let blend = LayoutBlend(from: layout(columns: 1), to: layout(columns: 2), fraction: 0.5)
        let f = blend.frame(of: 3)!
        XCTAssertEqual(blend.index(at: f.center), 3)
        XCTAssertNil(blend.index(at: Point(x: -5, y: f.midY)))
    }
}

final class ColumnPinchTests: XCTestCase {
    func testWheelNotchIsHalfAColumnAndSettlesAWholeColumnAway() {
        var p = ColumnPinch(range: 1...6)
        XCTAssertFalse(p.isActive)
        p.wheel(dy: 40, from: 2, at: 0)
        XCTAssertEqual(p.columns, 2.5)
        XCTAssertEqual(p.nearest, 3)
        XCTAssertEqual(p.bracket?.lower, 2)
        XCTAssertEqual(p.bracket?.upper, 3)
        XCTAssertEqual(p.bracket?.fraction, 0.5)
        XCTAssertFalse(p.wheelEnded(at: 0.2))
        XCTAssertTrue(p.wheelEnded(at: 0.25))
        XCTAssertEqual(p.end(), 3)
        XCTAssertFalse(p.isActive)
        p.wheel(dy: -40, from: 3, at: 1)
        XCTAssertEqual(p.end(), 2, "wheel up zooms in")
    }

    func testStaysInsideItsRange() {
        var p = ColumnPinch(range: 1...6)
        p.wheel(dy: -400, from: 1, at: 0)
        XCTAssertEqual(p.columns, 1)
        XCTAssertEqual(p.bracket?.fraction, 0)
        p.wheel(dy: 10_000, from: 1, at: 0)
        XCTAssertEqual(p.columns, 6)
        XCTAssertEqual(p.bracket?.lower, 6)
        XCTAssertEqual(p.bracket?.upper, 6)
    }

    func testPinchScalesTheCountAndNeverTimesOut() {
        var p = ColumnPinch(range: 1...6)
        p.pinch(scale: 0.5, from: 2, at: 0)
        XCTAssertEqual(p.columns, 4)
        p.pinch(scale: 2, from: 2, at: 0.1)
        XCTAssertEqual(p.columns, 2)
        p.pinch(scale: .nan, from: 2, at: 0.1)
        XCTAssertEqual(p.columns, 2)
        XCTAssertFalse(p.wheelEnded(at: 10), "a touchpad pinch ends when the fingers lift")
    }
}
