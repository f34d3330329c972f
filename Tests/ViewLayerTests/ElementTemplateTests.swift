import XCTest
import GridCore
@testable import ViewLayer

/// A grid item coming into view is laid out only when no item of its signature was: the others
/// are a template filled in with their own colours and texts. Filled in, they must draw exactly
/// what a whole layout draws; where that cannot be promised, there is no template.
final class ElementTemplateTests: XCTestCase {
    static let cells = """
        ScrollView {
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))], spacing: 8) {
                ForEach(0..<1000000, id: \\.self) { i in
                    Text("\\(i)")
                        .font(.caption.weight(.semibold))
                        .foregroundStyle(.black.opacity(0.6))
                        .frame(minWidth: 0, maxWidth: .infinity, minHeight: 50)
                        .background(Color(hue: Double(i % 120) / 120, saturation: 0.55, brightness: 1))
                        .cornerRadius(8)
                }
            }
            .padding(.all, 10)
        }
        """

    func grid(_ source: String) throws -> GridFacts {
        let program = try SnippetProgram(try Snippet.parse(source))
        return try XCTUnwrap(ViewLayout().frame(for: try program.body(), in: phone).grids.first)
    }

    func testATemplateFilledInDrawsWhatAWholeLayoutDraws() throws {
        let grid = try grid(Self.cells)
        let layout = ViewLayout()
        let cell = Size(width: 52, height: 50)
        var templates: [ElementSignature: ElementTemplate] = [:]
        var filled = 0
        for i in Array(0..<300) + [999, 1000, 12_345, 99_999, 100_000, 999_999] {
            let node = try XCTUnwrap(grid.view(ofItem: i))
            let whole = layout.frame(for: node, in: cell).drawing
            let (signature, paints) = try XCTUnwrap(layout.signature(of: node), "item \(i)")
            XCTAssertEqual(paints.count, 2)
            if let t = templates[signature] {
                XCTAssertEqual(describe(t.drawing(with: paints)), describe(whole), "item \(i)")
                filled += 1
            } else {
                templates[signature] = try XCTUnwrap(ElementTemplate(whole, laidOut: whole, signature: signature, paints: paints))
            }
        }
        // One template a width of number: 1, 2, 3 … 6 digits, not one a cell.
        XCTAssertLessThanOrEqual(templates.count, 8)
        XCTAssertGreaterThan(filled, 290)
    }

    func testElementsThatDifferInWhatLayoutReadsHaveDifferentSignatures() throws {
        let layout = ViewLayout()
        let a = layout.signature(of: Text("12").padding(.all, 4).viewNode)
        let b = layout.signature(of: Text("34").padding(.all, 4).viewNode)
        let c = layout.signature(of: Text("123").padding(.all, 4).viewNode)
        let d = layout.signature(of: Text("12").padding(.all, 5).viewNode)
        let e = layout.signature(of: Text("12").font(.title).padding(.all, 4).viewNode)
        XCTAssertEqual(a?.signature, b?.signature, "same width, same modifiers: only the string differs")
        XCTAssertEqual(a?.paints, [.text("12")])
        XCTAssertNotEqual(a?.signature, c?.signature, "a wider text")
        XCTAssertNotEqual(a?.signature, d?.signature, "other padding")
        XCTAssertNotEqual(a?.signature, e?.signature, "another font")
    }

    func testMotionAndContainersHaveNoTemplate() {
        let layout = ViewLayout()
        XCTAssertNil(layout.signature(of: Text("a").animation(.default, value: 1).viewNode))
        XCTAssertNil(layout.signature(of: Text("a").transition(.opacity).viewNode))
        XCTAssertNil(layout.signature(of: ScrollView { Text("a") }.viewNode))
        XCTAssertNotNil(layout.signature(of: HStack { Text("a"); Color.red }.viewNode))
    }

