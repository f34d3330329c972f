import XCTest
import Foundation
import GridCore
import GridMotion
import Stage
import StageInterface
import ViewLayer
import SeedSnippets
@testable import CoffeeGridApp

/// The symbols are the chapter's code, run: every variant of the five pickers is code that reads
/// and runs, its tree configures the grid (columns, spacing, axis, sections and their lines' sizes),
/// every symbol and section line draws as its views lay out, and the code panel is that code.
final class SymbolsBodyTests: SceneTestCase {
    func testTheFirstVariantIsTheChaptersBodyLineForLine() throws {
        let seed = SeedSnippets.named("000", "symbols body").text
        let source = SymbolsScene.source(SymbolsVariant(selections: [0, 0, 0, 0, 0]), count: 10_000)
        XCTAssertTrue(source.contains(seed.trimmingCharacters(in: .newlines)), source)
        for line in SeedSnippets.named("000", "declarations").text.split(separator: "\n") where !line.isEmpty {
            XCTAssertTrue(source.contains(line), "declarations: \(line)")
        }
        // The chapter's other column sets, as it writes them (its six columns under our name).
        let written: [(selections: [Int], snippet: String)] = [([0, 0, 1, 0, 0], "no spacing, repeating"), ([1, 0, 0, 0, 0], "six columns"),
                                                               ([2, 0, 0, 0, 0], "adaptive"), ([3, 0, 0, 0, 0], "fixed"), ([4, 0, 0, 0, 0], "fixed and adaptive")]
        for (selections, name) in written {
            let line = SeedSnippets.named("000", name).text.trimmingCharacters(in: .newlines).replacingOccurrences(of: "sixColumnGrid", with: "gridItemLayout")
            XCTAssertTrue(SymbolsScene.source(SymbolsVariant(selections: selections), count: 10_000).contains(line), name)
        }
    }

    /// All 200 variants: each runs without a runtime error, and its grid is what the pickers say.
    func testEveryVariantRunsAndConfiguresTheGridThePickersSay() throws {
        for columns in 0..<5 { for fills in 0..<2 { for spacing in 0..<2 { for axis in 0..<2 { for sections in 0..<5 {
            let v = SymbolsVariant(selections: [columns, fills, spacing, axis, sections])
            let body = try SceneBody(SymbolsScene.source(v, count: 10_000))
            // Not a multiple of 50 in either direction: a 50-point item in an adaptive track is not its track's size.
            let c = try XCTUnwrap(body.configuration(in: Size(width: 397, height: 613)), "\(v)")
            XCTAssertEqual(body.program.runtimeErrors, [], "\(v)")
            XCTAssertEqual(body.unknownModifiers, [], "\(v)")
            XCTAssertEqual(c.axis, axis == 0 ? .vertical : .horizontal, "\(v)")
            XCTAssertEqual(c.items, v.gridItemLayout, "\(v)")
            XCTAssertEqual(c.spacing, spacing == 0 ? 20 : 0, "\(v)")
            XCTAssertEqual(c.pinnedViews, v.pinned, "\(v)")
            XCTAssertEqual(c.sections.reduce(0) { $0 + $1.count }, 10_000, "\(v)")
            if sections == 0 {
                XCTAssertEqual(c.sections.count, 1, "\(v)")
            } else {
                XCTAssertEqual(c.sections.count, 100, "\(v)")
                // A header at least its frame's minimum, as the code says.
                let header = try XCTUnwrap(c.sections[0].header), footer = try XCTUnwrap(c.sections[0].footer)
                XCTAssertGreaterThanOrEqual(header, axis == 0 ? 36 : 120, "\(v)")
                XCTAssertGreaterThanOrEqual(footer, axis == 0 ? 26 : 90, "\(v)")
            }
            var square = GridScrollView.Configuration()
            square.sizing = .square(50)
            square.sizing.fillsRow = c.sizing.fillsRow
            var sized = square
            sized.sizing = c.sizing
            XCTAssertEqual(SceneBody.same(sized, square), fills == 0, "\(v): \(c.sizing)")
        } } } } }
    }

