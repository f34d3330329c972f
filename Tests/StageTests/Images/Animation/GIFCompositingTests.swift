import CGifLib
import XCTest
@testable import PhotoLibrary
@testable import Stage

/// GIF frames composited as browsers do, checked pixel by pixel on frames that cover only part of
/// the canvas: disposal 1 keeps, 2 clears the frame's rectangle to transparent, 3 puts back what was
/// under it; a transparent index leaves the canvas as it was; frames past the canvas are clipped.
final class GIFCompositingTests: XCTestCase {
    static let red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF, green: UInt32 = 0xFF00_FF00, yellow: UInt32 = 0xFFFF_FF00
    static let palette: [UInt32] = [0xFF0000, 0x0000FF, 0x00FF00, 0xFFFF00, 0xFFFFFF]

    func canvas(_ frame: CompositedFrame, _ w: Int, _ h: Int) -> [UInt32] { Array(UnsafeBufferPointer(start: frame.pixels, count: w * h)) }

    func testPartialFramesDisposeAndBlendToExactPixels() throws {
        var gif = GIFWriter(width: 4, height: 4, palette: Self.palette)
        // 0: the whole canvas red, kept.
        gif.frames.append(.init(width: 4, height: 4, pixels: [UInt8](repeating: 0, count: 16), delay: 10, disposal: DISPOSE_DO_NOT))
        // 1: a blue 2×2 at (1,1), then restored to the background (transparent).
        gif.frames.append(.init(left: 1, top: 1, width: 2, height: 2, pixels: [1, 1, 1, 1], delay: 20, disposal: DISPOSE_BACKGROUND))
        // 2: a green pixel at (3,3), then put back to what was under it.
        gif.frames.append(.init(left: 3, top: 3, width: 1, height: 1, pixels: [2], delay: 30, disposal: DISPOSE_PREVIOUS))
        // 3: two pixels at (0,0): the first transparent (index 4), the second yellow; and a frame
        // reaching past the canvas' right edge, clipped.
        gif.frames.append(.init(left: 0, top: 0, width: 2, height: 1, pixels: [4, 3], delay: 40, disposal: DISPOSE_DO_NOT, transparent: 4))
        gif.frames.append(.init(left: 3, top: 0, width: 3, height: 1, pixels: [1, 1, 1], delay: 50))
        let decoder = try GIFAnimationDecoder(bytes: gif.data(), width: 4, height: 4, maxFramePixels: 1 << 20)
        let (R, B, G, Y) = (Self.red, Self.blue, Self.green, Self.yellow)
        let expected: [[UInt32]] = [
            [R, R, R, R, R, R, R, R, R, R, R, R, R, R, R, R],
            [R, R, R, R, R, B, B, R, R, B, B, R, R, R, R, R],
            [R, R, R, R, R, 0, 0, R, R, 0, 0, R, R, R, R, G],
            [R, Y, R, R, R, 0, 0, R, R, 0, 0, R, R, R, R, R],
            [R, Y, R, B, R, 0, 0, R, R, 0, 0, R, R, R, R, R],
        ]
        for (i, want) in expected.enumerated() {
            let frame = try XCTUnwrap(decoder.nextFrame(), "frame \(i)")
            XCTAssertEqual(canvas(frame, 4, 4).map { String($0, radix: 16) }, want.map { String($0, radix: 16) }, "frame \(i)")
        }
        XCTAssertNil(try decoder.nextFrame(), "five frames, then the end")
        XCTAssertLessThanOrEqual(decoder.heldBytes, 2 * 4 * 4 * 4 + 8, "a canvas, a saved region and a row")
        // The next loop starts from a transparent canvas again.
        try decoder.rewind()
        XCTAssertEqual(canvas(try XCTUnwrap(decoder.nextFrame()), 4, 4), expected[0])
    }

