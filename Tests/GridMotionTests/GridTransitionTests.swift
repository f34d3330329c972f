import XCTest
import GridCore
@testable import GridMotion

/// Items moving from where they are drawn to their frames in a new layout, in that layout's
/// coordinates, retargeted and renumbered without jumps.
final class GridTransitionTests: XCTestCase {
    let spring: Animation = .spring
    let origin = Point(x: 10, y: 100)

    func testItemsStartWhereTheyAreDrawnAndEndAtTheirTargets() {
        var t = GridTransition()
        XCTAssertTrue(t.isEmpty)
        let targets = [0: Rect(x: 0, y: 0, width: 100, height: 100), 1: Rect(x: 110, y: 0, width: 100, height: 100)]
        // Drawn in window points; the transition keeps layout points (window − origin).
        t.begin(items: [(0, Rect(x: 10, y: 100, width: 200, height: 200)), (1, Rect(x: 10, y: 310, width: 200, height: 200))],
                target: { targets[$0] }, origin: origin, oldOrigin: origin, animation: spring, at: 1)
        XCTAssertEqual(t.frame(of: 0, at: 1), Rect(x: 0, y: 0, width: 200, height: 200))
        XCTAssertEqual(t.frame(of: 1, at: 1), Rect(x: 0, y: 210, width: 200, height: 200))
        XCTAssertEqual(Set(t.indices), [0, 1])
        XCTAssertTrue(t.update(at: 1.1))
        let mid = t.frame(of: 1, at: 1.1)!
        XCTAssertLessThan(mid.minY, 210)
        XCTAssertGreaterThan(mid.minY, 0)
        XCTAssertFalse(t.update(at: 5), "a spring is over long before 4 s")
        XCTAssertTrue(t.isEmpty)
        XCTAssertNil(t.frame(of: 0, at: 5))
    }

    func testAnItemWithoutATargetStopsMoving() {
        var t = GridTransition()
        t.begin(items: [(3, Rect(x: 0, y: 0, width: 10, height: 10))], target: { _ in nil }, origin: .zero, oldOrigin: .zero,
                animation: spring, at: 0)
        XCTAssertTrue(t.isEmpty)
    }

    func testANewOriginCarriesFramesInFlightWithoutAJump() {
        var t = GridTransition()
        let target = Rect(x: 0, y: 500, width: 100, height: 100)
        t.begin(items: [(0, Rect(x: 10, y: 100, width: 100, height: 100))], target: { _ in target }, origin: origin, oldOrigin: origin,
                animation: spring, at: 0)
        let drawn = t.frame(of: 0, at: 0.1)!.offsetBy(dx: origin.x, dy: origin.y)
        // The content scrolled 300 points up: the layout's origin moved, the picture must not.
        let scrolled = Point(x: origin.x, y: origin.y - 300)
        t.begin(items: [], target: { _ in target }, origin: scrolled, oldOrigin: origin, animation: spring, at: 0.1)
        let after = t.frame(of: 0, at: 0.1)!.offsetBy(dx: scrolled.x, dy: scrolled.y)
        XCTAssertEqual(after.minY, drawn.minY, accuracy: 1e-9)
        XCTAssertEqual(after.minX, drawn.minX, accuracy: 1e-9)
    }

    func testRetargetingFromWhereItIsKeepsTheVelocity() {
        var t = GridTransition()
        let a = Rect(x: 0, y: 0, width: 100, height: 100), b = Rect(x: 0, y: 400, width: 100, height: 100)
        t.begin(items: [(0, Rect(x: 0, y: 0, width: 100, height: 100))], target: { _ in b }, origin: .zero, oldOrigin: .zero, animation: spring, at: 0)
        let drawn = t.frame(of: 0, at: 0.1)!
        t.begin(items: [(0, drawn)], target: { _ in a }, origin: .zero, oldOrigin: .zero, animation: spring, at: 0.1)
        XCTAssertEqual(t.frame(of: 0, at: 0.1)!.minY, drawn.minY, accuracy: 1e-9, "no jump where it turns round")
        // Still carried on by the speed it had towards b for a moment.
        XCTAssertGreaterThan(t.frame(of: 0, at: 0.12)!.minY, drawn.minY)
    }

    func testRemapRenumbersAndDropsRemovedItems() {
        var t = GridTransition()
        let items = (0..<4).map { ($0, Rect(x: 0, y: Double($0) * 50, width: 40, height: 40)) }
        t.begin(items: items, target: { Rect(x: 0, y: Double($0) * 60, width: 40, height: 40) }, origin: .zero, oldOrigin: .zero,
                animation: spring, at: 0)
        let second = t.frame(of: 2, at: 0.05)
        t.remap { $0 % 2 == 0 ? $0 / 2 : nil }
        XCTAssertEqual(Set(t.indices), [0, 1])
        XCTAssertEqual(t.frame(of: 1, at: 0.05), second)
        t.keepOnly([1])
        XCTAssertEqual(Array(t.indices), [1])
        t.cancel()
        XCTAssertTrue(t.isEmpty)
    }

    func testRetargetMovesTargetAndPictureByTheSameAmount() {
        var t = GridTransition()
        t.begin(items: [(0, Rect(x: 0, y: 0, width: 100, height: 100))], target: { _ in Rect(x: 0, y: 300, width: 200, height: 200) },
                origin: .zero, oldOrigin: .zero, animation: spring, at: 0)
        let before = t.frame(of: 0, at: 0.1)!, residual = t.residual(of: 0, at: 0.1)!
        XCTAssertEqual(before.minY - 300, residual.minY, accuracy: 1e-9)
        XCTAssertEqual(before.width - 200, residual.width, accuracy: 1e-9)
        // The window grew: the target is 50 points lower and 20 wider; so is the moving picture.
        t.retarget { _ in Rect(x: 0, y: 350, width: 220, height: 200) }
        let after = t.frame(of: 0, at: 0.1)!
        XCTAssertEqual(after.minY - before.minY, 50, accuracy: 1e-9)
        XCTAssertEqual(after.width - before.width, 20, accuracy: 1e-9)
        XCTAssertEqual(t.residual(of: 0, at: 0.1)!.minY, residual.minY, accuracy: 1e-9)
        t.retarget { _ in nil }
        XCTAssertTrue(t.isEmpty)
    }

    func testShiftMovesEverythingInLayoutSpace() {
        var t = GridTransition()
        t.begin(items: [(0, Rect(x: 0, y: 0, width: 10, height: 10))], target: { _ in Rect(x: 0, y: 100, width: 10, height: 10) },
                origin: .zero, oldOrigin: .zero, animation: spring, at: 0)
        let before = t.frame(of: 0, at: 0.05)!
        t.shift(dx: 5, dy: -7)
        XCTAssertEqual(t.frame(of: 0, at: 0.05)!, before.offsetBy(dx: 5, dy: -7))
    }
}

final class EdgeInsetsTests: XCTestCase {
    func testInsetTakesEachSideAndNeverGoesNegative() {
        let r = Rect(x: 10, y: 20, width: 100, height: 50)
        XCTAssertEqual(EdgeInsets.all(10).inset(r), Rect(x: 20, y: 30, width: 80, height: 30))
        XCTAssertEqual(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4).inset(r), Rect(x: 12, y: 21, width: 94, height: 46))
        XCTAssertEqual(EdgeInsets.all(40).inset(r), Rect(x: 50, y: 60, width: 20, height: 0))
        XCTAssertEqual(EdgeInsets.zero.inset(r), r)
    }
}
