import XCTest
import AssetKit

/// Every photo is distinct at a glance: no two committed photos have 8×8 grey thumbnails closer than
/// 12/255 on average (`GreyThumbnail` defines the measure). Near-duplicates look like a bug in a grid.
final class PhotoDistinctnessTests: XCTestCase {
    static let minimumDistance = 12.0

    func testNoTwoCommittedPhotosLookAlike() throws {
        let files = try AssetFolder.files(in: AssetFolder.photos, ext: ["jpg", "png"])
        XCTAssertEqual(files.count, 38)
        let named = try files.map { file in
            ((file as NSString).deletingPathExtension, GreyThumbnail(try DecodedImage.load(AssetFolder.photos + "/" + file)))
        }
        let pairs = GreyThumbnail.pairs(named)
        let report = pairs.prefix(5).map { String(format: "%.2f %@–%@", $0.distance, $0.a, $0.b) }.joined(separator: ", ")
        print("closest photo pairs (8×8 grey thumbnails, mean |Δ| of 255): \(report)")
        let tooClose = pairs.filter { $0.distance < Self.minimumDistance }
        XCTAssertTrue(tooClose.isEmpty, "photos too alike (under \(Self.minimumDistance)/255): "
            + tooClose.map { String(format: "%@–%@ %.2f", $0.a, $0.b, $0.distance) }.joined(separator: ", "))
    }

    func testTheMeasureOnKnownImages() {
        // Black against white: every cell differs by 255.
        let black = GreyThumbnail(width: 16, height: 12, bytesPerPixel: 3, bytes: [UInt8](repeating: 0, count: 576))
        let white = GreyThumbnail(width: 16, height: 12, bytesPerPixel: 3, bytes: [UInt8](repeating: 255, count: 576))
        XCTAssertEqual(black.distance(to: white), 255, accuracy: 1e-9)
        XCTAssertEqual(white.distance(to: white), 0)
        // Rec.601 weights: pure red, green, blue.
        for (rgb, luma) in [([255, 0, 0], 0.299 * 255), ([0, 255, 0], 0.587 * 255), ([0, 0, 255], 0.114 * 255)] {
            let t = GreyThumbnail(width: 8, height: 8, bytesPerPixel: 3, bytes: (0..<64).flatMap { _ in rgb.map(UInt8.init) })
            XCTAssertEqual(t.cells[17], luma, accuracy: 1e-9)
        }
        // A 13-pixel-wide image whose left 8 columns are white: pixel x is in cell ⌊8x/13⌋, so the
        // cells hold x = {0,1} {2,3} {4} {5,6} {7,8} {9} {10,11} {12}, and cell 4 is half white.
        var bytes = [UInt8](repeating: 0, count: 13 * 8 * 4)
        for y in 0..<8 { for x in 0..<8 { for c in 0..<3 { bytes[(y * 13 + x) * 4 + c] = 255 } } }
        let split = GreyThumbnail(width: 13, height: 8, bytesPerPixel: 4, bytes: bytes)
        XCTAssertEqual(Array(split.cells[0..<8]), [255, 255, 255, 255, 127.5, 0, 0, 0])
        XCTAssertEqual(split.distance(to: black), (4 * 255 + 127.5) / 8, accuracy: 1e-9)
    }

    func testPairsAreSortedClosestFirst() {
        func flat(_ v: Double) -> GreyThumbnail { GreyThumbnail(cells: [Double](repeating: v, count: 64)) }
        let pairs = GreyThumbnail.pairs([("a", flat(0)), ("b", flat(100)), ("c", flat(110))])
        XCTAssertEqual(pairs.map { "\($0.a)\($0.b)" }, ["bc", "ab", "ac"])
        XCTAssertEqual(pairs.map(\.distance), [10, 100, 110])
    }
}