    /// Another count than the chapter's (`--items`, the benches): every symbol is in the grid, the
    /// last section shorter and saying so; none at all is an empty grid, not a mistake.
    func testACountNotAWholeNumberOfSectionsKeepsEverySymbol() throws {
        for count in [250, 99, 1, 0] {
            for sections in [0, 2] {
                let v = SymbolsVariant(selections: [0, 0, 0, 0, sections])
                let body = try SceneBody(SymbolsScene.source(v, count: count))
                let c = try XCTUnwrap(body.configuration(in: Size(width: 390, height: 700)), "\(count), sections \(sections)")
                XCTAssertEqual(body.program.runtimeErrors, [], "\(count)")
                XCTAssertEqual(c.sections.reduce(0) { $0 + $1.count }, count, "\(count), sections \(sections)")
                if sections > 0 {
                    XCTAssertEqual(c.sections.map(\.count).filter { $0 > 0 }, Array(repeating: 100, count: count / 100) + (count % 100 > 0 ? [count % 100] : []))
                }
            }
        }
        let code = SymbolsScene.source(SymbolsVariant(selections: [0, 0, 0, 0, 1]), count: 250)
        XCTAssertTrue(code.contains("Text(\"\\(min(100, 250 - section * 100)) items\")"), code)
        // The chapter's 10,000 print as they always did.
        XCTAssertTrue(SymbolsScene.source(SymbolsVariant(selections: [0, 0, 0, 0, 1]), count: 10_000).contains("Text(\"100 items\")"))
    }

    /// What the scene draws comes from its views: a rounded fill of the symbol's colour and the
    /// symbol 30 points square in its middle, and with sections each header's and footer's text.
    func testSymbolsAndSectionLinesDrawAsTheirViewsLayOut() throws {
        let scene = SymbolsScene(context: context)
        // Adaptive columns, sections with their footers pinned (the first section's is then on screen).
        for key in ["c", "c", "p", "p", "p"] { _ = scene.handleKey(.character(Character(key)), [], env: env) }
        let frame = Rect(origin: .zero, size: window)
        for t in stride(from: 0.0, through: 3, by: 0.5) {
            var e = env
            e.time = t
            _ = scene.advance(frame: frame, env: e)
        }
        var list = DrawList()
        scene.draw(&list, env: env)
        var symbols: [(String, Rect)] = [], fills: [Rect] = [], texts: [String] = []
        for c in list.commands {
            switch c {
            case let .symbol(name, r, _): symbols.append((name, r))
            case let .fill(r, _, radius) where radius == 10: fills.append(r)
            case let .text(s, _, _, _, _): texts.append(s)
            default: break
            }
        }
        let first = try XCTUnwrap(scene.grid.itemsToDraw().first)
        XCTAssertEqual(symbols.first?.0, SymbolsScene.symbols[first.index % 10])
        let glyph = try XCTUnwrap(symbols.first?.1)
        XCTAssertEqual(glyph.width, 30)
        XCTAssertEqual(glyph.midX, first.frame.midX, accuracy: 0.01)
        XCTAssertEqual(glyph.midY, first.frame.midY, accuracy: 0.01)
        XCTAssertEqual(fills.first, first.frame)
        XCTAssertTrue(texts.contains("Symbols 0–99"), "\(texts.prefix(8))")
        XCTAssertTrue(texts.contains("100 items"))
        XCTAssertEqual(scene.code, scene.body.code)
        XCTAssertTrue(scene.code.contains("pinnedViews: [.sectionFooters]"))
        XCTAssertTrue(scene.code.contains("Section {"))
    }

    /// The frame picker, then at once the axis: the grid turns with no spring left from the first
    /// change (its frames were a column grid's, and drew column cells stretched over the rows).
    func testTurningTheGridMidSpringEndsTheSpring() throws {
        let scene = SymbolsScene(context: context)
        let frame = Rect(origin: .zero, size: window)
        var e = env
        _ = scene.advance(frame: frame, env: e)
        _ = scene.handleKey(.character("f"), [], env: e)
        e.time = 0.05
        _ = scene.advance(frame: frame, env: e)
        XCTAssertTrue(scene.grid.isTransitioning)
        _ = scene.handleKey(.character("a"), [], env: e)
        e.time = 0.1
        _ = scene.advance(frame: frame, env: e)
        XCTAssertFalse(scene.grid.isTransitioning)
        for item in scene.grid.itemsToDraw() {
            let rest = try XCTUnwrap(scene.grid.layout.frame(of: item.index))
            XCTAssertEqual(item.frame.size, rest.size, "item \(item.index)")
        }
        // The chapter's LazyHGrid of symbols: offered no width, each is its glyph's width.
        XCTAssertEqual(scene.grid.itemsToDraw().first?.frame.width, 30)
    }
}
