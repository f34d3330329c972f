import XCTest
import GridCore
import Stage
@testable import CoffeeGridApp
import StageInterface

/// The field's editing model on its own: caret, words, selection, undo, and the wrapped layout.
final class TextEditingTests: XCTestCase {
    func typed(_ s: String) -> TextEditing {
        var e = TextEditing()
        for c in s { e.insert(String(c)) }
        return e
    }

    func testCaretMovesByCharacterAndWord() {
        var e = TextEditing("[GridItem(.fixed(30)), GridItem()]")
        XCTAssertEqual(e.caret, 34)
        e.move(forward: false, by: .character, extend: false)
        XCTAssertEqual(e.caret, 33)
        e.place(0, extend: false)
        e.move(forward: true, by: .word, extend: false)
        XCTAssertEqual(e.caret, 1, "[ is a run of punctuation")
        e.move(forward: true, by: .word, extend: false)
        XCTAssertEqual(e.caret, 9, "GridItem")
        e.move(forward: true, by: .word, extend: false)
        XCTAssertEqual(e.caret, 11, "(.")
        e.move(forward: true, by: .word, extend: false)
        XCTAssertEqual(e.caret, 16, "fixed")
        e.place(23, extend: false)
        e.move(forward: false, by: .word, extend: false)
        XCTAssertEqual(e.caret, 19, "back over ')),' to the start of that run")
        e.move(forward: false, by: .word, extend: false)
        XCTAssertEqual(e.caret, 17, "30")
        e.place(0, extend: false)
        e.move(forward: false, by: .word, extend: false)
        XCTAssertEqual(e.caret, 0)
        e.place(1000, extend: false)
        XCTAssertEqual(e.caret, e.count)
    }

    func testShiftExtendsAndPlainArrowsCollapse() {
        var e = TextEditing("spacing: 20")
        e.place(0, extend: false)
        e.move(forward: true, by: .word, extend: true)
        XCTAssertEqual(e.selection, 0..<7)
        XCTAssertEqual(e.selectedText, "spacing")
        e.move(forward: true, by: .character, extend: true)
        XCTAssertEqual(e.selectedText, "spacing:")
        e.move(forward: false, by: .character, extend: false)
        XCTAssertEqual(e.caret, 0, "Left collapses to the selection's start")
        XCTAssertFalse(e.hasSelection)
        e.selectAll()
        e.move(forward: true, by: .character, extend: false)
        XCTAssertEqual(e.caret, 11)
        XCTAssertFalse(e.hasSelection)
        e.place(9, extend: false)
        e.place(2, extend: true)
        XCTAssertEqual(e.selectedText, "acing: ", "Shift+click back from the caret")
    }

    func testTypingReplacesTheSelection() {
        var e = TextEditing("[GridItem(.fixed(30))]")
        e.select(anchor: 17, caret: 19)
        e.insert("150")
        XCTAssertEqual(e.text, "[GridItem(.fixed(150))]")
        XCTAssertEqual(e.caret, 20)
        e.selectAll()
        e.insert("x")
        XCTAssertEqual(e.text, "x")
    }

    func testDeletingCharactersWordsAndSelections() {
        var e = TextEditing("GridItem(.flexible(minimum: 60))")
        e.delete(forward: false, by: .character)
        XCTAssertEqual(e.text, "GridItem(.flexible(minimum: 60)")
        e.delete(forward: false, by: .word)
        XCTAssertEqual(e.text, "GridItem(.flexible(minimum: 60")
        e.delete(forward: false, by: .word)
        XCTAssertEqual(e.text, "GridItem(.flexible(minimum: ")
        e.place(0, extend: false)
        e.delete(forward: true, by: .word)
        XCTAssertEqual(e.text, "(.flexible(minimum: ")
        e.delete(forward: false, by: .character)
        XCTAssertEqual(e.text, "(.flexible(minimum: ", "nothing before the start")
        e.select(anchor: 2, caret: 10)
        e.delete(forward: true, by: .character)
        XCTAssertEqual(e.text, "(.(minimum: ")
    }

