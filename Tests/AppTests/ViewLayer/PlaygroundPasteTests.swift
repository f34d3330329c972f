import XCTest
import Foundation
import GridCore
import Stage
import SeedSnippets
@testable import CoffeeGridApp

/// The playground runs a tutorial's code: `paste FILE` (Ctrl+V from the clipboard in a window)
/// reads a SwiftUI snippet, and its grid lays out as the scene that shows that seed; modifiers the
/// layer does not know are listed in the banner and ignored; a mistake names its line and column
/// and the last good picture stays.
final class PlaygroundPasteTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("paste-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    func file(_ text: String, _ name: String = "snippet.swift") throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func playground(_ s: HeadlessSession) throws -> PlaygroundScene { try XCTUnwrap(s.app.scene as? PlaygroundScene) }

    /// Tracks and the first fifty item frames (from the layout's origin) of two grids.
    func assertSameGrid(_ a: GridScrollView, _ b: GridScrollView, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.layout.tracks.tracks, b.layout.tracks.tracks, "\(what): tracks", file: file, line: line)
        XCTAssertEqual(a.layout.count, b.layout.count, "\(what): items", file: file, line: line)
        for i in 0..<min(50, a.layout.count) where a.layout.frame(of: i) != b.layout.frame(of: i) {
            return XCTFail("\(what): item \(i) at \(String(describing: a.layout.frame(of: i))), the scene's at \(String(describing: b.layout.frame(of: i)))", file: file, line: line)
        }
    }

    func testParsesPasteWithItsPath() throws {
        XCTAssertEqual(try ScriptCommand.parse(line: "paste  /tmp/a b.swift ", number: 1), .paste("/tmp/a b.swift"))
        XCTAssertThrowsError(try ScriptCommand.parse(line: "paste", number: 3)) { XCTAssertEqual("\($0)", "script line 3: 'paste' takes a path") }
    }

    /// Seed 000's symbols grid, pasted with the chapter's declarations before it, from another
    /// scene: the playground opens and lays it out as the symbols scene does.
    func testSeed000sSymbolsGridPastedLaysOutAsTheSymbolsScene() throws {
        let size = Size(width: 390, height: 844)
        let symbols = try HeadlessSession(scene: "symbols", size: size)
        let text = SeedSnippets.named("000", "declarations").text + "\n" + SeedSnippets.named("000", "symbols body").text
        let s = try HeadlessSession(scene: "cells", size: size)
        try s.run(.paste(try file(text)))
        let p = try playground(s)
        XCTAssertNotNil(p.snippet.body, String(describing: p.snippet.message))
        XCTAssertNil(p.snippet.message)
        let symbolsScene = try XCTUnwrap(symbols.app.scene as? SymbolsScene)
        assertSameGrid(p.grid, symbolsScene.grid, "symbols")
        XCTAssertTrue(s.app.scene.code.contains("LazyVGrid(columns: gridItemLayout, spacing: 20)"), s.app.scene.code)
    }

    /// The cells' code panel pasted lays out as the cells scene; an unknown modifier is listed in the
    /// banner and ignored.
    func testTheCellsBodyPastedAndAnUnknownModifierInTheBanner() throws {
        let size = Size(width: 390, height: 844)
        let cells = try HeadlessSession(scene: "cells", size: size)
        let s = try HeadlessSession(scene: "playground", size: size)
        let source = cells.app.scene.code
        try s.run(.paste(try file(source.replacingOccurrences(of: ".cornerRadius(8)", with: ".cornerRadius(8)\n.onChange(of: i) { _ in }"))))
        let p = try playground(s)
        XCTAssertEqual(p.snippet.unknownModifiers, ["onChange"])
        XCTAssertEqual(p.snippet.message, "ignored, not supported here: .onChange")
        let cellsScene = try XCTUnwrap(cells.app.scene as? CellsScene)
        assertSameGrid(p.grid, cellsScene.grid, "cells")
    }

    /// A mistake names its line and column; the grid, its items and the code panel stay the last
    /// good snippet's. A snippet over the playground's 256 KB is refused with its size, at once.
    func testAMistakeKeepsTheLastGoodPictureAndAHugePasteIsRefused() throws {
        let s = try HeadlessSession(scene: "playground", size: Size(width: 390, height: 844))
        let good = try HeadlessSession(scene: "cells", size: Size(width: 390, height: 844),
                                       options: try Options(parsing: ["--items", "77", "--columns", "[GridItem(.fixed(60)), GridItem(.fixed(60))]"])).app.scene.code
        try s.run(.paste(try file(good)))
        let p = try playground(s)
        XCTAssertEqual(p.grid.configuration.sections, [GridSection(count: 77)])
        try s.run(.paste(try file("ScrollView {\n    LazyVGrid(columns: [GridItem(.fixed(60))] {\n    }\n}", "bad.swift")))
        XCTAssertEqual(p.snippet.message?.hasPrefix("line 2, column "), true, String(describing: p.snippet.message))
        XCTAssertEqual(p.grid.configuration.sections, [GridSection(count: 77)], "the last good grid stays")
        XCTAssertEqual(s.app.scene.code, good)
        let huge = String(repeating: "Text(\"a\").padding(.all, 10)\n", count: 1_000_000 / 30)
        let start = Date()
        try s.run(.paste(try file(huge, "huge.swift")))
        XCTAssertLessThan(Date().timeIntervalSince(start), 1, "refused before it is read")
        XCTAssertEqual(p.snippet.message?.contains("256"), true, String(describing: p.snippet.message))
        XCTAssertEqual(p.grid.configuration.sections, [GridSection(count: 77)])
        // A preset goes back to the playground's own grid.
        try s.press("p")
        XCTAssertNil(p.snippet.body)
        XCTAssertEqual(p.grid.configuration.sections, [GridSection(count: p.count)])
    }
}
