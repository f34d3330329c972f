import XCTest
import GridCore
@testable import CoffeeGridApp

final class PhotoDockModelTests: XCTestCase {
    let photos = ["a", "b", "c", "d", "e"]

    func testToggleMovesToTheEndOfTheOtherList() {
        var m = PhotoDockModel(photos: photos)
        XCTAssertEqual(m.toggle("b"), .dock)
        XCTAssertEqual(m.toggle("d"), .dock)
        XCTAssertEqual(m.grid, ["a", "c", "e"])
        XCTAssertEqual(m.dock, ["b", "d"])
        XCTAssertEqual(m.toggle("b"), .grid)
        XCTAssertEqual(m.grid, ["a", "c", "e", "b"])
        XCTAssertEqual(m.dock, ["d"])
        XCTAssertNil(m.toggle("zzz"))
        XCTAssertTrue(m.isConsistent)
    }

    func testInsertAtAPositionCountsWithoutThePhotoItself() {
        var m = PhotoDockModel(photos: photos, dock: ["a", "b", "c"])
        m.moveToDock("a", at: 2)  // among [b, c]: after c
        XCTAssertEqual(m.dock, ["b", "c", "a"])
        m.moveToDock("e", at: 0)
        XCTAssertEqual(m.dock, ["e", "b", "c", "a"])
        m.moveToDock("d", at: 99)
        XCTAssertEqual(m.dock, ["e", "b", "c", "a", "d"])
        XCTAssertEqual(m.grid, [])
        m.returnAll()
        XCTAssertEqual(m.grid, ["e", "b", "c", "a", "d"])
        XCTAssertTrue(m.isConsistent)
    }

    func testRestoringSkipsUnknownAndRepeatedIds() {
        let m = PhotoDockModel(photos: photos + ["a"], dock: ["c", "x", "c", "a"])
        XCTAssertEqual(m.photos, photos)
        XCTAssertEqual(m.dock, ["c", "a"])
        XCTAssertEqual(m.grid, ["b", "d", "e"])
        XCTAssertTrue(m.isConsistent)
    }

    func testRandomMovesKeepEveryPhotoOnce() {
        var rng = SplitMix64(seed: 5)
        var m = PhotoDockModel(photos: photos)
        for _ in 0..<2000 {
            let id = photos.randomElement(using: &rng)!
            switch rng.next() % 4 {
            case 0: m.toggle(id)
            case 1: m.moveToDock(id, at: Int(rng.next() % 7) - 1)
            case 2: m.moveToGrid(id)
            default: if rng.next() % 10 == 0 { m.returnAll() }
            }
            XCTAssertTrue(m.isConsistent)
        }
    }

    /// Issue 21, case 10: the dock holds `capacity` photos (its file then holds at most 16 MB of
    /// paths): one more is not taken by a click, a drop or a merged dock; taking one out makes room.
    func testTheDockHoldsAtMostItsCapacity() {
        let many = (0..<(PhotoDockModel.capacity + 5)).map { "p\($0)" }
        var m = PhotoDockModel(photos: many, dock: many)
        XCTAssertEqual(m.dock.count, PhotoDockModel.capacity, "a restored dock stops at the capacity")
        XCTAssertTrue(m.isFull)
        XCTAssertNil(m.toggle("p10004"))
        m.moveToDock("p10003", at: 0)
        XCTAssertEqual(m.dock.count, PhotoDockModel.capacity)
        XCTAssertFalse(m.dock.contains("p10003"))
        m.moveToDock("p5", at: 0)
        XCTAssertEqual(m.dock.first, "p5", "moving a docked photo within the dock still works")
        XCTAssertEqual(m.toggle("p0"), .grid)
        XCTAssertEqual(m.toggle("p10004"), .dock)
        m.setDock(many)
        XCTAssertEqual(m.dock.count, PhotoDockModel.capacity)
        XCTAssertTrue(m.isConsistent)
    }
}
