import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage
import StageInterface

/// The text cache keeps what the last few frames drew and, past a floor, nothing else
/// (`Canvas.endFrame`, `LRUCache.endFrame`).
final class TextCacheTests: XCTestCase {
    /// Frames of numbers never shown before, as the peers bench's jumps through a big grid draw
    /// them: the cache holds the floor and the last frames' text, not every number once shown.
    func testTextNotDrawnLatelyGoesPastTheFloor() throws {
        let h = try Headless(.software, width: 320, height: 200)
        let c = h.canvas
        let floor = Canvas.textFloor(width: 320, height: 200)
        let font = Font.system(size: 24)
        var drawn: [Int] = []  // bytes of text each frame rasterised
        for frame in 0..<60 {
            let before = c.textCache.totalCost
            for i in 0..<40 {
                c.text("\(frame * 1000 + i)", font: font, color: .black, at: Point(x: 4, y: 4))
            }
            drawn.append(c.textCache.totalCost - before)
            c.endFrame()
            let recent = drawn.suffix(Canvas.textFramesKept).reduce(0, +)
            XCTAssertLessThanOrEqual(c.textCache.totalCost, max(floor, recent), "frame \(frame)")
        }
        let all = drawn.reduce(0, +)
        XCTAssertGreaterThan(all, 4 * floor, "the frames drew much more text than the floor")
        XCTAssertLessThan(c.textCache.totalCost, all / 4)
        // The last frames' text is all there.
        for i in 0..<40 { XCTAssertNotNil(c.textKey("\(59_000 + i)", font: font).flatMap { c.textCache[$0] }) }
    }

    /// Text drawn again by the next frames is the same texture: nothing rasterised twice, even
    /// when every frame draws more text than the floor and more than the cache's budget.
    func testFramesDrawingTheSameTextHitTheCache() throws {
        let h = try Headless(.software, width: 200, height: 100)
        let c = h.canvas
        // Big lines, so one frame's text is past both the floor and the budget.
        let font = Font.system(size: 96)
        let lines = (0..<50).map { "Espresso \($0) ristretto lungo" }
        var frameBytes = 0
        var first: [ObjectIdentifier?] = []
        for frame in 0..<6 {
            for line in lines { c.text(line, font: font, color: .black, at: Point(x: 0, y: 0)) }
            let ids = lines.map { c.textKey($0, font: font).flatMap { c.textCache[$0] }.map(ObjectIdentifier.init) }
            if frame == 0 {
                first = ids
                XCTAssertFalse(ids.contains(nil), "the frame's text is all kept")
                frameBytes = c.textCache.totalCost
                XCTAssertGreaterThan(frameBytes, c.textCache.capacity, "one frame's text is past the budget")
                XCTAssertGreaterThan(frameBytes, Canvas.textFloor(width: 200, height: 100))
            } else {
                XCTAssertEqual(ids, first, "frame \(frame) rasterised text the last frame drew")
            }
            c.endFrame()
            XCTAssertEqual(c.textCache.count, lines.count)
        }
        // Once no frame draws them, they go.
        for _ in 0...Canvas.textFramesKept { c.endFrame() }
        XCTAssertLessThanOrEqual(c.textCache.totalCost, Canvas.textFloor(width: 200, height: 100))
    }
}

final class LRUCacheTests: XCTestCase {
    /// A cache that counts no frames (symbols, shadows) is bounded by its budget alone.
    func testBudgetEvictsLeastRecentlyUsed() {
        let cache = LRUCache<Int, Int>(capacity: 100)
        for i in 0..<10 { cache.insert(i, for: i, cost: 10) }
        XCTAssertNotNil(cache[0])
        cache.insert(10, for: 10, cost: 10)
        XCTAssertLessThanOrEqual(cache.totalCost, 100)
        XCTAssertNotNil(cache[0], "used last, kept")
        XCTAssertNotNil(cache[10], "just inserted, kept")
        XCTAssertNil(cache[1], "least recently used, gone")
    }

