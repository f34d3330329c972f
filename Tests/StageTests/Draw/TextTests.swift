import Foundation
import GridCore
import XCTest
import SystemIO
@testable import PhotoLibrary
@testable import Stage
import StageInterface

final class TextTests: XCTestCase {
    func testCoffeeDrawsInsideItsMeasuredBoxOnly() throws {
        for backend in Headless.Backend.allCases {
            let h = try Headless(backend, width: 200, height: 60)
            let origin = Point(x: 20, y: 10), font = Font.title
            let color = Color(hex: 0x8B4513)
            let box = h.canvas.measure("Coffee", font: font)
            h.canvas.text("Coffee", font: font, color: color, at: origin)
            let img = try h.canvas.readPixels()
            var inked = 0
            for y in 0..<img.height {
                for x in 0..<img.width {
                    let p = img.pixel(x: x, y: y)
                    let inside = Double(x) >= origin.x - 1 && Double(x) < origin.x + box.width + 1
                        && Double(y) >= origin.y && Double(y) < origin.y + box.height
                    if !inside { XCTAssertEqual(p.a, 0, "\(backend): ink at (\(x), \(y)) outside \(box)") }
                    if p.a == 255 {
                        inked += 1
                        XCTAssertEqual(p.r, 0x8B, "\(backend): text colour")
                        XCTAssertEqual(p.g, 0x45)
                    }
                }
            }
            XCTAssertGreaterThan(inked, 100, "\(backend)")
            XCTAssertTrue(h.logged.isEmpty, "\(h.logged)")
        }
    }

    func testMeasureGrowsWithLengthAndDoublesAtScaleTwo() throws {
        let one = try Headless(.software, width: 400, height: 80, scale: 1)
        let two = try Headless(.software, width: 800, height: 160, scale: 2)
        let short = one.canvas.measure("Latte", font: .body), long = one.canvas.measure("Latte macchiato", font: .body)
        XCTAssertGreaterThan(long.width, short.width * 2)
        // A line box is roughly 1.2 × the point size, in points at any scale.
        XCTAssertEqual(short.height, 17 * 1.21, accuracy: 2)
        let shortAt2 = two.canvas.measure("Latte", font: .body)
        XCTAssertEqual(shortAt2.width, short.width, accuracy: 1.5)
        XCTAssertEqual(shortAt2.height, short.height, accuracy: 1)

        // Rendered ink spans about twice as many pixels at scale 2.
        func inkWidth(_ h: Headless) throws -> Int {
            h.canvas.text("Latte macchiato", font: .body, color: .black, at: Point(x: 4, y: 4))
            let img = try h.canvas.readPixels()
            var lo = Int.max, hi = Int.min
            for y in 0..<img.height { for x in 0..<img.width where img.pixel(x: x, y: y).a > 0 { lo = min(lo, x); hi = max(hi, x) } }
            return hi - lo + 1
        }
        let w1 = try inkWidth(one), w2 = try inkWidth(two)
        XCTAssertEqual(Double(w2) / Double(w1), 2, accuracy: 0.1, "\(w1) px at 1×, \(w2) px at 2×")
    }

    func testTruncatesWithEllipsisOnlyWhenTooWide() throws {
        let h = try Headless(.software, width: 300, height: 40)
        let c = h.canvas
        XCTAssertEqual(c.truncated("Mocha", font: .body, width: 200), "Mocha")
        let cut = c.truncated("Caramel macchiato with oat milk", font: .body, width: 120)
        XCTAssertTrue(cut.hasSuffix("…"), cut)
        XCTAssertTrue("Caramel macchiato with oat milk".hasPrefix(String(cut.dropLast())), cut)
        XCTAssertLessThanOrEqual(c.measure(cut, font: .body).width, 120)
        XCTAssertEqual(c.truncated("Caramel", font: .body, width: 2), "")

        c.text("Caramel macchiato with oat milk", font: .body, color: .black, in: Rect(x: 10, y: 0, width: 120, height: 40))
        let img = try c.readPixels()
        for y in 0..<40 { for x in 131..<300 { XCTAssertEqual(img.pixel(x: x, y: y).a, 0, "(\(x), \(y))") } }
    }

