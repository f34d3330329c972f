import CSDL2
import XCTest
@testable import PhotoLibrary
@testable import Stage

/// Our BMP decoder reads what SDL_LoadBMP (SDL_image's BMP loader, which decoded them before) reads,
/// pixel for pixel, and refuses what is cut short or out of bounds with one line.
final class BMPDecoderTests: XCTestCase {
    /// A little-endian BMP: file header, a 40-byte INFO header (or `dib` bytes with masks), palette, rows.
    static func bmp(width: Int, height: Int, bits: Int, compression: UInt32 = 0, dib: Int = 40, masks: [UInt32] = [],
                    palette: [UInt32] = [], rows: [UInt8]) -> [UInt8] {
        func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        var info = le32(UInt32(dib)) + le32(UInt32(bitPattern: Int32(width))) + le32(UInt32(bitPattern: Int32(height)))
        info += le16(1) + le16(UInt16(bits)) + le32(compression) + le32(UInt32(rows.count)) + le32(2835) + le32(2835)
        info += le32(UInt32(palette.count)) + le32(0)
        var extra: [UInt8] = masks.flatMap(le32)
        if dib > 40 { extra += [UInt8](repeating: 0, count: dib - 40 - extra.count); info += extra; extra = [] }
        let table = palette.flatMap(le32)
        let offset = 14 + info.count + extra.count + table.count
        return Array("BM".utf8) + le32(UInt32(offset + rows.count)) + le32(0) + le32(UInt32(offset)) + info + extra + table + rows
    }

    /// SDL's reading of `bytes`, as ARGB8888 words.
    static func sdl(_ bytes: [UInt8]) throws -> [UInt32] {
        try bytes.withUnsafeBytes { raw in
            let s = try XCTUnwrap(SDL_LoadBMP_RW(SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)), 1), String(cString: SDL_GetError()))
            defer { SDL_FreeSurface(s) }
            let c = try XCTUnwrap(SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888.rawValue, 0))
            defer { SDL_FreeSurface(c) }
            let p = PixelBuffer(copying: c)
            return (0..<p.height).flatMap { y in (0..<p.width).map { p.pixel(x: $0, y: y) } }
        }
    }

    static func ours(_ bytes: [UInt8]) throws -> [UInt32] {
        let p = try bytes.withUnsafeBytes { raw in try BMPDecoder.decode(raw, header: try ImageHeader.parse(raw)) }
        return (0..<p.height).flatMap { y in (0..<p.width).map { p.pixel(x: $0, y: y) } }
    }

    func noise(_ count: Int, seed: UInt32) -> [UInt8] {
        var s = seed
        return (0..<count).map { _ in s = s &* 1_664_525 &+ 1_013_904_223; return UInt8(s >> 24) }
    }

    func testEveryDepthReadsAsSDLReadsIt() throws {
        let palette: [UInt32] = (0..<256).map { UInt32($0) &* 0x0001_0305 & 0x00FF_FFFF }
        let cases: [(String, [UInt8])] = [
            ("24-bit bottom-up", Self.bmp(width: 5, height: 3, bits: 24, rows: noise(16 * 3, seed: 1))),
            ("24-bit top-down", Self.bmp(width: 5, height: -3, bits: 24, rows: noise(16 * 3, seed: 2))),
            ("32-bit no alpha", Self.bmp(width: 3, height: 2, bits: 32, rows: noise(24, seed: 3).enumerated().map { $0.offset % 4 == 3 ? 0 : $0.element })),
            ("32-bit alpha", Self.bmp(width: 3, height: 2, bits: 32, rows: noise(24, seed: 4))),
            ("32-bit bitfields", Self.bmp(width: 3, height: 2, bits: 32, compression: 3, dib: 108,
                                          masks: [0x0000_FF00, 0x00FF_0000, 0xFF00_0000, 0x0000_00FF], rows: noise(24, seed: 5))),
            ("16-bit 5-5-5", Self.bmp(width: 3, height: 2, bits: 16, rows: noise(16, seed: 6))),
            ("16-bit 5-6-5", Self.bmp(width: 3, height: 2, bits: 16, compression: 3, masks: [0xF800, 0x07E0, 0x001F], rows: noise(16, seed: 7))),
            ("8-bit", Self.bmp(width: 7, height: 2, bits: 8, palette: palette, rows: noise(16, seed: 8))),
            ("4-bit", Self.bmp(width: 7, height: 2, bits: 4, palette: Array(palette.prefix(16)), rows: noise(8, seed: 9))),
            ("1-bit", Self.bmp(width: 13, height: 2, bits: 1, palette: [0x0011_2233, 0x00AA_BBCC], rows: noise(8, seed: 10))),
            ("RLE8", Self.bmp(width: 6, height: 3, bits: 8, compression: 1, palette: palette,
                              rows: [3, 7, 0, 3, 1, 2, 3, 0, 0, 0, 2, 9, 0, 2, 1, 1, 2, 4, 0, 0, 0, 1])),
            ("RLE4", Self.bmp(width: 6, height: 2, bits: 4, compression: 2, palette: Array(palette.prefix(16)),
                              rows: [4, 0x12, 0, 3, 0x34, 0x50, 0, 0, 6, 0x9A, 0, 1])),
        ]
        for (name, bytes) in cases {
            let (got, want) = (try Self.ours(bytes), try Self.sdl(bytes))
            guard name.hasPrefix("16-bit") else { XCTAssertEqual(got, want, name); continue }
            // SDL widens 5-6-5 through byte-split lookup tables, a level off here and there; we
            // scale each channel by 255 / its maximum: a level apart at most.
            XCTAssertEqual(got.count, want.count, name)
            for (g, w) in zip(got, want) {
                for shift: UInt32 in [0, 8, 16, 24] { XCTAssertLessThanOrEqual(abs(Int(g >> shift & 0xFF) - Int(w >> shift & 0xFF)), 1, name) }
            }
        }
    }

    func testShortOrOutOfBoundsFilesAreRefusedWithOneLine() throws {
        let whole = Self.bmp(width: 64, height: 64, bits: 24, rows: noise(64 * 192, seed: 11))
        for (bytes, words) in [(Array(whole.prefix(whole.count - 100)), "truncated or corrupt BMP"),
                               (Self.bmp(width: 4, height: 4, bits: 8, compression: 1, rows: [4, 1]), "truncated or corrupt BMP"),
                               (Self.bmp(width: 4, height: 4, bits: 7, rows: noise(64, seed: 12)), "unsupported BMP")] {
            XCTAssertThrowsError(try Self.ours(bytes)) { error in
                let text = (error as? ImageRefusal)?.reason ?? "\(error)"
                XCTAssertTrue(text.hasPrefix(words), text)
                XCTAssertFalse(text.contains("\n"))
            }
        }
    }
}
