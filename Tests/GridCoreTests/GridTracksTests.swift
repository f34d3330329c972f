import XCTest
@testable import GridCore

/// Track sizing against hand-computed numbers: the examples and every layout in the seeds.
final class GridTracksTests: XCTestCase {
    // MARK: The rule's own examples (W = 390, centred)

    func testThreeFlexibleColumns() {
        assertTracks(flexible(3), extent: 390, [(0, 124.667), (132.667, 124.667), (265.333, 124.667)], size: 390)
    }

    func testFixedThenAdaptiveMakesFourTracksOf52() {
        assertTracks([GridItem(.fixed(150)), GridItem(.adaptive(minimum: 50))], extent: 390,
                     [(0, 150), (158, 52), (218, 52), (278, 52), (338, 52)])
    }

    func testTwoFixedColumnsAreCentred() {
        assertTracks([GridItem(.fixed(100)), GridItem(.fixed(150))], extent: 390, [(66, 100), (174, 150)], size: 390)
    }

    func testGridAlignmentShiftsNarrowTracks() {
        let items = [GridItem(.fixed(100)), GridItem(.fixed(150))]
        assertTracks(items, extent: 390, alignment: 0, [(0, 100), (108, 150)])
        assertTracks(items, extent: 390, alignment: 1, [(132, 100), (240, 150)])
    }

    // MARK: Seed 000: symbols at 390 pt

    func testSeed000NoSpacing() {
        assertTracks(flexible(3, spacing: 0), extent: 390, [(0, 130), (130, 130), (260, 130)])
    }

    func testSeed000SixColumns() {
        let t = GridTracks(items: flexible(6), extent: 390).tracks
        XCTAssertEqual(t.count, 6)
        for (i, track) in t.enumerated() {
            XCTAssertEqual(track.size, 58.333, accuracy: 0.001)
            XCTAssertEqual(track.offset, Double(i) * (350.0 / 6 + 8), accuracy: 0.001)
        }
    }

    func testSeed000AdaptiveFiftyMakesSixOf58() {
        let t = GridTracks(items: [GridItem(.adaptive(minimum: 50))], extent: 390).tracks
        XCTAssertEqual(t.count, 6)
        XCTAssertEqual(t[0].size, 58.333, accuracy: 0.001)
        XCTAssertEqual(t[5].end, 390, accuracy: 0.001)
        XCTAssertTrue(t.allSatisfy { $0.item == 0 })
    }

    // MARK: Seed 000 second half: the coffee feed and the cafes (10-pt padding)

    func testFeedColumnCounts() {
        assertTracks([GridItem()], extent: 370, [(0, 370)])
        assertTracks(flexible(2), extent: 370, [(0, 181), (189, 181)])
        assertTracks(flexible(3), extent: 370, [(0, 118), (126, 118), (252, 118)])
        assertTracks(flexible(4), extent: 370, [(0, 86.5), (94.5, 86.5), (189, 86.5), (283.5, 86.5)])
    }

    func testCafesPortraitPairsPhotoAndCoffee() {
        assertTracks([GridItem(.adaptive(minimum: 100)), GridItem(.flexible())], extent: 370, [(0, 181), (189, 181)])
    }

    func testCafesLandscapeNeedsTheWiderMinimum() {
        // At 844 pt (824 inside the padding) a minimum of 100 splits the cafe column into three…
        let narrow = GridTracks(items: [GridItem(.adaptive(minimum: 100)), GridItem(.flexible())], extent: 824)
        XCTAssertEqual(narrow.tracks.count, 4)
        // …while 250 keeps cafe and coffee side by side.
        assertTracks([GridItem(.adaptive(minimum: 250)), GridItem(.flexible())], extent: 824, [(0, 408), (416, 408)])
    }

    // MARK: Seed 002: the dock's photo grid (16-pt padding)

    func testDockGrid() {
        let t = GridTracks(items: [GridItem(.adaptive(minimum: 50))], extent: 358).tracks
        XCTAssertEqual(t.count, 6)
        XCTAssertEqual(t[0].size, 53, accuracy: 0.001)
        XCTAssertEqual(t[1].offset, 61, accuracy: 0.001)
    }

    // MARK: Seed 003: the six styles as columns at 390 pt

    func testSeed003Styles() {
        let adaptive = GridTracks(items: [GridItem(.adaptive(minimum: 60))], extent: 390).tracks
        XCTAssertEqual(adaptive.count, 5)
        XCTAssertEqual(adaptive[0].size, 71.6, accuracy: 0.001)
        assertTracks(Array(repeating: GridItem(.fixed(80)), count: 3), extent: 390, [(67, 80), (155, 80), (243, 80)])
        assertTracks(Array(repeating: GridItem(.flexible(minimum: 60)), count: 3), extent: 390,
                     [(0, 124.667), (132.667, 124.667), (265.333, 124.667)])
        assertTracks([GridItem(.fixed(100)), GridItem(.adaptive(minimum: 50))], extent: 390,
                     [(0, 100), (108, 50), (166, 50), (224, 50), (282, 50), (340, 50)])
        assertTracks([GridItem(.fixed(80)), GridItem(.flexible(minimum: 60))], extent: 390, [(0, 80), (88, 302)])
        assertTracks([GridItem(.fixed(120)), GridItem(.flexible(maximum: 80)), GridItem(.adaptive(minimum: 40))],
                     extent: 390, [(0, 120), (128, 80), (216, 52.667), (276.667, 52.667), (337.333, 52.667)])
    }

