import XCTest
import Foundation
import GridCore
@testable import ViewLayer
import SeedSnippets

/// A tree prints itself as SwiftUI, and the printed code, read back, lays out the same; a snippet
/// prints as written, with each `@State` at its value now — the code that made the last tree.
final class PrintingTests: XCTestCase {
    func testATreeWrittenInSwiftPrintsAsSwiftUI() {
        let body = ScrollView {
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))], spacing: 8) {
                ForEach(0..<10000, id: \.self) { i in
                    Text("\(i)")
                        .font(.caption.weight(.semibold))
                        .frame(minWidth: 0, maxWidth: .infinity, minHeight: 50)
                        .background(Color.yellow)
                        .cornerRadius(8)
                }
            }
            .padding(.all, 10)
        }
        XCTAssertEqual(body.viewNode.swiftSource, """
            ScrollView {
                LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))], spacing: 8) {
                    ForEach(0..<10000, id: \\.self) { _ in
                        Text("0")
                            .font(.caption.weight(.semibold))
                            .frame(minWidth: 0, maxWidth: .infinity, minHeight: 50)
                            .background(Color.yellow)
                            .cornerRadius(8)
                    }
                }
                    .padding(.all, 10)
            }
            """)
    }

    /// Printed, read back and run, a tree lays out as it did: the same frames, the same drawing.
    func assertRoundTrip(_ node: ViewNode, in size: Size = phone, file: StaticString = #filePath, line: UInt = #line) throws {
        let printed = node.swiftSource
        let program = try SnippetProgram(try Snippet.parse(printed))
        let again = try program.body()
        let a = ViewLayout().frame(for: node, in: size), b = ViewLayout().frame(for: again, in: size)
        XCTAssertEqual(a.placed.map(\.frame), b.placed.map(\.frame), "frames of\n\(printed)", file: file, line: line)
        XCTAssertEqual(a.shapes, b.shapes, file: file, line: line)
        XCTAssertEqual(a.grids.map { $0.layout.tracks.tracks }, b.grids.map { $0.layout.tracks.tracks }, file: file, line: line)
        XCTAssertEqual(again.swiftSource, printed, "printing is stable", file: file, line: line)
    }

    func testPrintedTreesReadBackToTheSameLayout() throws {
        try assertRoundTrip(VStack(alignment: .leading, spacing: 4) {
            HStack { Text("Photos").font(.system(.title, design: .rounded)).fontWeight(.heavy); Spacer() }
            Color(red: 0.2, green: 0.4, blue: 0.6).frame(height: 20).padding(.horizontal, 12)
            Image(systemName: "tv.fill").font(.system(size: 30)).frame(width: 50, height: 50).background(Color.purple).cornerRadius(10)
            Text("a \"quoted\" word").foregroundColor(.white).padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        }.padding().background(Color(.systemGray6)).cornerRadius(5).viewNode)
        try assertRoundTrip(ScrollView(.horizontal, showsIndicators: false) {
            LazyHGrid(rows: [GridItem(.fixed(30), spacing: 1), GridItem(.flexible(minimum: 60), spacing: 10)], alignment: .top, spacing: 5,
                      pinnedViews: [.sectionHeaders]) {
                Section {
                    ForEach(0..<300, id: \.self) { _ in Color.red.frame(width: 30).shadow(color: .primary.opacity(0.3), radius: 1) }
                } header: {
                    Text("Header").frame(minWidth: 120, maxHeight: .infinity)
                }
            }
        }.frame(maxHeight: .infinity).viewNode)
        try assertRoundTrip(NavigationStack {
            ScrollView { Image("coffee-1").resizable().scaledToFill().frame(minWidth: 0, maxWidth: .infinity).frame(height: 200).clipped() }
                .navigationTitle("Coffee Feed")
        }.viewNode)
    }

    func testEverySeedGridSnippetPrintsItselfAndReadsBackToTheSameLayout() throws {
        for s in SeedSnippets.all where s.text.lowercased().contains("lazyvgrid(") || s.text.lowercased().contains("lazyhgrid(") {
            var context = SeedSnippets.before(s.seed, s.name)
            if s.seed == "002" { context = [SeedSnippets.named("000", "Photo").text] + context }
            if s.name == "coffee grid" { context += ["let cafe = sampleCafes[0]"] }
            let parsed = try context.map { try Snippet.parse($0) }
            let program = try SnippetProgram(try Snippet.parse(s.text), context: parsed)
            let tree = try program.body()
            // Nothing has changed its state: the snippet prints as the seed prints it.
            XCTAssertEqual(program.source(), s.text, "seed \(s.seed), \(s.name)")
            // The tree prints as the code that made it (a view's body, a bare expression) …
            let printed = tree.swiftSource
            XCTAssertTrue(s.text.replacingOccurrences(of: " ", with: "").contains(printed.replacingOccurrences(of: " ", with: "")),
                          "seed \(s.seed), \(s.name):\n\(printed)")
            // … and read back, the printed snippet lays out the same.
            let again = try SnippetProgram(try Snippet.parse(program.source()), context: parsed)
            let a = ViewLayout().frame(for: tree, in: phone), b = ViewLayout().frame(for: try again.body(), in: phone)
            XCTAssertEqual(a.placed.map(\.frame), b.placed.map(\.frame), "seed \(s.seed), \(s.name)")
            XCTAssertEqual(a.shapes, b.shapes, "seed \(s.seed), \(s.name)")
        }
    }

    func testASnippetPrintsWithItsStateAtItsValueNow() throws {
        let feed = """
            struct ContentView: View {
                @State var gridLayout: [GridItem] = [ GridItem() ]

                var body: some View {
                    ScrollView {
                        LazyVGrid(columns: gridLayout, spacing: 10) {
                            ForEach(0..<20) { i in
                                Color.red.frame(height: gridLayout.count == 1 ? 200 : 100)
                            }
                        }
                    }
                    .toolbar {
                        Button {
                            self.gridLayout = Array(repeating: .init(.flexible()), count: self.gridLayout.count % 4 + 1)
                        } label: {
                            Image(systemName: "square.grid.2x2")
                        }
                    }
                }
            }
            """
        let program = try SnippetProgram(try Snippet.parse(feed))
        XCTAssertEqual(program.source(), feed, "unchanged state prints as written")
        var memory = ViewMemory()
        let f = ViewLayout().frame(for: try program.body(), in: phone, memory: &memory)
        guard case .toolbarItem? = f.toolbar.first.map({ _ in ViewContent.toolbarItem(placement: "", []) }),
              case .button(let action, _) = f.toolbar[0].content else { return XCTFail("no button in the toolbar") }
        action.perform()
        action.perform()
        let printed = program.source()
        XCTAssertEqual(printed, feed.replacingOccurrences(of: "[ GridItem() ]", with: "Array(repeating: GridItem(.flexible()), count: 3)"))
        // The printed code, run, is the tree that was drawn: three columns, 100-point rows.
        let now = ViewLayout().frame(for: try program.body(), in: phone)
        // (The program is not kept here: the tree keeps what its elements need.)
        let reread = ViewLayout().frame(for: try SnippetProgram(try Snippet.parse(printed)).body(), in: phone)
        XCTAssertEqual(now.grids[0].layout.trackCount, 3)
        XCTAssertEqual(now.placed.map(\.frame), reread.placed.map(\.frame))
    }
}
