import XCTest
import GridCore
import Stage
@testable import CoffeeGridApp
import StageInterface

/// The layout inspector in every scene, at a phone's portrait and landscape sizes and a desktop
/// window: it explains the grid with GridCore's own numbers, never covers the content, and every
/// line of its text fits the box it is drawn in, measured with the renderer's fonts.
final class InspectorTests: XCTestCase {
    static let sizes = [Size(width: 390, height: 844), Size(width: 844, height: 390), Size(width: 1280, height: 800)]

    override func setUp() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    func session(_ scene: String, _ size: Size, scale: Double = 1) throws -> HeadlessSession {
        let s = try HeadlessSession(scene: scene, size: size, scale: scale)
        if !s.app.inspectorVisible { try s.press("i") }
        try s.run(.wait(milliseconds: 50))
        XCTAssertTrue(s.app.inspectorVisible)
        return s
    }

    /// Every text of the inspector (overlay tags and panel rows) fits its box, and its box lies
    /// within the area it is clipped to across; the panel's rows lie within the panel.
    func assertInspectorFits(_ s: HeadlessSession, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let app = s.app
        let canvas = try XCTUnwrap(app.canvas, file: file, line: line)
        let model = try XCTUnwrap(app.scene.inspector, what, file: file, line: line)
        let window = Rect(x: 0, y: 0, width: app.env.windowSize.width, height: app.env.windowSize.height)
        let panel = app.shell.frame.inspector
        XCTAssertTrue(window.contains(panel), "\(what): panel \(panel) outside the window", file: file, line: line)
        XCTAssertFalse(panel.intersects(app.contentFrame), "\(what): panel \(panel) covers the content \(app.contentFrame)", file: file, line: line)
        // A scene whose area scrolls (rows taller than a short window) has its grid reach below it, by no more than it scrolls.
        let state = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(app.stateJSON().text.utf8)) as? [String: Any], file: file, line: line)
        let overflow = (state["overflow"] as? [String: Any])?["max"] as? Double ?? 0
        let reach = Rect(x: app.contentFrame.minX, y: app.contentFrame.minY, width: app.contentFrame.width, height: app.contentFrame.height + overflow)
        XCTAssertTrue(reach.contains(model.viewport) || model.viewport.width == 0,
                      "\(what): grid \(model.viewport) outside the content \(app.contentFrame)", file: file, line: line)
        XCTAssertFalse(model.explanation.isEmpty, what, file: file, line: line)

        var list = DrawList()
        app.shell.drawInspector(&list, model, env: app.env)
        var clips: [Rect] = [window]
        var texts = 0
        for command in list.commands {
            switch command {
            case .pushClip(let r): clips.append(r)
            case .popClip: clips.removeLast()
            case let .text(text, font, _, box, _):
                texts += 1
                let size = canvas.measure(text, font: font)
                XCTAssertLessThanOrEqual(size.width, box.width + 0.01, "\(what): '\(text)' is \(size.width) wide in a \(box.width) box", file: file, line: line)
                XCTAssertLessThanOrEqual(size.height, box.height + 0.01, "\(what): '\(text)' is \(size.height) tall in a \(box.height) box", file: file, line: line)
                let clip = clips.last!
                XCTAssertTrue(box.minX >= clip.minX - 0.01 && box.maxX <= clip.maxX + 0.01,
                              "\(what): '\(text)' at \(box) runs out of \(clip) across", file: file, line: line)
                // Panel rows may scroll past the panel's top and bottom edges; nothing else may leave its clip.
                if !panel.contains(clip) {
                    XCTAssertTrue(clip.contains(box), "\(what): '\(text)' at \(box) is cut by \(clip)", file: file, line: line)
                }
            default: break
            }
        }
        // Every row in the panel's view at the top of its text is drawn (a short sheet scrolls the rest).
        let text = InspectorPanel.textFrame(in: panel)
        let rows = app.shell.inspectorRows(model, measure: app.env.measure).rows.filter { $0.y < text.height }.count
        XCTAssertGreaterThanOrEqual(texts, rows, what, file: file, line: line)
        XCTAssertGreaterThan(rows, 3, what, file: file, line: line)
    }

    func testEverySceneAtEverySize() throws {
        for size in Self.sizes {
            for scene in SceneCatalog.standard().names {
                let s = try session(scene, size)
                try assertInspectorFits(s, "\(scene) at \(size.width)×\(size.height)")
                XCTAssertEqual(s.app.shell.frame.inspectorStyle, size.width >= 640 ? .side : .sheet)
            }
        }
    }

    /// Glyph advances round to whole pixels: at 2× and 1.5× a line measures differently in points.
    func testEverySceneAtHiDPIScales() throws {
        for scale in [1.5, 2] {
            for scene in SceneCatalog.standard().names {
                for size in [Size(width: 390, height: 844), Size(width: 844, height: 390)] {
                    let s = try session(scene, size, scale: scale)
                    try assertInspectorFits(s, "\(scene) at \(size.width)×\(size.height) ×\(scale)")
                }
            }
        }
    }

    func testVariantsOfTheTeachingScenes() throws {
        let variants: [(scene: String, key: Character, count: Int)] = [
            ("bars", "r", 4), ("playground", "p", PlaygroundScene.presets.count), ("symbols", "c", SymbolsScene.layouts.count), ("styles", "s", 6), ("stack", "v", 3),
        ]
        for size in Self.sizes {
            for v in variants {
                let s = try session(v.scene, size)
                for n in 0..<v.count {
                    try s.press(v.key)
                    // The inspector explains the layout a change heads for: no need to wait for the motion to end.
                    try s.run(.wait(milliseconds: 20))
                    try assertInspectorFits(s, "\(v.scene) variant \(n + 1) at \(size.width)×\(size.height)")
                }
            }
        }
    }

    /// The panel's lines are GridCore's explanation of the very layout on screen.
    func testPanelShowsTheLayoutsOwnExplanation() throws {
        let s = try session("bars", Size(width: 844, height: 390))
        let model = try XCTUnwrap(s.app.scene.inspector)
        let bars = try XCTUnwrap(s.app.scene as? BarsScene)
        let e = try XCTUnwrap(bars.grid.layout.tracks.explanation)
        XCTAssertEqual(Array(model.explanation.dropFirst().prefix(e.lines(axis: .horizontal).count - 1)).map(\.text),
                       Array(e.lines(axis: .horizontal).dropFirst()).map(\.text))
        let texts = model.explanation.map(\.text)
        XCTAssertTrue(texts.contains("Σ spacing = 1 + 10 + 20 = 31 (the last row's 50 follows nothing)"), "\(texts)")
        XCTAssertEqual(model.gaps.map(\.size), [1, 10, 20])
        XCTAssertTrue(texts.contains("Columns of views are 5 apart: LazyHGrid(spacing: 5)"), "\(texts)")
    }

    func testAdaptiveAndOverflowAreExplained() throws {
        let s = try session("playground", Size(width: 390, height: 844))
        var texts = try XCTUnwrap(s.app.scene.inspector).explanation.map(\.text)
        XCTAssertTrue(texts.contains { $0.hasPrefix("k = ⌊(share + s) / (min + s)⌋ = ⌊(390 + 8) / (50 + 8)⌋ = ⌊6.862⌋ = 6") }, "\(texts)")
        // The preset whose minimums overflow: both passes.
        let overflow = try XCTUnwrap(PlaygroundScene.presets.firstIndex { $0.contains("minimum: 300") })
        for _ in 0..<overflow { try s.press("p") }
        try s.run(.settle)
        texts = try XCTUnwrap(s.app.scene.inspector).explanation.map(\.text)
        XCTAssertTrue(texts.contains { $0.contains("they do not fit") }, "\(texts)")
        XCTAssertTrue(texts.contains { $0.hasPrefix("SwiftUI lays the columns out again at S = ") }, "\(texts)")
    }

    func testThePanelScrollsToItsLastLine() throws {
        let s = try session("playground", Size(width: 844, height: 390))
        let panel = s.app.shell.frame.inspector
        for _ in 0..<40 { try s.run(.scrollAt(dx: 0, dy: 120, at: Point(x: panel.midX, y: panel.midY), modifiers: [])) }
        try s.run(.settle)
        let model = try XCTUnwrap(s.app.scene.inspector)
        var list = DrawList()
        s.app.shell.drawInspector(&list, model, env: s.app.env)
        let text = InspectorPanel.textFrame(in: panel)
        let last = list.commands.compactMap { c -> Rect? in if case let .text(t, _, _, r, _) = c, t == s.app.shell.inspectorRows(model, measure: s.app.env.measure).rows.last?.text { return r }; return nil }.last
        let box = try XCTUnwrap(last, "last row not drawn")
        XCTAssertTrue(text.contains(box), "last row \(box) not wholly in \(text)")
    }

    func testClosingGivesTheSpaceBack() throws {
        let s = try session("symbols", Size(width: 390, height: 844))
        let withPanel = s.app.contentFrame
        let close = InspectorPanel.closeButton(in: s.app.shell.frame.inspector)
        try s.run(.click(Point(x: close.midX, y: close.midY)))
        XCTAssertFalse(s.app.inspectorVisible)
        XCTAssertGreaterThan(s.app.contentFrame.height, withPanel.height)
    }

    /// Beside a sheet the scene keeps 55 % of the window (the sheet shrinks, the code panel folds);
    /// a window too small for a readable sheet lays the panel over the content's lower part, opens
    /// the playground without it, and shows one panel over the content at a time.
    func testTheSceneKeepsItsShareBesideTheSheetAndTinyWindowsGetAnOverlay() throws {
        let portrait = try session("feed", Size(width: 390, height: 844))
        XCTAssertEqual(portrait.app.shell.frame.inspectorStyle, .sheet)
        XCTAssertGreaterThanOrEqual(portrait.app.sceneFrame.height, 844 * 0.55)
        XCTAssertGreaterThanOrEqual(portrait.app.shell.frame.inspector.height, InspectorPanel.minimumSheet)
        XCTAssertTrue(portrait.app.codePanel.isFolded, "the code panel folds for the sheet")

        let tiny = try HeadlessSession(scene: "playground", size: Size(width: 320, height: 320))
        XCTAssertFalse(tiny.app.inspectorVisible, "too small to share: the playground opens without it")
        let content = tiny.app.sceneFrame
        try tiny.press("i")
        XCTAssertEqual(tiny.app.shell.frame.inspectorStyle, .overlay)
        XCTAssertEqual(tiny.app.sceneFrame, content, "laid over the content, which keeps its size")
        XCTAssertTrue(content.intersects(tiny.app.shell.frame.inspector))
        // The code's sheet and the overlay take turns.
        try tiny.run(.key(.character("k"), .control))
        XCTAssertEqual(tiny.app.codePanel.disclosure.presentation, .sheet)
        XCTAssertFalse(tiny.app.inspectorVisible)
        try tiny.press("i")
        XCTAssertTrue(tiny.app.inspectorVisible)
        XCTAssertEqual(tiny.app.codePanel.disclosure.presentation, .folded)
        // A wheel over the overlay scrolls the inspector, not the grid under it.
        let grid = try XCTUnwrap(tiny.app.scene as? PlaygroundScene).grid
        try tiny.run(.scrollAt(dx: 0, dy: 200, at: tiny.app.shell.frame.inspector.center, modifiers: []))
        XCTAssertEqual(grid.offset, 0)
    }

    func testWrapNeverExceedsTheWidth() {
        let m = TextMeasure.estimate
        let font = InspectorPanel.font
        for width in [30.0, 80, 200, 333] {
            for text in ["k = ⌊(share + s) / (min + s)⌋ = ⌊(390 + 8) / (50 + 8)⌋ = ⌊6.862⌋ = 6",
                         "[GridItem(.adaptive(minimum:50)),GridItem(.fixed(100)),GridItem(.flexible(minimum:10,maximum:20))]", "", "x"] {
                let lines = m.wrap(text, font: font, width: width, indent: 16)
                for (i, l) in lines.enumerated() { XCTAssertLessThanOrEqual(m.width(l, font), i == 0 ? width : width - 16, "\(l) at \(width)") }
                XCTAssertEqual(lines.joined().filter { $0 != " " }, text.filter { $0 != " " })
            }
        }
    }
}
