import Foundation

/// A fixed pool of decoding threads fed from a priority queue (lower priority value first, then first
/// come) behind one lock. Finished work waits in a list bounded in count and in bytes until the render
/// thread takes it, so decoded surfaces never pile up faster than they are uploaded. Each running job has a `CancelFlag`
/// its work reads: `cancel(_:includingRunning:)` and `shutdown()` stop decodes in progress.
// @unchecked: every mutable property is read and written with `condition` held.
package final class DecodeQueue<Key: Hashable & Sendable, Output>: @unchecked Sendable {
    package struct Job {
        package let key: Key
        package var priority: Double
        package let order: Int
    }

    package struct Finished {
        package let key: Key
        package let result: Result<Output, ImageLoadError>
        /// What the result holds (the queue's `cost`; 0 for a failure).
        package var bytes = 0
    }

    package struct Counts: Equatable {
        package var queued = 0, running = 0, finished = 0
        package var total: Int { queued + running + finished }
    }

    package let maxQueued: Int
    /// Bound on decoded-but-not-taken plus being-decoded results: workers wait for `take` beyond it.
    package let maxHeld: Int
    /// Bound on the bytes of decoded-but-not-taken results: workers wait for `take` at or beyond it
    /// (so what is held stays under it plus one result a worker).
    package let maxHeldBytes: Int
    private let cost: (Output) -> Int
    private var finishedBytes = 0

    private let condition = NSCondition()
    private let work: (Key, CancelFlag) -> Result<Output, ImageLoadError>
    private var queued: [Key: Job] = [:]
    private var running: [Key: CancelFlag] = [:]
    private var finished: [Finished] = []
    private var nextOrder = 0
    private var suspended = false
    private var stopping = false
    private var liveWorkers = 0
    /// Keys in the order workers finished them (bounded), so tests can see priorities at work.
    private var recentlyFinished: [Key] = []

    package init(workers: Int, maxQueued: Int = 512, maxHeld: Int? = nil, maxHeldBytes: Int = .max, cost: @escaping (Output) -> Int = { _ in 0 },
         work: @escaping (Key, CancelFlag) -> Result<Output, ImageLoadError>) {
        self.work = work
        self.cost = cost
        self.maxQueued = max(1, maxQueued)
        self.maxHeld = max(2, maxHeld ?? 2 * workers)
        self.maxHeldBytes = max(1, maxHeldBytes)
        liveWorkers = max(1, workers)
        for i in 0..<liveWorkers {
            // Weak: a Thread keeps its closure after the thread ends (Foundation on Linux), so a strong
            // capture kept every queue alive for good (LeakSanitizer found one per pipeline). Workers
            // still hold the queue while they run; `shutdown()` (the pipeline's deinit) stops them.
            let thread = Thread { [weak self] in self?.runWorker() }
            thread.name = "image-decode-\(i)"
            thread.start()
        }
    }

    deinit { shutdown() }

    /// Queues `key` unless it is already known. Returns the keys dropped to stay within `maxQueued`
    /// (the least urgent), or nil if this job was itself the least urgent of a full queue.
    package func enqueue(_ key: Key, priority: Double) -> [Key]? {
        condition.lock()
        defer { condition.unlock() }
        if queued[key] != nil || running[key] != nil || finished.contains(where: { $0.key == key }) { return [] }
        var dropped: [Key] = []
        if queued.count >= maxQueued {
            guard let worst = queued.values.max(by: Self.isMoreUrgent), priority < worst.priority else { return nil }
            queued[worst.key] = nil
            dropped.append(worst.key)
        }
        queued[key] = Job(key: key, priority: priority, order: nextOrder)
        nextOrder += 1
        condition.signal()
        return dropped
    }

    /// A new priority for a job still waiting; no effect once a worker has it.
    package func reprioritize(_ key: Key, priority: Double) {
        condition.lock()
        queued[key]?.priority = priority
        condition.unlock()
    }

    /// Removes jobs still waiting and returns the ones removed. Running jobs finish normally, or, with
    /// `includingRunning`, have their cancel flag set (their result still arrives, as a cancellation).
    package func cancel(_ keys: [Key], includingRunning: Bool = false) -> [Key] {
        condition.lock()
        defer { condition.unlock() }
        if includingRunning { for k in keys { running[k]?.cancel() } }
        return keys.filter { queued.removeValue(forKey: $0) != nil }
    }

    /// Finished results, oldest first: up to `limit` of them, and more while the bytes of all taken
    /// stay within `bytes` (many small results, each cheap to upload, go in one frame).
    /// After the first, a result of more than `bytesEach` ends the take (it waits for a frame of its own).
    package func take(limit: Int, orWithinBytes bytes: Int = 0, bytesEach: Int = .max) -> [Finished] {
        condition.lock()
        defer { condition.unlock() }
        var n = 0, total = 0
        while n < finished.count && (n < limit || total + finished[n].bytes <= bytes) {
            if n > 0 && finished[n].bytes > bytesEach { break }
            total += finished[n].bytes
            n += 1
        }
        guard n > 0 else { return [] }
        let taken = Array(finished.prefix(n))
        finished.removeFirst(n)
        finishedBytes -= total
        condition.broadcast()
        return taken
    }

    /// Sleeps until a result is ready, nothing is left to do, or `timeout` passes.
    package func waitForFinished(timeout: TimeInterval) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        while finished.isEmpty && !(queued.isEmpty && running.isEmpty) && !stopping {
            if !condition.wait(until: deadline) { break }
        }
        condition.unlock()
    }

    package var counts: Counts {
        condition.lock()
        defer { condition.unlock() }
        return Counts(queued: queued.count, running: running.count, finished: finished.count)
    }

    package var finishOrder: [Key] {
        condition.lock()
        defer { condition.unlock() }
        return recentlyFinished
    }

    /// While suspended, workers finish what they hold but start nothing new.
    package var isSuspended: Bool {
        get {
            condition.lock()
            defer { condition.unlock() }
            return suspended
        }
        set {
            condition.lock()
            suspended = newValue
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Stops the workers without waiting for them: decodes in progress are cancelled (a JPEG stops
    /// within a few rows) and otherwise abandoned, so quitting never waits for a file that takes
    /// long to decode. A worker still decoding finishes on its own (it holds the queue until
    /// then), drops its result and ends; idle workers end at once.
    package func shutdown() {
        condition.lock()
        stopping = true
        queued.removeAll()
        for flag in running.values { flag.cancel() }
        finished.removeAll()
        finishedBytes = 0
        condition.broadcast()
        condition.unlock()
    }

    /// Waits up to `timeout` seconds for every worker to end (tests); true if they all did.
    @discardableResult
    package func waitForWorkers(timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while liveWorkers > 0 {
            if !condition.wait(until: deadline) { return liveWorkers == 0 }
        }
        return true
    }

    private static func isMoreUrgent(_ a: Job, _ b: Job) -> Bool {
        a.priority != b.priority ? a.priority < b.priority : a.order < b.order
    }

    private func runWorker() {
        condition.lock()
        while true {
            while !stopping && (suspended || queued.isEmpty || running.count + finished.count >= maxHeld || finishedBytes >= maxHeldBytes) {
                condition.wait()
            }
            if stopping { break }
            let job = queued.values.min(by: Self.isMoreUrgent)!
            queued[job.key] = nil
            let flag = CancelFlag()
            running[job.key] = flag
            condition.unlock()

            let result = work(job.key, flag)
            let bytes = (try? result.get()).map(cost) ?? 0

            condition.lock()
            running[job.key] = nil
            if stopping { break }
            finished.append(Finished(key: job.key, result: result, bytes: bytes))
            finishedBytes += bytes
            recentlyFinished.append(job.key)
            if recentlyFinished.count > 256 { recentlyFinished.removeFirst(recentlyFinished.count - 256) }
            condition.broadcast()
        }
        liveWorkers -= 1
        condition.broadcast()
        condition.unlock()
    }
}
