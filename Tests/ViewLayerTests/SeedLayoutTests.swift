import XCTest
import Foundation
import GridCore
@testable import ViewLayer
import SeedSnippets

/// Every seed snippet that declares a grid, run with the snippets the seed shows before it, lays
/// out as GridCore lays out the same GridItems: the tracks `GridTracks` (and so `coffeegrid layout`)
/// gives at the extent SwiftUI proposes, and the first fifty item frames of the `LazyGridLayout`
/// made with the item sizing SwiftUI's frames give those views.
final class SeedLayoutTests: XCTestCase {
    func snippet(_ seed: String, _ name: String) -> String { SeedSnippets.named(seed, name).text }

    func before(_ seed: String, _ name: String) -> [String] { SeedSnippets.before(seed, name) }

    /// The grid of `frame` is GridCore's for these inputs, placed at `origin`.
    func assertGrid(_ frame: ViewFrame, axis: GridCore.Axis, items: [GridItem], extent: Double, alignment: Double = 0.5,
                    spacing: Double? = nil, count: Int, sizing: ItemSizing, origin: Point, viewport: Rect,
                    file: StaticString = #filePath, line: UInt = #line) {
        guard frame.grids.count == 1, let g = frame.grids.first else { return XCTFail("\(frame.grids.count) grids", file: file, line: line) }
        let expected = LazyGridLayout(axis: axis, items: items, extent: extent, alignment: alignment, spacing: spacing,
                                      sections: [GridSection(count: count)], sizing: sizing)
        XCTAssertEqual(g.layout.tracks.tracks, GridTracks(items: items, extent: extent, alignment: alignment).tracks, "tracks", file: file, line: line)
        XCTAssertEqual(g.layout.tracks.tracks, expected.tracks.tracks, file: file, line: line)
        XCTAssertEqual(g.total, count, "items", file: file, line: line)
        XCTAssertEqual(g.origin, origin, "origin", file: file, line: line)
        let want = expected.items(in: viewport.offsetBy(dx: -origin.x, dy: -origin.y)).prefix(50)
        let got = g.visible.prefix(50)
        XCTAssertEqual(got.count, want.count, "visible items", file: file, line: line)
        XCTAssertFalse(got.isEmpty || count == 0 && !got.isEmpty, file: file, line: line)
        for (a, b) in zip(got, want) {
            XCTAssertEqual(a.index, b.index, file: file, line: line)
            assertFrame(a.frame, b.frame.minX + origin.x, b.frame.minY + origin.y, b.frame.width, b.frame.height, "item \(a.index)", file: file, line: line)
        }
    }

    let window = Rect(x: 0, y: 0, width: 390, height: 844)
    let threeFlexible = Array(repeating: GridItem(.flexible()), count: 3)

    func testSeed000SymbolsInThreeColumnsSpacing20() throws {
        let (_, f) = try runSnippet(snippet("000", "symbols body"), context: before("000", "symbols body"))
        assertGrid(f, axis: .vertical, items: threeFlexible, extent: 390, spacing: 20, count: 10_000, sizing: .square(50), origin: .zero, viewport: window)
        XCTAssertEqual(f.grids[0].visible.first?.frame, Rect(x: 37.333333333333336, y: 0, width: 50, height: 50))
    }

    func testSeed000EveryColumnSetOfTheChapterInTheSymbolsBody() throws {
        // Each declaration the chapter gives `gridItemLayout`, with the chapter's body after it.
        let sets: [(String, [GridItem])] = [
            ("no spacing", Array(repeating: GridItem(.flexible(), spacing: 0), count: 3)),
            ("no spacing, repeating", Array(repeating: GridItem(.flexible(), spacing: 0), count: 3)),
            ("adaptive", [GridItem(.adaptive(minimum: 50))]),
            ("fixed", [GridItem(.fixed(100)), GridItem(.fixed(150))]),
            ("fixed and adaptive", [GridItem(.fixed(150)), GridItem(.adaptive(minimum: 50))]),
        ]
        for (name, items) in sets {
            let (_, f) = try runSnippet(snippet("000", "symbols body"), context: [snippet("000", "declarations"), snippet("000", name)])
            assertGrid(f, axis: .vertical, items: items, extent: 390, spacing: 20, count: 10_000, sizing: .square(50), origin: .zero, viewport: window)
        }
        // `sixColumnGrid` is another name: the body that uses it is the chapter's with that name.
        let six = snippet("000", "symbols body").replacingOccurrences(of: "gridItemLayout", with: "sixColumnGrid")
        let (_, f) = try runSnippet(six, context: [snippet("000", "declarations"), snippet("000", "six columns")])
        assertGrid(f, axis: .vertical, items: Array(repeating: GridItem(.flexible()), count: 6), extent: 390, spacing: 20, count: 10_000,
                   sizing: .square(50), origin: .zero, viewport: window)
        // The fill frame the chapter swaps in: as wide as the column, 50 tall.
        let fill = snippet("000", "symbols body").replacingOccurrences(of: ".frame(width: 50, height: 50)", with: snippet("000", "fill frame"))
        let (_, g) = try runSnippet(fill, context: [snippet("000", "declarations")])
        assertGrid(g, axis: .vertical, items: threeFlexible, extent: 390, spacing: 20, count: 10_000,
                   sizing: ItemSizing(cross: .fill, main: .fixed(50)), origin: .zero, viewport: window)
    }

