import Desktop
import Foundation

/// A stand-in for a file manager's `org.freedesktop.FileManager1` service on a bus: it records
/// every `ShowItems`, `ShowFolders` and `ShowItemProperties` call (the URIs and the startup id, as
/// received) and answers as told: at once, after a delay, never, or with an error.
public final class FakeFileManager: @unchecked Sendable {
    public struct Call: Equatable, Sendable {
        public var method: String
        public var uris: [String]
        public var startupID: String

        public init(method: String, uris: [String], startupID: String) {
            self.method = method
            self.uris = uris
            self.startupID = startupID
        }
    }

    public enum Answer: Sendable {
        case reply
        /// Holds the call this long before replying (a file manager still starting).
        case after(seconds: Double)
        case error(name: String, message: String)
    }

    private let lock = NSLock()
    private var received: [Call] = []
    private let answer: Answer
    private var service: FakeBusService?

    public init(address: String, answer: Answer = .reply) throws {
        self.answer = answer
        service = try FakeBusService(address: address, name: FileManagerReveal.destination, thread: "fake file manager") { [weak self] m, bus in
            self?.take(m, on: bus)
        }
    }

    deinit { stop() }

    public func stop() { service?.stop() }

    /// The calls so far, in order.
    public var calls: [Call] {
        lock.lock(); defer { lock.unlock() }
        return received
    }

    /// Waits at most `seconds` for `count` calls.
    public func waitForCalls(_ count: Int, seconds: Double = 10) -> [Call] {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while calls.count < count && Date() < deadline { usleep(5_000) }
        return calls
    }

    private func take(_ m: BusMessage, on bus: BusConnection) {
        guard m.interface == FileManagerReveal.interface, m.path == FileManagerReveal.objectPath,
              ["ShowItems", "ShowFolders", "ShowItemProperties"].contains(m.member ?? "") else {
            bus.send(m.error(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "no method \(m.member ?? "")"))
            return
        }
        var args = m.arguments()
        let call = Call(method: m.member ?? "", uris: args.stringArray(), startupID: args.string() ?? "<missing>")
        lock.lock()
        received.append(call)
        lock.unlock()
        switch answer {
        case .reply:
            bus.send(m.reply())
        case .after(let seconds):
            usleep(UInt32(seconds * 1_000_000))
            bus.send(m.reply())
        case let .error(name, message):
            bus.send(m.error(name: name, message: message))
        }
    }
}
