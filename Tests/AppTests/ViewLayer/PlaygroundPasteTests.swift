import XCTest
import Foundation
import GridCore
import Stage
import SeedSnippets
import SystemIO
import StageInterface
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

    /// Tracks and the first fifty item frames (from the layout's origin) of two grids. A grid of
    /// rows is centred across its scroll view, whose height is the window's less what is above it
    /// (the playground's field, a scene's picker): its tracks and items are compared from its first
    /// track, the same distance apart and the same size.
    func assertSameGrid(_ a: GridScrollView, _ b: GridScrollView, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        func tracks(_ g: GridScrollView) -> ([GridTrack], Double) {
            let t = g.layout.tracks.tracks, start = g.axis == .horizontal ? (t.first?.offset ?? 0) : 0
            return (t.map { GridTrack(offset: $0.offset - start, size: $0.size, item: $0.item, alignment: $0.alignment) }, start)
        }
        let (ta, sa) = tracks(a), (tb, sb) = tracks(b)
        XCTAssertEqual(ta, tb, "\(what): tracks", file: file, line: line)
        XCTAssertEqual(a.layout.count, b.layout.count, "\(what): items", file: file, line: line)
        for i in 0..<min(50, a.layout.count) {
            let fa = a.layout.frame(of: i)?.offsetBy(dx: 0, dy: -sa), fb = b.layout.frame(of: i)?.offsetBy(dx: 0, dy: -sb)
            if fa != fb { return XCTFail("\(what): item \(i) at \(String(describing: fa)), the scene's at \(String(describing: fb))", file: file, line: line) }
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

    /// Every seed's grid, pasted as the chapter prints it (with the snippets before it that it uses),
    /// lays out as the scene that shows it: the feed (seed 000), the styles (003, its second style,
    /// whose fixed rows do not depend on the area's height), the bars (004's first ContentView).
    func testEachSeedsGridPastedLaysOutAsItsScene() throws {
        let phone = Size(width: 390, height: 844)
        let cases: [(scene: String, keys: [Key], snippets: [(String, String)], edit: (String) -> String, size: Size)] = [
            ("feed", [], [("000", "Photo"), ("000", "feed gridLayout"), ("000", "feed body")], { $0 }, phone),
            ("styles", [.character("s")], [("003", "declarations"), ("003", "styles body")],
             { $0.replacingOccurrences(of: "@state private var styleselection: int = 0", with: "@state private var styleselection: int = 1") }, phone),
            ("bars", [], [("004", "fixed rows")], { $0 }, phone),
            // The chapter's first MultiGridView (cafe photos alone) in two columns: the exercise on a
            // phone after its column button; each cafe photo as tall as its shape makes it at 180
            // points (under the 150 cap), which the playground knows from the bundled photos' headers.
            ("cafes", [.character("g")], [("000", "Photo"), ("000", "Cafe"), ("000", "cafes gridLayout"), ("000", "cafes body")],
             { $0.replacingOccurrences(of: "[ GridItem() ]", with: "[ GridItem(), GridItem() ]") }, phone),
            // Seed 002's photo grid: inside its VStack's `.padding()`, under its "Photos" heading.
            ("dock", [], [("000", "Photo"), ("002", "photoSet"), ("002", "photo grid")], { $0 }, phone),
        ]
        for c in cases {
            var fresh = Options()
            fresh.restore = false
            let scene = try HeadlessSession(scene: c.scene, size: c.size, options: fresh)
            for k in c.keys { try scene.run(.key(k, [])) }
            try scene.run(.settle)
            let s = try HeadlessSession(scene: "playground", size: c.size)
            let text = c.edit(c.snippets.map { SeedSnippets.named($0.0, $0.1).text }.joined(separator: "\n"))
            try s.run(.paste(try file(text)))
            try s.run(.settle)
            let p = try playground(s)
            XCTAssertNotNil(p.snippet.body, "\(c.scene): \(String(describing: p.snippet.message))")
            let grid = try XCTUnwrap(scene.app.scene.mainGrid ?? (scene.app.scene as? DockScene)?.grid, c.scene)
            assertSameGrid(p.grid, grid, c.scene)
            // Where the tree puts the grid: as wide, as far into its scroll view (under a heading).
            XCTAssertEqual(p.grid.frame.width, grid.frame.width, c.scene)
            XCTAssertEqual(p.grid.configuration.leadingContent, grid.configuration.leadingContent, c.scene)
        }
    }

    /// A pasted tree runs its `.onAppear` when shown and its `.onChange(of:)` when the window's size
    /// class changes, with the closure forms SwiftUI takes.
    func testAPastedTreesOnAppearAndOnChangeRun() throws {
        for params in ["", "newValue in", "oldValue, newValue in"] {
            let s = try HeadlessSession(scene: "playground", size: Size(width: 390, height: 844))
            try s.run(.paste(try file("""
                struct ContentView: View {
                    @State var cols = [GridItem()]
                    @Environment(\\.verticalSizeClass) var vsc: UserInterfaceSizeClass?
                    var body: some View {
                        ScrollView {
                            LazyVGrid(columns: cols) {
                                ForEach(0..<30, id: \\.self) { i in Text("\\(i)").frame(height: 40) }
                            }
                        }
                        .onAppear { cols = Array(repeating: .init(.flexible()), count: 3) }
                        .onChange(of: vsc) { \(params)
                            cols = Array(repeating: .init(.flexible()), count: 4)
                        }
                    }
                }
                """)))
            try s.run(.settle)
            let p = try playground(s)
            XCTAssertEqual(p.grid.layout.trackCount, 3, "onAppear, \(params)")
            try s.run(.resize(Size(width: 844, height: 390)))
            try s.run(.settle)
            XCTAssertEqual(p.grid.layout.trackCount, 4, "onChange { \(params) }")
        }
    }

    /// The cafes' code panel pasted draws the same cafes: its `Int.random` from the app's seed, so
    /// every coffee grid as tall as the scene's.
    func testTheCafesCodePastedDrawsTheScenesCoffeeCounts() throws {
        let size = Size(width: 390, height: 844)
        var fresh = Options()
        fresh.restore = false
        let cafes = try HeadlessSession(scene: "cafes", size: size, options: fresh)
        try cafes.run(.key(.character("e"), []))
        try cafes.run(.settle)
        let s = try HeadlessSession(scene: "playground", size: size, options: fresh)
        try s.run(.paste(try file(cafes.app.scene.code)))
        try s.run(.settle)
        let p = try playground(s)
        XCTAssertNotNil(p.snippet.body, String(describing: p.snippet.message))
        assertSameGrid(p.grid, try XCTUnwrap(cafes.app.scene.mainGrid), "cafes chapter")
    }

    /// Seed 001's grid of stacks, pasted as the chapter prints it (its first `GCRowView`, `rowCount`,
    /// `rowViews` and `GCGirdContentView`, in one paste), has no lazy grid: the playground lays it out whole and
    /// draws it, twelve squares a third of the width each, in the stack scene's arrangement (the
    /// chapter's root is centred in the window where the scene's scrolls from the top).
    func testSeed001sStacksPastedLayOutAsTheStackScene() throws {
        let size = Size(width: 390, height: 844)
        let stack = try HeadlessSession(scene: "stack", size: size)
        try stack.run(.settle)
        let squares = try XCTUnwrap(stack.app.scene as? StackScene).eagerFrames()
        let s = try HeadlessSession(scene: "playground", size: size)
        let text = ["GCRowView", "rowCount", "rowViews", "GCGirdContentView"].map { SeedSnippets.named("001", $0).text }.joined(separator: "\n")
        try s.run(.paste(try file(text)))
        try s.run(.settle)
        let p = try playground(s)
        XCTAssertNotNil(p.snippet.body, String(describing: p.snippet.message))
        XCTAssertEqual(p.grid.layout.count, 0, "no grid of the playground's stays under the stacks")
        let tree = try XCTUnwrap(p.snippet.wholeTree(in: p.grid.frame, env: .forTests(size, resources: try ResourceLocator.locate())))
        let images = tree.frame.placed.filter { if case .image = $0.kind { return true }; return false }.map(\.frame)
        XCTAssertEqual(images.count, 12)
        let origin = try XCTUnwrap(images.first).origin
        for (a, b) in zip(images, squares) {
            XCTAssertEqual(a.offsetBy(dx: -origin.x, dy: -origin.y), b)
        }
        var list = DrawList()
        p.draw(&list, env: .forTests(size, resources: try ResourceLocator.locate()))
        let drawn = list.commands.filter { if case .image = $0 { return true }; return false }.count
        XCTAssertEqual(drawn, 12, "the twelve photos drawn")
    }

    /// The stack scene's code (the chapter's stacks in a `ScrollView`) pasted in a landscape window:
    /// the wheel scrolls it, to its end and no further; the photos move, nothing else changes.
    func testTheWheelScrollsAPastedStacksScrollView() throws {
        let size = Size(width: 844, height: 390)
        let stack = try HeadlessSession(scene: "stack", size: size)
        let s = try HeadlessSession(scene: "playground", size: size)
        try s.run(.paste(try file(stack.app.scene.code)))
        let p = try playground(s)
        let env = AppEnvironment.forTests(size, resources: try ResourceLocator.locate())
        func first() throws -> Rect {
            let tree = try XCTUnwrap(p.snippet.wholeTree(in: p.grid.frame, env: env))
            let i = try XCTUnwrap(tree.frame.placed.firstIndex { if case .image = $0.kind { return true }; return false })
            return tree.frame(of: i)
        }
        let top = try first()
        try s.run(.scroll(dx: 0, dy: 200, modifiers: []))
        XCTAssertEqual(try first().minY, top.minY - 200, accuracy: 1e-9)
        try s.run(.scroll(dx: 0, dy: 5000, modifiers: []))
        // Four rows of a third of the window's width, less the area's height.
        let end = 4 * size.width / 3 - p.grid.frame.height
        XCTAssertEqual(try first().minY, top.minY - end, accuracy: 1e-6)
        // Drawn where it is shown: the photos the viewport meets, no others.
        var list = DrawList()
        p.draw(&list, env: env)
        let drawn = list.commands.compactMap { c -> Rect? in if case let .image(_, r, _, _, _, _, _) = c { return r }; return nil }
        let tree = try XCTUnwrap(p.snippet.wholeTree(in: p.grid.frame, env: env)), port = try XCTUnwrap(tree.viewport)
        let meeting = tree.frame.placed.indices.filter { i in
            guard case .image = tree.frame.placed[i].kind else { return false }
            return tree.frame(of: i).intersects(port)
        }
        XCTAssertEqual(drawn.count, meeting.count, "\(drawn)")
        XCTAssertGreaterThan(drawn.count, 0)
        XCTAssertLessThan(drawn.count, 12, "the rows scrolled away are not in the draw list")
        try s.run(.scroll(dx: 0, dy: -9000, modifiers: []))
        XCTAssertEqual(try first().minY, top.minY, accuracy: 1e-9)
    }

    /// The cells' code panel pasted lays out as the cells scene; an unknown modifier is listed in the
    /// banner and ignored.
    func testTheCellsBodyPastedAndAnUnknownModifierInTheBanner() throws {
        let size = Size(width: 390, height: 844)
        let cells = try HeadlessSession(scene: "cells", size: size)
        let s = try HeadlessSession(scene: "playground", size: size)
        let source = cells.app.scene.code
        try s.run(.paste(try file(source.replacingOccurrences(of: ".cornerRadius(8)", with: ".cornerRadius(8)\n.onLongPressGesture { print(i) }"))))
        let p = try playground(s)
        XCTAssertEqual(p.snippet.unknownModifiers, ["onLongPressGesture"])
        XCTAssertEqual(p.snippet.message, "ignored, not supported here: .onLongPressGesture")
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