    func testSeed000HorizontalSymbolsTakeTheirSymbolsWidthAndTheRowsHeight() throws {
        // `.frame(minWidth: 0, maxWidth: .infinity, minHeight: 50, maxHeight: .infinity)` in a row:
        // offered no width, a view is its content's ideal width — the 30-point symbol's.
        let (_, f) = try runSnippet(snippet("000", "horizontal symbols"), context: before("000", "horizontal symbols"))
        assertGrid(f, axis: .horizontal, items: [GridItem(.fixed(150)), GridItem(.adaptive(minimum: 50))], extent: 844, spacing: 20,
                   count: 10_000, sizing: ItemSizing(cross: .fill, main: .fixed(30), fillsRow: true), origin: .zero, viewport: window)
    }

    func testSeed000TheBasicGridsTracksWithNoItems() throws {
        let (_, v) = try runSnippet(snippet("000", "basic vertical grid"), context: [snippet("000", "threeColumnGrid")])
        XCTAssertEqual(v.grids[0].layout.tracks.tracks, GridTracks(items: threeFlexible, extent: 390).tracks)
        XCTAssertEqual(v.grids[0].total, 0)
        let (_, h) = try runSnippet(snippet("000", "basic horizontal grid"), context: [snippet("000", "threeColumnGrid")])
        XCTAssertEqual(h.grids[0].layout.tracks.tracks, GridTracks(items: threeFlexible, extent: 844).tracks)
    }

    func testSeed000CoffeeFeedOneColumnOfPhotos200High() throws {
        let (p, f) = try runSnippet(snippet("000", "feed body"), context: [snippet("000", "Photo"), snippet("000", "feed gridLayout")])
        assertGrid(f, axis: .vertical, items: [GridItem()], extent: 370, spacing: 10, count: 20, sizing: .fill(200),
                   origin: Point(x: 10, y: 10), viewport: window)
        XCTAssertEqual(f.navigationTitle, "Coffee Feed")
        XCTAssertEqual(p.unknownModifiers, [])
    }

    func testSeed000CafesOneColumnOfCafes150High() throws {
        let (_, f) = try runSnippet(snippet("000", "cafes body"), context: [snippet("000", "Photo"), snippet("000", "Cafe"), snippet("000", "cafes gridLayout")])
        // `.frame(maxHeight: 150)` over a photo scaled to fill a 370-wide column: 150 high.
        assertGrid(f, axis: .vertical, items: [GridItem()], extent: 370, spacing: 10, count: 18, sizing: .fill(150),
                   origin: Point(x: 10, y: 10), viewport: window)
    }

    func testSeed000CoffeePhotosOfACafeInAdaptiveColumns() throws {
        // Inside the cafes' ForEach: `cafe` is one of them, `gridLayout` the view's state.
        let context = [snippet("000", "Photo"), snippet("000", "Cafe"), snippet("000", "cafes gridLayout"), "let cafe = sampleCafes[0]"]
        let (p, f) = try runSnippet(snippet("000", "coffee grid"), context: context)
        let photos = try XCTUnwrap(f.grids.first?.total)
        XCTAssertTrue((2...12).contains(photos), "each cafe has 2 to 12 photos: \(photos)")
        // Not in a scroll view: proposed the window's width, stretched to its height, laid out from the top.
        assertGrid(f, axis: .vertical, items: [GridItem(.adaptive(minimum: 50))], extent: 390, count: photos, sizing: .fill(50),
                   origin: .zero, viewport: window)
        XCTAssertEqual(p.unknownModifiers, [])
    }

    func testSeed002PhotoGridUnderItsHeading() throws {
        let context = [snippet("000", "Photo"), snippet("002", "photoSet")]
        let (_, f) = try runSnippet(snippet("002", "photo grid"), context: context)
        // `.padding()` around the VStack: the scroll view is 358 wide at x = 16; the grid follows the
        // 34-point heading and the scroll view's 8-point spacing.
        assertGrid(f, axis: .vertical, items: [GridItem(.adaptive(minimum: 50))], extent: 358, count: 20, sizing: .fill(60),
                   origin: Point(x: 16, y: 16 + 34 + 8), viewport: Rect(x: 16, y: 16, width: 358, height: 812))
        assertFrame(f.text("Photos"), 16, 16, 100.8, 34)
    }