    func testNewlinesBecomeSpacesAndLengthIsCapped() {
        var e = TextEditing("", maxLength: 10)
        e.insert("let rows = [\r\n  GridItem()]")
        XCTAssertEqual(e.text, "let rows =")
        XCTAssertEqual(e.count, 10)
        e.insert("more")
        XCTAssertEqual(e.text, "let rows =", "full: nothing more goes in")
        e.selectAll()
        e.insert("a\nb")
        XCTAssertEqual(e.text, "a b")
    }

    func testUndoGroupsTypingByWordAndRedoReplays() {
        var e = typed("[GridItem(.fixed(30)),")
        e.insert(" ")
        for c in "GridItem()]" { e.insert(String(c)) }
        XCTAssertEqual(e.text, "[GridItem(.fixed(30)), GridItem()]")
        e.undo()
        XCTAssertEqual(e.text, "[GridItem(.fixed(30)), ", "the last word goes, its space stays with the word before")
        e.undo()
        XCTAssertEqual(e.text, "")
        XCTAssertFalse(e.canUndo)
        e.redo()
        XCTAssertEqual(e.text, "[GridItem(.fixed(30)), ")
        e.redo()
        XCTAssertEqual(e.text, "[GridItem(.fixed(30)), GridItem()]")
        XCTAssertFalse(e.canRedo)
        XCTAssertEqual(e.caret, e.count)
    }

    func testMovingTheCaretEndsAnUndoStepAndEditingDropsRedo() {
        var e = typed("abc")
        e.move(forward: false, by: .character, extend: false)
        e.insert("X")
        XCTAssertEqual(e.text, "abXc")
        e.undo()
        XCTAssertEqual(e.text, "abc")
        XCTAssertEqual(e.caret, 2, "undo puts the caret back where it was")
        e.insert("Y")
        XCTAssertFalse(e.canRedo, "a new edit forgets what was undone")
        e.undo()
        e.undo()
        XCTAssertEqual(e.text, "")
    }

    func testPasteCutAndClearAreStepsOfTheirOwn() {
        var e = typed("abc")
        e.insert("[GridItem()]")
        e.selectAll()
        XCTAssertEqual(e.cut(), "abc[GridItem()]")
        XCTAssertEqual(e.text, "")
        XCTAssertNil(e.cut(), "nothing selected, nothing cut")
        e.undo()
        XCTAssertEqual(e.text, "abc[GridItem()]")
        XCTAssertEqual(e.selectedText, "abc[GridItem()]", "the selection comes back with the text")
        e.undo()
        XCTAssertEqual(e.text, "abc")
        e.replaceAll(with: "")
        e.undo()
        XCTAssertEqual(e.text, "abc")
    }

    func testBackspaceRunsGroupToo() {
        var e = typed("abcdef")
        e.move(forward: false, by: .character, extend: false)
        for _ in 0..<3 { e.delete(forward: false, by: .character) }
        XCTAssertEqual(e.text, "abf")
        e.undo()
        XCTAssertEqual(e.text, "abcdef")
    }

    func testUndoHistoryIsBounded() {
        var e = TextEditing()
        for i in 0..<(TextEditing.undoLimit * 3) { e.insert(i % 2 == 0 ? "a b" : "c") }
        var steps = 0
        while e.canUndo { e.undo(); steps += 1 }
        XCTAssertEqual(steps, TextEditing.undoLimit)
    }

    func testDoubleClickSelectsAWord() {
        var e = TextEditing("GridItem(.adaptive(minimum: 50))")
        e.selectWord(at: 13)
        XCTAssertEqual(e.selectedText, "adaptive")
        e.selectWord(at: 9)
        XCTAssertEqual(e.selectedText, "(.")
        e.selectWord(at: 32)
        XCTAssertEqual(e.selectedText, "))")
    }

    // MARK: Layout

    /// Ten points a character: easy numbers.
    let tenPerChar = TextMeasure { text, _ in Double(text.count) * 10 }

    func testLayoutWrapsAtSpacesAndBreaksLongWords() {
        let l = TextFieldLayout(Array("[GridItem(.fixed(30)), GridItem(.flexible())]"), width: 120, font: TextField.font, measure: tenPerChar)
        XCTAssertEqual(l.lines.map { String(l.characters[$0]) }, ["[GridItem(.f", "ixed(30)), ", "GridItem(.fl", "exible())]"])
        for line in l.lines {
            var s = String(l.characters[line])
            while s.last == " " { s.removeLast() }
            XCTAssertLessThanOrEqual(Double(s.count) * 10, 120)
        }
        let words = TextFieldLayout(Array("aaa bbb ccc ddd"), width: 75, font: TextField.font, measure: tenPerChar)
        XCTAssertEqual(words.lines.map { String(words.characters[$0]) }, ["aaa bbb ", "ccc ddd"])
    }

