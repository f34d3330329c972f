import XCTest
@testable import ViewLayer

final class ScratchTests: XCTestCase {
    func testRunAll() throws {
        var context: [String: [Snippet]] = [:]
        for s in SeedSnippets.all {
            let snippet = try Snippet.parse(s.text)
            var ctx = context[s.seed] ?? []
            if s.seed == "002" { ctx = [try Snippet.parse(SeedSnippets.named("000", "Photo").text)] + ctx }
            do {
                let p = try SnippetProgram(snippet, context: ctx)
                if p.kind == .view {
                    let body = try p.body()
                    let f = ViewLayout().frame(for: body, in: Size(width: 390, height: 844))
                    print("OK", s.seed, s.name, "grids:", f.grids.map { ($0.layout.tracks.tracks.map(\.size), $0.materialized.count, $0.total) }, "unknown:", p.unknownModifiers, "errors:", p.runtimeErrors)
                } else {
                    print("--", s.seed, s.name, p.kind)
                }
            } catch {
                print("ERR", s.seed, s.name, error)
            }
            ctx.append(snippet)
            context[s.seed] = ctx
        }
    }
}
