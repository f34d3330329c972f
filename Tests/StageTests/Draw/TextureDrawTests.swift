import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage

final class TextureDrawTests: XCTestCase {
    /// 2:1, left half red, right half blue.
    private func halves(_ h: Headless) throws -> Texture {
        try TestResources.texture(h.renderer, width: 40, height: 20) { x, _ in x < 20 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
    }

    func testScaledToFillCropsTheCentreIntoASquare() throws {
        for backend in Headless.Backend.allCases {
            let h = try Headless(backend, width: 60, height: 60)
            h.canvas.drawTexture(try halves(h), in: Rect(x: 10, y: 10, width: 40, height: 40), contentMode: .fill, cornerRadius: 8)
            let img = try h.canvas.readPixels()
            // The centre crop keeps the middle half of the width: red on the left, blue on the right,
            // each half of the square, and nothing drawn outside the frame.
            XCTAssertGreaterThan(img.pixel(x: 14, y: 30).r, 200, "\(backend)")
            XCTAssertLessThan(img.pixel(x: 14, y: 30).b, 50, "\(backend)")
            XCTAssertGreaterThan(img.pixel(x: 45, y: 30).b, 200, "\(backend)")
            XCTAssertGreaterThan(img.pixel(x: 28, y: 30).r, 200, "\(backend)")
            XCTAssertGreaterThan(img.pixel(x: 32, y: 30).b, 200, "\(backend)")
            // Down to the top edge (the software renderer half-covers the edge row).
            XCTAssertEqual(img.pixel(x: 30, y: 11).a, 255, "\(backend): fill covers the top edge")
            XCTAssertGreaterThan(img.pixel(x: 30, y: 10).a, 100, "\(backend)")
            XCTAssertEqual(img.pixel(x: 30, y: 9).a, 0, "\(backend)")
            XCTAssertEqual(img.pixel(x: 8, y: 30).a, 0, "\(backend)")
            XCTAssertEqual(img.pixel(x: 10, y: 10).a, 0, "\(backend): the rounded corner is cut")
            XCTAssertEqual(img.pixel(x: 52, y: 30).a, 0, "\(backend)")
        }
    }

    func testScaledToFitLeavesBands() throws {
        for backend in Headless.Backend.allCases {
            let h = try Headless(backend, width: 60, height: 60)
            h.canvas.drawTexture(try halves(h), in: Rect(x: 10, y: 10, width: 40, height: 40), contentMode: .fit)
            let img = try h.canvas.readPixels()
            // 40×20 centred: rows 20..<40 drawn, bands above and below empty.
            XCTAssertEqual(img.pixel(x: 30, y: 15).a, 0, "\(backend)")
            XCTAssertEqual(img.pixel(x: 30, y: 45).a, 0, "\(backend)")
            XCTAssertGreaterThan(img.pixel(x: 12, y: 30).r, 200, "\(backend)")
            XCTAssertGreaterThan(img.pixel(x: 48, y: 30).b, 200, "\(backend)")
        }
    }

    func testOpacityFadesTheTexture() throws {
        let h = try Headless(.software, width: 20, height: 20)
        h.canvas.drawTexture(try halves(h), in: Rect(x: 0, y: 0, width: 20, height: 20), opacity: 0.5)
        XCTAssertEqual(Double(try h.canvas.readPixels().pixel(x: 10, y: 10).a), 128, accuracy: 3)
    }
}
