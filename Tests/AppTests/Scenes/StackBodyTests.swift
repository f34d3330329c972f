import XCTest
import GridCore
import StageInterface
import ViewLayer
import SeedSnippets
@testable import CoffeeGridApp

/// The stack is seed 001's code, run: its `GCRowView` and `GCGirdContentView` with their own
/// `rowCount` and `rowViews`, and its colour stacks; the scene reads every photo's square and every
/// colour's frame from the tree, and the code panel is the code that ran.
final class StackBodyTests: SceneTestCase {
    /// Every line of the chapter's two views and two functions is in the scene's code (its
    /// `Image("\(i)")` are our coffee photos, its twelve in a `ScrollView`).
    func testTheSourceIsTheChaptersCode() throws {
        let source = StackScene.source(itemPerRow: 3, count: 12)
        let row = SeedSnippets.named("001", "GCRowView").text
        let chapter = [SeedSnippets.named("001", "GCRowView, general").text, String(row[row.range(of: "var itemWidth")!.lowerBound...]),
                       SeedSnippets.named("001", "rowCount").text, SeedSnippets.named("001", "rowViews").text,
                       SeedSnippets.named("001", "GCGirdContentView").text].joined(separator: "\n")
        var checked = 0
        for line in chapter.split(separator: "\n") {
            // The chapter's numbered notes (`// 1`) left out; its `Image("\(i)")` are our coffee photos.
            let code = line.components(separatedBy: " //")[0].trimmingCharacters(in: .whitespaces)
            guard !code.isEmpty, code != "//...", !code.contains("Image(\"") else { continue }
            XCTAssertTrue(source.contains(code), "\(code)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 30)
        XCTAssertTrue(source.contains("Image(\"coffee-\\(i)\").resizable().aspectRatio(contentMode: .fill)"))
        let colours = StackScene.source(stack: .hstack, colours: StackScene.randomColours(seed: 1))
        let stack = SeedSnippets.named("001", "colour stack").text
        XCTAssertTrue(stack.contains("VStack {\n        ForEach(0..<data.count) { index in\n            self.data[index]"))
        XCTAssertTrue(colours.contains("    HStack {\n        ForEach(0..<data.count) { index in\n            self.data[index]"))
    }

    /// For one to six photos a row, in a phone's and a desktop's width: the squares are the ones
    /// `UIScreen.main.bounds.width / CGFloat(itemPerRow)` and `rowViews` make, row by row from the
    /// left, and the code panel says the count that made them.
    func testThePhotosAreTheTreesSquares() throws {
        for width in [390.0, 1280] {
            let scene = StackScene(context: context)
            let frame = Rect(x: 0, y: 0, width: width, height: 700)
            var e = env(frame.size)
            _ = scene.handleKey(.character("-"), [], env: e)
            _ = scene.handleKey(.character("-"), [], env: e)
            for n in 1...6 {
                e.time += 5
                _ = scene.advance(frame: frame, env: e)
                XCTAssertEqual(scene.itemPerRow, n)
                let side = width / Double(n)
                let expected = (0..<12).map { i in Rect(x: Double(i % n) * side, y: Double(i / n) * side, width: side, height: side) }
                let got = scene.eagerFrames()
                XCTAssertEqual(got.count, 12)
                for (g, x) in zip(got, expected) {
                    XCTAssertEqual(g.minX, x.minX, accuracy: 1e-6, "\(n) a row at \(width)")
                    XCTAssertEqual(g.minY, x.minY, accuracy: 1e-6, "\(n) a row at \(width)")
                    XCTAssertEqual(g.width, side, accuracy: 1e-6)
                    XCTAssertEqual(g.height, side, accuracy: 1e-6)
                }
                XCTAssertTrue(scene.code.contains("var itemPerRow = \(n)\n"), "\(n)")
                _ = scene.handleKey(.character("+"), [], env: e)
            }
        }
    }

    /// The code panel's text, run again by the view layer, lays out what the scene shows.
    func testTheCodePanelRunsToThePicture() throws {
        let scene = StackScene(context: context)
        let frame = Rect(origin: .zero, size: window)
        for mode in 0..<3 {
            _ = scene.advance(frame: frame, env: env)
            let again = try SceneBody(scene.code, environment: SnippetEnvironment(screenSize: window)).stillFrame(in: window)
            let views = StackViews(again, names: scene.contentViews)
            if mode == 0 {
                XCTAssertEqual(views.photos, scene.eagerFrames())
            } else {
                XCTAssertEqual(views.colours.count, 6)
                XCTAssertEqual(views.colours, scene.colourFrames())
                // Drawn as laid out: the six fills, in the launch's colours.
                var list = DrawList()
                scene.draw(&list, env: env)
                let fills = list.commands.compactMap { c -> StageInterface.Color? in if case let .fill(_, color, _) = c { return color }; return nil }
                XCTAssertEqual(fills.count, 6)
                for (f, c) in zip(fills, scene.data) {
                    XCTAssertEqual(f.red, c.red, accuracy: 1e-9)
                    XCTAssertEqual(f.blue, c.blue, accuracy: 1e-9)
                }
            }
            _ = scene.handleKey(.character("v"), [], env: env)
        }
    }
}
