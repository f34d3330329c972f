import XCTest
@testable import Stage

final class KeyChainsTests: XCTestCase {
    private func group(_ chains: KeyChains, _ key: Int) -> [Int] {
        var found: [Int] = []
        var j = chains.first(key)
        while let i = j { found.append(i); j = chains.next(after: i) }
        return found
    }

    /// Every key's indices, in list order, whatever the keys (0, negative, colliding in the table:
    /// 1, 17, 33 share a slot of a 16-slot table) — checked against a dictionary of arrays.
    func testGroupsHoldEachKeysIndicesInOrder() {
        var rng = SystemRandomNumberGenerator()
        for round in 0..<200 {
            let pool = [0, -1, 1, 17, 33, Int.min, Int.max, 1 << 32, (1 << 32) + 1] + (0..<8).map { _ in Int.random(in: .min ... .max, using: &rng) }
            let keys = (0..<Int.random(in: 0...60, using: &rng)).map { _ in pool.randomElement(using: &rng)! }
            let chains = KeyChains(count: keys.count) { keys[$0] }
            var expected: [Int: [Int]] = [:]
            for (j, k) in keys.enumerated() { expected[k, default: []].append(j) }
            for k in pool { XCTAssertEqual(group(chains, k), expected[k] ?? [], "round \(round), key \(k)") }
        }
    }

    /// `firstAfter` gives the first index past the walk's position, and keeps giving the right one
    /// as the position grows, including past a group's end.
    func testFirstAfterFollowsAGrowingPosition() {
        let keys = [5, 7, 5, 5, 7, 5]
        var chains = KeyChains(count: keys.count) { keys[$0] }
        XCTAssertEqual(chains.firstAfter(5, -1), 0)
        XCTAssertEqual(chains.firstAfter(5, 0), 2)
        XCTAssertEqual(chains.firstAfter(7, 2), 4)
        XCTAssertEqual(chains.firstAfter(5, 3), 5)
        XCTAssertEqual(chains.next(after: 5), nil)
        XCTAssertNil(chains.firstAfter(5, 5))
        XCTAssertNil(chains.firstAfter(7, 5))
        XCTAssertNil(chains.firstAfter(9, -1))
        // Other keys still found after a group ran out (its slot stays taken in the probe).
        XCTAssertEqual(chains.first(7), 1)
    }
}
