import XCTest
import Foundation
import GridCore
import GridMotion
import Stage
import StageInterface
import ViewLayer
import SeedSnippets
@testable import CoffeeGridApp

/// The styles are seed 003's view, run: its `rows` (and the `columns` it gives beside them), its
/// `@State private var styleSelection` set by the picker, its `LazyHGrid(rows: rows[styleSelection])`.
final class StylesBodyTests: SceneTestCase {
    /// The seed is printed in lower case (its extraction lost the capitals); the view layer reads
    /// names whatever their case, and the scene's source is the same code, capitalised.
    func testTheSourceIsTheChaptersCode() throws {
        let source = StylesScene.source(vertical: false).lowercased()
        func squeezed(_ s: String) -> String { s.lowercased().filter { !$0.isWhitespace } }
        for line in SeedSnippets.named("003", "styles body").text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            XCTAssertTrue(source.contains(line.trimmingCharacters(in: .whitespaces).lowercased()), "\(line)")
        }
        // The six row sets, each as the chapter writes it (its comments left out).
        let rows = SeedSnippets.named("003", "declarations").text
        for set in StylesScene.rows {
            let written = set.count > 1 && Set(set).count == 1 ? "array(repeating:\(set[0]),count:\(set.count))" : "[" + set.map(\.description).joined(separator: ",") + "]"
            XCTAssertTrue(squeezed(rows).contains(squeezed(written)), written)
            XCTAssertTrue(squeezed(source).contains(squeezed(written)), written)
        }
        XCTAssertTrue(source.contains("@state private var styleselection: int = 0"))
        let columns = StylesScene.source(vertical: true)
        XCTAssertTrue(columns.contains("LazyVGrid(columns: columns[styleSelection])"))
    }

    /// Each style is the state the picker set: the grid is that row set, the code panel prints the
    /// state, and every symbol draws white on blue, 28 points square (the `.title` symbol).
    func testThePickerSetsTheStateAndTheGridFollows() throws {
        let scene = StylesScene(context: context)
        let frame = Rect(origin: .zero, size: window)
        for style in 0..<6 {
            var e = env
            for t in stride(from: 0.0, through: 2, by: 0.25) {
                e.time = Double(style) * 10 + t
                _ = scene.advance(frame: frame, env: e)
            }
            XCTAssertEqual(scene.grid.configuration.items, StylesScene.rows[style])
            XCTAssertEqual(scene.body.program.state(StylesScene.state), .int(style))
            XCTAssertTrue(scene.code.contains("@State private var styleSelection: Int = \(style)"), "style \(style)")
            var list = DrawList()
            scene.draw(&list, env: e)
            let symbols = list.commands.compactMap { c -> Rect? in if case let .symbol(_, r, _) = c { return r }; return nil }
            XCTAssertFalse(symbols.isEmpty)
            XCTAssertTrue(symbols.allSatisfy { $0.width == 28 && $0.height == 28 }, "style \(style): \(symbols.prefix(2))")
            _ = scene.handleKey(.character("s"), [], env: e)
        }
        // Back to the first style: its body is the one made first, its items drawn already.
        XCTAssertEqual(scene.body.program.state(StylesScene.state), .int(0))
    }
}