    func testTwoViewsPaintedAlikeOrAWrappedTextAreLaidOutWhole() throws {
        let layout = ViewLayout()
        let cell = Size(width: 100, height: 50)
        // Which of the two reds is which cannot be told from the drawing: no template.
        let alike = HStack { Color.red; Color.red }.viewNode
        let (s1, p1) = try XCTUnwrap(layout.signature(of: alike))
        let d1 = layout.frame(for: alike, in: cell).drawing
        XCTAssertNil(ElementTemplate(d1, laidOut: d1, signature: s1, paints: p1))
        // A text wrapped in its frame: another string of the same width may break elsewhere.
        let wrapped = Text("one two three four five").frame(width: 40).viewNode
        let (s2, p2) = try XCTUnwrap(layout.signature(of: wrapped))
        let d2 = layout.frame(for: wrapped, in: cell).drawing
        XCTAssertNil(ElementTemplate(d2, laidOut: d2, signature: s2, paints: p2))
        // Unwrapped, the same text has one.
        let plain = Text("one two three four five").viewNode
        let (s3, p3) = try XCTUnwrap(layout.signature(of: plain))
        let d3 = layout.frame(for: plain, in: Size(width: 400, height: 50)).drawing
        XCTAssertNotNil(ElementTemplate(d3, laidOut: d3, signature: s3, paints: p3))
    }

    // MARK: - Paints told without views

    func testTheCellsTellTheirPaintsWithoutTheirViewsAndTheyAreTheViews() throws {
        let grid = try grid(Self.cells)
        let layout = ViewLayout()
        for i in Array(0..<2000) + [99_999, 999_999] {
            let told = try XCTUnwrap(grid.paints(ofItem: i), "item \(i)")
            let node = try XCTUnwrap(grid.view(ofItem: i))
            XCTAssertEqual(told, layout.signature(of: node)?.paints, "item \(i)")
        }
        XCTAssertNil(grid.paints(ofItem: 1_000_000), "past the end")
    }

    /// Seed 000's symbols: the symbol's name and the background colour are the paints (every
    /// symbol at one font lays out in the same square). All 10,000 draw from one template, filled
    /// in with what the closure tells without its views, exactly as each laid out whole draws.
    static let symbols = """
        private var symbols = ["keyboard", "hifispeaker.fill", "printer.fill", "tv.fill", "desktopcomputer", "headphones", "tv.music.note", "mic", "plus.bubble", "video"]
        private var colors: [Color] = [.yellow, .purple, .green]

        var body: some View {
            ScrollView {
                LazyVGrid(columns: Array(repeating: GridItem(.flexible()), count: 3), spacing: 20) {
                    ForEach((0...9999), id: \\.self) {
                        Image(systemName: symbols[$0 % symbols.count])
                            .font(.system(size: 30))
                            .frame(width: 50, height: 50)
                            .background(colors[$0 % colors.count])
                            .cornerRadius(10)
                    }
                }
            }
        }
        """

    func testTheSymbolsTellTheirNamesAndColoursAndOneTemplateDrawsThemAll() throws {
        let grid = try grid(Self.symbols)
        let layout = ViewLayout()
        let cell = Size(width: 50, height: 50)
        var templates: [ElementSignature: ElementTemplate] = [:]
        for i in Array(0..<60) + [9_999] {
            let node = try XCTUnwrap(grid.view(ofItem: i))
            let (signature, paints) = try XCTUnwrap(layout.signature(of: node), "item \(i)")
            let names = ["keyboard", "hifispeaker.fill", "printer.fill", "tv.fill", "desktopcomputer", "headphones", "tv.music.note", "mic", "plus.bubble", "video"]
            let colours: [Color] = [.yellow, .purple, .green]
            XCTAssertEqual(paints, [.color(colours[i % 3]), .symbol(names[i % 10])], "item \(i)")
            XCTAssertEqual(grid.paints(ofItem: i), paints, "told without views, item \(i)")
            let whole = layout.frame(for: node, in: cell).drawing
            if let t = templates[signature] {
                XCTAssertEqual(describe(t.drawing(with: paints)), describe(whole), "item \(i)")
            } else {
                templates[signature] = try XCTUnwrap(ElementTemplate(whole, laidOut: whole, signature: signature, paints: paints))
            }
        }
        XCTAssertEqual(templates.count, 1)
        // A background that is not a colour when it runs: nothing told, the closure runs whole.
        let views = try self.grid("private var views = [Text(\"a\")]\nvar body: some View {\nLazyVGrid(columns: [GridItem()]) {\n ForEach(0..<5, id: \\.self) { i in\nImage(systemName: \"mic\").background(views[0])\n }\n}\n}")
        XCTAssertNil(views.paints(ofItem: 2))
    }

