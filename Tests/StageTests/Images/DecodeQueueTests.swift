import Foundation
import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage

final class DecodeQueueTests: XCTestCase {
    private func ok(_ key: Int, _ cancel: CancelFlag) -> Result<Int, ImageLoadError> { .success(key) }

    func testAFullQueueKeepsTheMostUrgentJobs() {
        let queue = DecodeQueue<Int, Int>(workers: 1, maxQueued: 3, work: ok)
        defer { queue.shutdown() }
        queue.isSuspended = true
        XCTAssertEqual(queue.enqueue(1, priority: 10), [])
        XCTAssertEqual(queue.enqueue(2, priority: 20), [])
        XCTAssertEqual(queue.enqueue(3, priority: 30), [])
        XCTAssertNil(queue.enqueue(4, priority: 40), "less urgent than everything queued: refused")
        XCTAssertEqual(queue.enqueue(5, priority: 5), [3], "the least urgent makes room")
        XCTAssertEqual(queue.enqueue(5, priority: 5), [], "already queued")
        XCTAssertEqual(queue.counts.queued, 3)
        XCTAssertEqual(queue.cancel([1, 4]), [1])
        queue.reprioritize(2, priority: 1)
        queue.isSuspended = false
        var results: [Int] = []
        while results.count < 2 {
            queue.waitForFinished(timeout: 1)
            results += queue.take(limit: 10).compactMap { try? $0.result.get() }
        }
        XCTAssertEqual(results, [2, 5])
        XCTAssertEqual(queue.finishOrder, [2, 5])
    }

    /// Workers stop decoding while `maxHeld` results wait to be taken, so surfaces cannot pile up.
    func testFinishedResultsAreBounded() {
        let queue = DecodeQueue<Int, Int>(workers: 2, maxQueued: 16, maxHeld: 2, work: ok)
        defer { queue.shutdown() }
        for k in 0..<6 { _ = queue.enqueue(k, priority: Double(k)) }
        let deadline = Date(timeIntervalSinceNow: 5)
        while queue.counts.finished < 2 && Date() < deadline { usleep(1000) }
        let counts = queue.counts
        XCTAssertEqual(counts.finished, 2)
        XCTAssertEqual(counts.running, 0)
        XCTAssertEqual(counts.queued, 4)
        var taken = queue.take(limit: 10).count
        while taken < 6 {
            queue.waitForFinished(timeout: 1)
            XCTAssertLessThanOrEqual(queue.counts.finished + queue.counts.running, 2)
            taken += queue.take(limit: 10).count
        }
    }

    /// Results are held by bytes too: with room for a hundred by count, workers stop once the
    /// results waiting hold `maxHeldBytes`.
    func testFinishedBytesAreBounded() {
        let queue = DecodeQueue<Int, Int>(workers: 1, maxQueued: 16, maxHeld: 100, maxHeldBytes: 10, cost: { $0 }, work: { k, _ in .success(4) })
        defer { queue.shutdown() }
        for k in 0..<8 { _ = queue.enqueue(k, priority: Double(k)) }
        let deadline = Date(timeIntervalSinceNow: 5)
        while queue.counts.finished < 3 && Date() < deadline { usleep(1000) }
        usleep(50_000)  // time for a worker that ignored the bound to run on
        XCTAssertEqual(queue.counts.finished, 3, "4 + 4 + 4 bytes: the third reaches 10, and the worker waits")
        XCTAssertEqual(queue.counts.queued, 5)
        XCTAssertEqual(queue.take(limit: 1).count, 1)
        while queue.counts.finished < 3 && Date() < deadline { usleep(1000) }
        XCTAssertEqual(queue.counts.finished, 3, "one taken, one more made")
    }

    /// A queue whose job k finished with a result of `sizes[k]` bytes (the caller shuts it down).
    private func finishedQueue(_ sizes: [Int]) -> DecodeQueue<Int, Int> {
        let queue = DecodeQueue<Int, Int>(workers: 1, maxQueued: 16, maxHeld: 100, cost: { $0 }, work: { k, _ in .success(sizes[k]) })
        queue.isSuspended = true
        for k in sizes.indices { _ = queue.enqueue(k, priority: Double(k)) }
        queue.isSuspended = false
        let deadline = Date(timeIntervalSinceNow: 5)
        while queue.counts.finished < sizes.count && Date() < deadline { usleep(1000) }
        return queue
    }

    private func keys(_ taken: [DecodeQueue<Int, Int>.Finished]) -> [Int] { taken.map(\.key) }

    /// `take` gives `limit` results, and more while all it took stay within the bytes given.
    func testTakeGoesOnWhileTheBytesAreSmall() {
        let queue = finishedQueue([5, 5, 5, 100, 5, 5])
        defer { queue.shutdown() }
        XCTAssertEqual(keys(queue.take(limit: 1, orWithinBytes: 12)), [0, 1], "5, then 10 ≤ 12; 15 is over")
        XCTAssertEqual(keys(queue.take(limit: 2, orWithinBytes: 12)), [2, 3], "the limit takes the large one all the same")
        XCTAssertEqual(keys(queue.take(limit: 0, orWithinBytes: 100)), [4, 5])
        XCTAssertEqual(queue.take(limit: 5, orWithinBytes: 100).count, 0)
    }