    func testAlignmentPlacesTheLine() throws {
        let h = try Headless(.software, width: 300, height: 60)
        let box = Rect(x: 0, y: 0, width: 300, height: 60)
        let w = h.canvas.measure("Tea", font: .body).width
        h.canvas.text("Tea", font: .body, color: .black, in: box, alignment: .trailing)
        let img = try h.canvas.readPixels()
        var lo = Int.max
        for y in 0..<60 { for x in 0..<300 where img.pixel(x: x, y: y).a > 0 { lo = min(lo, x) } }
        XCTAssertGreaterThan(Double(lo), 300 - w - 2)
    }

    func testEveryDesignAndWeightOpensItsOwnFile() throws {
        let h = try Headless(.software, width: 100, height: 40)
        for design in Font.Design.allCases {
            for weight in Font.Weight.allCases {
                let f = try XCTUnwrap(h.canvas.fonts.font(.system(size: 20, weight: weight, design: design), scale: 1))
                XCTAssertEqual(f.file, FontFiles.file(design: design, weight: weight))
            }
        }
        XCTAssertTrue(h.logged.isEmpty, "\(h.logged)")
    }

    func testMissingFontFallsBackWithOneLogLine() throws {
        // A Resources folder holding only DejaVu Sans Mono.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-fonts-\(getpid())")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Fonts"), withIntermediateDirectories: true)
        let mono = root.appendingPathComponent("Fonts/DejaVuSansMono.ttf")
        if !FileManager.default.fileExists(atPath: mono.path) {
            try FileManager.default.copyItem(at: Headless.resources.url("Fonts/DejaVuSansMono.ttf"), to: mono)
        }
        let h = try Headless(.software, width: 100, height: 40, resources: ResourceLocator(root: root))
        h.canvas.text("Hi", font: .headline, color: .black, at: .zero)
        h.canvas.text("Hi", font: .headline, color: .black, at: .zero)
        XCTAssertGreaterThan(h.canvas.measure("Hi", font: .headline).width, 0)
        XCTAssertEqual(h.logged.filter { $0.contains("Inter-SemiBold") }.count, 1, "\(h.logged)")
        XCTAssertEqual(h.canvas.fonts.font(.headline, scale: 1)?.file, "DejaVuSansMono.ttf")
    }

    /// The alpha of `text` drawn at the top-left of a fresh canvas, and the canvas's log.
    private func ink(_ text: String) throws -> (alpha: [UInt8], width: Double, logged: [String]) {
        let h = try Headless(.software, width: 200, height: 40)
        h.canvas.text(text, font: .body, color: .black, at: Point(x: 0, y: 0))
        return (try alpha(h), h.canvas.measure(text, font: .body).width, h.logged)
    }

    /// The alpha of every pixel `h` drew, row by row.
    private func alpha(_ h: Headless) throws -> [UInt8] {
        let img = try h.canvas.readPixels()
        var alpha: [UInt8] = []
        for y in 0..<img.height { for x in 0..<img.width { alpha.append(img.pixel(x: x, y: y).a) } }
        return alpha
    }

    /// Characters Inter has no glyph for (Hebrew, Arabic, an emoticon) drew as its box, all alike;
    /// they now draw in DejaVu Sans, Hebrew right to left, and one neither has as U+FFFD.
    func testCharactersTheUIFontLacksDrawInTheFallbackFontNotAsBoxes() throws {
        try requireFallbackFonts()
        // Plane 16 private-use characters: no font has them (Inter has some of the BMP's), so before
        // this both lines were two boxes alike.
        let boxes = try ink("\u{10FFFD}\u{10FFFC}")
        let hebrew = try ink("\u{5D0}\u{5D1}")
        XCTAssertNotEqual(hebrew.alpha, boxes.alpha, "Hebrew draws as letters, not as the boxes of characters no font has")
        XCTAssertGreaterThan(hebrew.alpha.filter { $0 > 128 }.count, 20)
        XCTAssertNotEqual(try ink("\u{627}\u{644}").alpha, boxes.alpha, "Arabic too")
        XCTAssertNotEqual(try ink("\u{1F600}").alpha, try ink("\u{10FFFD}").alpha, "an emoticon DejaVu has")
        // Right to left: alef (first) is drawn at the right, bet at the left.
        let alef = try ink("\u{5D0}"), bet = try ink("\u{5D1}")
        XCTAssertEqual(hebrew.width, alef.width + bet.width, accuracy: 1)
        // Where alef's ink lands in the pair: bet's advance to its right (a pixel either way: bearings).
        func overlap(_ shift: Int) -> Int {
            var n = 0
            for y in 0..<40 { for x in 0..<Int(alef.width) where alef.alpha[y * 200 + x] > 128 && hebrew.alpha[y * 200 + x + shift] > 128 { n += 1 } }
            return n
        }
        let inked = alef.alpha.enumerated().filter { $0.element > 128 && $0.offset % 200 < Int(alef.width) }.count
        let best = (0..<40).max { overlap($0) < overlap($1) } ?? 0
        XCTAssertGreaterThan(inked, 10)
        XCTAssertGreaterThan(Double(overlap(best)), Double(inked) * 0.9)
        XCTAssertEqual(Double(best), bet.width, accuracy: 2, "alef is drawn at the right, after bet")
        // Latin text around Hebrew keeps its place: "a" first at the left.
        let a = try ink("a"), mixed = try ink("a\u{5D0}")
        XCTAssertEqual(Array(mixed.alpha[0..<Int(a.width)]), Array(a.alpha[0..<Int(a.width)]))
        XCTAssertTrue(hebrew.logged.isEmpty, "\(hebrew.logged)")
    }

