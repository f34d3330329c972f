import XCTest
@testable import CoffeeGridApp

/// `--report-startup` says what it measured: the first screen shown (no placeholder left; a cached
/// thumbnail standing in for a larger decode counts) and the first screen at full size, each once.
final class StartupReportTests: XCTestCase {
    private func events(_ frames: [(pending: Int, below: Int)]) -> (events: [String], done: [Bool]) {
        var lines: [String] = []
        let report = StartupReport { lines.append($0) }
        var done: [Bool] = []
        for f in frames {
            report.frameDrawn(pendingPhotos: f.pending, photosBelowSize: f.below)
            done.append(report.isDone)
        }
        return (lines.map { String($0.split(separator: " ")[2]) }, done)
    }

    func testThumbnailsShownFirstThenFullSize() {
        let r = events([(4, 0), (0, 4), (0, 2), (0, 0), (0, 0)])
        XCTAssertEqual(r.events, ["first-frame", "photos-decoded", "photos-full-size"])
        XCTAssertEqual(r.done, [false, false, false, true, true], "the app quits once the screen is at full size")
    }

    func testBothInOneFrameWhenNothingStandsIn() {
        let r = events([(3, 0), (1, 0), (0, 0)])
        XCTAssertEqual(r.events, ["first-frame", "photos-decoded", "photos-full-size"])
        XCTAssertEqual(r.done, [false, false, true])
    }

    func testAPlaceholderIsNotAThumbnailShown() {
        // Smaller pictures on screen but a placeholder too: the screen is not shown yet.
        let r = events([(1, 2), (1, 0)])
        XCTAssertEqual(r.events, ["first-frame"])
        XCTAssertEqual(r.done, [false, false])
    }
}
