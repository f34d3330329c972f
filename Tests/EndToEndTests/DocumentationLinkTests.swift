import Foundation
import XCTest

/// The README is a front door and the rest lives in `docs/`: every relative link and image of those
/// pages must reach a file of the checkout, and every `#anchor` a heading of the page it names, so a
/// section moved or renamed cannot leave a reader at a dead end.
final class DocumentationLinkTests: XCTestCase {
    let checkout = InstallTests.checkout

    var pages: [URL] {
        let docs = checkout.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return [checkout.appendingPathComponent("README.md")]
            + names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    }

    func testTheReadmeIsAFrontDoor() throws {
        let readme = try String(contentsOf: checkout.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        XCTAssertLessThanOrEqual(lines, 250, "README.md has \(lines) lines; details belong in docs/")
    }

    func testEveryRelativeLinkAndImageResolves() throws {
        XCTAssertGreaterThan(pages.count, 5, "docs/ has its pages")
        var checked = 0
        for page in pages {
            let text = Self.outsideCode(try String(contentsOf: page, encoding: .utf8))
            for target in Self.targets(in: text) where !target.contains("://") && !target.hasPrefix("mailto:") {
                checked += 1
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = String(parts[0]), anchor = parts.count > 1 ? String(parts[1]) : nil
                let file = path.isEmpty ? page : page.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                guard FileManager.default.fileExists(atPath: file.path) else {
                    XCTFail("\(page.lastPathComponent): '\(target)' names no file (\(file.path))")
                    continue
                }
                if let anchor, file.pathExtension == "md" {
                    let headings = Self.anchors(of: Self.outsideCodeBlocks(try String(contentsOf: file, encoding: .utf8)))
                    XCTAssertTrue(headings.contains(anchor), "\(page.lastPathComponent): '\(target)': no heading makes #\(anchor) in \(file.lastPathComponent)")
                }
            }
        }
        XCTAssertGreaterThan(checked, 50, "the pages link to each other and show their pictures")
    }

    func testAnchorsAreMadeAsGitHubMakesThem() {
        XCTAssertEqual(Self.anchor(of: "How fast: `make bench` suite `photos`"), "how-fast-make-bench-suite-photos")
        XCTAssertEqual(Self.anchor(of: "The peers, side by side (`make bench-peers`)"), "the-peers-side-by-side-make-bench-peers")
        XCTAssertEqual(Self.targets(in: "see [a](b.md#c) and ![](d.png) and <img src=\"e.gif\">"), ["b.md#c", "d.png", "e.gif"])
        XCTAssertEqual(Self.targets(in: Self.outsideCode("`[GridItem](repeating:count:)` [a](b.md)\n```\n[c](d)\n```")), ["b.md"])
    }

    /// The text with its fenced code blocks left out (a shell example is not a link).
    static func outsideCodeBlocks(_ text: String) -> String {
        var inBlock = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            if line.hasPrefix("```") { inBlock.toggle(); return false }
            return !inBlock
        }.joined(separator: "\n")
    }

    /// The text outside code blocks and `code spans` (`[GridItem](repeating:count:)` is Swift, not a link).
    static func outsideCode(_ text: String) -> String {
        outsideCodeBlocks(text).replacingOccurrences(of: "`[^`\n]*`", with: "``", options: .regularExpression)
    }

    /// Markdown link and image targets, `](target)`, and HTML images, `src="target"`.
    static func targets(in text: String) -> [String] {
        let patterns = [#"\]\(([^)\s]+)\)"#, #"src="([^"]+)""#]
        var found: [(Int, String)] = []
        for pattern in patterns {
            let regex = try! NSRegularExpression(pattern: pattern)
            let ns = text as NSString
            for match in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                found.append((match.range.location, ns.substring(with: match.range(at: 1))))
            }
        }
        return found.sorted { $0.0 < $1.0 }.map(\.1)
    }

    static func anchors(of text: String) -> Set<String> {
        Set(text.split(separator: "\n").filter { $0.hasPrefix("#") }.map { anchor(of: String($0.drop { $0 == "#" })) })
    }

    /// GitHub's anchor for a heading: lower case, punctuation dropped (letters, digits, `-` and `_` kept),
    /// spaces as hyphens.
    static func anchor(of heading: String) -> String {
        String(heading.trimmingCharacters(in: .whitespaces).lowercased()
            .filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == " " }
            .map { $0 == " " ? "-" : $0 })
    }
}
