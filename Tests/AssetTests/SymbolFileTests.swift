import Foundation
import XCTest
import AssetKit

/// The hand-drawn symbols: every name the app and seeds use, one colour, and shapes that survive
/// nanosvg at icon and display sizes.
final class SymbolFileTests: XCTestCase {
    func testEveryNamedSymbolExists() throws {
        let files = Set(try AssetFolder.files(in: AssetFolder.symbols, ext: ["svg"]))
        for name in SymbolCatalog.all {
            XCTAssertTrue(files.contains(name + ".svg"), "missing Resources/Symbols/\(name).svg")
        }
        XCTAssertTrue(SymbolCatalog.all.contains("square.grid.2x2") && SymbolCatalog.all.contains("wind.snow"))
    }

    func testSymbolsAreOneColourAndUseOnlyWhatNanosvgDraws() throws {
        for file in try AssetFolder.files(in: AssetFolder.symbols, ext: ["svg"]) {
            let text = try String(contentsOfFile: AssetFolder.symbols + "/" + file, encoding: .utf8)
            XCTAssertTrue(text.contains("viewBox=\"0 0 24 24\""), "\(file): 24×24 viewBox")
            XCTAssertTrue(text.contains("currentColor"), "\(file): drawn in currentColor")
            for banned in ["#", "rgb(", "<text", "<use", "<style", "<mask", "<image", "class="] {
                XCTAssertFalse(text.contains(banned), "\(file) uses \(banned)")
            }
        }
    }

    func testSymbolsRasterizeWithInkAndSpace() throws {
        for name in SymbolCatalog.all {
            for size in [24, 96] {
                let img = try DecodedImage.symbol(AssetFolder.symbols + "/" + name + ".svg", size: size)
                XCTAssertEqual(img.width, size, name)
                XCTAssertEqual(img.height, size, name)
                var covered = 0, empty = 0
                for y in 0..<size { for x in 0..<size {
                    let p = img.pixel(x, y)
                    if p.a > 200 { covered += 1; XCTAssertEqual(p.r, 255, "\(name) must be white once currentColor is replaced") }
                    if p.a == 0 { empty += 1 }
                } }
                let area = Double(size * size)
                XCTAssertGreaterThan(Double(covered) / area, 0.02, "\(name) at \(size) px has almost no ink")
                XCTAssertGreaterThan(Double(empty) / area, 0.2, "\(name) at \(size) px has almost no background")
            }
        }
    }

    /// SF Symbols' eye.slash cuts the eye where the slash crosses it: a gap on each side of the slash,
    /// so the slash reads as lying on top. Points on the eye's outline just beside the crossings (in
    /// the 24-unit viewBox) are ink in `eye` and empty in `eye.slash`.
    func testEyeSlashLeavesAGapWhereTheSlashCrosses() throws {
        let besideTheSlash = [(5.68, 7.18), (7.95, 5.8), (16.05, 18.2), (18.32, 16.82)]
        let eye = try DecodedImage.symbol(AssetFolder.symbols + "/eye.svg", size: 96)
        let slash = try DecodedImage.symbol(AssetFolder.symbols + "/eye.slash.svg", size: 96)
        for (x, y) in besideTheSlash {
            let px = Int(x * 4), py = Int(y * 4)
            XCTAssertGreaterThan(eye.pixel(px, py).a, 200, "eye.svg has its outline at (\(x), \(y))")
            XCTAssertLessThan(slash.pixel(px, py).a, 40, "eye.slash.svg leaves a gap at (\(x), \(y))")
        }
        // The slash itself is whole across the eye.
        XCTAssertGreaterThan(slash.pixel(48, 48).a, 200)
    }

    /// The tools read symbols through the window's rasteriser (Stage's `SymbolSVG`), budget and all:
    /// a file the window would refuse is refused here too, with the window's reason.
    func testSymbolsAreReadThroughTheWindowsRasteriser() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("asset-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let dashes = dir.appendingPathComponent("dashes.svg").path
        try #"<svg viewBox="0 0 24 24"><path d="M0 0L1e9 1e9" stroke="currentColor" stroke-dasharray="0.002"/></svg>"#
            .write(toFile: dashes, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try DecodedImage.symbol(dashes, size: 24)) { error in
            XCTAssertTrue("\(error)".contains("over budget"), "\(error)")
        }
        let dot = dir.appendingPathComponent("dot.svg").path
        try #"<svg viewBox="0 0 24 24"><circle cx="12" cy="12" r="6" fill="currentColor"/></svg>"#
            .write(toFile: dot, atomically: false, encoding: .utf8)
        let img = try DecodedImage.symbol(dot, size: 48)
        XCTAssertEqual(img.pixel(24, 24).a, 255)
        XCTAssertEqual(img.pixel(24, 24).r, 255, "currentColor is drawn white")
        XCTAssertEqual(img.pixel(2, 2).a, 0)
    }
}