    /// Counting frames: the budget never takes what this frame used; the frame's end takes what
    /// the last frames did not use, down to the floor.
    func testFramesKeepWhatTheyUsed() {
        let cache = LRUCache<Int, Int>(capacity: 100, countsFrames: true)
        for i in 0..<20 { cache.insert(i, for: i, cost: 10) }
        XCTAssertEqual(cache.count, 20, "one frame used them all: past the budget, all kept")
        cache.endFrame(keepingFrames: 2, floor: 40)
        XCTAssertEqual(cache.count, 20, "this frame used them all")
        // Two frames use only 0…4: the rest goes at the end of the second.
        for frame in 0..<2 {
            for i in 0..<5 { XCTAssertNotNil(cache[i]) }
            cache.endFrame(keepingFrames: 2, floor: 40)
            XCTAssertEqual(cache.count, frame == 0 ? 20 : 5, "after frame \(frame)")
        }
        // At or under the floor nothing goes, however old.
        for _ in 0..<5 { cache.endFrame(keepingFrames: 2, floor: 60) }
        XCTAssertEqual(cache.count, 5)
        // Past the floor, the least recently used old entries go, down to it.
        XCTAssertNotNil(cache[0])
        cache.endFrame(keepingFrames: 1, floor: 40)
        XCTAssertEqual(cache.count, 4)
        XCTAssertEqual(cache.totalCost, 40)
        XCTAssertNil(cache[1])
        XCTAssertNotNil(cache[0], "used in the last frame")
    }

    /// Seeded random uses, inserts, frame ends and removals against a plain model of the same rules
    /// (a dictionary of last uses, sorted when something must go): the same entries stay.
    func testMatchesAModelUnderRandomUse() {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        for countsFrames in [false, true] {
            let cache = LRUCache<Int, Int>(capacity: 400, countsFrames: countsFrames)
            var model: [Int: (cost: Int, used: Int)] = [:]
            var clock = 0, starts: [Int] = []
            func evict(_ candidates: (Int, (cost: Int, used: Int)) -> Bool, to target: Int) {
                var total = model.values.reduce(0) { $0 + $1.cost }
                for (k, e) in model.sorted(by: { $0.value.used < $1.value.used }) where total > target {
                    guard candidates(k, e) else { break }
                    model[k] = nil
                    total -= e.cost
                }
            }
            for step in 0..<20_000 {
                let key = next(60)
                switch next(10) {
                case 0..<4:
                    let hit = cache[key]
                    XCTAssertEqual(hit, model[key].map { _ in key }, "step \(step)")
                    if model[key] != nil { clock += 1; model[key]!.used = clock }
                case 4..<8:
                    let cost = 1 + next(40)
                    cache.insert(key, for: key, cost: cost)
                    clock += 1
                    model[key] = (cost, clock)
                    if model.values.reduce(0, { $0 + $1.cost }) > 400 {
                        let thisFrame = countsFrames ? starts.last ?? 0 : Int.max
                        evict({ k, e in k != key && e.used <= thisFrame }, to: 300)
                    }
                case 8:
                    let floor = 100 + next(200)
                    cache.endFrame(keepingFrames: 3, floor: floor)
                    if model.values.reduce(0, { $0 + $1.cost }) > floor {
                        let recent = starts.count >= 3 ? starts[starts.count - 3] : 0
                        evict({ _, e in e.used <= recent }, to: floor)
                    }
                    starts.append(clock)
                    if starts.count > 3 { starts.removeFirst() }
                default:
                    cache.removeAll { $0 % 7 != key % 7 }
                    model = model.filter { $0.key % 7 != key % 7 }
                }
                XCTAssertEqual(cache.count, model.count, "step \(step)")
                XCTAssertEqual(cache.totalCost, model.values.reduce(0) { $0 + $1.cost }, "step \(step)")
            }
        }
    }
}
