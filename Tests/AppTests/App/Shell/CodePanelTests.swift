import XCTest
import GridCore
import Stage
@testable import CoffeeGridApp
import StageInterface

/// The code panel: every scene and variant shows the full SwiftUI code of what it draws, which
/// `GridCode`/`GridSpec` read back to the very items, axis and spacing that lay the grid out;
/// wrapped, never cut; Ctrl+C and the panel's button copy it.
final class CodePanelTests: XCTestCase {
    override func setUp() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    /// A session with the panel open: where it starts folded (a short window, the inspector's
    /// sheet), Ctrl+K opens it over the content, as a person reading the code would.
    func session(_ scene: String, size: Size = Size(width: 390, height: 844)) throws -> HeadlessSession {
        let s = try HeadlessSession(scene: scene, size: size)
        if s.app.codePanel.isFolded {
            try s.run(.key(.character("k"), .control))
            s.runner.settle()
        }
        return s
    }

    func key(_ s: HeadlessSession, _ c: Character, _ mods: KeyModifiers = []) throws { try s.run(.key(.character(c), mods)) }

    /// Brackets, parentheses and braces close in order, outside strings and comments; strings close.
    static func balanceProblem(_ code: String) -> String? {
        var stack: [Character] = []
        var inString = false, escaped = false, i = code.startIndex
        let pairs: [Character: Character] = [")": "(", "]": "[", "}": "{"]
        while i < code.endIndex {
            let c = code[i]
            if inString {
                if c == "\n" { return "a string runs past its line" }
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
            } else if c == "/", code[code.index(after: i)...].hasPrefix("/") {
                while i < code.endIndex, code[i] != "\n" { i = code.index(after: i) }
                continue
            } else if c == "\"" {
                inString = true
            } else if "([{".contains(c) {
                stack.append(c)
            } else if let open = pairs[c] {
                guard stack.popLast() == open else { return "'\(c)' closes nothing open" }
            }
            i = code.index(after: i)
        }
        return inString ? "an open string" : (stack.isEmpty ? nil : "\(stack.count) left open")
    }

