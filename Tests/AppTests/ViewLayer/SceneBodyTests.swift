import XCTest
import GridCore
import Stage
import SystemIO
@testable import CoffeeGridApp
import StageInterface

/// A scene declared once (issue 22, phase 2): `SceneBody` runs a scene's SwiftUI text through the
/// view layer, configures a grid from the tree and draws each item as its views lay out. The cells'
/// code panel, run so, makes the cells' grid and draws the cells' commands.
final class SceneBodyTests: SceneTestCase {
    func cells(_ arguments: [String] = []) throws -> CellsScene {
        var c = context!
        c.options = try Options(parsing: arguments)
        return CellsScene(context: c)
    }

    /// The cells' code panel, run as a body, configures the grid as the scene configures it by hand:
    /// `LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))], spacing: 8)`, 10,000 cells as wide as
    /// their column and 50 high (measured from their views), `.padding(.all, 10)` — at every size.
    func testTheCellsCodeRunAsABodyConfiguresTheGridAsTheScene() throws {
        let scene = try cells()
        let body = try SceneBody(scene.code)
        for size in [window, Size(width: 844, height: 390), Size(width: 320, height: 320), Size(width: 1280, height: 800)] {
            _ = scene.advance(frame: Rect(origin: .zero, size: size), env: env(size))
            let c = try XCTUnwrap(body.configuration(in: size, env: env(size)))
            XCTAssertEqual(c.items, [GridItem(.adaptive(minimum: 50))])
            XCTAssertEqual(c.spacing, 8)
            XCTAssertEqual(c.sections, [GridSection(count: 10_000)])
            XCTAssertEqual(c.padding, .all(10))
            XCTAssertTrue(SceneBody.same(c, scene.grid.configuration), "at \(size)")
            XCTAssertTrue(SceneBody.same(c, GridScrollView.Configuration(LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))], spacing: 8),
                                                                        sections: [GridSection(count: 10_000)], sizing: .fill(50), padding: .all(10))))
        }
    }

    /// `--items` and `--columns` as the code panel prints them read back to the same grid: every
    /// playground preset, a billion cells.
    func testEveryPresetAndABillionCellsReadBack() throws {
        for spec in PlaygroundScene.presets {
            let scene = try cells(["--items", "1000000000", "--columns", spec])
            _ = scene.advance(frame: Rect(origin: .zero, size: window), env: env(window))
            let c = try XCTUnwrap(try SceneBody(scene.code).configuration(in: window, env: env(window)), spec)
            XCTAssertEqual(c.items, try GridSpec.parse(spec), spec)
            XCTAssertEqual(c.sections, [GridSection(count: 1_000_000_000)], spec)
            XCTAssertTrue(SceneBody.same(c, scene.grid.configuration), spec)
        }
    }

    /// A cell drawn from the body draws what the scene draws for it: its hue-wheel colour with
    /// 8-point corners and its number centred in the caption's semibold, black at 60 % — the same
    /// commands; a selected one in the accent colour with its number white.
    func testACellDrawsAsTheSceneDrawsIt() throws {
        let scene = try cells()
        let e = env(window)
        _ = scene.advance(frame: Rect(origin: .zero, size: window), env: e)
        let body = try SceneBody(scene.code)
        _ = body.configuration(in: window, env: e)
        for item in scene.grid.itemsToDraw().prefix(40) {
            var mine = DrawList()
            body.drawItem(item.index, in: item.frame, &mine, env: e)
            // What the scene drew by hand before it was its body.
            var expected = DrawList()
            expected.fill(item.frame, SceneBodyTests.hueWheel(item.index), cornerRadius: 8)
            expected.text("\(item.index)", Font.caption.weight(.semibold), Color.black.opacity(0.6), in: item.frame, alignment: .center)
            XCTAssertEqual("\(mine.commands)", "\(expected.commands)", "item \(item.index)")
        }
        let item = try XCTUnwrap(scene.grid.itemsToDraw().first { $0.index == 7 })
        var selected = DrawList()
        body.drawItem(7, in: item.frame, &selected, env: e, tint: ItemTint(fill: e.color(.accent), text: .white))
        guard case let .fill(_, accent, _) = selected.commands[0], case let .text(_, _, white, _, _) = selected.commands[1] else { return XCTFail() }
        XCTAssertEqual(accent, e.color(.accent))
        XCTAssertEqual(white, .white)
    }

    /// Past the first screen, cells are drawn from templates filled in with the paints their closure
    /// tells (no views made): thousands of them, and cells a billion down, still draw exactly the
    /// hand-written commands.
    func testCellsDrawnFromTemplatesDrawAsTheSceneDrawsThem() throws {
        let scene = try cells(["--items", "1000000000"])
        let e = env(window)
        _ = scene.advance(frame: Rect(origin: .zero, size: window), env: e)
        let frame = try XCTUnwrap(scene.grid.itemsToDraw().first?.frame)
        for i in Array(stride(from: 0, to: 6000, by: 3)) + [99_999, 1_000_000, 123_456_789, 999_999_999] {
            var mine = DrawList()
            scene.body.drawItem(i, in: frame, &mine, env: e)
            var expected = DrawList()
            expected.fill(frame, SceneBodyTests.hueWheel(i), cornerRadius: 8)
            expected.text("\(i)", Font.caption.weight(.semibold), Color.black.opacity(0.6), in: frame, alignment: .center)
            XCTAssertEqual("\(mine.commands)", "\(expected.commands)", "item \(i)")
        }
        XCTAssertTrue(scene.body.toldPaintsHold, "the paints told were the views' every time they were checked")
        XCTAssertGreaterThan(scene.body.itemsFilledFromTold, 1900, "most cells were drawn from their told paints")
    }

    /// The cells' hand-written colours: a hue wheel turning once every 120 cells.
    static func hueWheel(_ i: Int) -> Color {
        let h = Double(i % 120) / 120
        let k = { (n: Double) -> Double in
            let t = (n + h * 6).truncatingRemainder(dividingBy: 6)
            return 1 - 0.55 * max(0, min(1, min(t, 4 - t)))
        }
        return Color(red: k(5), green: k(3), blue: k(1))
    }

    /// Scrolled end to end through a billion cells, what the body keeps stays bounded.
    func testABillionCellsScrolledKeepsTheDrawingsBounded() throws {
        var drawings = ItemDrawings()
        var made = 0
        let e = env(Size(width: 390, height: 844))
        let indices = Array(stride(from: 0, to: 1_000_000_000, by: 97_003))
        for i in indices {
            _ = drawings.shapes(of: i, size: Size(width: 50, height: 50), env: e) { _ in made += 1; return [] }
        }
        XCTAssertEqual(made, indices.count)
        XCTAssertGreaterThan(made, 2 * ItemDrawings.limit)
        XCTAssertLessThanOrEqual(drawings.count, 2 * ItemDrawings.limit)
        made = 0
        _ = drawings.shapes(of: indices.last!, size: Size(width: 50, height: 50), env: e) { _ in made += 1; return [] }
        XCTAssertEqual(made, 0, "the last one is kept")
        _ = drawings.shapes(of: indices.last!, size: Size(width: 60, height: 50), env: e) { _ in made += 1; return [] }
        XCTAssertEqual(made, 1, "another size is laid out again")
        var dark = e
        dark.appearance = .dark
        made = 0
        _ = drawings.shapes(of: indices.last!, size: Size(width: 60, height: 50), env: dark) { _ in made += 1; return [] }
        XCTAssertEqual(made, 1, "colours resolved in light are made again in dark")
    }
}
