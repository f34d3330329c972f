import XCTest
import Foundation
import GridCore
import Stage
import SystemIO
import ViewLayer
import SeedSnippets
@testable import CoffeeGridApp

/// The seeds' grid snippets, run by the view layer in a window the size of the scene's scroll view,
/// lay out as the scene that shows that seed lays out today: the same tracks, the same first fifty
/// item frames, the layout's origin at the same place in the scroll view. (Phase 2 makes each scene
/// its seed's body; this is what that must keep.)
final class SeedScenesLayoutTests: SceneTestCase {
    func text(_ seed: String, _ name: String) -> String { SeedSnippets.named(seed, name).text }

    func program(_ source: String, _ context: [String]) throws -> SnippetProgram {
        try SnippetProgram(try Snippet.parse(source), context: try context.map { try Snippet.parse($0) })
    }

    func layOut(_ p: SnippetProgram, in size: Size, measuring: ViewMeasuring = EstimatedMeasuring()) throws -> ViewFrame {
        var memory = ViewMemory()
        return ViewLayout(measuring: measuring).frame(for: try p.body(), in: size, memory: &memory)
    }

    /// The view layer's grid and the scene's: same tracks, first fifty frames, origin in the viewport.
    func assertSame(_ f: ViewFrame, _ scene: GridScrollView, _ what: String, framesToo: Bool = true, file: StaticString = #filePath, line: UInt = #line) {
        guard let g = f.grids.first else { return XCTFail("\(what): the snippet made no grid", file: file, line: line) }
        let mine = g.layout, theirs = scene.layout
        XCTAssertEqual(mine.axis, theirs.axis, what, file: file, line: line)
        XCTAssertEqual(mine.tracks.tracks, theirs.tracks.tracks, "\(what): tracks", file: file, line: line)
        XCTAssertEqual(mine.count, theirs.count, "\(what): items", file: file, line: line)
        XCTAssertEqual(mine.lineSpacing, theirs.lineSpacing, "\(what): spacing", file: file, line: line)
        if framesToo {
            for i in 0..<min(50, mine.count) where mine.frame(of: i) != theirs.frame(of: i) {
                XCTFail("\(what): item \(i) at \(String(describing: mine.frame(of: i))), the scene's at \(String(describing: theirs.frame(of: i)))", file: file, line: line)
                break
            }
        }
        let viewport = g.viewport ?? Rect(origin: .zero, size: f.size)
        XCTAssertEqual(g.origin.x - viewport.minX, scene.layoutOrigin.x - scene.frame.minX, accuracy: 1e-9, "\(what): origin x", file: file, line: line)
        XCTAssertEqual(g.origin.y - viewport.minY, scene.layoutOrigin.y - scene.frame.minY, accuracy: 1e-9, "\(what): origin y", file: file, line: line)
    }

    /// The chapter's finished ContentView: its body with the later changes the chapter makes to it.
    var feedCode: String {
        text("000", "feed body")
            .replacingOccurrences(of: ".frame(height: 200)", with: text("000", "feed frame height"))
            .replacingOccurrences(of: ".padding(.all, 10)", with: ".padding(.all, 10)\n        " + text("000", "feed animation"))
            .replacingOccurrences(of: ".navigationTitle(\"Coffee Feed\")", with: ".navigationTitle(\"Coffee Feed\")\n" + text("000", "feed toolbar"))
    }

    func testFeedThroughItsGridButtonsFourLayouts() throws {
        let feed = FeedScene(context: context)
        let frame = Rect(x: 0, y: 0, width: 390, height: 700)
        _ = feed.advance(frame: frame, env: env)
        let p = try program(feedCode, [text("000", "Photo"), text("000", "feed gridLayout")])
        for columns in 1...4 {
            let f = try layOut(p, in: frame.size)
            assertSame(f, feed.grid, "\(columns) columns")
            XCTAssertEqual(feed.columns, columns)
            // The seed's own button: `self.gridLayout = Array(repeating: .init(.flexible()), count: self.gridLayout.count % 4 + 1)`.
            try XCTUnwrap(SeedScenesLayoutTests.button(in: f.toolbar), "the toolbar's button").perform()
            _ = feed.handleKey(.character("g"), [], env: env)
            _ = feed.advance(frame: frame, env: env)
        }
        XCTAssertEqual(try layOut(p, in: frame.size).grids[0].layout.trackCount, 1, "4 → 1")
        XCTAssertEqual(p.unknownModifiers, [], "every modifier of the feed's code is known")
    }

    static func button(in nodes: [ViewNode]) -> Action? {
        for n in nodes {
            switch n.content {
            case .button(let a, _): return a
            case .toolbarItem(_, let inner), .group(let inner), .navigation(let inner): if let a = button(in: inner) { return a }
            default: break
            }
        }
        return nil
    }

