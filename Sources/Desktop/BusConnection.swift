import CDBus
import Foundation

/// A private libdbus connection to one bus, owned by one thread at a time. Just what the settings
/// portal (and the tests' stand-in portal) need: method calls, replies, signals, and reading and
/// writing the few value types the portal uses.
public final class BusConnection {
    let raw: OpaquePointer

    /// Why a bus call failed: libdbus's error name and message.
    public struct Failure: Error, CustomStringConvertible {
        public var name: String
        public var message: String
        public var description: String { "\(name): \(message)" }

        public init(name: String, message: String) {
            self.name = name
            self.message = message
        }
    }

    /// The session bus the desktop runs: `DBUS_SESSION_BUS_ADDRESS`, else systemd's per-user socket.
    /// Nil when neither exists; libdbus's own fallback (X11 autolaunch) would start a bus of its own.
    public static func sessionBusAddress(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let a = environment["DBUS_SESSION_BUS_ADDRESS"], !a.isEmpty { return a }
        if let run = environment["XDG_RUNTIME_DIR"], run.hasPrefix("/") {
            var st = stat()
            if stat(run + "/bus", &st) == 0, (st.st_mode & S_IFMT) == S_IFSOCK { return "unix:path=\(run)/bus" }
        }
        return nil
    }

    /// Connects and says hello to the bus.
    public init(address: String) throws {
        _ = BusConnection.threadsReady
        var err = DBusError()
        dbus_error_init(&err)
        defer { dbus_error_free(&err) }
        guard let c = dbus_connection_open_private(address, &err) else { throw BusConnection.failure(&err) }
        dbus_connection_set_exit_on_disconnect(c, 0)
        guard dbus_bus_register(c, &err) != 0 else {
            dbus_connection_close(c)
            dbus_connection_unref(c)
            throw BusConnection.failure(&err)
        }
        raw = c
    }

    deinit {
        dbus_connection_close(raw)
        dbus_connection_unref(raw)
    }

    /// libdbus must be told once, before any use, that several threads will call it.
    private static let threadsReady: Bool = dbus_threads_init_default() != 0

    static func failure(_ err: inout DBusError) -> Failure {
        Failure(name: err.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed",
                message: err.message.map { String(cString: $0) } ?? "")
    }

    /// Subscribes to messages matching `rule` (a D-Bus match rule).
    public func addMatch(_ rule: String) throws {
        var err = DBusError()
        dbus_error_init(&err)
        defer { dbus_error_free(&err) }
        dbus_bus_add_match(raw, rule, &err)
        if dbus_error_is_set(&err) != 0 { throw BusConnection.failure(&err) }
    }

    /// Asks the bus for a well-known name; true when this connection is its primary owner.
    public func requestName(_ name: String) throws -> Bool {
        var err = DBusError()
        dbus_error_init(&err)
        defer { dbus_error_free(&err) }
        let r = dbus_bus_request_name(raw, name, UInt32(DBUS_NAME_FLAG_DO_NOT_QUEUE), &err)
        if dbus_error_is_set(&err) != 0 { throw BusConnection.failure(&err) }
        return r == DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER
    }

    /// Calls a method and waits at most `timeout` seconds for the reply.
    public func call(_ message: BusMessage, timeout: Double) throws -> BusMessage {
        var err = DBusError()
        dbus_error_init(&err)
        defer { dbus_error_free(&err) }
        let ms = Int32(max(1, min(timeout * 1000, 600_000)))
        guard let reply = dbus_connection_send_with_reply_and_block(raw, message.raw, ms, &err) else {
            throw BusConnection.failure(&err)
        }
        return BusMessage(owning: reply)
    }

    /// Queues a message (a signal or a reply) and flushes it out.
    public func send(_ message: BusMessage) {
        dbus_connection_send(raw, message.raw, nil)
        dbus_connection_flush(raw)
    }

    /// Waits at most `timeout` seconds for traffic; returns the next incoming message, if any.
    /// Returns nil at once when the connection has closed (`isConnected` turns false).
    public func next(timeout: Double) -> BusMessage? {
        if let m = dbus_connection_pop_message(raw) { return BusMessage(owning: m) }
        guard dbus_connection_read_write(raw, Int32(max(0, timeout * 1000))) != 0 else { return nil }
        return dbus_connection_pop_message(raw).map { BusMessage(owning: $0) }
    }

    public var isConnected: Bool { dbus_connection_get_is_connected(raw) != 0 }
}

/// One D-Bus message, owned (unreferenced on deinit).
public final class BusMessage {
    let raw: OpaquePointer

    init(owning raw: OpaquePointer) { self.raw = raw }

    deinit { dbus_message_unref(raw) }

