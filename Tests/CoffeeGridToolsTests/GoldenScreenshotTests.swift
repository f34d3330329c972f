import CSDL2
import Foundation
import XCTest
import CoffeeGridApp
@testable import CoffeeGridTools
@testable import CoffeeGridApp
@testable import PhotoLibrary
@testable import Stage

/// Every scene and variant the catalog declares (and each scene with its code panel the other
/// way), headless at 390×844, 844×390 and 320×320, against the
/// pictures in `Tests/Goldens/` — what a refactor must leave as it was. The goldens change only on
/// purpose: `make goldens` renders them again (look at every picture it changes before committing).
final class GoldenScreenshotTests: XCTestCase {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Goldens")

    func testEveryVariantMatchesItsGolden() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-goldens-\(getpid())")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let shots = ScreenshotsCommand.shots(.standard())
        let stored = Set((try? FileManager.default.contentsOfDirectory(atPath: Self.goldens.path)) ?? []).filter { $0.hasSuffix(".png") }
        XCTAssertEqual(stored, Set(shots.map(\.file)), "Tests/Goldens holds other pictures than the catalog's variants: run make goldens")
        var failed: [String] = []
        for shot in shots {
            let actual = out.appendingPathComponent(shot.file).path
            XCTAssertEqual(try ScreenshotsCommand.render(shot, to: actual), 0, shot.file)
            let golden = Self.goldens.appendingPathComponent(shot.file).path
            guard FileManager.default.fileExists(atPath: golden) else { failed.append("\(shot.file): no golden"); continue }
            let a = try PNGPixels(path: actual), g = try PNGPixels(path: golden)
            if let problem = ImageDifference(a, g).problem {
                failed.append("\(shot.file): \(problem)")
                continue
            }
            try? FileManager.default.removeItem(atPath: actual)
        }
        XCTAssertTrue(failed.isEmpty, """
            \(failed.count) screenshots differ from Tests/Goldens (the new ones are in \(out.path)):
            \(failed.joined(separator: "\n"))
            If the change is intended, run `make goldens`, look at the pictures it changes, and commit them.
            """)
        if failed.isEmpty { try? FileManager.default.removeItem(at: out) }
    }

    func testTheComparisonSeesASmallChange() throws {
        var pixels = [UInt8](repeating: 200, count: 100 * 100 * 4)
        let plain = PNGPixels(width: 100, height: 100, rgba: pixels)
        XCTAssertNil(ImageDifference(plain, plain).problem)
        // One channel off by a rounding step in a few pixels is noise…
        for i in stride(from: 0, to: 40, by: 4) { pixels[i] = 201 }
        XCTAssertNil(ImageDifference(PNGPixels(width: 100, height: 100, rgba: pixels), plain).problem)
        // …a 3×3 mark is not.
        for y in 10..<13 { for x in 10..<13 { pixels[(y * 100 + x) * 4 + 1] = 0 } }
        XCTAssertNotNil(ImageDifference(PNGPixels(width: 100, height: 100, rgba: pixels), plain).problem)
        XCTAssertNotNil(ImageDifference(PNGPixels(width: 100, height: 99, rgba: Array(pixels.prefix(100 * 99 * 4))), plain).problem)
    }
}

/// A PNG's pixels as RGBA bytes, read through SDL_image.
struct PNGPixels {
    let width: Int
    let height: Int
    let rgba: [UInt8]

    init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    init(path: String) throws {
        guard let loaded = IMG_Load(path) else { throw SDLError("IMG_Load(\(path))") }
        defer { SDL_FreeSurface(loaded) }
        guard let s = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else { throw SDLError("SDL_ConvertSurfaceFormat") }
        defer { SDL_FreeSurface(s) }
        width = Int(s.pointee.w)
        height = Int(s.pointee.h)
        let pitch = Int(s.pointee.pitch)
        let base = s.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<(width * 4) { bytes[y * width * 4 + x] = base[y * pitch + x] }
        }
        rgba = bytes
    }
}

/// How far two pictures are apart. A difference of a step or two in a channel is rounding noise
/// (another libm, another optimisation level); a pixel further off than `strong` counts, and more
/// than `allowedPixels` of those is a change a person could see.
struct ImageDifference {
    static let strong = 24
    static let allowedPixels = 4
    let problem: String?

    init(_ a: PNGPixels, _ b: PNGPixels) {
        guard a.width == b.width, a.height == b.height else {
            problem = "\(a.width)×\(a.height), golden \(b.width)×\(b.height)"
            return
        }
        var far = 0, sum = 0, worst = 0
        var box = (minX: Int.max, minY: Int.max, maxX: -1, maxY: -1)
        for p in 0..<(a.width * a.height) {
            var d = 0
            for c in 0..<4 { d = max(d, abs(Int(a.rgba[p * 4 + c]) - Int(b.rgba[p * 4 + c]))) }
            sum += d
            worst = max(worst, d)
            if d > ImageDifference.strong {
                far += 1
                let x = p % a.width, y = p / a.width
                box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
            }
        }
        let mean = Double(sum) / Double(max(1, a.width * a.height))
        if far > ImageDifference.allowedPixels || mean > 0.25 {
            problem = "\(far) pixels differ by more than \(ImageDifference.strong) (worst \(worst), mean \(String(format: "%.3f", mean)))"
                + (far > 0 ? " within x \(box.minX)…\(box.maxX), y \(box.minY)…\(box.maxY)" : "")
        } else {
            problem = nil
        }
    }
}