    func testLayoutCaretPositionsAndMotion() {
        let l = TextFieldLayout(Array("aaa bbb ccc ddd"), width: 75, font: TextField.font, measure: tenPerChar)
        XCTAssertEqual(l.line(of: 7), 0)
        XCTAssertEqual(l.line(of: 8), 1, "at a wrap point the caret starts the next line")
        XCTAssertEqual(l.x(of: 10), 20)
        XCTAssertEqual(l.lineStart(of: 10), 8)
        XCTAssertEqual(l.lineEnd(of: 2), 7, "End stops before the space the line wrapped at")
        XCTAssertEqual(l.lineEnd(of: 10), 15)
        XCTAssertEqual(l.vertical(from: 2, lines: 1, x: 20), 10)
        XCTAssertEqual(l.vertical(from: 10, lines: -1, x: 20), 2)
        XCTAssertEqual(l.vertical(from: 10, lines: 1, x: 20), 15, "Down on the last line goes to the end")
        XCTAssertEqual(l.vertical(from: 2, lines: -1, x: 20), 0, "Up on the first line goes to the start")
        XCTAssertEqual(l.offset(atX: 24, line: 1), 10)
        XCTAssertEqual(l.offset(atX: 26, line: 1), 11, "nearest boundary")
        XCTAssertEqual(l.offset(atX: 500, line: 0), 7)
        XCTAssertEqual(l.offset(atX: -5, line: 1), 8)
        let empty = TextFieldLayout([], width: 75, font: TextField.font, measure: tenPerChar)
        XCTAssertEqual(empty.lines, [0..<0])
        XCTAssertEqual(empty.vertical(from: 0, lines: 1, x: 0), 0)
    }

    func testFieldKeysReachTheModel() {
        var copied: [String] = []
        var f = TextField("[GridItem(.fixed(30))]")
        f.readClipboard = { "GridItem(), " }
        f.writeClipboard = { copied.append($0) }
        let frame = Rect(x: 0, y: 0, width: 400, height: 40)
        func key(_ k: Key, _ m: KeyModifiers = []) -> TextField.Outcome { f.handleKey(k, m, frame: frame, measure: tenPerChar) }
        XCTAssertEqual(key(.left), .none, "not editing: keys do nothing")
        f.beginEditing()
        _ = key(.home)
        _ = key(.right)
        _ = key(.character("v"), .control)
        XCTAssertEqual(f.text, "[GridItem(), GridItem(.fixed(30))]")
        _ = key(.home, .control)
        _ = key(.end, [.control, .shift])
        _ = key(.character("c"), .control)
        XCTAssertEqual(copied, ["[GridItem(), GridItem(.fixed(30))]"])
        _ = key(.character("x"), .control)
        XCTAssertEqual(f.text, "")
        _ = key(.character("z"), .control)
        XCTAssertEqual(f.text, "[GridItem(), GridItem(.fixed(30))]")
        _ = key(.character("z"), [.control, .shift])
        XCTAssertEqual(f.text, "")
        _ = key(.character("y"), .control)
        XCTAssertEqual(f.text, "")
        _ = key(.character("z"), .control)
        _ = key(.character("z"), .control)
        _ = key(.character("z"), .control)
        XCTAssertEqual(f.text, "[GridItem(.fixed(30))]")
        _ = key(.character("a"), .control)
        XCTAssertEqual(f.editing.selection, 0..<22)
        XCTAssertEqual(key(.escape), .cancel)
        XCTAssertFalse(f.isEditing)
        XCTAssertEqual(f.text, "[GridItem(.fixed(30))]", "Esc restores the applied text")
        f.beginEditing()
        f.insert("!")
        XCTAssertEqual(key(.enter), .commit("[GridItem(.fixed(30))]!"))
        XCTAssertEqual(f.committed, "[GridItem(.fixed(30))]!")
    }
}
