import XCTest
import GridCore

final class PixelSnappingTests: XCTestCase {
    func testOffsetsLandOnTheNearestDevicePixel() {
        XCTAssertEqual(PixelSnapping.snap(10.3, scale: 1), 10)
        XCTAssertEqual(PixelSnapping.snap(10.5, scale: 1), 11, "halves away from zero")
        XCTAssertEqual(PixelSnapping.snap(10.3, scale: 2), 10.5)
        XCTAssertEqual(PixelSnapping.snap(10.2, scale: 2), 10)
        XCTAssertEqual(PixelSnapping.snap(10.4, scale: 1.5), 10 + 2.0 / 3, accuracy: 1e-12, "15.6 pixels: 16")
        XCTAssertEqual(PixelSnapping.snap(-0.3, scale: 1), -0.0, "an overscroll rounds too")
    }

    func testWhatIsNotAPositiveFiniteNumberPassesThrough() {
        XCTAssertEqual(PixelSnapping.snap(10.3, scale: 0), 10.3)
        XCTAssertEqual(PixelSnapping.snap(10.3, scale: -2), 10.3)
        XCTAssertEqual(PixelSnapping.snap(10.3, scale: .nan), 10.3)
        XCTAssertEqual(PixelSnapping.snap(10.3, scale: .infinity), 10.3)
        XCTAssertTrue(PixelSnapping.snap(.nan, scale: 2).isNaN)
        XCTAssertEqual(PixelSnapping.snap(.infinity, scale: 2), .infinity)
    }

    /// Frames of one scroll differ by whole pixels, whatever the true offsets.
    func testTwoSnappedOffsetsDifferByWholePixels() {
        var rng = SystemRandomNumberGenerator()
        for scale in [1.0, 1.25, 2, 3] {
            for _ in 0..<1000 {
                let a = Double.random(in: 0...1e6, using: &rng), b = Double.random(in: 0...1e6, using: &rng)
                let d = (PixelSnapping.snap(a, scale: scale) - PixelSnapping.snap(b, scale: scale)) * scale
                XCTAssertEqual(d, d.rounded(), accuracy: 1e-6)
            }
        }
    }
}