    public static func methodCall(destination: String, path: String, interface: String, method: String) -> BusMessage {
        BusMessage(owning: dbus_message_new_method_call(destination, path, interface, method)!)
    }

    public static func signal(path: String, interface: String, name: String) -> BusMessage {
        BusMessage(owning: dbus_message_new_signal(path, interface, name)!)
    }

    public func reply() -> BusMessage { BusMessage(owning: dbus_message_new_method_return(raw)!) }

    public func error(name: String, message: String) -> BusMessage { BusMessage(owning: dbus_message_new_error(raw, name, message)!) }

    public enum Kind { case methodCall, methodReturn, error, signal, other }

    public var kind: Kind {
        switch dbus_message_get_type(raw) {
        case CDBUS_MESSAGE_TYPE_METHOD_CALL: return .methodCall
        case CDBUS_MESSAGE_TYPE_METHOD_RETURN: return .methodReturn
        case CDBUS_MESSAGE_TYPE_ERROR: return .error
        case CDBUS_MESSAGE_TYPE_SIGNAL: return .signal
        default: return .other
        }
    }

    public var interface: String? { dbus_message_get_interface(raw).map { String(cString: $0) } }
    public var member: String? { dbus_message_get_member(raw).map { String(cString: $0) } }
    public var path: String? { dbus_message_get_path(raw).map { String(cString: $0) } }
    public var errorName: String? { dbus_message_get_error_name(raw).map { String(cString: $0) } }

    /// The message's arguments, read in order.
    public func arguments() -> BusReader { BusReader(self) }

    /// Appends arguments, in order.
    public func append(_ write: (inout BusWriter) -> Void) {
        var w = BusWriter(message: self)
        write(&w)
    }
}

/// Reads a message's arguments. Variants are looked through: `value()` unwraps any nesting (the
/// portal's old `Read` wraps its answer in a second variant).
public struct BusReader {
    private let message: BusMessage
    private var iter = DBusMessageIter()
    private var valid: Bool

    init(_ message: BusMessage) {
        self.message = message
        valid = dbus_message_iter_init(message.raw, &iter) != 0
    }

    private init(message: BusMessage, iter: DBusMessageIter) {
        self.message = message
        self.iter = iter
        valid = dbus_message_iter_get_arg_type(&self.iter) != CDBUS_TYPE_INVALID
    }

    private var type: Int32 {
        mutating get { valid ? dbus_message_iter_get_arg_type(&iter) : CDBUS_TYPE_INVALID }
    }

    private mutating func advance() { if valid { valid = dbus_message_iter_next(&iter) != 0 } }

    /// The current argument if it is a string; moves past it either way.
    public mutating func string() -> String? {
        defer { advance() }
        guard type == CDBUS_TYPE_STRING else { return nil }
        var p: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iter, &p)
        return p.map { String(cString: $0) }
    }

    /// The current argument (variants unwrapped) as a settings value; moves past it.
    public mutating func value() -> PortalValue {
        defer { advance() }
        return BusReader.value(at: &iter)
    }

    private static func value(at it: inout DBusMessageIter) -> PortalValue {
        switch dbus_message_iter_get_arg_type(&it) {
        case CDBUS_TYPE_VARIANT:
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&it, &inner)
            return value(at: &inner)
        case CDBUS_TYPE_UINT32:
            var v: UInt32 = 0
            dbus_message_iter_get_basic(&it, &v)
            return .uint32(v)
        case CDBUS_TYPE_INT32:
            var v: Int32 = 0
            dbus_message_iter_get_basic(&it, &v)
            return .int32(v)
        case CDBUS_TYPE_BOOLEAN:
            var v: UInt32 = 0
            dbus_message_iter_get_basic(&it, &v)
            return .bool(v != 0)
        case CDBUS_TYPE_STRING:
            var p: UnsafePointer<CChar>?
            dbus_message_iter_get_basic(&it, &p)
            return p.map { .string(String(cString: $0)) } ?? .other
        default:
            return .other
        }
    }

    /// `a{sa{sv}}` (the portal's ReadAll): namespace → key → value; moves past it.
    public mutating func settingsTable() -> [String: [String: PortalValue]] {
        stringDictionary { $0.stringValueDictionary() }
    }

    /// `a{sv}`: key → value; moves past it.
    mutating func stringValueDictionary() -> [String: PortalValue] {
        stringDictionary { $0.value() }
    }

    /// `a{s…}`: each entry's string key → what `value` reads after it; moves past it.
    mutating func stringDictionary<Value>(_ value: (inout BusReader) -> Value) -> [String: Value] {
        defer { advance() }
        var dict: [String: Value] = [:]
        guard type == CDBUS_TYPE_ARRAY else { return dict }
        var entries = DBusMessageIter()
        dbus_message_iter_recurse(&iter, &entries)
        while dbus_message_iter_get_arg_type(&entries) == CDBUS_TYPE_DICT_ENTRY {
            var entry = DBusMessageIter()
            dbus_message_iter_recurse(&entries, &entry)
            var r = BusReader(message: message, iter: entry)
            if let key = r.string() { dict[key] = value(&r) }
            dbus_message_iter_next(&entries)
        }
        return dict
    }

    /// `as`; moves past it.
    public mutating func stringArray() -> [String] {
        defer { advance() }
        var out: [String] = []
        guard type == CDBUS_TYPE_ARRAY else { return out }
        var items = DBusMessageIter()
        dbus_message_iter_recurse(&iter, &items)
        while dbus_message_iter_get_arg_type(&items) == CDBUS_TYPE_STRING {
            var p: UnsafePointer<CChar>?
            dbus_message_iter_get_basic(&items, &p)
            if let p = p { out.append(String(cString: p)) }
            dbus_message_iter_next(&items)
        }
        return out
    }
}

