import CImageCodecs
import Foundation

/// What the decoders may hold at once, all workers together: each decode reserves what it will
/// allocate (a progressive JPEG's coefficients, a picture decoded whole) before allocating it,
/// and waits while the others hold too much. Twenty 700-byte progressive JPEGs claiming
/// 16000×4000 each need 192 MB of coefficients: two workers reached 809 MB with a per-decode cap.
/// One decode larger than the budget still runs, alone, so every picture the caps allow decodes.
// @unchecked: `inUse`, `holders` and `peak` are only touched with `condition` held.
package final class DecodeMemory: @unchecked Sendable {
    static let shared = DecodeMemory(budget: 256 << 20)

    let budget: Int
    private let condition = NSCondition()
    private var inUse = 0
    private var holders = 0
    /// The most held at once (tests and the benchmark).
    private(set) var peak = 0

    init(budget: Int) { self.budget = budget }

    /// One decode's claim: reserved at most once, when the decoder knows its needs, and given back
    /// when the decode ends (`release`, or deinit).
    final class Ticket {
        private let memory: DecodeMemory
        private let cancel: CancelFlag?
        private(set) var bytes = 0

        init(_ memory: DecodeMemory, cancel: CancelFlag?) {
            self.memory = memory
            self.cancel = cancel
        }

        deinit { release() }

        /// Waits until `bytes` fit beside what the other decodes hold (or none holds anything);
        /// throws `DecodeCancelled` if the decode is cancelled meanwhile.
        func reserve(_ bytes: Int) throws {
            guard self.bytes == 0, bytes > 0 else { return }
            try memory.acquire(bytes, cancel: cancel)
            self.bytes = bytes
        }

        func release() {
            guard bytes > 0 else { return }
            memory.give(bytes)
            bytes = 0
        }
    }

    func ticket(cancel: CancelFlag?) -> Ticket { Ticket(self, cancel: cancel) }

    /// Memory kept for as long as something plays (an animation's canvases and the frames decoded
    /// ahead): counted in what is in use, so decodes leave room for it, but never waited on as a
    /// decode in progress is. A decode needing more than what is left still runs once no other
    /// decode holds memory, so a playing animation never stalls the grid's pictures for good.
    package func hold(_ bytes: Int, cancel: CancelFlag?) throws -> Hold {
        try acquire(bytes, cancel: cancel, asHolder: false)
        return Hold(self, bytes: bytes)
    }

    package final class Hold {
        private let memory: DecodeMemory
        private(set) var bytes: Int

        fileprivate init(_ memory: DecodeMemory, bytes: Int) {
            self.memory = memory
            self.bytes = bytes
        }

        deinit { release() }

        package func release() {
            guard bytes > 0 else { return }
            memory.give(bytes, asHolder: false)
            bytes = 0
        }
    }

    package var held: Int {
        condition.lock()
        defer { condition.unlock() }
        return inUse
    }

    private func acquire(_ bytes: Int, cancel: CancelFlag?, asHolder: Bool = true) throws {
        condition.lock()
        defer { condition.unlock() }
        while holders > 0 && inUse + bytes > budget {
            if cancel?.isCancelled == true { throw DecodeCancelled() }
            _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05))
        }
        if cancel?.isCancelled == true { throw DecodeCancelled() }
        inUse += bytes
        if asHolder { holders += 1 }
        peak = max(peak, inUse)
    }

    /// A decode that held more than this gives its memory back to the system when it ends: glibc
    /// keeps freed chunks under 32 MB in the worker thread's own arena, so each worker would keep
    /// the last big decode's (a progressive JPEG's chroma coefficients) beside the next one's.
    static let trimAbove = 32 << 20

    private func give(_ bytes: Int, asHolder: Bool = true) {
        condition.lock()
        inUse -= bytes
        if asHolder { holders -= 1 }
        condition.broadcast()
        condition.unlock()
        if bytes > DecodeMemory.trimAbove { cg_release_free_memory() }
    }
}
