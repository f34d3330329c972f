import XCTest
import GridCore
@testable import CoffeeGridApp

/// The cafes' grids inside a grid: size classes from the window, and the chapter's exercises.
final class CafesSceneTests: XCTestCase {
    var run: ScriptStates!

    override func setUpWithError() throws { run = try ScriptStates() }
    override func tearDown() { run.remove() }

    func columns(_ s: State) -> [String] { s.object("cafes")["columns"] as? [String] ?? [] }

    /// Cafe `n`'s photo and its coffee grid share a row: the cells start at the same height.
    func assertPaired(_ s: State, cafe n: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let photo = try XCTUnwrap(s.frame("cafe-\(n)"), file: file, line: line)
        let coffee = try XCTUnwrap(s.frame("cafe-\(n)/coffee"), file: file, line: line)
        XCTAssertEqual(photo.minY, coffee.minY, accuracy: 0.01, file: file, line: line)
        XCTAssertLessThan(photo.maxX, coffee.minX, file: file, line: line)
    }

    func testTurningTheWindowKeepsCafeAndCoffeeSideBySide() throws {
        let s = try run.run(["scene cafes", "STATE", "resize 844 390", "STATE", "settle", "STATE",
                             "resize 1024 1366", "settle", "STATE", "resize 390 844", "settle", "STATE"])
        let (portrait, turning, landscape, pad, back) = (s[0], s[1], s[2], s[3], s[4])
        XCTAssertEqual([portrait.horizontal, portrait.vertical], ["compact", "regular"])
        XCTAssertEqual(columns(portrait), [".adaptive(minimum: 100)", ".flexible()"])
        XCTAssertEqual(landscape.vertical, "compact")
        XCTAssertEqual(columns(landscape), [".adaptive(minimum: 250)", ".flexible()"])
        XCTAssertTrue(turning.animating, "the size-class change animates")
        XCTAssertFalse(landscape.animating)
        XCTAssertEqual([pad.horizontal, pad.vertical], ["regular", "regular"])
        XCTAssertEqual(columns(pad), [".adaptive(minimum: 250)", ".flexible()"])
        XCTAssertEqual(columns(back), [".adaptive(minimum: 100)", ".flexible()"])
        for state in [portrait, landscape, pad, back] {
            XCTAssertEqual(state.tracks.count, 2)
            try assertPaired(state, cafe: 1)
        }
        // The seed's own landscape problem: 100 at this width would make three cafe tracks.
        XCTAssertEqual(GridTracks(items: [GridItem(.adaptive(minimum: 100)), GridItem(.flexible())], extent: 824).tracks.count, 4)
    }

    func testMinimumRuleHoldsTwoTracksInEveryWindow() {
        for (w, h, minimum) in [(390.0, 844.0, 100.0), (428, 926, 100), (844, 390, 250), (926, 428, 250), (1024, 1366, 250),
                                (1366, 1024, 300), (1920, 1080, 450), (600, 844, 150)] {
            let classes = SizeClasses(windowSize: Size(width: w, height: h))
            // The grid's width: the window, less the sidebar (1000 pt and wider) and the padding.
            let extent = w - (w >= 1000 ? 220 : 0) - 20
            let m = CafesScene.cafeMinimum(classes, extent: extent)
            XCTAssertEqual(m, minimum, "\(w)×\(h)")
            XCTAssertEqual(GridTracks(items: [GridItem(.adaptive(minimum: m)), GridItem(.flexible())], extent: extent).tracks.count, 2, "\(w)×\(h)")
        }
    }

    func testHideAndShowTheCoffeePhotos() throws {
        let s = try run.run(["scene cafes", "key h", "STATE", "settle", "STATE", "key h", "STATE", "settle", "STATE"])
        let (hiding, hidden, showing, shown) = (s[0], s[1], s[2], s[3])
        XCTAssertEqual(hidden.object("cafes")["coffeeVisible"] as? Bool, false)
        XCTAssertTrue(hiding.animating)
        XCTAssertFalse(hidden.animating)
        XCTAssertEqual(hidden.itemsTotal, 18)
        XCTAssertNil(hidden.frame("cafe-1/coffee"))
        // Cafes alone pair up two by two.
        let one = try XCTUnwrap(hidden.frame("cafe-1")), two = try XCTUnwrap(hidden.frame("cafe-2"))
        XCTAssertEqual(one.minY, two.minY, accuracy: 0.01)
        XCTAssertLessThan(one.maxX, two.minX)
        XCTAssertTrue(showing.animating)
        XCTAssertEqual(shown.object("cafes")["coffeeVisible"] as? Bool, true)
        XCTAssertEqual(shown.itemsTotal, 36)
        try assertPaired(shown, cafe: 1)
    }

    func testOneAndTwoColumns() throws {
        let s = try run.run(["scene cafes", "key g", "STATE", "settle", "STATE", "key h", "settle", "STATE",
                             "key g", "settle", "STATE"])
        let (switching, one, list, two) = (s[0], s[1], s[2], s[3])
        XCTAssertTrue(switching.animating)
        XCTAssertEqual(columns(one), [".flexible()"])
        XCTAssertEqual(one.tracks.count, 1)
        // One column: the coffee grid goes under its cafe, full width.
        let photo = try XCTUnwrap(one.frame("cafe-1")), coffee = try XCTUnwrap(one.frame("cafe-1/coffee"))
        XCTAssertEqual(coffee.minY, photo.maxY + 10, accuracy: 0.01)
        XCTAssertEqual(coffee.width, 370)
        // The exercise's iPhone default: a single column of cafes, no coffee photos.
        XCTAssertEqual(list.itemsTotal, 18)
        XCTAssertEqual(list.tracks.count, 1)
        XCTAssertEqual(two.tracks.count, 2)
        XCTAssertEqual(two.object("cafes")["twoColumns"] as? Bool, true)
    }

    func testCoffeeGridIsAsTallAsItsRowsAtItsWidth() throws {
        let s = try run.run(["scene cafes", "STATE"])[0]
        let counts = try XCTUnwrap(s.object("cafes")["photoCounts"] as? [Double])
        let coffee = try XCTUnwrap(s.frame("cafe-1/coffee"))
        // `.adaptive(minimum: 50)` in 181 pt: three 55-pt tracks; rows of 50 with 8 between.
        let rows = (Int(counts[0]) + 2) / 3
        XCTAssertEqual(coffee.height, Double(rows) * 50 + Double(rows - 1) * 8, accuracy: 0.01)
        XCTAssertEqual(NestedGrid.height(count: 10, width: 181), 224)
    }

    func testRandomPhotoCountsAreTwoToTwelveAndFollowTheSeed() throws {
        let a = Cafe.samples(seed: 29), b = Cafe.samples(seed: 29), c = Cafe.samples(seed: 30)
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, c)
        XCTAssertEqual(a.count, 18)
        XCTAssertEqual(a.map(\.image).last, "cafe-18")
        for cafe in a + c {
            XCTAssertTrue(Cafe.photoCounts.contains(cafe.coffeePhotos.count))
            XCTAssertEqual(cafe.coffeePhotos.first, "coffee-1")
        }
        // Over many seeds every count from 2 to 12 turns up, and nothing else.
        let seen = Set((0..<200).flatMap { Cafe.samples(seed: $0).map(\.coffeePhotos.count) })
        XCTAssertEqual(seen, Set(2...12))
        let state = try run.run(["scene cafes", "STATE"], args: ["--seed", "7"])[0]
        XCTAssertEqual(state.object("cafes")["photoCounts"] as? [Double], Cafe.samples(seed: 7).map { Double($0.coffeePhotos.count) })
    }
}
