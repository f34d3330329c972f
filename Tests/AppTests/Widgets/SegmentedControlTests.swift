import XCTest
import GridCore
@testable import CoffeeGridApp

/// The segmented picker's pointer handling, which the bars, cafes and styles scenes share: a press
/// on a segment chooses it and goes no further, the pointer's moves light the segment under it,
/// leaving the window clears it, and anything else passes on to the grid.
final class SegmentedControlTests: XCTestCase {
    let picker = SegmentedControl(options: ["a", "b", "c"], selection: 0)
    let frame = Rect(x: 10, y: 10, width: 304, height: SegmentedControl.height)

    func testPressMoveAndExit() {
        var hovered: Int?
        let second = picker.segments(in: frame)[1]
        XCTAssertEqual(picker.pointer(.down(second.center), in: frame, hovered: &hovered), .chose(1))
        // The control's 2-point rim is no segment: the press is the control's, nothing chosen.
        XCTAssertEqual(picker.pointer(.down(Point(x: 11, y: 25)), in: frame, hovered: &hovered), .consumed)
        XCTAssertEqual(picker.pointer(.down(Point(x: 5, y: 100)), in: frame, hovered: &hovered), .passed)
        XCTAssertEqual(picker.pointer(.move(second.center), in: frame, hovered: &hovered), .passed)
        XCTAssertEqual(hovered, 1)
        XCTAssertEqual(picker.pointer(.move(Point(x: 5, y: 100)), in: frame, hovered: &hovered), .passed)
        XCTAssertNil(hovered)
        _ = picker.pointer(.move(second.center), in: frame, hovered: &hovered)
        XCTAssertEqual(picker.pointer(.exit, in: frame, hovered: &hovered), .passed)
        XCTAssertNil(hovered, "no segment stays lit once the pointer left the window")
    }
}
