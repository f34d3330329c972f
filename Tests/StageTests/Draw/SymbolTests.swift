import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage
import StageInterface

final class SymbolTests: XCTestCase {
    private func partialCount(_ img: PixelImage) -> Int {
        stride(from: 3, to: img.rgba.count, by: 4).filter { img.rgba[$0] > 16 && img.rgba[$0] < 239 }.count
    }

    func testTintedAndCentredWithAspectFit() throws {
        let h = try Headless(.software, width: 60, height: 30, resources: TestResources.locator)
        h.canvas.symbol("circle.fill", in: Rect(x: 0, y: 0, width: 60, height: 30), color: Color(hex: 0x00AA00))
        let img = try h.canvas.readPixels()
        // 24-unit circle of radius 10 fitted into 30 px: centred at (30, 15), radius 12.5.
        XCTAssertEqual(img.pixel(x: 30, y: 15).g, 0xAA)
        XCTAssertEqual(img.pixel(x: 30, y: 15).r, 0)
        XCTAssertEqual(img.pixel(x: 30, y: 15).a, 255)
        XCTAssertEqual(img.pixel(x: 5, y: 15).a, 0)
        XCTAssertEqual(img.pixel(x: 55, y: 15).a, 0)
        XCTAssertTrue(h.logged.isEmpty, "\(h.logged)")
    }

    func testCrispAtScaleTwoComparedWithUpscaling() throws {
        // Native: rasterized at 48 px for a 24 pt symbol at 2×.
        let native = try Headless(.software, width: 48, height: 48, scale: 2, resources: TestResources.locator)
        native.canvas.symbol("circle.fill", in: Rect(x: 0, y: 0, width: 24, height: 24), color: .black)
        let sharp = partialCount(try native.canvas.readPixels())

        // Upscaled: the 1× raster (24 px) stretched to 48 px.
        let small = try Headless(.software, width: 24, height: 24, scale: 1, resources: TestResources.locator)
        small.canvas.symbol("circle.fill", in: Rect(x: 0, y: 0, width: 24, height: 24), color: .black)
        let raster = try small.canvas.readPixels()
        let big = try Headless(.window, width: 48, height: 48)
        let texture = try TestResources.texture(big.renderer, width: 24, height: 24) { x, y in
            let p = raster.pixel(x: x, y: y)
            return (p.r, p.g, p.b, p.a)
        }
        big.canvas.drawTexture(texture, in: Rect(x: 0, y: 0, width: 48, height: 48))
        let blurry = partialCount(try big.canvas.readPixels())

        // The circle's edge is 2π·20 ≈ 126 px long at 2×: a crisp edge has about one blended pixel per
        // edge pixel, the upscaled one about twice that.
        XCTAssertLessThan(Double(sharp), 1.6 * 126, "native 2× has \(sharp) blended pixels")
        XCTAssertLessThan(Double(sharp), 0.75 * Double(blurry), "native \(sharp) vs upscaled \(blurry)")
    }

    func testCachedPerPixelSize() throws {
        let h = try Headless(.software, width: 60, height: 60, resources: TestResources.locator)
        h.canvas.symbol("heart", in: Rect(x: 0, y: 0, width: 20, height: 20), color: .black)
        h.canvas.symbol("heart", in: Rect(x: 20, y: 0, width: 20, height: 20), color: .white)
        XCTAssertEqual(h.canvas.symbolCache.count, 1)
        h.canvas.scale = 2
        h.canvas.symbol("heart", in: Rect(x: 0, y: 0, width: 20, height: 20), color: .black)
        XCTAssertEqual(h.canvas.symbolCache.count, 2)
    }

    func testMissingSymbolDrawsAFallbackAndLogsOnce() throws {
        let h = try Headless(.software, width: 40, height: 40, resources: TestResources.locator)
        for _ in 0..<3 {
            h.canvas.symbol("no.such.symbol", in: Rect(x: 0, y: 0, width: 40, height: 40), color: .black)
        }
        h.canvas.symbol("../escape", in: Rect(x: 0, y: 0, width: 40, height: 40), color: .black)
        let img = try h.canvas.readPixels()
        XCTAssertGreaterThan(stride(from: 3, to: img.rgba.count, by: 4).filter { img.rgba[$0] > 0 }.count, 50)
        XCTAssertEqual(h.logged.filter { $0.contains("no.such.symbol") }.count, 1, "\(h.logged)")
        XCTAssertEqual(h.logged.count, 2, "\(h.logged)")
    }
}