    func testSeed002DockIsAHundredPointRowInItsPanel() throws {
        let context = [snippet("000", "Photo"), snippet("002", "photoSet"), snippet("002", "selectedPhotos"), snippet("002", "namespace")]
        let (_, f) = try runSnippet(snippet("002", "scroll reader"), context: context)
        XCTAssertEqual(f.grids[0].layout.tracks.tracks, GridTracks(items: [GridItem()], extent: 100).tracks)
        // 100 high, padded 16 all round, centred in the window: (844 − 132) / 2 + 16.
        assertFrame(f.scrollViews[0].viewport, 16, 356 + 16, 358, 100)
        XCTAssertEqual(f.shapes.prefix(2), ["clip 5", "fill"], "the grey panel, rounded")
    }

    func testSeed003StylesSixRowSetsAsRowsAndAsColumns() throws {
        let context = [snippet("003", "size"), snippet("003", "declarations")]
        let rows: [[GridItem]] = [
            [GridItem(.adaptive(minimum: 60))],
            Array(repeating: GridItem(.fixed(80)), count: 3),
            Array(repeating: GridItem(.flexible(minimum: 60)), count: 3),
            [GridItem(.fixed(100)), GridItem(.adaptive(minimum: 50))],
            [GridItem(.fixed(80)), GridItem(.flexible(minimum: 60))],
            [GridItem(.fixed(120)), GridItem(.flexible(maximum: 80)), GridItem(.adaptive(minimum: 40))],
        ]
        for (i, items) in rows.enumerated() {
            // `rows[styleselection]` with the picker at style `i`.
            let (_, g) = try runSnippet(snippet("003", "styles body").replacingOccurrences(of: "rows[styleselection]", with: "rows[\(i)]"), context: context)
            assertGrid(g, axis: .horizontal, items: items, extent: 844, count: 999, sizing: ItemSizing(cross: .fill, main: .fixed(40), fillsRow: true),
                       origin: .zero, viewport: window)
            // The chapter's columns: the same body as a LazyVGrid over `columns`, each 28 tall (the `.title` symbol's).
            let vertical = snippet("003", "styles body").replacingOccurrences(of: "scrollview(.horizontal)", with: "scrollview")
                .replacingOccurrences(of: "lazyhgrid(rows: rows[styleselection])", with: "lazyvgrid(columns: columns[\(i)])")
            let (_, v) = try runSnippet(vertical, context: context + [snippet("003", "columns")])
            assertGrid(v, axis: .vertical, items: items, extent: 390, count: 999, sizing: ItemSizing(cross: .fixed(40), main: .fixed(28), fillsRow: true),
                       origin: .zero, viewport: window)
        }
    }

    func testSeed004BarsOfFiveWidthsOverEveryRowSet() throws {
        let sets: [(String, [GridItem], Int)] = [
            ("fixed rows", [GridItem(.fixed(30), spacing: 1), GridItem(.fixed(60), spacing: 10), GridItem(.fixed(90), spacing: 20), GridItem(.fixed(10), spacing: 50)], 300),
            ("flexible row", [GridItem(.fixed(30), spacing: 1), GridItem(.flexible(minimum: 60), spacing: 10), GridItem(.fixed(90), spacing: 20), GridItem(.fixed(10), spacing: 50)], 301),
            ("flexible maximum 20", [GridItem(.fixed(30), spacing: 1), GridItem(.flexible(minimum: 60), spacing: 10), GridItem(.fixed(90), spacing: 20), GridItem(.flexible(maximum: 20), spacing: 50)], 301),
            ("adaptive", [GridItem(.adaptive(minimum: 30, maximum: 100), spacing: 50)], 301),
        ]
        let widths: [Double] = [30, 40, 20, 25, 15]
        for (name, items, iterations) in sets {
            let (_, f) = try runSnippet(snippet("004", name))
            assertGrid(f, axis: .horizontal, items: items, extent: 844, spacing: 5, count: iterations * 5,
                       sizing: ItemSizing(cross: .fill, main: .perItem { i, _ in widths[i % 5] }), origin: .zero, viewport: window)
        }
    }

    func testSeed001TheStackGridIsTwelvePhotosInFourRowsOfThree() throws {
        let context = before("001", "GCGirdContentView")
        let (p, f) = try runSnippet(snippet("001", "GCGirdContentView"), context: context)
        XCTAssertEqual(p.runtimeErrors, [])
        // `UIScreen.main.bounds.width / 3` a photo, no spacing: 4 rows of 130 × 130, from the left.
        let clips = f.drawing.filter { if case .pushClip = $0.shape { return true }; return false }.map(\.frame)
        XCTAssertEqual(clips.count, 12)
        assertFrame(clips[0], 0, (844 - 520) / 2, 130, 130)
        assertFrame(clips[11], 260, (844 - 520) / 2 + 390, 130, 130)
        // And the colour stack: six random colours in a VStack, 8 apart, sharing the height.
        let (_, colours) = try runSnippet(snippet("001", "colour stack"), context: [snippet("001", "random data"), snippet("001", "random colour")])
        XCTAssertEqual(colours.frames(.color).count, 6)
        assertFrame(colours.frames(.color)[1], 0, (844 - 40) / 6 + 8, 390, (844 - 40) / 6)
    }
}