    private func requireFallbackFonts() throws {
        for file in FontLibrary.systemFallbacks where !FileManager.default.fileExists(atPath: file) {
            throw XCTSkip("no fallback font: \(file) (fonts-dejavu-core, fonts-wqy-microhei, fonts-symbola: make deps)")
        }
    }

    /// The pixels of `text` that are inked (alpha over half).
    private func inked(_ alpha: [UInt8]) -> Int { alpha.filter { $0 > 128 }.count }

    /// Chinese, Japanese and Korean file names drew as U+FFFD (DejaVu Sans has none of them), and
    /// most emoji too; each now draws in the first system font that has it.
    func testCJKAndEmojiDrawInTheFirstFallbackFontThatHasThem() throws {
        try requireFallbackFonts()
        let unknown = try ink("\u{10FFFD}\u{10FFFD}")
        for text in ["咖啡", "カフェ", "카페", "\u{1F44D}\u{1F950}"] {
            let drawn = try ink(text)
            XCTAssertTrue(drawn.alpha != unknown.alpha, "\(text) draws as itself, not as U+FFFD")
            XCTAssertGreaterThan(inked(drawn.alpha), 15, text)
            XCTAssertGreaterThan(drawn.width, 10, text)
            XCTAssertTrue(drawn.logged.isEmpty, "\(drawn.logged)")
        }
        // Which font draws what: Inter the Latin, WenQuanYi the Chinese, Symbola the thumbs-up (DejaVu
        // has none of the last three), DejaVu the Hebrew.
        let h = try Headless(.software, width: 10, height: 10)
        let px = FontLibrary.pixelSize(.body, scale: 1)
        let primary = try XCTUnwrap(h.canvas.fonts.font(.body, scale: 1)).handle
        let runs = try XCTUnwrap(h.canvas.fallbackRuns("a咖啡\u{1F44D}\u{5D0}", primary: primary, pixelSize: px))
        XCTAssertEqual(runs.map(\.text), ["a", "咖啡", "\u{1F44D}", "\u{5D0}"])
        let fallback = FontLibrary.systemFallbacks.map { h.canvas.fonts.fallback($0, pixelSize: px) }
        XCTAssertEqual(runs.map(\.handle), [primary, fallback[1], fallback[2], fallback[0]])
        // A skin tone is left out (a one-colour font draws it as a swatch beside the hand), and a
        // character no font has is U+FFFD in DejaVu, the first fallback.
        XCTAssertEqual(try ink("\u{1F44D}\u{1F3FD}").alpha, try ink("\u{1F44D}").alpha)
        XCTAssertEqual(try ink("\u{10FFFD}").alpha, try ink("\u{FFFD}").alpha)
    }

    /// A fallback font that cannot be opened is said once; the characters the next one has still draw.
    func testAMissingFallbackFontIsSaidOnceAndTheNextStillDraws() throws {
        try requireFallbackFonts()
        let h = try Headless(.software, width: 200, height: 40)
        let missing = "/nonexistent/coffeegrid-no-such-font.ttf"
        h.canvas.fonts = FontLibrary(resources: h.canvas.resources, log: h.canvas.log,
                                     fallbackFiles: [missing, FontLibrary.systemFallbacks[1]])
        for _ in 0..<3 { h.canvas.text("咖啡 \u{10FFFD}", font: .body, color: .black, at: .zero) }
        XCTAssertEqual(h.logged.filter { $0.contains(missing) }.count, 1, "\(h.logged)")
        XCTAssertGreaterThan(inked(try alpha(h)), 30, "the Chinese still draws in the second font")
    }
}
