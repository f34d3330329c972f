import Foundation

/// A value shared between threads, read and changed only with its lock held. (Not the standard
/// library's `Mutex`: a static `Mutex` read as garbage in release builds here — `bench frame` trapped on
/// a camera folder of 0 photos that had been set to 300 — while the debug build read it right.)
// @unchecked: `value` is only touched inside `withLock`, with `lock` held.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
