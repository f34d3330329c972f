import XCTest
import Foundation
import GridCore
@testable import ViewLayer
import SeedSnippets

/// Snippets run as a reader pastes them: the seed's own closures change its state, unknown
/// modifiers are listed and ignored, mistakes are one line with a line and column, and nothing a
/// paste holds — a megabyte, nesting a hundred thousand deep, an endless loop — stalls.
final class SnippetRunTests: XCTestCase {
    func text(_ seed: String, _ name: String) -> String { SeedSnippets.named(seed, name).text }

    /// Seed 002's finished ContentView, put together as the chapter tells it: the photo grid with
    /// its tap and matched geometry, the dock in its ScrollViewReader, the animation on the VStack.
    var dockApp: String {
        let tap = text("002", "tap to dock").replacingOccurrences(of: "    .cornerRadius(3.0)\n", with: "    .cornerRadius(3.0)\n    .matchedGeometryEffect(id: photo.id, in: photoTransition)\n")
        let grid = text("002", "photo grid")
        let start = grid.range(of: "                Image(photo.name)")!.lowerBound, end = grid.range(of: "                    .cornerRadius(3.0)\n")!.upperBound
        let cell = tap.split(separator: "\n", omittingEmptySubsequences: false).map { "                " + $0 }.joined(separator: "\n") + "\n"
        let withTap = grid.replacingCharacters(in: start..<end, with: cell)
        let dock = text("002", "scroll reader").split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
        return withTap.replacingOccurrences(of: "    }\n}\n.padding()", with: "    }\n\n" + dock + "\n}\n.padding()\n" + text("002", "animation"))
    }

    func testSeed002ATapRunsTheSeedsClosureAndThePhotoFliesIntoTheDock() throws {
        let context = [text("000", "Photo"), text("002", "photoSet"), text("002", "selectedPhotos"), text("002", "selectedPhotoId"), text("002", "namespace")]
        let program = try SnippetProgram(try Snippet.parse(dockApp), context: try context.map { try Snippet.parse($0) })
        XCTAssertEqual(program.unknownModifiers, [])
        var memory = ViewMemory()
        let before = ViewLayout().frame(for: try program.body(), in: phone, time: 0, memory: &memory)
        XCTAssertEqual(before.grids.map(\.total), [20, 0])
        // A click on the fourth photo: the seed's `.onTapGesture { selectedPhotos.append(photo) … }`.
        let cell = before.grids[0].visible[3].frame
        let tap = try XCTUnwrap(before.tapTarget(at: Point(x: cell.midX, y: cell.midY)))
        tap.action.perform()
        XCTAssertEqual(program.runtimeErrors, [])
        let after = ViewLayout().frame(for: try program.body(), in: phone, time: 1, memory: &memory)
        XCTAssertEqual(after.grids.map(\.total), [19, 1], "one photo left the grid for the dock")
        XCTAssertTrue(after.isAnimating)
        // The photo is drawn last (above the grid and the dock), clipped to its rounded corners at
        // the frame of the cell it was tapped in.
        let clip = try XCTUnwrap(after.drawing.last { if case .pushClip(3) = $0.shape { return true }; return false })
        XCTAssertEqual(clip.frame, cell, "it starts from the cell it was tapped in")
        XCTAssertEqual(after.drawing.suffix(3).map { if case .pushClip = $0.shape { return "clip" }; if case .image = $0.shape { return "image" }; return "other" },
                       ["clip", "image", "other"])
        let landed = ViewLayout().frame(for: try program.body(), in: phone, time: 3, memory: &memory)
        XCTAssertFalse(landed.isAnimating)
        XCTAssertEqual(landed.grids[1].materialized.first?.frame.height, 100, "in the dock, 100 high")
    }

    /// Names match whatever their case, and a `ForEach` of sections names its element `section`:
    /// `Section { … }` inside it is still the view, not a call of the number (which made every
    /// element empty, and a grid of 100 sections a grid of 100 nothing).
    func testAClosuresSectionDoesNotHideSection() throws {
        let (p, f) = try runSnippet("""
            ScrollView {
                LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))], spacing: 20, pinnedViews: [.sectionHeaders]) {
                    ForEach(0..<3) { section in
                        Section {
                            ForEach((section * 100)..<(section * 100 + 100), id: \\.self) { _ in
                                Color.red.frame(width: 50, height: 50)
                            }
                        } header: {
                            Text("Symbols \\(section * 100)")
                        }
                    }
                }
            }
            """)
        XCTAssertEqual(p.runtimeErrors, [])
        XCTAssertEqual(f.grids.first?.total, 300)
        XCTAssertEqual(f.grids.first?.sections.map(\.count), [100, 100, 100])
        XCTAssertNotNil(f.text("Symbols 0"))
    }

