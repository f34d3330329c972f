import XCTest
import GridCore
import Stage
@testable import CoffeeGridApp
import StageInterface

/// The playground's field driven as a person drives it, through the app's event path headless:
/// clicks and drags select, keys edit, undo and the clipboard work, and the whole spec is drawn,
/// wrapped, every line inside the field.
final class PlaygroundFieldTests: XCTestCase {
    override func setUp() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    func session(_ size: Size = Size(width: 390, height: 844), scale: Double = 1) throws -> (HeadlessSession, PlaygroundScene) {
        let s = try HeadlessSession(scene: "playground", size: size, scale: scale)
        return (s, try XCTUnwrap(s.app.scene as? PlaygroundScene))
    }

    /// The window point of the boundary before character `offset`.
    func point(_ offset: Int, _ scene: PlaygroundScene, _ s: HeadlessSession) -> Point {
        var field = scene.field
        let frame = scene.fieldFrame
        let l = field.layout(width: frame.width, measure: s.app.env.measure)
        let line = l.line(of: offset)
        return Point(x: frame.minX + TextField.inset.x + l.x(of: offset),
                     y: frame.minY + TextField.inset.y + (Double(line) + 0.5) * TextField.lineHeight)
    }

    func key(_ s: HeadlessSession, _ chord: String) throws {
        let (mods, name) = try XCTUnwrap(KeyModifiers.parse(chord: chord))
        try s.run(.key(try XCTUnwrap(Key(name: name)), mods))
    }

    /// A preset, then at once the axis button: the grid turns with no spring left from the preset
    /// (its frames were the column grid's, drawn stretched across the rows).
    func testTheAxisMidSpringEndsTheSpring() throws {
        let (s, scene) = try session()
        try s.run(.wait(milliseconds: 100))
        try key(s, "p")
        try s.run(.wait(milliseconds: 30))
        XCTAssertTrue(scene.grid.isTransitioning)
        try key(s, "a")
        XCTAssertEqual(scene.grid.axis, .horizontal)
        XCTAssertFalse(scene.grid.isTransitioning)
        for item in scene.grid.itemsToDraw() {
            XCTAssertEqual(item.frame.size, scene.grid.layout.frame(of: item.index)?.size, "item \(item.index)")
        }
    }

    func testClickDragShiftClickTypeUndoAndApply() throws {
        let (s, scene) = try session()
        let spec = PlaygroundScene.presets[0]           // [GridItem(.adaptive(minimum: 50))]
        XCTAssertEqual(scene.field.text, spec)
        // A click puts the caret where it lands.
        try s.run(.click(point(11, scene, s)))
        XCTAssertTrue(scene.field.isEditing)
        XCTAssertEqual(scene.field.editing.caret, 11)
        // A drag selects "adaptive".
        try s.run(.drag(from: point(11, scene, s), to: point(19, scene, s), milliseconds: 100))
        XCTAssertEqual(scene.field.editing.selectedText, "adaptive")
        // Shift+click extends the selection to "minimum".
        try s.run(.click(point(27, scene, s), modifiers: .shift))
        XCTAssertEqual(scene.field.editing.selectedText, "adaptive(minimum")
        // Typing replaces it.
        try s.run(.type("fixed(100)), GridItem(.flexible"))
        XCTAssertEqual(scene.field.text, "[GridItem(.fixed(100)), GridItem(.flexible: 50))]")
        // A double-click selects a word; typing replaces it.
        try s.run(.click(point(44, scene, s)))
        try s.run(.click(point(44, scene, s)))
        XCTAssertEqual(scene.field.editing.selectedText, "50")
        try s.run(.type("60"))
        try key(s, "Shift+Ctrl+Left")
        XCTAssertEqual(scene.field.editing.selectedText, "60")
        try key(s, "Left")
        try key(s, "Ctrl+Left")
        try key(s, "Ctrl+Left")
        XCTAssertEqual(scene.field.editing.caret, 34, "before 'flexible'")
        // Undo and redo, the selection coming back with the text.
        try key(s, "Ctrl+Z")
        XCTAssertEqual(scene.field.text, "[GridItem(.fixed(100)), GridItem(.flexible: 50))]")
        XCTAssertEqual(scene.field.editing.selectedText, "50")
        try key(s, "Ctrl+Shift+Z")
        XCTAssertEqual(scene.field.text, "[GridItem(.fixed(100)), GridItem(.flexible: 60))]")
        // Shift+arrow selects the colon; typing makes the spec valid.
        try s.run(.click(point(42, scene, s)))
        try key(s, "Shift+Right")
        XCTAssertEqual(scene.field.editing.selectedText, ":")
        try s.run(.type("(minimum:"))
        XCTAssertEqual(scene.field.text, "[GridItem(.fixed(100)), GridItem(.flexible(minimum: 60))]")
        // Return applies it: the grid now has a fixed and a flexible column.
        try key(s, "Return")
        XCTAssertFalse(scene.field.isEditing)
        XCTAssertEqual(scene.validSpec, "[GridItem(.fixed(100)), GridItem(.flexible(minimum: 60))]")
        XCTAssertEqual(scene.grid.configuration.items, [GridItem(.fixed(100)), GridItem(.flexible(minimum: 60))])
        // Undo survives applying.
        try key(s, "e")
        try key(s, "Ctrl+Z")
        XCTAssertEqual(scene.field.text, "[GridItem(.fixed(100)), GridItem(.flexible: 60))]")
    }

