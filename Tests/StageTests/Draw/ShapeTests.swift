import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage
import StageInterface

final class ShapeTests: XCTestCase {
    private func alphas(_ img: PixelImage) -> [UInt8] { stride(from: 3, to: img.rgba.count, by: 4).map { img.rgba[$0] } }

    /// Pixels whose squares lie wholly outside a rounded rectangle (centre farther than `margin`
    /// px from it). The software renderer places shapes at whole pixels, so it gets half a pixel more.
    private func outside(x: Int, y: Int, rect: Rect, r: Double, margin: Double) -> Bool {
        let cx = Double(x) + 0.5, cy = Double(y) + 0.5
        let qx = abs(cx - rect.midX) - (rect.width / 2 - r), qy = abs(cy - rect.midY) - (rect.height / 2 - r)
        let d = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot() + min(max(qx, qy), 0) - r
        return d > margin
    }

    func testRoundedCornerIsAntiAliasedAndOutsideUntouched() throws {
        for backend in Headless.Backend.allCases {
            for scale in [1.0, 2.0] {
                let h = try Headless(backend, width: Int(60 * scale), height: Int(40 * scale), scale: scale)
                let rect = Rect(x: 5.3, y: 4.6, width: 48, height: 30)
                h.canvas.fillRoundedRect(rect, cornerRadius: 10, SystemColor.blue.resolved(.light))
                let img = try h.canvas.readPixels()
                let pixelRect = Rect(x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
                var partialOnArc = 0
                for y in 0..<img.height {
                    for x in 0..<img.width {
                        let a = img.pixel(x: x, y: y).a
                        if outside(x: x, y: y, rect: pixelRect, r: 10 * scale, margin: backend == .software ? 1.25 : 0.75) {
                            XCTAssertEqual(a, 0, "\(backend) @\(scale)x: pixel (\(x), \(y)) outside the shape was touched")
                        }
                        // The top-left corner square: blended pixels along the arc.
                        if Double(x) < pixelRect.minX + 10 * scale && Double(y) < pixelRect.minY + 10 * scale, a > 20, a < 235 {
                            partialOnArc += 1
                        }
                    }
                }
                XCTAssertGreaterThan(partialOnArc, Int(5 * scale), "\(backend) @\(scale)x: corner is not anti-aliased")
                let centre = img.pixel(x: Int(pixelRect.midX), y: Int(pixelRect.midY))
                XCTAssertEqual(centre.a, 255)
                XCTAssertEqual(centre.b, 255)
            }
        }
    }

    func testPixelAlignedFillIsExact() throws {
        for backend in Headless.Backend.allCases {
            let h = try Headless(backend, width: 20, height: 20)
            h.canvas.fill(Rect(x: 5, y: 6, width: 10, height: 4), Color(hex: 0x336699))
            let img = try h.canvas.readPixels()
            for y in 0..<20 {
                for x in 0..<20 {
                    let inside = (5..<15).contains(x) && (6..<10).contains(y)
                    XCTAssertEqual(img.pixel(x: x, y: y).a, inside ? 255 : 0, "\(backend) (\(x), \(y))")
                }
            }
            XCTAssertEqual(img.pixel(x: 5, y: 6).g, 0x66)
        }
    }

    func testStrokeLeavesTheMiddleEmptyAndCircleIsRound() throws {
        for backend in Headless.Backend.allCases {
            let h = try Headless(backend, width: 80, height: 40)
            h.canvas.strokeRoundedRect(Rect(x: 4, y: 4, width: 32, height: 32), cornerRadius: 8, lineWidth: 3, .black)
            h.canvas.fillCircle(center: Point(x: 60, y: 20), radius: 12, .black)
            let img = try h.canvas.readPixels()
            XCTAssertEqual(img.pixel(x: 20, y: 20).a, 0, "\(backend)")
            XCTAssertEqual(img.pixel(x: 4, y: 20).a, 255, "\(backend)")
            XCTAssertEqual(img.pixel(x: 60, y: 20).a, 255, "\(backend)")
            // On the circle's diagonal, inside at r·0.9 and outside at r·1.1.
            let d = 12 / 2.0.squareRoot()
            XCTAssertEqual(img.pixel(x: Int(60 + d * 0.9), y: Int(20 + d * 0.9)).a, 255, "\(backend)")
            XCTAssertEqual(img.pixel(x: Int(60 + d * 1.15), y: Int(20 + d * 1.15)).a, 0, "\(backend)")
        }
    }

    func testDiagonalLineCoversItsPathOnly() throws {
        for backend in Headless.Backend.allCases {
            let h = try Headless(backend, width: 40, height: 40)
            h.canvas.line(from: Point(x: 5, y: 5), to: Point(x: 35, y: 35), width: 3, .black)
            let img = try h.canvas.readPixels()
            XCTAssertEqual(img.pixel(x: 20, y: 20).a, 255, "\(backend)")
            XCTAssertEqual(img.pixel(x: 30, y: 10).a, 0, "\(backend)")
            XCTAssertEqual(img.pixel(x: 10, y: 30).a, 0, "\(backend)")
        }
    }

    func testClipStackIntersectsAndPops() throws {
        for backend in Headless.Backend.allCases {
            let h = try Headless(backend, width: 40, height: 40)
            h.canvas.pushClip(Rect(x: 0, y: 0, width: 20, height: 40))
            h.canvas.pushClip(Rect(x: 10, y: 10, width: 30, height: 10))
            XCTAssertEqual(h.canvas.clipRect, Rect(x: 10, y: 10, width: 10, height: 10))
            h.canvas.fill(Rect(x: 0, y: 0, width: 40, height: 40), .black)
            h.canvas.popClip()
            h.canvas.pushClip(Rect(x: 30, y: 30, width: 5, height: 5))
            // Disjoint from the outer clip: an empty intersection draws nothing.
            XCTAssertEqual(h.canvas.clipRect?.width, 0)
            h.canvas.fill(Rect(x: 0, y: 0, width: 40, height: 40), .black)
            h.canvas.popClip()
            h.canvas.popClip()
            XCTAssertNil(h.canvas.clipRect)
            let img = try h.canvas.readPixels()
            let covered = alphas(img).filter { $0 > 0 }.count
            XCTAssertEqual(covered, 100, "\(backend)")
            XCTAssertEqual(img.pixel(x: 15, y: 15).a, 255)
            XCTAssertEqual(img.pixel(x: 32, y: 32).a, 0)
            h.canvas.popClip()
            XCTAssertEqual(h.logged.count, 1, "an unmatched pop is logged once")
        }
    }

    func testWithOpacityMultipliesAndRestores() throws {
        let h = try Headless(.software, width: 20, height: 10)
        h.canvas.withOpacity(0.5) {
            h.canvas.withOpacity(0.5) { h.canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), .black) }
        }
        h.canvas.fill(Rect(x: 10, y: 0, width: 10, height: 10), .black)
        let img = try h.canvas.readPixels()
        XCTAssertEqual(Double(img.pixel(x: 5, y: 5).a), 64, accuracy: 2)
        XCTAssertEqual(img.pixel(x: 15, y: 5).a, 255)
    }

    /// A small rounded cell (drawn whole from one cached image on the software renderer) at a
    /// fractional place and size covers the pixels between its snapped edges, and its image is made
    /// at exactly that many: the same pixels as the cell placed on those edges. An image rounded
    /// from the fractional size (50.4 → 50 for 51 pixels, as an adaptive grid's 50.2-point cells
    /// land) was stretched a column, its corners resampled — and a stretched copy cut by a clip is
    /// scaled whole in a scratch target first, which cost most of a scrolling grid's frame.
    func testASmallRoundedCellAtAFractionalPlaceIsItsImageUnstretched() throws {
        func draw(_ rect: Rect) throws -> PixelImage {
            let h = try Headless(.software, width: 80, height: 60)
            h.canvas.fillRoundedRect(rect, cornerRadius: 8, Color(hex: 0xE07050))
            return try h.canvas.readPixels()
        }
        // Edges 10.3 and 60.7 snap to pixels 10 and 61; 4.4 and 54.6 to 4 and 55.
        let fractional = try draw(Rect(x: 10.3, y: 4.4, width: 50.4, height: 50.2))
        let snapped = try draw(Rect(x: 10, y: 4, width: 51, height: 51))
        let differing = stride(from: 0, to: fractional.rgba.count, by: 4).filter { fractional.rgba[$0..<$0 + 4] != snapped.rgba[$0..<$0 + 4] }.count
        XCTAssertEqual(differing, 0, "pixels unlike the cell on its snapped edges")
        // Both corners of a row alike: nothing duplicated a column on one side.
        for y in 4..<12 {
            XCTAssertEqual(fractional.pixel(x: 10, y: y).a, fractional.pixel(x: 60, y: y).a, "row \(y)")
        }
    }
}
