import XCTest
import Foundation
@testable import ViewLayer
import SeedSnippets

/// Every Swift snippet the seeds print parses, as printed (seed 003 in lower case, its declarations
/// run together on one line with their comments; seed 001's excerpt ending in `//...`).
final class SeedSnippetTests: XCTestCase {
    func testEverySnippetParses() {
        XCTAssertEqual(SeedSnippets.all.count, 58)
        for s in SeedSnippets.all {
            XCTAssertNoThrow(try Snippet.parse(s.text), "seed \(s.seed), \(s.name) (lines \(s.lines))")
        }
    }

    /// The fixtures are the seeds' own text, line for line.
    func testSnippetsAreTheSeedsText() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/seeds").standardized
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path), !names.isEmpty else {
            throw XCTSkip("the seeds are not at \(folder.path)")
        }
        for s in SeedSnippets.all {
            let file = try XCTUnwrap(names.first { $0.hasPrefix(s.seed + "_") }, "seed \(s.seed)")
            let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).components(separatedBy: "\n")
            XCTAssertEqual(lines[(s.lines.lowerBound - 1)...(s.lines.upperBound - 1)].joined(separator: "\n"), s.text, "seed \(s.seed), \(s.name)")
        }
    }
}