    func testSymbolsEveryColumnSetFrameAndSpacingOfTheChapter() throws {
        let symbols = SymbolsScene(context: context)
        _ = symbols.advance(frame: Rect(origin: .zero, size: window), env: env)
        let declarations = [text("000", "declarations")]
        let sets = [nil, text("000", "six columns").replacingOccurrences(of: "sixColumnGrid", with: "gridItemLayout"),
                    text("000", "adaptive"), text("000", "fixed"), text("000", "fixed and adaptive")]
        for (i, set) in sets.enumerated() {
            let context = declarations + (set.map { [$0] } ?? [])
            for (fill, spacing) in [(false, 20), (true, 20), (true, 0)] {
                var body = text("000", "symbols body")
                if fill { body = body.replacingOccurrences(of: ".frame(width: 50, height: 50)", with: text("000", "fill frame")) }
                var ctx = context
                if spacing == 0 {
                    // The chapter's no-spacing grid: rows 0 apart and items 0 apart.
                    body = body.replacingOccurrences(of: "spacing: 20", with: "spacing: 0")
                    let items = SymbolsScene.layouts[i].items.map { GridItem($0.size, spacing: 0) }
                    ctx.append("private var gridItemLayout = [" + items.map(\.description).joined(separator: ", ") + "]")
                }
                while symbols.variant.fills != fill { _ = symbols.handleKey(.character("f"), [], env: env) }
                while symbols.variant.noSpacing != (spacing == 0) { _ = symbols.handleKey(.character("s"), [], env: env) }
                _ = symbols.advance(frame: Rect(origin: .zero, size: window), env: env)
                let f = try layOut(try program(body, ctx), in: symbols.grid.frame.size)
                assertSame(f, symbols.grid, "symbols: \(SymbolsScene.layouts[i].name), \(fill ? "fill" : "50×50"), spacing \(spacing)")
            }
            _ = symbols.handleKey(.character("c"), [], env: env)
        }
    }

    func testSymbolsHorizontalAreTheSeeds() throws {
        let symbols = SymbolsScene(context: context)
        _ = symbols.handleKey(.character("f"), [], env: env)
        _ = symbols.handleKey(.character("a"), [], env: env)
        _ = symbols.advance(frame: Rect(origin: .zero, size: window), env: env)
        let f = try layOut(try program(text("000", "horizontal symbols"), [text("000", "declarations")]), in: symbols.grid.frame.size)
        assertSame(f, symbols.grid, "horizontal symbols")
        // The seed's `minWidth: 0` makes each symbol as wide as its glyph (the scene drew 50-point
        // columns and printed `minWidth: 50` until it ran the chapter's code).
        XCTAssertEqual(symbols.grid.layout.frame(of: 0)?.width, 30)
    }

    func testStylesSixStylesAsRowsAndAsColumns() throws {
        let styles = StylesScene(context: context)
        let context = [text("003", "size"), text("003", "declarations"), text("003", "columns")]
        for vertical in [false, true] {
            for i in 0..<6 {
                _ = styles.advance(frame: Rect(origin: .zero, size: window), env: env)
                XCTAssertEqual(styles.styleSelection, i)
                var body = text("003", "styles body").replacingOccurrences(of: "rows[styleselection]", with: "rows[\(i)]")
                if vertical {
                    body = body.replacingOccurrences(of: "scrollview(.horizontal)", with: "scrollview")
                        .replacingOccurrences(of: "lazyhgrid(rows: rows[\(i)])", with: "lazyvgrid(columns: columns[\(i)])")
                }
                let f = try layOut(try program(body, context), in: styles.grid.frame.size)
                assertSame(f, styles.grid, "styles \(StylesScene.rowStyles[i])\(vertical ? ", columns" : "")")
                _ = styles.handleKey(.character("s"), [], env: env)
            }
            _ = styles.handleKey(.character("a"), [], env: env)
        }
    }

    func testBarsFourRowSets() throws {
        let bars = BarsScene(context: context)
        for name in ["fixed rows", "flexible row", "flexible maximum 20", "adaptive"] {
            _ = bars.advance(frame: Rect(origin: .zero, size: window), env: env)
            let f = try layOut(try program(text("004", name), []), in: bars.grid.frame.size)
            assertSame(f, bars.grid, "bars: \(name)")
            _ = bars.handleKey(.character("r"), [], env: env)
        }
    }

    func testCafesOneColumnOfCafesAtTheirPhotosShapes() throws {
        let cafes = try XCTUnwrap(CafesScene.entry.makeScene(context) as? CafesScene)
        _ = cafes.advance(frame: Rect(origin: .zero, size: window), env: env)
        // The photos' shapes, as the scene reads them from the files: height over width.
        let images = cafes.images
        let p = try program(text("000", "cafes body"), [text("000", "Photo"), text("000", "Cafe"), text("000", "cafes gridLayout")])
        let f = try layOut(p, in: cafes.grid.frame.size, measuring: EstimatedMeasuring(images: images))
        assertSame(f, cafes.grid, "cafes, one column")
    }

    func testDockPhotoGridUnderItsHeading() throws {
        // An empty dock, as the seed starts (nothing restored from an earlier run).
        var options = Options()
        options.restore = false
        let dock = try XCTUnwrap(DockScene.entry.makeScene(AppContext(options: options, resources: context.resources, log: { _ in })) as? DockScene)
        _ = dock.advance(frame: Rect(origin: .zero, size: window), env: env)
        let viewport = dock.grid.frame
        let p = try program(text("002", "photo grid"), [text("000", "Photo"), text("002", "photoSet")])
        // `VStack { ScrollView { … } }.padding()`: a window 16 points larger all round than the scroll view.
        let f = try layOut(p, in: ViewLayer.Size(width: viewport.width + 32, height: viewport.height + 32))
        assertSame(f, dock.grid, "dock's photo grid")
    }
}