    // MARK: Seed 004: the colour bars' rows (a 600-pt tall scroll view; the last row's spacing is unused)

    func testSeed004FixedRows() {
        let rows = [GridItem(.fixed(30), spacing: 1), GridItem(.fixed(60), spacing: 10),
                    GridItem(.fixed(90), spacing: 20), GridItem(.fixed(10), spacing: 50)]
        assertTracks(rows, extent: 600, [(189.5, 30), (220.5, 60), (290.5, 90), (400.5, 10)])
    }

    func testSeed004FlexibleSecondRowTakesTheRest() {
        let rows = [GridItem(.fixed(30), spacing: 1), GridItem(.flexible(minimum: 60), spacing: 10),
                    GridItem(.fixed(90), spacing: 20), GridItem(.fixed(10), spacing: 50)]
        assertTracks(rows, extent: 600, [(0, 30), (31, 439), (480, 90), (590, 10)])
    }

    func testSeed004FlexibleMaximumCapsTheLastRow() {
        let rows = [GridItem(.fixed(30), spacing: 1), GridItem(.flexible(minimum: 60), spacing: 10),
                    GridItem(.fixed(90), spacing: 20), GridItem(.flexible(maximum: 20), spacing: 50)]
        assertTracks(rows, extent: 600, [(102.25, 30), (133.25, 224.5), (367.75, 90), (477.75, 20)])
    }

    func testSeed004AdaptiveRowsStretchBetweenMinAndMax() {
        let t = GridTracks(items: [GridItem(.adaptive(minimum: 30, maximum: 100), spacing: 50)], extent: 600).tracks
        XCTAssertEqual(t.count, 8)
        XCTAssertEqual(t[0].size, 31.25, accuracy: 0.001)
        XCTAssertEqual(t[1].offset, 81.25, accuracy: 0.001)
        XCTAssertEqual(t[7].end, 600, accuracy: 0.001)
    }

    func testAdaptiveMaximumLeavesSpaceToAlign() {
        // Five tracks fit at 60; capped at 70 they span 382 of 390, centred.
        assertTracks([GridItem(.adaptive(minimum: 60, maximum: 70))], extent: 390,
                     [(4, 70), (82, 70), (160, 70), (238, 70), (316, 70)])
    }

    // MARK: Overflow: the grid grows to its minimums and SwiftUI lays the tracks out a second time

    func testOverflowingMinimumsRunASecondPass() {
        // objc.io's quiz: 200 pt proposed; pass one gives 100 + 8 + 180 = 288, centred (origin −44);
        // pass two at 288 gives 140 and 180, which overflow the grid's trailing edge.
        assertTracks([GridItem(.flexible(minimum: 100)), GridItem(.flexible(minimum: 180))], extent: 200,
                     [(-44, 140), (104, 180)], size: 288)
        XCTAssertEqual(GridTracks(items: [GridItem(.flexible(minimum: 100)), GridItem(.flexible(minimum: 180))],
                                  extent: 200).origin, -44, accuracy: 0.001)
    }

    func testSixFlexibleMinimumsOverflowSymmetrically() {
        let t = GridTracks(items: Array(repeating: GridItem(.flexible(minimum: 60)), count: 6), extent: 390)
        XCTAssertEqual(t.size, 400, accuracy: 0.001)
        XCTAssertEqual(t.tracks[0].offset, -5, accuracy: 0.001)
        XCTAssertEqual(t.tracks[5].end, 395, accuracy: 0.001)
    }

    func testFixedWiderThanContainerOverflowsCentred() {
        assertTracks([GridItem(.fixed(500))], extent: 390, [(-55, 500)], size: 500)
    }

    // MARK: Degenerate input never traps

    func testDegenerateInputsStayFinite() {
        let weird: [[GridItem]] = [
            [], [GridItem(.fixed(-5))], [GridItem(.fixed(.nan))], [GridItem(.adaptive(minimum: 0), spacing: 0)],
            [GridItem(.flexible(minimum: 50, maximum: 10))], [GridItem(.adaptive(minimum: 0.0001))],
            [GridItem(.flexible(), spacing: -20), GridItem()],
        ]
        for items in weird {
            for w in [0.0, -10, .nan, .infinity, 1, 390, 1e7] {
                let t = GridTracks(items: items, extent: w)
                XCTAssertTrue(t.size.isFinite && t.origin.isFinite, "\(items) at \(w)")
                XCTAssertLessThanOrEqual(t.tracks.count, GridTracks.maxTracksPerAdaptiveItem * max(items.count, 1))
                for track in t.tracks { XCTAssertTrue(track.offset.isFinite && track.size.isFinite && track.size >= 0) }
            }
        }
    }

    func testDeclarationOrderIsKeptNotSorted() {
        // A flexible before a fixed gets its share first: no sorting by kind.
        let t = GridTracks(items: [GridItem(.flexible()), GridItem(.fixed(100)), GridItem(.flexible(maximum: 50))],
                           extent: 400).tracks
        XCTAssertEqual(t.map(\.size), [142, 100, 50])
    }
}
