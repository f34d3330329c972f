import Foundation

/// The desktop's appearance and motion preferences, from xdg-desktop-portal's Settings interface
/// (`org.freedesktop.portal.Settings` on the session bus): read once at start, then kept current
/// from its `SettingChanged` signal on a thread of its own. Where there is no bus or no portal the
/// preferences simply stay unknown; nothing is logged, since most X11 sessions have neither.
// @unchecked: the preferences and flags are only touched with `lock` held.
public final class PortalSettings: @unchecked Sendable {
    public static let destination = "org.freedesktop.portal.Desktop"
    public static let objectPath = "/org/freedesktop/portal/desktop"
    public static let interface = "org.freedesktop.portal.Settings"
    /// The namespaces read: the freedesktop appearance keys and GNOME's interface keys.
    public static let namespaces = [DesktopPreferences.appearance, DesktopPreferences.gnomeInterface]

    private let lock = NSLock()
    private var preferences = DesktopPreferences()
    private var answered = false
    private var stopped = false
    private let onChange: @Sendable () -> Void
    private let firstAnswer = DispatchSemaphore(value: 0)

    /// Starts reading the portal on the bus at `address` (the session bus by default; nil when
    /// there is none). `onChange` is called on the watcher's thread after every change.
    public init?(address: String? = BusConnection.sessionBusAddress(), onChange: @escaping @Sendable () -> Void = {}) {
        guard let address = address else { return nil }
        self.onChange = onChange
        let thread = Thread { [weak self] in self?.watch(address: address) }
        thread.name = "coffeegrid.portal"
        thread.stackSize = 256 << 10
        thread.start()
    }

    /// Waits at most `seconds` for the portal's first answer (or for it to be found missing), so a
    /// dark desktop opens dark; a slower portal (one the bus is still starting) is applied when it
    /// answers. True when the first read is over.
    @discardableResult
    public func waitForFirstAnswer(seconds: Double) -> Bool {
        guard firstAnswer.wait(timeout: .now() + max(0, seconds)) == .success else { return false }
        firstAnswer.signal()
        return true
    }

    deinit { stop() }

    /// The latest preferences (all unknown until the portal answers).
    public var current: DesktopPreferences {
        lock.lock(); defer { lock.unlock() }
        return preferences
    }

    /// True once the portal has answered a read or sent a change.
    public var isAvailable: Bool {
        lock.lock(); defer { lock.unlock() }
        return answered
    }

    /// Ends the watch; the thread leaves within a second.
    public func stop() {
        lock.lock(); stopped = true; lock.unlock()
    }

    private var isStopped: Bool {
        lock.lock(); defer { lock.unlock() }
        return stopped
    }

    // MARK: - The watcher thread

    /// Its own connection: libdbus connections are not shared across threads here.
    private func watch(address: String) {
        guard let bus = try? BusConnection(address: address) else { firstAnswer.signal(); return }
        // Subscribe before reading, so a change between the read and the subscription is not lost.
        try? bus.addMatch("type='signal',interface='\(Self.interface)',member='SettingChanged',path='\(Self.objectPath)'")
        if let table = try? PortalSettings.readAll(bus) {
            update { prefs in
                for (namespace, values) in table {
                    for (key, value) in values { prefs.apply(namespace: namespace, key: key, value: value) }
                }
            }
        }
        firstAnswer.signal()
        while !isStopped && bus.isConnected {
            guard let message = bus.next(timeout: 1) else { continue }
            guard message.kind == .signal, message.interface == Self.interface, message.member == "SettingChanged" else { continue }
            var args = message.arguments()
            guard let namespace = args.string(), let key = args.string() else { continue }
            let value = args.value()
            update { $0.apply(namespace: namespace, key: key, value: value) }
        }
    }

    /// `ReadAll(namespaces)`, in every version of the Settings interface.
    static func readAll(_ bus: BusConnection, timeout: Double = 5) throws -> [String: [String: PortalValue]] {
        let call = BusMessage.methodCall(destination: destination, path: objectPath, interface: interface, method: "ReadAll")
        call.append { $0.stringArray(namespaces) }
        let reply = try bus.call(call, timeout: timeout)
        var args = reply.arguments()
        return args.settingsTable()
    }

    private func update(_ change: (inout DesktopPreferences) -> Void) {
        lock.lock()
        let before = preferences
        change(&preferences)
        let changed = preferences != before || !answered
        answered = true
        lock.unlock()
        if changed { onChange() }
    }
}