    func testARefilledSignatureIsTheSignatureOfTheViews() throws {
        let grid = try grid(Self.cells)
        let layout = ViewLayout()
        let base = try XCTUnwrap(layout.signature(of: try XCTUnwrap(grid.view(ofItem: 5)))).signature
        for i in [0, 7, 10, 99, 100, 12_345, 999_999] {
            let (want, paints) = try XCTUnwrap(layout.signature(of: try XCTUnwrap(grid.view(ofItem: i))))
            XCTAssertEqual(layout.signature(base, refilledWith: paints), want, "item \(i)")
        }
        XCTAssertNil(layout.signature(base, refilledWith: [.text("1"), .color(.red)]), "paints of other kinds, in another order")
        XCTAssertNil(layout.signature(base, refilledWith: [.color(.red)]), "too few")
    }

    /// Only a closure whose views differ in their paints alone tells them: not one with a `let`, an
    /// `if`, an image, a frame or an opacity that reads the element, or a tap.
    func testClosuresThatDoMoreThanPaintAreRunWhole() throws {
        func tells(_ body: String) throws -> Bool {
            try grid("LazyVGrid(columns: [GridItem()]) {\n ForEach(0..<50, id: \\.self) { i in\n\(body)\n }\n}").paints(ofItem: 3) != nil
        }
        XCTAssertTrue(try tells("Text(\"\\(i)\").padding(.all, 4).background(Color.red)"))
        XCTAssertTrue(try tells("Color(red: Double(i) / 50, green: 0, blue: 0).frame(height: 30)"))
        XCTAssertFalse(try tells("let n = i * 2\nText(\"\\(n)\")"))
        XCTAssertFalse(try tells("if i % 2 == 0 { Text(\"even\") } else { Color.red }"))
        XCTAssertFalse(try tells("Image(\"coffee-\\(i)\").resizable()"))
        XCTAssertFalse(try tells("Text(\"\\(i)\").frame(height: Double(i))"))
        XCTAssertFalse(try tells("Text(\"\\(i)\").opacity(Double(i) / 50)"))
        XCTAssertFalse(try tells("Text(\"\\(i)\").onTapGesture { print(i) }"))
        XCTAssertFalse(try tells("Text(\"\\(i)\").animation(.default, value: i)"))
    }

    // MARK: - Arguments worked out once

    func testArgumentsThatReadTheElementOrChanceAreEvaluatedEachTime() throws {
        let grid = try grid("""
            LazyVGrid(columns: [GridItem()]) {
                ForEach(0..<40, id: \\.self) { i in
                    Text("\\(Int.random(in: 0..<1000000))")
                        .frame(height: Double(10 + i))
                        .opacity(Double.random(in: 0..<1))
                }
            }
            """)
        var texts = Set<String>(), heights = Set<Double>()
        for i in 0..<40 {
            let node = try XCTUnwrap(grid.view(ofItem: i))
            if case .text(let s) = node.content { texts.insert(s) }
            for m in node.modifiers { if case .frame(_, let h?, _) = m { heights.insert(h) } }
        }
        XCTAssertGreaterThan(texts.count, 30, "Int.random is drawn again for every element")
        XCTAssertEqual(heights.count, 40, "a frame that reads the element follows it")
    }

    func testArgumentsThatReadStateFollowIt() throws {
        let program = try SnippetProgram(try Snippet.parse("""
            struct ContentView: View {
                @State var big = false
                var body: some View {
                    LazyVGrid(columns: [GridItem()]) {
                        ForEach(0..<3, id: \\.self) { i in
                            Text("x")
                                .frame(height: big ? 200 : 100)
                                .onTapGesture { big.toggle() }
                        }
                    }
                }
            }
            """))
        func height(_ f: ViewFrame) -> Double? { f.grids.first?.materialized.first?.frame.height }
        let before = ViewLayout().frame(for: try program.body(), in: phone)
        XCTAssertEqual(height(before), 100)
        let cell = try XCTUnwrap(before.grids.first?.materialized.first?.frame)
        try XCTUnwrap(before.tapTarget(at: Point(x: cell.midX, y: cell.midY))).action.perform()
        XCTAssertEqual(height(ViewLayout().frame(for: try program.body(), in: phone)), 200)
    }

    func describe(_ drawing: [Drawing]) -> [String] {
        drawing.map { "\($0.shape) \($0.frame) \($0.opacity)" }
    }
}
