import XCTest
@testable import AssetKit

/// The generator itself: the same photo twice gives the same pixels (no clock, no system
/// randomness), and what it writes decodes back unchanged.
final class GeneratorTests: XCTestCase {
    func testRenderingIsDeterministic() throws {
        for name in ["coffee-1", "cafe-4"] {
            let spec = try XCTUnwrap(PhotoCatalog.named(name))
            let a = spec.render(scale: 0.08), b = spec.render(scale: 0.08)
            XCTAssertEqual(a.width, b.width)
            XCTAssertEqual(a.rgb24(), b.rgb24(), "\(name) differs between two renders")
            let bytes = a.rgb24()
            XCTAssertGreaterThan(Set(bytes).count, 60, "\(name) rendered nearly flat")
        }
    }

    func testSeededRandomRepeats() {
        var a = SeededRandom(seed: 42), b = SeededRandom(seed: 42), c = SeededRandom(seed: 43)
        let xs = (0..<8).map { _ in a.next() }
        XCTAssertEqual(xs, (0..<8).map { _ in b.next() })
        XCTAssertNotEqual(xs, (0..<8).map { _ in c.next() })
    }

    func testAntialiasedCircleCoversItsArea() {
        let c = Canvas(width: 64, height: 64)
        c.fill(.circle(center: V2(32, 32), radius: 20.5), RGB.white)
        let covered = stride(from: 0, to: c.pixels.count, by: 3).reduce(Float(0)) { $0 + c.pixels[$1] }
        XCTAssertEqual(covered, Float.pi * 20.5 * 20.5, accuracy: 6, "coverage should equal the circle's area")
        // The left edge at x = 11.5 cuts pixel 11 in half; pixel 12 is inside, pixel 10 outside.
        XCTAssertEqual(c.pixels[(32 * 64 + 11) * 3], 0.5, accuracy: 0.1)
        XCTAssertEqual(c.pixels[(32 * 64 + 12) * 3], 1, accuracy: 0.02)
        XCTAssertEqual(c.pixels[(32 * 64 + 10) * 3], 0, accuracy: 0.02)
    }

    func testPNGRoundTripThroughSDLImage() throws {
        let c = Canvas(width: 40, height: 30, fill: RGB(hex: 0x336699))
        c.fill(.rect(10, 5, 20, 10), RGB(hex: 0xf0c080))
        let path = NSTemporaryDirectory() + "/asset-roundtrip-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ImageFile.write(c, to: path, format: .png)
        let img = try DecodedImage.load(path)
        XCTAssertEqual(img.width, 40)
        XCTAssertEqual(img.height, 30)
        let bytes = c.rgb24()
        for (x, y) in [(0, 0), (15, 10), (39, 29)] {
            let p = img.pixel(x, y), i = (y * 40 + x) * 3
            XCTAssertEqual([p.r, p.g, p.b], Array(bytes[i..<i + 3]))
        }
    }
}
