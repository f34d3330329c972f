import XCTest
@testable import CoffeeGridApp

/// Issue 12 case 8: what two windows' changes to one dock merge into (`DockStore.merge`).
final class DockMergeTests: XCTestCase {
    func merge(_ base: [String], _ mine: [String], _ theirs: [String]) -> [String] {
        DockStore.merge(base: base, mine: mine, theirs: theirs)
    }

    func testEachSidesChangeSurvives() {
        // Both added one photo to an empty dock.
        XCTAssertEqual(Set(merge([], ["a"], ["b"])), ["a", "b"])
        // I added after x; they removed y.
        XCTAssertEqual(merge(["x", "y"], ["x", "y", "a"], ["x"]), ["x", "a"])
        // I removed x; they added b.
        XCTAssertEqual(merge(["x", "y"], ["y"], ["x", "y", "b"]), ["y", "b"])
        // I moved z to the front; they added b at the end.
        XCTAssertEqual(merge(["x", "y", "z"], ["z", "x", "y"], ["x", "y", "z", "b"]), ["z", "x", "y", "b"])
        // Nothing changed here: theirs wins; nothing changed there: mine wins.
        XCTAssertEqual(merge(["x"], ["x"], ["q", "x"]), ["q", "x"])
        XCTAssertEqual(merge(["x"], ["x", "m"], ["x"]), ["x", "m"])
    }

    func testEveryIdAtMostOnce() {
        // Both moved the same photo in: it is there once.
        XCTAssertEqual(merge([], ["a", "b"], ["b", "a"]).sorted(), ["a", "b"])
        let r = merge(["a", "b", "c"], ["c", "b", "a"], ["b", "d", "a", "c"])
        XCTAssertEqual(r.count, Set(r).count)
        XCTAssertEqual(Set(r), ["a", "b", "c", "d"])
    }
}
