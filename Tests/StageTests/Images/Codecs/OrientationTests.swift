import CSDL2
import Foundation
import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage

/// EXIF orientation, all eight values: pictures generated as a camera stores them (pixels turned,
/// orientation tag set) come out upright, at the upright size, in the decoder and in the header.
final class OrientationTests: XCTestCase {
    /// Upright: red top-left, green top-right, blue bottom-left, white bottom-right; 3:2 landscape.
    static let upright: [UInt32] = [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF]
    static let width = 120, height = 80

    static func uprightColor(x: Int, y: Int) -> UInt32 { upright[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)] }

    /// The EXIF specification's table, written out independently of the decoder: which visual side
    /// the stored 0th row and the stored 0th column represent.
    enum Side { case top, bottom, left, right }
    static let table: [Int: (row: Side, column: Side)] = [
        1: (.top, .left), 2: (.top, .right), 3: (.bottom, .right), 4: (.bottom, .left),
        5: (.left, .top), 6: (.right, .top), 7: (.right, .bottom), 8: (.left, .bottom),
    ]

    /// The stored pixels a camera writes for `orientation`: stored row r runs parallel to the
    /// side the table names for row 0, stored column c to the side it names for column 0.
    static func stored(_ orientation: Orientation) -> UnsafeMutablePointer<SDL_Surface> {
        let (row, column) = table[orientation.rawValue]!
        let rowsAreColumns = row == .left || row == .right
        let sw = rowsAreColumns ? height : width, sh = rowsAreColumns ? width : height
        let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(sw), Int32(sh), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)!
        for r in 0..<sh {
            for c in 0..<sw {
                var x = 0, y = 0
                switch row {
                case .top: y = r
                case .bottom: y = height - 1 - r
                case .left: x = r
                case .right: x = width - 1 - r
                }
                switch column {
                case .left: x = c
                case .right: x = width - 1 - c
                case .top: y = c
                case .bottom: y = height - 1 - c
                }
                (s.pointee.pixels! + r * Int(s.pointee.pitch)).assumingMemoryBound(to: UInt32.self)[c] = uprightColor(x: x, y: y)
            }
        }
        return s
    }

    static func write(_ orientation: Orientation, in files: ImageFixtures, date: String? = nil) throws -> String {
        let s = stored(orientation)
        defer { SDL_FreeSurface(s) }
        let path = files.path("orientation-\(orientation.rawValue).jpg")
        let data = try JPEGEncoder.encode(s, .init(quality: 95, exif: ExifBlock(orientation: orientation.rawValue, dateTimeOriginal: date)))
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    private func close(_ a: UInt32, _ b: UInt32) -> Bool {
        var worst = 0
        for shift: UInt32 in [16, 8, 0] {
            let ca = Int((a >> shift) & 0xFF), cb = Int((b >> shift) & 0xFF)
            worst = max(worst, abs(ca - cb))
        }
        return worst < 40
    }

    func testEveryOrientationDecodesUpright() throws {
        let files = try ImageFixtures()
        for o in Orientation.allCases {
            let path = try Self.write(o, in: files)
            for size in [nil, Size(width: 30, height: 20)] {
                let image = try PhotoDecoder.decode(path: path, pixelSize: size)
                let (w, h) = size == nil ? (120, 80) : (30, 20)
                XCTAssertEqual(image.pixelWidth, w, "orientation \(o.rawValue)")
                XCTAssertEqual(image.pixelHeight, h, "orientation \(o.rawValue)")
                XCTAssertEqual(image.sourceWidth, 120)
                XCTAssertEqual(image.sourceHeight, 80)
                for (qx, qy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let x = w / 4 + qx * w / 2, y = h / 4 + qy * h / 2
                    let want = Self.upright[qy * 2 + qx], got = image.pixel(x: x, y: y)
                    XCTAssertTrue(close(got, want), "orientation \(o.rawValue) at \(size.map { "\($0)" } ?? "full size"), quadrant (\(qx),\(qy)): got \(String(got, radix: 16)), want \(String(want, radix: 16))")
                }
            }
        }
    }

    /// The header reads orientation and capture time with libexif; the file's pixel size is upright.
    func testHeaderAndPixelSizeAreUpright() throws {
        let files = try ImageFixtures()
        for o in Orientation.allCases {
            let path = try Self.write(o, in: files, date: "2024:05:0\(o.rawValue) 10:11:12")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let header = try bytes.withUnsafeBytes { try ImageHeader.parse($0) }
            XCTAssertEqual(header.orientation, o)
            XCTAssertEqual(header.captureTime, "2024:05:0\(o.rawValue) 10:11:12")
            XCTAssertEqual(header.width, o.swapsAxes ? 80 : 120, "stored width")
            XCTAssertEqual(PhotoDecoder.pixelSize(ofFile: path), Size(width: 120, height: 80))
        }
    }

    /// A file without EXIF, or with an orientation out of range, is shown as stored.
    func testMissingOrInvalidOrientationIsUp() throws {
        let files = try ImageFixtures()
        let s = Self.stored(.up)
        defer { SDL_FreeSurface(s) }
        for (name, exif) in [("none.jpg", nil), ("nine.jpg", ExifBlock(orientation: 9)), ("zero.jpg", ExifBlock(orientation: 0))] {
            let path = files.path(name)
            try JPEGEncoder.encode(s, .init(exif: exif)).write(to: URL(fileURLWithPath: path))
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            XCTAssertEqual(try bytes.withUnsafeBytes { try ImageHeader.parse($0) }.orientation, .up, name)
            let image = try PhotoDecoder.decode(path: path, pixelSize: nil)
            XCTAssertTrue(close(image.pixel(x: 10, y: 10), Self.upright[0]), name)
        }
    }

    /// One pixel loop serves both ways: a synthetic camera photo's stored pixels (`SyntheticPhoto.turn`,
    /// upright turned by the inverse orientation) are exactly what the EXIF table says a camera
    /// stores, and turning them upright again (`apply`) gives back the upright picture exactly.
    func testTurningForACameraIsUndoneByTurningUpright() throws {
        for o in Orientation.allCases {
            let upright = Self.storedPixels(.up)
            let stored = try SyntheticPhoto.turn(upright, for: o)
            let expected = Self.storedPixels(o)
            XCTAssertEqual(Self.pixels(stored), Self.pixels(expected), "orientation \(o.rawValue): stored pixels")
            XCTAssertEqual(o.inverse.inverse, o)
            let back = try o.apply(to: stored)
            XCTAssertEqual(Self.pixels(back), Self.pixels(upright), "orientation \(o.rawValue): upright again")
        }
    }

    static func storedPixels(_ orientation: Orientation) -> PixelBuffer {
        let s = stored(orientation)
        defer { SDL_FreeSurface(s) }
        return PixelBuffer(copying: s)
    }

    static func pixels(_ p: PixelBuffer) -> [UInt32] {
        (0..<p.height).flatMap { y in (0..<p.width).map { p.pixel(x: $0, y: y) } } + [UInt32(p.width), UInt32(p.height)]
    }

    static func pixels(_ s: UnsafeMutablePointer<SDL_Surface>) -> [UInt32] {
        let w = Int(s.pointee.w), h = Int(s.pointee.h), pitch = Int(s.pointee.pitch)
        return (0..<h).flatMap { y in (0..<w).map { (s.pointee.pixels! + y * pitch).assumingMemoryBound(to: UInt32.self)[$0] } } + [UInt32(w), UInt32(h)]
    }
}