    func testInterlacedFrameRowsLandInTheirPlaces() throws {
        var gif = GIFWriter(width: 3, height: 9, palette: Self.palette)
        gif.frames.append(.init(width: 3, height: 9, pixels: (0..<27).map { UInt8($0 / 3 % 4) }, interlaced: true))
        let decoder = try GIFAnimationDecoder(bytes: gif.data(), width: 3, height: 9, maxFramePixels: 1 << 20)
        let pixels = canvas(try XCTUnwrap(decoder.nextFrame()), 3, 9)
        let colours = [Self.red, Self.blue, Self.green, Self.yellow]
        for y in 0..<9 { XCTAssertEqual(pixels[y * 3], colours[y % 4], "row \(y)") }
    }

    func testDelaysFollowTheBrowsersRuleAndTheLoopBlockSetsThePlays() throws {
        var gif = GIFWriter(width: 2, height: 2, palette: Self.palette)
        for d in [0, 1, 2, 5, 150] { gif.frames.append(.init(width: 2, height: 2, pixels: [0, 1, 2, 3], delay: d)) }
        gif.repeats = 2
        let decoder = try GIFAnimationDecoder(bytes: gif.data(), width: 2, height: 2, maxFramePixels: 1 << 20)
        var delays: [Double] = []
        while let f = try decoder.nextFrame() { delays.append(f.delay) }
        XCTAssertEqual(delays, [0.1, 0.1, 0.02, 0.05, 1.5], "0 and 10 ms show for 100 ms; 20 ms is kept")
        XCTAssertEqual(decoder.plays, 3, "NETSCAPE2.0's 2 is two repeats after the first showing")
        gif.repeats = 0
        let forever = try GIFAnimationDecoder(bytes: gif.data(), width: 2, height: 2, maxFramePixels: 1 << 20)
        while try forever.nextFrame() != nil {}
        XCTAssertNil(forever.plays, "0 loops for ever")
        gif.repeats = nil
        let once = try GIFAnimationDecoder(bytes: gif.data(), width: 2, height: 2, maxFramePixels: 1 << 20)
        while try once.nextFrame() != nil {}
        XCTAssertEqual(once.plays, 1, "no loop block: shown once")
    }

    func testATruncatedFrameThrowsAfterTheGoodOnes() throws {
        var gif = GIFWriter(width: 16, height: 16, palette: Self.palette)
        for i in 0..<3 { gif.frames.append(.init(width: 16, height: 16, pixels: (0..<256).map { UInt8(($0 + i) % 4) })) }
        let whole = gif.data()
        // Cut inside the last frame's pixel data.
        let cut = Array(whole.prefix(whole.count - 20))
        let decoder = try GIFAnimationDecoder(bytes: cut, width: 16, height: 16, maxFramePixels: 1 << 20)
        XCTAssertNotNil(try decoder.nextFrame())
        XCTAssertNotNil(try decoder.nextFrame())
        XCTAssertThrowsError(try decoder.nextFrame()) { XCTAssertTrue("\($0)".contains("GIF"), "\($0)") }
        // A file that only lacks its trailer byte ends after its last whole frame.
        let untrailed = try GIFAnimationDecoder(bytes: Array(whole.dropLast()), width: 16, height: 16, maxFramePixels: 1 << 20)
        var n = 0
        while try untrailed.nextFrame() != nil { n += 1 }
        XCTAssertEqual(n, 3)
    }

    func testAFrameOverThePixelCapIsRefusedBeforeItDecodes() throws {
        var gif = GIFWriter(width: 4, height: 4, palette: Self.palette)
        gif.frames.append(.init(width: 4, height: 4, pixels: [UInt8](repeating: 0, count: 16)))
        gif.frames.append(.init(width: 300, height: 300, pixels: [UInt8](repeating: 1, count: 90_000)))
        let decoder = try GIFAnimationDecoder(bytes: gif.data(), width: 4, height: 4, maxFramePixels: 50_000)
        XCTAssertNotNil(try decoder.nextFrame())
        XCTAssertThrowsError(try decoder.nextFrame()) { XCTAssertTrue("\($0)".contains("too large"), "\($0)") }
    }
}
