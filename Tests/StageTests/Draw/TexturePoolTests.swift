import CSDL2
import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage
import StageInterface

/// Lines of text the cache lets go give their textures to the next lines (`TexturePool`,
/// `TextLine`), which draw exactly what a texture of their own would.
final class TexturePoolTests: XCTestCase {
    /// Frames of numbers never shown before (the peers' traverse of a big grid): once the cache is at
    /// its floor, new lines are written into the textures old ones let go, not made and destroyed.
    func testNewLinesReuseTheTexturesOfLinesLetGo() throws {
        let h = try Headless(.software, width: 320, height: 200)
        let c = h.canvas
        let font = Font.system(size: 24)
        var made = 0
        for frame in 0..<60 {
            for i in 0..<40 { c.text("\(frame * 1000 + i)", font: font, color: .black, at: Point(x: 4, y: 4)) }
            made += 40
            c.endFrame()
        }
        XCTAssertGreaterThan(c.textTextures.reused, made / 2, "of \(made) lines, \(c.textTextures.reused) in a texture let go")
        XCTAssertLessThanOrEqual(c.textTextures.byteCount, c.textTextures.capacity)
        XCTAssertTrue(h.logged.isEmpty, "\(h.logged)")
    }

    /// A texture that held a longer line before draws the new, shorter line and nothing of the old:
    /// the same pixels as on a canvas whose every line has a texture of its own.
    func testAReusedTextureDrawsOnlyItsNewLine() throws {
        for backend in Headless.Backend.allCases {
            let font = Font.system(size: 20)
            let lines = ["1", "17", "Latte", "Flat white", "0123", "Cortado 42", "W", "mm"]
            func draw(_ c: Canvas) {
                for (i, line) in lines.enumerated() {
                    c.text(line, font: font, color: Color(hex: 0x8B4513), at: Point(x: 6, y: 4 + Double(i) * 26))
                }
            }
            let fresh = try Headless(backend, width: 200, height: 220)
            draw(fresh.canvas)
            let expected = try fresh.canvas.readPixels()

            let reusing = try Headless(backend, width: 200, height: 220)
            let c = reusing.canvas
            // Dark lines of every length, several of each, let go: each size of texture the lines
            // above take holds older ink to its right.
            for n in 1...24 {
                for ink in ["█", "8", "0", "M"] { c.text(String(repeating: ink, count: n), font: font, color: .black, at: Point(x: 0, y: 0)) }
            }
            c.textCache.removeAll()
            c.clear(.clear)
            let before = c.textTextures.reused
            draw(c)
            XCTAssertEqual(c.textTextures.reused - before, lines.count, "\(backend): every line in a texture let go")
            let got = try c.readPixels()
            XCTAssertEqual(got.width, expected.width)
            var differing = 0
            for i in 0..<min(got.rgba.count, expected.rgba.count) where got.rgba[i] != expected.rgba[i] { differing += 1 }
            XCTAssertEqual(differing, 0, "\(backend): bytes differing from lines drawn from their own textures")
            XCTAssertTrue(reusing.logged.isEmpty, "\(reusing.logged)")
        }
    }

    /// The pool keeps no more than its capacity, and gives a texture back only for its exact shape.
    func testThePoolHoldsItsCapacityAndMatchesShapes() throws {
        let h = try Headless(.software, width: 16, height: 16)
        let pool = TexturePool(capacity: 3 * 64 * 20 * 4)
        let shape = TexturePool.Shape(format: SDL_PIXELFORMAT_ARGB8888.rawValue, width: 64, height: 20)
        for _ in 0..<5 { pool.give(try Texture(renderer: h.renderer, width: 64, height: 20), as: shape) }
        XCTAssertEqual(pool.byteCount, 3 * 64 * 20 * 4, "two of five let go past the capacity")
        XCTAssertNil(pool.take(TexturePool.Shape(format: shape.format, width: 64, height: 21)))
        XCTAssertNil(pool.take(TexturePool.Shape(format: shape.format, width: 32, height: 20)))
        for _ in 0..<3 { XCTAssertNotNil(pool.take(shape)) }
        XCTAssertNil(pool.take(shape))
        XCTAssertEqual(pool.byteCount, 0)
        XCTAssertEqual(pool.reused, 3)
    }
}
