import CSDL2
import Foundation
import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage

/// Issue 21, case 8: decode bombs inside the caps. Pictures are decoded to their target size as
/// they are read, and what all the workers' decodes hold together is bounded, not each one.
final class DecodeMemoryTests: XCTestCase {
    /// A 4000×3000 PNG for a 250-pixel cell is averaged 16×16 as it is read: its decode reserves
    /// (and holds) 250×187 pixels and a row, not 48 MB, and looks like the whole decode shrunk.
    func testAPNGIsAveragedDownAsItIsRead() throws {
        let files = try ImageFixtures()
        let path = try files.savePNG("big.png", ImageFixtures.quadrants(width: 4000, height: 3000, seed: 8))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let ticket = DecodeMemory(budget: 1 << 30).ticket(cancel: nil)
        let reduced = try bytes.withUnsafeBytes { try PNGCodec.decode($0, maxSide: 4000, cover: (250, 187), memory: ticket) }
        let small = try XCTUnwrap(reduced.pixels)
        XCTAssertEqual(reduced.width, 4000, "the image's own size")
        XCTAssertEqual([small.width, small.height], [250, 187])
        XCTAssertLessThan(ticket.bytes, 1 << 20, "what the decode held")
        let whole = try XCTUnwrap(try bytes.withUnsafeBytes { try PNGCodec.decode($0, maxSide: 4000) }.pixels)
        XCTAssertEqual(whole.width, 4000)
        let shrunk = DecodedImage(pixels: try Downscale.resize(whole, width: 250, height: 187), sourceWidth: 4000, sourceHeight: 3000, isLargestPossible: false)
        let got = DecodedImage(pixels: small, sourceWidth: 4000, sourceHeight: 3000, isLargestPossible: false)
        for (x, y) in [(10, 10), (240, 10), (10, 180), (240, 180), (125, 93), (124, 94)] {
            let a = got.pixel(x: x, y: y), b = shrunk.pixel(x: x, y: y)
            for s in stride(from: 0, to: 32, by: 8) {
                XCTAssertLessThanOrEqual(abs(Int(a >> s & 0xFF) - Int(b >> s & 0xFF)), 2, "(\(x), \(y)): \(String(a, radix: 16)) vs \(String(b, radix: 16))")
            }
        }
        // Through the pipeline's decode: the cell's cover size.
        let image = try PhotoDecoder.decode(path: path, pixelSize: Size(width: 200, height: 150))
        XCTAssertEqual([image.pixelWidth, image.pixelHeight], [200, 150])
    }

    /// Two decodes of 200 MB under a 256 MB budget: the second waits for the first to give its
    /// memory back; one larger than the budget runs alone; a cancelled wait ends.
    func testTheWorkersShareOneBudget() throws {
        let memory = DecodeMemory(budget: 256 << 20)
        let first = memory.ticket(cancel: nil)
        try first.reserve(200 << 20)
        // nonisolated(unsafe): the ticket is handed to one other thread and touched by it alone.
        nonisolated(unsafe) let second = memory.ticket(cancel: nil)
        let started = Date()
        let waited = expectation(description: "the second reservation")
        DispatchQueue.global().async {
            try? second.reserve(200 << 20)
            waited.fulfill()
        }
        usleep(300_000)
        XCTAssertEqual(memory.held, 200 << 20, "the second still waits")
        first.release()
        wait(for: [waited], timeout: 5)
        XCTAssertGreaterThan(Date().timeIntervalSince(started), 0.25)
        XCTAssertEqual(memory.held, 200 << 20)
        XCTAssertEqual(memory.peak, 200 << 20, "never both at once")
        second.release()
        let huge = memory.ticket(cancel: nil)
        try huge.reserve(400 << 20)
        XCTAssertEqual(memory.held, 400 << 20, "alone, a decode over the budget runs")
        let cancel = CancelFlag()
        let blocked = memory.ticket(cancel: cancel)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { cancel.cancel() }
        XCTAssertThrowsError(try blocked.reserve(1 << 20)) { XCTAssertTrue($0 is DecodeCancelled) }
        huge.release()
        XCTAssertEqual(memory.held, 0)
    }
}
