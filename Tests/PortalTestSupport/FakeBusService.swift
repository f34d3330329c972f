import Desktop
import Foundation

/// The part every fake service on a private bus shares: a thread that connects, owns a well-known
/// name, says it is ready (or why not) before its owner's `init` returns, and then turns each method
/// call over to its owner until `stop()`. Between calls (every 20 ms at most) `idle` runs on the
/// same thread, for what the service sends unasked, such as signals.
final class FakeBusService: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private let ready = DispatchSemaphore(value: 0)
    private var failure: Error?

    init(address: String, name: String, thread: String,
         idle: @escaping @Sendable (BusConnection) -> Void = { _ in },
         call: @escaping @Sendable (BusMessage, BusConnection) -> Void) throws {
        let t = Thread { [weak self] in self?.serve(address: address, name: name, idle: idle, call: call) }
        t.name = thread
        t.start()
        guard ready.wait(timeout: .now() + 10) == .success else {
            throw BusConnection.Failure(name: "timeout", message: "\(thread) did not start")
        }
        if let f = failure { throw f }
    }

    deinit { stop() }

    func stop() { lock.lock(); stopped = true; lock.unlock() }

    private func serve(address: String, name: String, idle: (BusConnection) -> Void, call: (BusMessage, BusConnection) -> Void) {
        let bus: BusConnection
        do {
            bus = try BusConnection(address: address)
            guard try bus.requestName(name) else { throw BusConnection.Failure(name: "name", message: "\(name) is taken") }
        } catch {
            failure = error
            ready.signal()
            return
        }
        ready.signal()
        while true {
            lock.lock()
            let done = stopped
            lock.unlock()
            if done || !bus.isConnected { return }
            idle(bus)
            guard let m = bus.next(timeout: 0.02), m.kind == .methodCall else { continue }
            call(m, bus)
        }
    }
}