/// Appends arguments to a message.
public struct BusWriter {
    private var iter = DBusMessageIter()

    init(message: BusMessage) { dbus_message_iter_init_append(message.raw, &iter) }

    public mutating func string(_ s: String) { BusWriter.appendString(s, to: &iter) }

    public mutating func stringArray(_ items: [String]) {
        var sub = DBusMessageIter()
        dbus_message_iter_open_container(&iter, CDBUS_TYPE_ARRAY, "s", &sub)
        for s in items { BusWriter.appendString(s, to: &sub) }
        dbus_message_iter_close_container(&iter, &sub)
    }

    /// A variant holding `value`, wrapped in `depth` variants (the old `Read` answers with two).
    public mutating func variant(_ value: PortalValue, depth: Int = 1) { BusWriter.appendVariant(value, depth: depth, to: &iter) }

    /// `a{sa{sv}}`.
    public mutating func settingsTable(_ table: [String: [String: PortalValue]]) {
        BusWriter.appendStringDictionary(table, valueSignature: "a{sv}", to: &iter) { values, entry in
            BusWriter.appendStringDictionary(values, valueSignature: "v", to: &entry) { value, kv in
                BusWriter.appendVariant(value, depth: 1, to: &kv)
            }
        }
    }

    /// `a{s…}`, entries sorted by key; `append` writes each value after its key.
    private static func appendStringDictionary<Value>(_ dict: [String: Value], valueSignature: String, to it: inout DBusMessageIter,
                                                      _ append: (Value, inout DBusMessageIter) -> Void) {
        var array = DBusMessageIter()
        dbus_message_iter_open_container(&it, CDBUS_TYPE_ARRAY, "{s\(valueSignature)}", &array)
        for (key, value) in dict.sorted(by: { $0.key < $1.key }) {
            var entry = DBusMessageIter()
            dbus_message_iter_open_container(&array, CDBUS_TYPE_DICT_ENTRY, nil, &entry)
            appendString(key, to: &entry)
            append(value, &entry)
            dbus_message_iter_close_container(&array, &entry)
        }
        dbus_message_iter_close_container(&it, &array)
    }

    private static func appendString(_ s: String, to it: inout DBusMessageIter) {
        s.withCString { c in
            var p: UnsafePointer<CChar>? = c
            dbus_message_iter_append_basic(&it, CDBUS_TYPE_STRING, &p)
        }
    }

    private static func appendVariant(_ value: PortalValue, depth: Int, to it: inout DBusMessageIter) {
        let signature: String
        switch value {
        case .uint32: signature = "u"
        case .int32: signature = "i"
        case .bool: signature = "b"
        case .string, .other: signature = "s"
        }
        var sub = DBusMessageIter()
        dbus_message_iter_open_container(&it, CDBUS_TYPE_VARIANT, depth > 1 ? "v" : signature, &sub)
        if depth > 1 {
            appendVariant(value, depth: depth - 1, to: &sub)
        } else {
            switch value {
            case .uint32(var v): dbus_message_iter_append_basic(&sub, CDBUS_TYPE_UINT32, &v)
            case .int32(var v): dbus_message_iter_append_basic(&sub, CDBUS_TYPE_INT32, &v)
            case .bool(let b):
                var v: UInt32 = b ? 1 : 0
                dbus_message_iter_append_basic(&sub, CDBUS_TYPE_BOOLEAN, &v)
            case .string(let s): appendString(s, to: &sub)
            case .other: appendString("", to: &sub)
            }
        }
        dbus_message_iter_close_container(&it, &sub)
    }
}
