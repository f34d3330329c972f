import XCTest
import GridCore
@testable import ViewLayer

/// Frames compared to a thousandth of a point.
func assertFrame(_ r: Rect?, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    guard let r = r else { return XCTFail("no frame \(message)", file: file, line: line) }
    XCTAssertEqual(r.minX, x, accuracy: 0.001, "x \(message)", file: file, line: line)
    XCTAssertEqual(r.minY, y, accuracy: 0.001, "y \(message)", file: file, line: line)
    XCTAssertEqual(r.width, w, accuracy: 0.001, "width \(message)", file: file, line: line)
    XCTAssertEqual(r.height, h, accuracy: 0.001, "height \(message)", file: file, line: line)
}

extension ViewFrame {
    /// The frames of the placed views of a kind, in placement order.
    func frames(_ kind: PlacedView.Kind) -> [Rect] { placed.filter { $0.kind == kind }.map(\.frame) }

    /// The frame of the first text view showing `text`.
    func text(_ text: String) -> Rect? { placed.first { $0.kind == .text(text) }?.frame }

    /// What is drawn, as short names (fill, text, image, shadow, clip, unclip).
    var shapes: [String] {
        drawing.map { d in
            switch d.shape {
            case .fill: return "fill"
            case .image: return "image"
            case .text(let s, _, _): return "text \(s)"
            case .shadow: return "shadow"
            case .pushClip(let r): return r > 0 ? "clip \(formatPoints(r))" : "clip"
            case .popClip: return "unclip"
            }
        }
    }
}

/// A window of the seeds' iPhone (390 × 844), laid out with the estimated measures.
let phone = Size(width: 390, height: 844)

func layout<V: View>(_ view: V, _ size: Size = phone, scroll: [ViewID: Point] = [:]) -> ViewFrame {
    ViewLayout().frame(for: view, in: size, scrollOffsets: scroll)
}

/// A snippet run (with the snippets before it as context) and laid out.
func runSnippet(_ source: String, context: [String] = [], in size: Size = phone, environment: SnippetEnvironment = SnippetEnvironment(),
         file: StaticString = #filePath, line: UInt = #line) throws -> (SnippetProgram, ViewFrame) {
    let program = try SnippetProgram(try Snippet.parse(source), context: try context.map { try Snippet.parse($0) }, environment: environment)
    var memory = ViewMemory()
    let frame = ViewLayout().frame(for: try program.body(), in: size, memory: &memory)
    return (program, frame)
}
