import XCTest
@testable import CoffeeGridApp

final class LayoutCommandTests: XCTestCase {
    func run(_ args: [String]) throws -> String { try LayoutCommand.run(args, readStdin: { nil }) }

    func testPrintsTracksAsJSON() throws {
        XCTAssertEqual(try run(["--extent", "390", "[GridItem(.flexible()), GridItem(.flexible()), GridItem(.flexible())]"]),
                       #"{"axis":"vertical","extent":390,"size":390,"tracks":[{"offset":0,"size":124.667},{"offset":132.667,"size":124.667},{"offset":265.333,"size":124.667}]}"#)
    }

    func testOverflowStartsBelowZero() throws {
        XCTAssertEqual(try run(["--extent", "200", "GridItem(.flexible(minimum: 100)), GridItem(.flexible(minimum: 180))"]),
                       #"{"axis":"vertical","extent":200,"size":288,"tracks":[{"offset":-44,"size":140},{"offset":104,"size":180}]}"#)
    }

    func testHorizontalAndAlignment() throws {
        XCTAssertEqual(try run(["--axis", "horizontal", "--extent", "390", "--alignment", "leading", "[GridItem(.fixed(100)), GridItem(.fixed(150))]"]),
                       #"{"axis":"horizontal","extent":390,"size":390,"tracks":[{"offset":0,"size":100},{"offset":108,"size":150}]}"#)
    }

    func testExplainPrintsTheArithmetic() throws {
        XCTAssertEqual(try run(["--axis", "horizontal", "--extent", "600", "--explain",
                                "[GridItem(.adaptive(minimum: 30, maximum: 100), spacing: 50)]"]), """
            W = 600: the height the rows share
            Σ fixed = 0
            Σ spacing = 0 (one item: its 50 only spaces its own rows)
            remaining = W − Σ fixed − Σ spacing = 600 − 0 − 0 = 600, shared by n = 1
            [0] .adaptive(minimum: 30, maximum: 100), s = 50: share = 600 / 1 = 600
                k = ⌊(share + s) / (min + s)⌋ = ⌊(600 + 50) / (30 + 50)⌋ = ⌊8.125⌋ = 8
                size = (share − (k − 1) × s) / k = (600 − 7 × 50) / 8 = 31.25: 8 × 31.25
            8 × 31.25 + 7 × 50 = 600 = W
            """)
    }

    func testUnquotedSpecWordsAreJoined() throws {
        XCTAssertTrue(try run(["--extent", "390", "Array(repeating:", "GridItem(),", "count:", "2)"]).contains(#""size":191"#))
    }

    func testErrorsAreUsageErrors() {
        for args in [["[GridItem()]"], ["--extent", "-1", "[GridItem()]"], ["--extent", "390"], ["--extent", "390", "--axis", "diagonal", "[GridItem()]"],
                     ["--extent", "390", "[GridItem(.fixd(3))]"], ["--extent", "390", "--bogus", "[GridItem()]"], ["--extent"]] {
            XCTAssertThrowsError(try run(args), "\(args)") { XCTAssertTrue($0 is UsageError) }
        }
        XCTAssertThrowsError(try run(["--extent", "390", "[GridItem(.fixd(3))]"])) {
            XCTAssertEqual(($0 as? UsageError)?.message,
                           "invalid SPEC at column 12: expected a size: .fixed(50), .flexible() or .adaptive(minimum: 50), found 'fixd'")
        }
    }

    func testMainReturnsExitCodeTwoForBadInput() {
        XCTAssertEqual(CoffeeGrid.main(["layout", "--extent", "390", "[]"]), 2)
        XCTAssertEqual(CoffeeGrid.main(["--no-such-flag"]), 2)
        XCTAssertEqual(CoffeeGrid.main(["layout", "--extent", "390", "[GridItem()]"]), 0)
    }
}
