import XCTest
@testable import GridCore

/// Issue 21, case 3: the caps bound what a frame makes, not only the spec's length. Hairline
/// adaptive tracks once made 1,024,000 tracks and put 768,000 cells in one frame (926 MB).
final class FrameBoundTests: XCTestCase {
    private func adaptive(count: Int) -> String {
        "Array(repeating: GridItem(.adaptive(minimum: 0.000001), spacing: 0), count: \(count))"
    }

    /// A spec that could make more tracks than a grid holds is refused, saying the rule.
    func testASpecThatCouldMakeTooManyTracksIsRefusedWithTheRule() throws {
        for count in [5, 50, 1000] {
            XCTAssertThrowsError(try GridSpec.parse(adaptive(count: count)), "count \(count)") { error in
                let e = error as? GridSpecError
                XCTAssertTrue(e?.message.contains("\(formatCount(count * 1024)) tracks") == true, "\(error)")
                XCTAssertTrue(e?.message.contains("at most 4,096 tracks") == true, "\(error)")
                XCTAssertTrue(e?.message.contains("at most 25,000 items") == true, "\(error)")
            }
        }
        // What fits is accepted: four hairline items, and ordinary adaptive items however many.
        XCTAssertEqual(try GridSpec.parse(adaptive(count: 4)).count, 4)
        XCTAssertEqual(try GridSpec.parse("Array(repeating: GridItem(.adaptive(minimum: 50)), count: 10)").count, 10)
        XCTAssertEqual(GridSpec.mostTracks([GridItem(.adaptive(minimum: 50))]), 282, "⌊(16,384 + 8) / (50 + 8)⌋")
    }

    /// Items made by hand (not parsed) are held to the same total when the tracks are sized.
    func testTheTracksOfAGridStopAtTheCap() {
        let items = Array(repeating: GridItem(.adaptive(minimum: 0.000001), spacing: 0), count: 50) + [GridItem(.fixed(10))]
        let tracks = GridTracks(items: items, extent: 390)
        XCTAssertEqual(tracks.tracks.count, GridTracks.maxTracks)
        XCTAssertEqual(tracks.tracks.last?.size, 10, "the items after the adaptive ones keep their track")
        XCTAssertTrue(tracks.explanation?.final.steps.contains { $0.hitTrackCap } == true)
    }

    /// A viewport query makes at most `maxItemsPerQuery` items, the first ones, however many rows
    /// of hairline tracks it covers; `candidateCount` says how many it could have been.
    func testAQueryMakesAtMostTheFrameBound() throws {
        let items = try GridSpec.parse(adaptive(count: 4))
        let layout = LazyVGrid(columns: items, spacing: 8).layout(width: 390, count: 1_000_000_000, sizing: .fill(50))
        XCTAssertEqual(layout.trackCount, 4096)
        let viewport = Rect(x: 0, y: 0, width: 390, height: 844)
        let made = layout.items(in: viewport, margin: 422)
        XCTAssertEqual(made.count, LazyGridLayout.maxItemsPerQuery)
        XCTAssertEqual(made.map(\.index), Array(0..<LazyGridLayout.maxItemsPerQuery))
        XCTAssertGreaterThan(layout.candidateCount(in: viewport), 15 * 4096 - 1)
        // An ordinary grid is untouched: every visible item, and a candidate count that covers them.
        let plain = LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))], spacing: 8).layout(width: 390, count: 10_000, sizing: .fill(50))
        let visible = plain.items(in: viewport)
        XCTAssertEqual(visible.count, 6 * 15)
        XCTAssertGreaterThanOrEqual(plain.candidateCount(in: viewport), visible.count)
    }
}