    /// What the panel shows is the scene's code, whole, valid-looking, and read back by the parser
    /// as the grid's own items, axis and spacing; every drawn line fits its box at this scale.
    func check(_ s: HeadlessSession, _ label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let app = s.app
        // A size class met for the first time changes the code while the scene updates; the panel
        // takes it in the next frame's layout (the scene updates once a frame).
        s.runner.wait(frames: 1)
        XCTAssertFalse(app.codePanel.isFolded, "\(label): opened by `session`", file: file, line: line)
        let code = app.scene.code
        XCTAssertFalse(code.isEmpty, label, file: file, line: line)
        XCTAssertEqual(app.codePanel.code, code, "the panel shows the current code: \(label)", file: file, line: line)
        XCTAssertFalse(code.contains("…"), label, file: file, line: line)
        XCTAssertNil(CodePanelTests.balanceProblem(code), "\(label):\n\(code)", file: file, line: line)
        // Nothing lost to wrapping.
        let strip = { (t: String) in t.filter { !$0.isWhitespace } }
        XCTAssertEqual(strip(app.codePanel.lines.joined()), strip(code), label, file: file, line: line)
        if app.currentName == "stack" {
            // Seed 001 builds its grid from stacks: there is no GridItem to read back.
            XCTAssertThrowsError(try GridCode.parse(code), label, file: file, line: line)
        } else {
            let grid = try readBack(code)
            // The layout's own items, as the state file lists them from the grid's configuration.
            let state = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(app.stateJSON().text.utf8)) as? [String: Any])
            let layout = try XCTUnwrap(state["grid"] as? [String: Any] ?? state["gridLayout"] as? [String: Any], file: file, line: line)
            let items = try GridSpec.parse(try XCTUnwrap(layout["spec"] as? String))
            XCTAssertEqual(grid.items, items, "\(label):\n\(code)", file: file, line: line)
            XCTAssertEqual(grid.axis.rawValue, layout["axis"] as? String, label, file: file, line: line)
            XCTAssertEqual(grid.spacing, layout["spacing"] as? Double, "\(label): spacing", file: file, line: line)
        }
        // The lines drawn fit their boxes: the canvas never had to cut one with "…".
        let canvas = try XCTUnwrap(app.canvas)
        var drawn = 0
        for command in app.lastDrawList.commands {
            guard case let .text(text, font, _, rect, _) = command, font == CodePanel.font else { continue }
            drawn += 1
            XCTAssertLessThanOrEqual(canvas.measure(text, font: font).width, rect.width, "\(label): '\(text)'", file: file, line: line)
            XCTAssertEqual(canvas.truncated(text, font: font, width: rect.width), text, label, file: file, line: line)
        }
        XCTAssertGreaterThan(drawn, 2, label, file: file, line: line)
    }

    /// The grid the printed code declares: run by the view layer when it is a whole program (a scene
    /// that is its body prints the code that ran: `rows[styleSelection]` with its `@State`), else read
    /// by `GridCode` (a declaration and a grid call).
    func readBack(_ code: String) throws -> (axis: Axis, items: [GridItem], spacing: Double?) {
        if let body = try? SceneBody(code), let c = body.configuration(in: Size(width: 390, height: 844)) {
            return (c.axis, c.items, c.spacing)
        }
        let grid = try GridCode.parse(code)
        return (grid.axis, grid.items, grid.spacing)
    }

    func testSymbolsEveryVariant() throws {
        for size in [Size(width: 390, height: 844), Size(width: 844, height: 390)] {
            let s = try session("symbols", size: size)
            for p in 0..<5 {
                for a in 0..<2 {
                    for sp in 0..<2 {
                        for f in 0..<2 {
                            for c in 0..<5 {
                                try check(s, "symbols c\(c) f\(f) s\(sp) a\(a) p\(p) at \(size)")
                                try key(s, "c")
                            }
                            try key(s, "f")
                        }
                        try key(s, "s")
                    }
                    try key(s, "a")
                }
                try key(s, "p")
            }
        }
    }

    func testStylesBarsPlaygroundCellsDockAndFeed() throws {
        for size in [Size(width: 390, height: 844), Size(width: 844, height: 390), Size(width: 1280, height: 800)] {
            let styles = try session("styles", size: size)
            for a in 0..<2 {
                for i in 0..<6 { try check(styles, "styles \(i) a\(a)"); try key(styles, "s") }
                try key(styles, "a")
            }
            let bars = try session("bars", size: size)
            for i in 0..<4 { try check(bars, "bars \(i)"); try key(bars, "r") }
            let playground = try session("playground", size: size)
            for a in 0..<2 {
                for i in 0..<PlaygroundScene.presets.count { try check(playground, "playground \(i) a\(a)"); try key(playground, "p") }
                try key(playground, "a")
            }
            try check(try session("cells", size: size), "cells")
            let dock = try session("dock", size: size)
            try check(dock, "dock")
            try dock.run(.key(.tab, []))
            let feed = try session("feed", size: size)
            for i in 1...4 { try check(feed, "feed \(i) columns"); try key(feed, "g") }
            // Beyond the chapter: Ctrl+- zooms out to five and six columns.
            for i in 5...6 { try key(feed, "-", .control); try check(feed, "feed \(i) columns") }
        }
    }

    func testCafesEveryButtonAndWindow() throws {
        for size in [Size(width: 390, height: 844), Size(width: 844, height: 390), Size(width: 1024, height: 1366)] {
            let s = try session("cafes", size: size)
            for step in ["h", "g", "h", "g"] {
                try check(s, "cafes at \(size)")
                try key(s, Character(step))
            }
            // The chapter's own demo, one picker away.
            try key(s, "e")
            try check(s, "cafes chapter at \(size)")
            XCTAssertTrue(s.app.scene.code.contains("verticalSizeClass"), "the chapter's code follows the size class")
        }
    }

    func testStackShowsTheSeedsStacks() throws {
        let s = try session("stack")
        for n in 1...6 {
            try check(s, "stack")
            XCTAssertTrue(s.app.scene.code.contains("var itemPerRow = \((s.app.scene as! StackScene).itemPerRow)"))
            if n == 1 { for _ in 0..<2 { try key(s, "-") } } else { try key(s, "+") }
        }
        try key(s, "v")
        try check(s, "VStack")
        XCTAssertTrue(s.app.scene.code.contains("    VStack {"))
        try key(s, "v")
        try check(s, "HStack")
        XCTAssertTrue(s.app.scene.code.contains("    HStack {"))
    }

    /// Under a driver with no clipboard of its own (dummy), SDL keeps the text in the process.
    func testCtrlCAndTheButtonCopyTheCode() throws {
        let s = try session("symbols")
        try key(s, "c")
        try key(s, "c", .control)
        XCTAssertEqual(Clipboard.text, s.app.scene.code)
        XCTAssertTrue(s.app.scene.code.contains("Array(repeating: .init(.flexible()), count: 6)"), "the six columns, as the chapter writes them")
        XCTAssertTrue(s.app.codePanel.isAnimating(at: s.app.env.time), "“Copied” shows")
        try s.run(.wait(milliseconds: 2000))
        XCTAssertFalse(s.app.codePanel.isAnimating(at: s.app.env.time))
        try s.run(.scene("bars"))
        try s.run(.click(s.app.codePanel.buttonFrame.center))
        XCTAssertEqual(Clipboard.text, s.app.scene.code)
        XCTAssertTrue(Clipboard.text?.contains("GridItem(.fixed(30), spacing: 1)") == true)
        let state = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(s.app.stateJSON().text.utf8)) as? [String: Any])
        XCTAssertEqual((state["code"] as? [String: Any])?["copies"] as? Double, 2)
    }

    func testTheWheelScrollsTheCodeNotTheGrid() throws {
        let s = try session("symbols")
        let panel = s.app.codePanel
        XCTAssertGreaterThan(panel.maxOffset, 0, "the symbols' code is taller than its share of the window")
        try s.run(.scrollAt(dx: 0, dy: 10_000, at: panel.frame.center, modifiers: []))
        XCTAssertEqual(panel.offset, panel.maxOffset)
        XCTAssertEqual(try XCTUnwrap((s.app.scene as? SymbolsScene)?.grid.offset), 0)
        // The last line is in view at the bottom.
        XCTAssertEqual(Double(panel.lines.count) * CodePanel.lineHeight + 2 * CodePanel.inset - panel.offset, panel.frame.height, accuracy: 1e-9)
    }

    /// The wrap's bound holds at every scale: hinting rounds each advance to whole pixels.
    func testTheCodeFontNeverAdvancesMoreThanTheBound() throws {
        let s = try session("symbols")
        let canvas = try XCTUnwrap(s.app.canvas)
        let before = canvas.scale
        defer { canvas.scale = before }
        let sample = "LazyVGrid(columns: [GridItem(.fixed(150))], spacing: 20) { ForEach((0...9999), id: \\.self) {} } –×…"
        for scale in [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4] {
            canvas.scale = scale
            for n in [1, 7, 46, sample.count] {
                let text = String(sample.prefix(n))
                XCTAssertLessThanOrEqual(canvas.measure(text, font: CodePanel.font).width, Double(text.count) * CodePanel.font.monospacedAdvance(scale: scale) + 1e-6,
                                         "\(n) characters at scale \(scale)")
            }
        }
    }

    func testWrapKeepsEveryCharacterAndTheWidth() {
        var rng = SplitMix64(seed: 11)
        let words = ["GridItem(.fixed(150)),", "LazyVGrid(columns:", "\"hifispeaker.fill\",", ".frame(minWidth: 0, maxWidth: .infinity)",
                     "a", "", "ForEach((0...9999), id: \\.self) {", String(repeating: "x", count: 90), "Color.red.frame(width: 30)"]
        for _ in 0..<300 {
            let lines = (0..<Int.random(in: 1...6, using: &rng)).map { _ in
                String(repeating: " ", count: Int.random(in: 0...24, using: &rng))
                    + (0..<Int.random(in: 0...6, using: &rng)).map { _ in words[Int.random(in: 0..<words.count, using: &rng)] }.joined(separator: " ")
            }
            let code = lines.joined(separator: "\n")
            let columns = Int.random(in: 12...80, using: &rng)
            let wrapped = CodePanel.wrap(code, columns: columns)
            for l in wrapped { XCTAssertLessThanOrEqual(l.count, columns, "\(columns): \(l)") }
            XCTAssertEqual(wrapped.joined().filter { !$0.isWhitespace }, code.filter { !$0.isWhitespace })
            XCTAssertGreaterThanOrEqual(wrapped.count, lines.count)
        }
        // Breaks fall between words, and a continuation goes one level deeper.
        XCTAssertEqual(CodePanel.wrap("    LazyVGrid(columns: gridItemLayout, spacing: 20) {", columns: 30),
                       ["    LazyVGrid(columns:", "        gridItemLayout,", "        spacing: 20) {"])
        // Never at a space inside a string literal.
        XCTAssertEqual(CodePanel.wrap("x(\"a b\", yyyyyy)", columns: 10).first, "x(\"a b\",")
    }
}
