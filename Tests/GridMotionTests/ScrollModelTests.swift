import XCTest
import GridCore
@testable import GridMotion

final class ScrollModelTests: XCTestCase {
    func model(content: Double = 10_000, viewport: Double = 800) -> ScrollModel {
        var m = ScrollModel()
        m.setGeometry(content: content, viewport: viewport, at: 0)
        return m
    }

    func testPreciseDeltasApplyAtOnceAndClamp() {
        var m = model()
        m.scroll(by: 120, animated: false, at: 0)
        XCTAssertEqual(m.offset(at: 0), 120)
        m.scroll(by: -500, animated: false, at: 0)
        XCTAssertEqual(m.offset(at: 0), 0)
        m.scroll(by: 1e9, animated: false, at: 0)
        XCTAssertEqual(m.offset(at: 0), 9200)
    }

    func testWheelNotchesAnimateAndAccumulate() {
        var m = model()
        m.scroll(by: 40, animated: true, at: 0)
        m.scroll(by: 40, animated: true, at: 0.05)
        let mid = m.offset(at: 0.08)
        XCTAssertGreaterThan(mid, 0)
        XCTAssertLessThan(mid, 80)
        XCTAssertTrue(m.update(at: 0.08))
        XCTAssertFalse(m.update(at: 1))
        XCTAssertEqual(m.offset(at: 1), 80, accuracy: 1e-6)
    }

    func testDragFollowsThePointerThenFlickCarriesMomentum() {
        var m = model()
        m.scroll(by: 1000, animated: false, at: 0)
        m.beginDrag(pointer: 500, at: 0)
        // Content follows the finger: moving up 200 points scrolls 200 further down.
        for i in 1...10 { m.drag(pointer: 500 - Double(i) * 20, at: Double(i) / 60) }
        XCTAssertEqual(m.offset(at: 10 / 60), 1200, accuracy: 1e-9)
        m.endDrag(at: 10 / 60)
        XCTAssertTrue(m.isMoving(at: 0.3))
        let later = m.offset(at: 0.6)
        XCTAssertGreaterThan(later, 1200)
        // Momentum decays: ends at v·τ beyond the release point (1200 pt/s × 0.5 s = 600).
        XCTAssertEqual(m.targetOffset(at: 0.6), 1800, accuracy: 1)
        var t = 0.2
        while m.update(at: t) { t += 1 / 60 }
        XCTAssertLessThan(t, 5)
        XCTAssertLessThanOrEqual(m.offset(at: t), 1800)
    }

    func testSlowReleaseHasNoMomentum() {
        var m = model()
        m.beginDrag(pointer: 500, at: 0)
        m.drag(pointer: 400, at: 0.1)
        m.endDrag(at: 0.5)
        XCTAssertFalse(m.isMoving(at: 0.5))
        XCTAssertEqual(m.offset(at: 0.5), 100)
    }

    func testMomentumStopsAtTheEnd() {
        var m = model(content: 1000, viewport: 800)
        m.beginDrag(pointer: 500, at: 0)
        m.drag(pointer: 400, at: 0.05)
        m.endDrag(at: 0.05)
        var t = 0.05
        while m.update(at: t) { t += 1 / 60 }
        XCTAssertEqual(m.offset(at: t), 200)
    }

    func testAnimatedScrollToAndShrinkingContentClamps() {
        var m = model()
        m.scroll(to: 5000, animation: .spring, at: 0)
        XCTAssertGreaterThan(m.offset(at: 0.1), 0)
        XCTAssertEqual(m.offset(at: 5), 5000, accuracy: 0.01)
        _ = m.update(at: 5)
        m.setGeometry(content: 2000, viewport: 800, at: 5)
        XCTAssertEqual(m.offset(at: 5), 1200)
        m.setGeometry(content: 100, viewport: 800, at: 5)
        XCTAssertEqual(m.offset(at: 5), 0)
        XCTAssertEqual(m.maxOffset, 0)
    }
}
