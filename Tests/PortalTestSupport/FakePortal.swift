import Desktop
import Foundation

/// A stand-in for xdg-desktop-portal's Settings interface (`ReadAll`, `Read`, `ReadOne` and the
/// `SettingChanged` signal) on a bus, answering from a table the test sets.
public final class FakePortal: @unchecked Sendable {
    private let lock = NSLock()
    private var table: [String: [String: PortalValue]]
    private var pendingSignals: [(String, String, PortalValue)] = []
    private var service: FakeBusService?
    /// How many method calls it answered.
    public private(set) var calls = 0

    public init(address: String, settings: [String: [String: PortalValue]]) throws {
        table = settings
        service = try FakeBusService(address: address, name: PortalSettings.destination, thread: "fake portal",
                                     idle: { [weak self] bus in self?.sendSignals(on: bus) },
                                     call: { [weak self] m, bus in if let self { bus.send(self.answer(m)) } })
    }

    deinit { stop() }

    public func stop() { service?.stop() }

    /// Changes a setting and emits `SettingChanged`, as the real portal does.
    public func set(_ namespace: String, _ key: String, _ value: PortalValue) {
        lock.lock()
        table[namespace, default: [:]][key] = value
        pendingSignals.append((namespace, key, value))
        lock.unlock()
    }

    /// `SettingChanged` for each setting changed since the last call, as the real portal emits it.
    private func sendSignals(on bus: BusConnection) {
        lock.lock()
        let signals = pendingSignals
        pendingSignals.removeAll()
        lock.unlock()
        for (namespace, key, value) in signals {
            let s = BusMessage.signal(path: PortalSettings.objectPath, interface: PortalSettings.interface, name: "SettingChanged")
            s.append { w in w.string(namespace); w.string(key); w.variant(value) }
            bus.send(s)
        }
    }

    private func answer(_ m: BusMessage) -> BusMessage {
        lock.lock(); defer { lock.unlock() }
        calls += 1
        guard m.interface == PortalSettings.interface else {
            return m.error(name: "org.freedesktop.DBus.Error.UnknownInterface", message: "no interface \(m.interface ?? "")")
        }
        var args = m.arguments()
        switch m.member {
        case "ReadAll":
            let wanted = args.stringArray()
            let reply = m.reply()
            reply.append { $0.settingsTable(table.filter { wanted.isEmpty || wanted.contains($0.key) }) }
            return reply
        case "Read", "ReadOne":
            guard let namespace = args.string(), let key = args.string(), let value = table[namespace]?[key] else {
                return m.error(name: "org.freedesktop.portal.Error.NotFound", message: "Requested setting not found")
            }
            let reply = m.reply()
            // The deprecated Read wraps the value in a second variant.
            reply.append { $0.variant(value, depth: m.member == "Read" ? 2 : 1) }
            return reply
        default:
            return m.error(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "no method \(m.member ?? "")")
        }
    }
}