    /// After the first result, one larger than `bytesEach` waits for a take of its own.
    func testALargeResultIsTakenOnlyFirst() {
        let queue = finishedQueue([5, 100, 5])
        defer { queue.shutdown() }
        XCTAssertEqual(keys(queue.take(limit: 3, orWithinBytes: 0, bytesEach: 10)), [0], "100 > 10 after the first")
        XCTAssertEqual(keys(queue.take(limit: 3, orWithinBytes: 0, bytesEach: 10)), [1, 2], "first, it goes")
    }

    /// A job that runs until its flag is set: cancelling it while it runs, or shutting the queue
    /// down, stops it (the flag is what a JPEG decode reads between rows and scans).
    private func untilCancelled(_ key: Int, _ cancel: CancelFlag) -> Result<Int, ImageLoadError> {
        let deadline = Date(timeIntervalSinceNow: 60)
        while !cancel.isCancelled && Date() < deadline { usleep(1000) }
        return cancel.isCancelled ? .failure(.cancelled(path: "\(key)")) : .success(key)
    }

    func testRunningJobsCanBeCancelled() {
        let queue = DecodeQueue<Int, Int>(workers: 1, maxQueued: 4, work: untilCancelled)
        defer { queue.shutdown() }
        _ = queue.enqueue(1, priority: 0)
        _ = queue.enqueue(2, priority: 1)
        let deadline = Date(timeIntervalSinceNow: 10)
        while queue.counts.running == 0 && Date() < deadline { usleep(1000) }
        XCTAssertEqual(queue.cancel([1]), [], "a running job is not removed from the queue")
        XCTAssertEqual(queue.cancel([1, 2], includingRunning: true), [2], "the waiting one is removed")
        var done: [DecodeQueue<Int, Int>.Finished] = []
        while done.isEmpty && Date() < deadline {
            queue.waitForFinished(timeout: 1)
            done += queue.take(limit: 10)
        }
        XCTAssertEqual(done.map(\.key), [1])
        if case .failure(let e) = done.first?.result { XCTAssertTrue(e.isCancellation) } else { XCTFail("not cancelled") }
    }

    func testShutdownCancelsTheDecodeInProgress() {
        let queue = DecodeQueue<Int, Int>(workers: 2, maxQueued: 4, work: untilCancelled)
        _ = queue.enqueue(1, priority: 0)
        _ = queue.enqueue(2, priority: 0)
        let deadline = Date(timeIntervalSinceNow: 10)
        while queue.counts.running < 2 && Date() < deadline { usleep(1000) }
        queue.shutdown()  // returns at once; the flag ends the jobs' 60 s decodes
        XCTAssertTrue(queue.waitForWorkers(timeout: 5), "cancelled workers end within moments")
        XCTAssertEqual(queue.counts.total, 0)
    }

    /// Issue 12 case 2: a decode that cannot be cancelled (any format but JPEG) is abandoned, not
    /// joined: shutdown returns at once, and quitting never waits for it.
    func testShutdownDoesNotWaitForADecodeThatIgnoresCancellation() {
        let release = DispatchSemaphore(value: 0)
        let queue = DecodeQueue<Int, Int>(workers: 1, maxQueued: 4) { key, _ in
            _ = release.wait(timeout: .now() + 60)
            return .success(key)
        }
        _ = queue.enqueue(1, priority: 0)
        let deadline = Date(timeIntervalSinceNow: 10)
        while queue.counts.running == 0 && Date() < deadline { usleep(1000) }
        let start = Date()
        queue.shutdown()
        XCTAssertLessThan(Date().timeIntervalSince(start), 1, "shutdown joined a running decode")
        release.signal()
        XCTAssertTrue(queue.waitForWorkers(timeout: 5), "the abandoned worker ends once its decode returns")
        XCTAssertEqual(queue.take(limit: 10).count, 0, "and its result is dropped")
    }

    func testOneQueuedJobPerFileAndBucket() throws {
        let files = try ImageFixtures()
        let path = try files.savePNG("dedupe.png", ImageFixtures.quadrants(width: 400, height: 300))
        let pipeline = try makePipeline(workers: 1)
        pipeline.isSuspended = true
        for wobble in 0..<10 {
            _ = pipeline.request(path, pixelSize: Size(width: 100 + Double(wobble % 3), height: 100), priority: Double(wobble))
            pipeline.prefetch(path, pixelSize: Size(width: 100, height: 98), priority: 50)
        }
        XCTAssertEqual(pipeline.stats.queued, 1, "sizes in one bucket share a job")
        _ = pipeline.request(path, pixelSize: Size(width: 300, height: 300), priority: 0)
        XCTAssertEqual(pipeline.stats.queued, 1, "the larger job replaces the smaller one still waiting")
        _ = pipeline.request(path, pixelSize: Size(width: 100, height: 100), priority: 0)
        XCTAssertEqual(pipeline.stats.queued, 1, "a smaller size waits for the larger job")
        pipeline.drain()
        XCTAssertEqual(pipeline.stats.decoded, 1)
        XCTAssertGreaterThanOrEqual(pipeline.request(path, pixelSize: Size(width: 100, height: 100), priority: 0).texture?.pixelHeight ?? 0, 300)
    }
}
