import CoffeeGridApp
import Foundation
import GridMotion
import ViewLayer

/// The `view` suite: what building and laying out a tree costs a frame, before any scene is made
/// of one (issue 22, phase 1) — a billion cells scrolled at 1280 × 800 written in Swift, the seed's
/// Coffee Feed run from its own text, and reading a pasted snippet at the largest size accepted.
/// CPU time of the calling thread, as the frame suite's figures, so they compare.
enum ViewBench {
    static let screen = ViewLayer.Size(width: 1280, height: 800)

    static func run() throws -> [BenchResult] {
        var results: [BenchResult] = []
        let cells = try frames(count: 240) { _ in cellsBody.viewNode }
        results.append(BenchResult("view.cells.scroll.median", Stopwatch.median(cells), "ms"))
        results.append(BenchResult("view.cells.scroll.p99", Stopwatch.percentile(cells, 99), "ms"))
        let feed = try SnippetProgram(try Snippet.parse(CoffeeGrid.feedSource))
        let feedFrames = try frames(count: 240) { _ in try feed.body() }
        results.append(BenchResult("view.feed.snippet.median", Stopwatch.median(feedFrames), "ms"))
        results.append(BenchResult("view.feed.snippet.p99", Stopwatch.percentile(feedFrames, 99), "ms"))
        results += try elementCosts()
        // The largest paste read, and nesting far past the limit: both answer well inside a frame's worth.
        let big = String(repeating: "Text(\"a\").padding(.all, 10)\n", count: Snippet.maxBytes / 30)
        let parse = Stopwatch.cpuNanoseconds { _ = try? Snippet.parse(big) } / 1e6
        results.append(BenchResult("view.parse.256KB", parse, "ms", goal: "< 100", met: parse < 100))
        let deep = String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000)
        let nesting = Stopwatch.cpuNanoseconds { _ = try? Snippet.parse(deep) } / 1e6
        results.append(BenchResult("view.parse.nesting1e5", nesting, "ms", goal: "< 100", met: nesting < 100))
        return results
    }

    /// What one grid item coming into view costs when a scene is its body (the cells' own body, run
    /// from its text as the scene runs it): its views made by the interpreter, their signature read, and a
    /// whole layout of them — the step a template saves. Microseconds an element, CPU, 4,000 elements.
    static func elementCosts() throws -> [BenchResult] {
        let source = CoffeeGrid.cellsSource(count: 1_000_000_000)
        let program = try SnippetProgram(try Snippet.parse(source))
        let layout = ViewLayout()
        guard let grid = layout.frame(for: try program.body(), in: screen).grids.first else { return [] }
        let n = 4000, cell = ViewLayer.Size(width: 52, height: 50)
        var nodes: [ViewNode] = []
        nodes.reserveCapacity(n)
        let make = Stopwatch.cpuNanoseconds { for i in 0..<n { if let v = grid.view(ofItem: 1000 + i) { nodes.append(v) } } }
        var signed = 0
        let sign = Stopwatch.cpuNanoseconds { for v in nodes where layout.signature(of: v) != nil { signed += 1 } }
        var drawn = 0
        let whole = Stopwatch.cpuNanoseconds { for v in nodes { drawn += layout.frame(for: v, in: cell).drawing.count } }
        guard nodes.count == n, signed == n, drawn > 0 else { throw UsageError("view.element: \(nodes.count) elements made, \(signed) signed") }
        return [BenchResult("view.element.make", make / Double(n) / 1e3, "µs"),
                BenchResult("view.element.signature", sign / Double(n) / 1e3, "µs"),
                BenchResult("view.element.layout", whole / Double(n) / 1e3, "µs")]
    }

    /// Each frame's tree built and laid out, scrolling 37 points a frame: milliseconds a frame.
    static func frames(count: Int, _ body: (Int) throws -> ViewNode) throws -> [Double] {
        var memory = ViewMemory()
        var scroll: [ViewID: ViewLayer.Point] = [:]
        var times: [Double] = []
        for i in 0..<count {
            var error: Error?
            let ns = Stopwatch.cpuNanoseconds {
                do {
                    let f = ViewLayout().frame(for: try body(i), in: screen, time: Double(i) / 60, scrollOffsets: scroll, memory: &memory)
                    if let s = f.scrollViews.first { scroll[s.id] = ViewLayer.Point(x: 0, y: Double(i) * 37) }
                } catch let e { error = e }
            }
            if let e = error { throw e }
            times.append(ns / 1e6)
        }
        return times
    }

    /// The cells scene's body, in Swift: the worked example of docs/view-layer.md.
    static var cellsBody: some View {
        ScrollView {
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))], spacing: 8) {
                ForEach(0..<1_000_000_000, id: \.self) { i in
                    Text("\(i)")
                        .font(.caption.weight(.semibold))
                        .foregroundColor(.black.opacity(0.6))
                        .frame(minWidth: 0, maxWidth: .infinity, minHeight: 50)
                        .background(Color(hue: Double(i % 120) / 120, saturation: 0.55, brightness: 1))
                        .cornerRadius(8)
                }
            }
            .padding(.all, 10)
        }
    }
}