    /// An `if` in a grid's `ForEach` is a cell when its condition holds and none when it does not, as
    /// SwiftUI's lazy grids take an element's views (seed 000's exercise: `if showCoffee { … }`).
    func testAFalseIfInAGridsForEachMakesNoCell() throws {
        for (show, total) in [(false, 3), (true, 6)] {
            let (_, f) = try runSnippet("""
                ScrollView {
                    LazyVGrid(columns: [GridItem()]) {
                        ForEach(0..<3) { i in
                            Text("cafe \\(i)")
                            if \(show) { Text("coffee \\(i)") }
                        }
                    }
                }
                """)
            XCTAssertEqual(f.grids.first?.total, total, "if \(show)")
            XCTAssertNotNil(f.text("cafe 1"))
            XCTAssertEqual(f.text("coffee 0") != nil, show)
        }
    }

    func testUnknownModifiersAreListedAndIgnored() throws {
        let (p, f) = try runSnippet("""
            VStack {
                Text("a").edgesIgnoringSafeArea(.vertical)
                Text("b").onLongPressGesture { print("x") }.pickerStyle(.segmented)
            }
            """)
        XCTAssertEqual(p.unknownModifiers, ["edgesIgnoringSafeArea", "onLongPressGesture", "pickerStyle"])
        XCTAssertNotNil(f.text("a"))
        XCTAssertNotNil(f.text("b"))
        XCTAssertTrue(f.placed.first!.id == .root.level(0) || true)
        XCTAssertEqual(try SnippetProgram(try Snippet.parse(text("001", "safe area"))).kind, .modifiers(["edgesIgnoringSafeArea"]))
    }

    func error(_ source: String) -> SnippetError? {
        do {
            let p = try SnippetProgram(try Snippet.parse(source))
            _ = try p.body()
            return nil
        } catch let e as SnippetError { return e } catch { return nil }
    }

    func testAMistakeIsOneLineWithItsLineAndColumn() {
        XCTAssertEqual(error("VStack {\n    Text(\"a\"\n}")?.description, "line 3, column 1: expected ',' or ')' after an argument, found '}'")
        XCTAssertEqual(error("VStack {\n    Text(\"a\")\n")?.description, "line 3, column 1: expected '}' to close the '{' at line 1, column 8")
        XCTAssertEqual(error("LazyVGrid(columns: [GridItem(.fixed(-1))]) { }")?.description,
                       "line 1, column 37: a fixed size must be a finite number of points ≥ 0 and ≤ 1e9")
        XCTAssertEqual(error("LazyVGrid(columns: [GridItem(.adaptive(minimum: 0))]) { }")?.message,
                       "an adaptive minimum must be above 0, or it fits endless tracks")
        XCTAssertEqual(error("LazyHGrid(columns: []) { }")?.message, "LazyHGrid needs rows:")
        XCTAssertEqual(error("ScrollView { Txet(\"a\") }")?.description, "line 1, column 14: 'Txet' is not declared in the snippet")
        XCTAssertEqual(error("Text(\"a\" + 1)")?.message, "cannot apply + to a String and a Int")
        XCTAssertEqual(error("struct V: View {\n    let x = 1\n    init() { x = 2 }\n    var body: some View { Text(\"\\(x)\") }\n}")?.description,
                       "line 3, column 14: 'x' is a let and cannot change")
    }

    func testAHugePasteIsRefusedBeforeItIsRead() {
        let megabyte = String(repeating: "Text(\"a\")\n", count: 100_000)
        XCTAssertThrowsError(try Snippet.parse(megabyte)) {
            XCTAssertEqual(($0 as? SnippetError)?.description, "line 1, column 1: the snippet is 976 KB; at most 256 KB is read")
        }
    }