    func testCopyCutPasteThroughTheClipboard() throws {
        let (s, scene) = try session()
        try key(s, "e")
        try key(s, "Ctrl+A")
        try key(s, "Ctrl+C")
        XCTAssertEqual(Clipboard.text, PlaygroundScene.presets[0])
        try key(s, "End")
        try key(s, "Left")
        try s.run(.type(", "))
        try key(s, "Ctrl+V")
        XCTAssertEqual(scene.field.text, "[GridItem(.adaptive(minimum: 50)), [GridItem(.adaptive(minimum: 50))]]")
        try key(s, "Shift+Ctrl+Left")
        try key(s, "Shift+Ctrl+Left")
        XCTAssertEqual(scene.field.editing.selectedText, "50))]")
        try key(s, "Ctrl+X")
        XCTAssertEqual(Clipboard.text, "50))]")
        XCTAssertEqual(scene.field.text, "[GridItem(.adaptive(minimum: 50)), [GridItem(.adaptive(minimum: ]")
    }

    func testEscEndsEditingAndNeverQuits() throws {
        let (s, scene) = try session()
        try key(s, "e")
        try s.run(.type(" oops"))
        try key(s, "Escape")
        XCTAssertFalse(scene.field.isEditing)
        XCTAssertEqual(scene.field.text, PlaygroundScene.presets[0], "Esc restores the applied spec")
        XCTAssertFalse(s.app.wantsQuit)
        XCTAssertEqual(s.app.currentName, "playground")
    }

    func testClickingTheGridAppliesAndEndsEditing() throws {
        let (s, scene) = try session()
        try key(s, "e")
        try key(s, "Ctrl+A")
        try s.run(.type("Array(repeating: GridItem(.flexible()), count: 2)"))
        let grid = scene.grid.frame
        try s.run(.click(Point(x: grid.midX, y: grid.midY)))
        XCTAssertFalse(scene.field.isEditing)
        XCTAssertEqual(scene.grid.configuration.items.count, 2)
    }

    /// A long spec is drawn whole: the field grows a line per wrapped line, and every line's text
    /// fits the field, measured with the fonts it is drawn in.
    func testTheWholeSpecIsVisible() throws {
        for (size, scale) in [(Size(width: 390, height: 844), 1.0), (Size(width: 844, height: 390), 1), (Size(width: 320, height: 480), 1), (Size(width: 320, height: 320), 1),
                              (Size(width: 390, height: 844), 1.5), (Size(width: 844, height: 390), 2)] {
            let (s, scene) = try session(size, scale: scale)
            let spec = "[GridItem(.fixed(120), spacing: 4), GridItem(.flexible(minimum: 60, maximum: 200), spacing: 12), GridItem(.adaptive(minimum: 40, maximum: 90), spacing: 6)]"
            try key(s, "e")
            try key(s, "Ctrl+A")
            try s.run(.type(spec))
            try s.run(.wait(milliseconds: 50))
            let frame = scene.fieldFrame
            let canvas = try XCTUnwrap(s.app.canvas)
            let drawn: [(String, Rect)] = s.app.lastDrawList.commands.compactMap {
                if case let .text(t, font, _, r, _) = $0, font == TextField.font, frame.contains(r) { return (t, r) }
                return nil
            }
            XCTAssertGreaterThan(drawn.count, 2, "\(size): the spec wraps onto several lines")
            if size.width >= 390 || drawn.count < scene.field.maxVisibleLines {
                XCTAssertEqual(drawn.map(\.0).joined(separator: " ").filter { $0 != " " }, spec.filter { $0 != " " }, "\(size): every character drawn")
            } else {
                // A window this small keeps room for the grid: the field shows what fits and scrolls to the caret.
                XCTAssertEqual(drawn.count, scene.field.maxVisibleLines, "\(size)")
                XCTAssertTrue(spec.filter { $0 != " " }.hasSuffix(drawn.map(\.0).joined(separator: " ").filter { $0 != " " }), "\(size): the caret's end shows")
            }
            XCTAssertGreaterThanOrEqual(frame.height, Double(drawn.count) * TextField.lineHeight, "\(size)")
            for (text, box) in drawn {
                XCTAssertLessThanOrEqual(canvas.measure(text, font: TextField.font).width, box.width + 0.01, "\(size): '\(text)' cut")
            }
            // The grid starts below the field: nothing of the spec hides it.
            XCTAssertGreaterThanOrEqual(scene.grid.frame.minY, frame.maxY)
        }
    }

    func testUpDownHomeEndFollowTheWrappedLines() throws {
        let (s, scene) = try session()
        let spec = "[GridItem(.fixed(120), spacing: 4), GridItem(.flexible(minimum: 60, maximum: 200), spacing: 12)]"
        try key(s, "e")
        try key(s, "Ctrl+A")
        try s.run(.type(spec))
        var field = scene.field
        let l = field.layout(width: scene.fieldFrame.width, measure: s.app.env.measure)
        XCTAssertGreaterThan(l.lines.count, 1)
        try key(s, "Ctrl+Home")
        XCTAssertEqual(scene.field.editing.caret, 0)
        try key(s, "End")
        XCTAssertEqual(scene.field.editing.caret, l.lineEnd(of: 0))
        try key(s, "Down")
        XCTAssertEqual(l.line(of: scene.field.editing.caret), 1)
        try key(s, "Home")
        XCTAssertEqual(scene.field.editing.caret, l.lines[1].lowerBound)
        try key(s, "Shift+Up")
        XCTAssertEqual(scene.field.editing.caret, 0)
        XCTAssertEqual(scene.field.editing.selection, 0..<l.lines[1].lowerBound)
        try key(s, "Ctrl+End")
        XCTAssertEqual(scene.field.editing.caret, spec.count)
    }
}
