import XCTest
@testable import PhotoLibrary

/// The band of a photo a `.scaledToFill()` cell shows, and the band decoded for it.
final class ImagePartTests: XCTestCase {
    func testAWideCellShowsACentredBandOfRows() {
        // A 4:3 photo in the feed's 6:1 cell: 4/3 ÷ 6 of its rows, all of its columns.
        let shown = ImagePart.shown(aspect: 6, sourceAspect: 4.0 / 3)
        XCTAssertEqual(shown.width, 1)
        XCTAssertEqual(shown.height, 2.0 / 9, accuracy: 1e-12)
        XCTAssertEqual(shown.y, (1 - 2.0 / 9) / 2, accuracy: 1e-12)
        // A 16:9 photo in a square cell: 9/16 of its columns.
        let square = ImagePart.shown(aspect: 1, sourceAspect: 16.0 / 9)
        XCTAssertEqual(square.width, 9.0 / 16, accuracy: 1e-12)
        XCTAssertEqual(square.height, 1)
        XCTAssertEqual(ImagePart.shown(aspect: 4.0 / 3, sourceAspect: 4.0 / 3), .whole)
    }

    func testTheDecodedBandHasAMarginAndIsWholeWhenThatIsMostOfThePhoto() {
        let band = ImagePart.decoded(forAspect: 6, sourceAspect: 4.0 / 3)
        XCTAssertEqual(band.height, 2.0 / 9 * ImagePart.margin, accuracy: 1e-12)
        XCTAssertTrue(band.contains(ImagePart.shown(aspect: 6, sourceAspect: 4.0 / 3)))
        // A cell up to `margin` times less wide keeps it; one more than that does not.
        XCTAssertTrue(band.contains(ImagePart.shown(aspect: 6 / ImagePart.margin + 0.01, sourceAspect: 4.0 / 3)))
        XCTAssertFalse(band.contains(ImagePart.shown(aspect: 6 / ImagePart.margin - 0.1, sourceAspect: 4.0 / 3)))
        // A 4:3 photo in a square cell shows 3/4 of its width: with the margin that is all of it.
        XCTAssertEqual(ImagePart.decoded(forAspect: 1, sourceAspect: 4.0 / 3), .whole)
        for bad in [0, -1, .nan, .infinity] {
            XCTAssertEqual(ImagePart.decoded(forAspect: bad, sourceAspect: 4.0 / 3), .whole, "\(bad)")
            XCTAssertEqual(ImagePart.decoded(forAspect: 6, sourceAspect: bad), .whole, "\(bad)")
        }
    }

    /// A part of the stored pixels lands where turning the picture upright puts those pixels: the
    /// corners of a part, mapped pixel by pixel with `Orientation.source`, agree with `upright`.
    func testUprightMovesAPartWithItsPixels() {
        let w = 40, h = 30  // stored
        let stored = ImagePart(x: 0.25, y: 0.1, width: 0.5, height: 0.3)  // off centre on purpose
        for o in Orientation.allCases {
            let (dw, dh) = o.displaySize(width: w, height: h)
            let up = o.upright(stored)
            for y in 0..<dh {
                for x in 0..<dw {
                    let s = o.source(x: x, y: y, w: w, h: h)
                    let inStored = Double(s.x) + 0.5 > stored.x * Double(w) && Double(s.x) + 0.5 < (stored.x + stored.width) * Double(w)
                        && Double(s.y) + 0.5 > stored.y * Double(h) && Double(s.y) + 0.5 < (stored.y + stored.height) * Double(h)
                    let inUpright = Double(x) + 0.5 > up.x * Double(dw) && Double(x) + 0.5 < (up.x + up.width) * Double(dw)
                        && Double(y) + 0.5 > up.y * Double(dh) && Double(y) + 0.5 < (up.y + up.height) * Double(dh)
                    XCTAssertEqual(inStored, inUpright, "orientation \(o.rawValue) at (\(x), \(y))")
                    if inStored != inUpright { return }
                }
            }
            let back = o.inverse.upright(up)
            for (a, b) in [(back.x, stored.x), (back.y, stored.y), (back.width, stored.width), (back.height, stored.height)] {
                XCTAssertEqual(a, b, accuracy: 1e-12, "orientation \(o.rawValue): back again")
            }
        }
    }
}
