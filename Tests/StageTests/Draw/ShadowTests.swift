import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage
import StageInterface

final class ShadowTests: XCTestCase {
    func testShadowDarkensJustOutsideAndFades() throws {
        for backend in Headless.Backend.allCases {
            for scale in [1.0, 2.0] {
                let h = try Headless(backend, width: Int(120 * scale), height: Int(120 * scale), scale: scale)
                let card = Rect(x: 30, y: 30, width: 60, height: 60)
                h.canvas.clear(.white)
                h.canvas.shadow(card, cornerRadius: 12, radius: 6, color: Color.black.opacity(0.4))
                h.canvas.fillRoundedRect(card, cornerRadius: 12, .white)
                let img = try h.canvas.readPixels()
                func grey(_ d: Double) -> Int { Int(img.pixel(x: Int(60 * scale), y: Int((90 + d) * scale)).r) }
                let samples = [1.0, 4, 8, 14, 22].map(grey)
                XCTAssertLessThan(samples[0], 235, "\(backend) @\(scale)x: \(samples)")
                for k in 1..<samples.count {
                    XCTAssertLessThanOrEqual(samples[k - 1], samples[k], "\(backend) @\(scale)x: \(samples)")
                }
                XCTAssertGreaterThan(samples[4], 250, "\(backend) @\(scale)x: \(samples)")
                XCTAssertEqual(grey(-10), 255, "the card covers its own shadow")
                // Symmetric around the card: left and right darken alike.
                let left = img.pixel(x: Int(27 * scale), y: Int(60 * scale)).r, right = img.pixel(x: Int(93 * scale) - 1, y: Int(60 * scale)).r
                XCTAssertEqual(Double(left), Double(right), accuracy: 6, "\(backend) @\(scale)x")
            }
        }
    }

    func testOffsetMovesTheShadowAndSmallShapesWork() throws {
        let h = try Headless(.software, width: 60, height: 60)
        h.canvas.clear(.white)
        // Smaller than the blur's slices: drawn from an exact-size image.
        h.canvas.shadow(Rect(x: 25, y: 20, width: 10, height: 10), cornerRadius: 5, radius: 4,
                        color: Color.black.opacity(0.5), offset: Size(width: 0, height: 10))
        let img = try h.canvas.readPixels()
        XCTAssertLessThan(img.pixel(x: 30, y: 35).r, img.pixel(x: 30, y: 15).r)
        XCTAssertLessThan(img.pixel(x: 30, y: 35).r, 200)
    }
}
