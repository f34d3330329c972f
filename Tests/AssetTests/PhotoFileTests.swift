import XCTest
import AssetKit

/// The committed photos: all there, all decodable by SDL2_image, big enough, varied in shape, and
/// pictures rather than flat fills.
final class PhotoFileTests: XCTestCase {
    func testExactlyTheSeedsPhotos() throws {
        let files = try AssetFolder.files(in: AssetFolder.photos, ext: ["jpg", "png"])
        let names = files.map { ($0 as NSString).deletingPathExtension }
        let expected = (1...20).map { "coffee-\($0)" } + (1...18).map { "cafe-\($0)" }
        XCTAssertEqual(Set(names), Set(expected), "Resources/Photos must hold coffee-1…20 and cafe-1…18")
        XCTAssertEqual(names.count, expected.count, "one file per photo (no name in both .jpg and .png)")
        XCTAssertEqual(Set(PhotoCatalog.all.map(\.name)), Set(expected), "the generator's catalog names the same photos")
    }

    func testPhotosDecodeAndLookLikePictures() throws {
        var ratios = Set<Int>()
        var total = 0
        for file in try AssetFolder.files(in: AssetFolder.photos, ext: ["jpg", "png"]) {
            let path = AssetFolder.photos + "/" + file
            total += (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            let img = try DecodedImage.load(path)
            XCTAssertGreaterThanOrEqual(min(img.width, img.height), 600, "\(file) is too small")
            ratios.insert(Int((Double(img.width) / Double(img.height) * 100).rounded()))
            // Luminance spread, sampled on a grid: a real picture has shadows and highlights.
            var sum = 0.0, sum2 = 0.0, n = 0.0
            for y in stride(from: 0, to: img.height, by: 7) {
                for x in stride(from: 0, to: img.width, by: 7) {
                    let p = img.pixel(x, y)
                    let l = 0.2126 * Double(p.r) + 0.7152 * Double(p.g) + 0.0722 * Double(p.b)
                    sum += l; sum2 += l * l; n += 1
                }
            }
            let sd = (sum2 / n - (sum / n) * (sum / n)).squareRoot()
            XCTAssertGreaterThan(sd, 12, "\(file) is nearly uniform (luminance s.d. \(sd))")
        }
        XCTAssertGreaterThanOrEqual(ratios.count, 3, "photos should come in several aspect ratios, got \(ratios.sorted())")
        XCTAssertTrue(ratios.contains { $0 > 100 } && ratios.contains { $0 < 100 }, "both landscape and portrait photos")
        XCTAssertLessThan(total, 8 * 1_048_576, "all photos together must stay under 8 MB")
    }
}