    func testNestingAHundredThousandDeepIsAnErrorNotAStackOverflow() {
        let parens = String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000)
        XCTAssertThrowsError(try Snippet.parse(parens)) {
            XCTAssertEqual(($0 as? SnippetError)?.message, "nesting is deeper than 200 levels")
            XCTAssertEqual(($0 as? SnippetError)?.line, 1)
        }
        let stacks = String(repeating: "VStack{", count: 30_000) + String(repeating: "}", count: 30_000)
        XCTAssertThrowsError(try Snippet.parse(stacks)) { XCTAssertEqual(($0 as? SnippetError)?.message, "nesting is deeper than 200 levels") }
        // Within the limit, a deep tree lays out (each stack measured a bounded number of times).
        let deep = String(repeating: "VStack {", count: 60) + "Text(\"deep\")" + String(repeating: "}", count: 60)
        XCTAssertNotNil(try? runSnippet(deep).1.text("deep"))
    }

    func testEndlessWorkStopsWithAMessage() {
        XCTAssertEqual(error("""
            struct V: View {
                var n = 0
                init() { for i in 0..<1_000_000_000 { n += i } }
                var body: some View { Text("\\(n)") }
            }
            """)?.message, "a loop over 1000000000 values; at most 100000 are run")
        XCTAssertEqual(error("func f(_ n: Int) -> Int { f(n + 1) }\nText(\"\\(f(0))\")")?.message, "calls nest deeper than 64")
        XCTAssertEqual(error("let a = Array(repeating: 0, count: 1_000_000)\nText(\"\\(a.count)\")")?.message, "count must be a whole number from 0 to 100000")
        var steps = "var n = 0\nfunc spin() { for i in 0..<100000 { for j in 0..<100 { n += 1 } } }\n"
        steps += "struct V: View { init() { spin() }\n var body: some View { Text(\"x\") } }"
        XCTAssertEqual(error(steps)?.message, "the snippet ran for more than 100000 steps; stopped")
    }

    func testAnElementThatFailsIsReportedAndTheRestLaysOut() throws {
        let (p, f) = try runSnippet("""
            let names = ["a", "b", "c"]
            ScrollView {
                LazyVGrid(columns: [GridItem()]) {
                    ForEach(0..<5) { i in
                        Text(names[i])
                    }
                }
            }
            """)
        XCTAssertNotNil(f.text("c"))
        XCTAssertEqual(p.runtimeErrors.map(\.message), ["index 3 is out of range (0..<3)", "index 4 is out of range (0..<3)"])
    }

    func testSeed003ReadsInLowerCaseWithItsCommentsRunTogether() throws {
        let snippet = try Snippet.parse(text("003", "declarations"))
        XCTAssertEqual(snippet.notes.count, 10, snippet.notes.joined(separator: "\n"))
        XCTAssertTrue(snippet.notes[0].hasPrefix("line 1: a comment runs on into code (line breaks lost?); read from 'private let weathers"))
        // Commented-out code without prose stays a comment.
        let (_, f) = try runSnippet("// let hidden = 1\nText(\"shown\")")
        XCTAssertNotNil(f.text("shown"))
        XCTAssertEqual(try Snippet.parse("// let hidden = 1\nText(\"shown\")").notes, [])
    }

    func testTheEnvironmentsSizeClassesAndScreen() throws {
        let source = """
            @Environment(\\.verticalSizeClass) var verticalSizeClass: UserInterfaceSizeClass?
            ScrollView {
                LazyVGrid(columns: [ GridItem(.adaptive(minimum: verticalSizeClass == .compact ? 100 : 250)), GridItem(.flexible()) ]) {
                    Text("\\(UIScreen.main.bounds.width)")
                }
            }
            """
        let (_, portrait) = try runSnippet(source)
        XCTAssertEqual(portrait.grids[0].layout.tracks.tracks, GridTracks(items: [GridItem(.adaptive(minimum: 250)), GridItem(.flexible())], extent: 390).tracks)
        let landscape = SnippetEnvironment(horizontalSizeClass: .compact, verticalSizeClass: .compact, screenSize: Size(width: 844, height: 390))
        let (_, turned) = try runSnippet(source, in: Size(width: 844, height: 390), environment: landscape)
        XCTAssertEqual(turned.grids[0].layout.tracks.tracks, GridTracks(items: [GridItem(.adaptive(minimum: 100)), GridItem(.flexible())], extent: 844).tracks)
        XCTAssertNotNil(turned.text("844.0"))
    }

    func testTheHostCanProvideWhatTheSnippetDoesNotDeclare() throws {
        let photos = SnippetValue.array((1...3).map { .record("Photo", ["id": .string("p\($0)"), "name": .string("coffee-\($0)")]) })
        let (_, f) = try runSnippet("ForEach(samplePhotos) { photo in Text(photo.name) }", environment: SnippetEnvironment(values: ["samplePhotos": photos]))
        XCTAssertNotNil(f.text("coffee-3"))
    }
}
