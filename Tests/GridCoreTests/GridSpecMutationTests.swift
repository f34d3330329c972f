import XCTest
import Foundation
@testable import GridCore

/// Seeded near-valid specs through the parser: every one ends in items that satisfy the invariants
/// or in a GridSpecError, never a trap. `make fuzz` runs many more (GRIDSPEC_MUTATIONS) beside libFuzzer.
final class GridSpecMutationTests: XCTestCase {
    /// Enough for the suite to touch every mutation kind many times in well under two seconds.
    static let defaultCount = 4_000

    func testMutatedSeedSpecsEndInItemsOrAnError() {
        let env = ProcessInfo.processInfo.environment
        let count = env["GRIDSPEC_MUTATIONS"].flatMap(Int.init) ?? Self.defaultCount
        let seed = env["GRIDSPEC_SEED"].flatMap(UInt64.init) ?? 8
        var mutator = SpecMutator(rng: SplitMix64(seed: seed))
        var extents = SplitMix64(seed: seed ^ 0x5eed)
        var accepted = 0, failures: [String] = []
        for _ in 0..<count {
            let spec = mutator.next()
            let problems = SpecInvariants.check(spec, extraExtent: Double.random(in: 0...5000, using: &extents))
            failures += problems
            if problems.isEmpty, (try? GridSpec.parse(spec)) != nil { accepted += 1 }
            if failures.count >= 20 { break }
        }
        XCTAssertEqual(failures, [], "seed \(seed)")
        // The mutations stay near valid: a fair share still parses, so the invariants on results are exercised.
        if count >= 100 { XCTAssertGreaterThan(accepted, count / 50, "only \(accepted) of \(count) mutated specs parsed") }
        if count > Self.defaultCount { print("GridSpecMutationTests: \(count) specs, \(accepted) accepted, seed \(seed)") }
    }

    func testEverySeedSpecIsValidAndSatisfiesTheInvariants() throws {
        for spec in SpecMutator<SplitMix64>.seeds {
            XCTAssertNoThrow(try GridSpec.parse(spec), spec)
            XCTAssertEqual(SpecInvariants.check(spec), [], spec)
        }
    }

    func testHugeAndHostileNumbersAreErrorsOrSaneItems() {
        for n in SpecMutator<SplitMix64>.hostileNumbers {
            for spec in ["[GridItem(.fixed(\(n)))]", "[GridItem(.flexible(minimum: \(n)))]", "[GridItem(.adaptive(minimum: \(n)))]",
                         "[GridItem(.fixed(\(n))), GridItem(.fixed(\(n)), spacing: \(n))]", "Array(repeating: GridItem(), count: \(n))"] {
                XCTAssertEqual(SpecInvariants.check(spec), [], spec)
            }
        }
    }

    func testPrintingHugePointValuesDoesNotTrap() {
        XCTAssertEqual(formatPoints(1e20), "1e+20")
        XCTAssertEqual(try GridSpec.parse("[GridItem(.flexible(maximum: \(formatPoints(1e300))))]"), [GridItem(.flexible(maximum: 1e300))])
        XCTAssertEqual(formatPoints(-1e300), "-1e+300")
        XCTAssertEqual(formatPoints(123.4567), "123.457")
    }

    func testAValueThatRoundsToZeroPrintsAsSwiftSpellsItAndReadsBack() throws {
        XCTAssertEqual(formatPoints(0.000001), "1e-06")
        XCTAssertEqual(formatPoints(-0.0004), "-0.0004")
        XCTAssertEqual(formatPoints(0.0005), "0.001")
        XCTAssertEqual(formatPoints(0), "0")
        let hairline = GridItem(.adaptive(minimum: 0.000001), spacing: 0)
        XCTAssertEqual(try GridSpec.parse("[\(hairline)]"), [hairline])
    }
}
