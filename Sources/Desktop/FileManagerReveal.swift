import Foundation

/// Shows files in the desktop's file manager, selected: `ShowItems` of the freedesktop
/// `org.freedesktop.FileManager1` interface on the session bus (GNOME Files, Dolphin, Nemo, Caja,
/// Thunar and PCManFM answer it; several folders open as several windows or tabs), and where no
/// file manager answers it, `xdg-open` of each file's folder. Each request runs on a thread of its
/// own with a timeout, so the frame loop never waits for a bus or a program; its outcome is taken
/// once a frame (`take`). Files come as `file://` URIs made from their bytes (the caller's: GLib's
/// escaping, so any name survives), each with its folder's.
// @unchecked: `outcomes` and `running` are only touched with `lock` held.
public final class FileManagerReveal: @unchecked Sendable {
    public static let destination = "org.freedesktop.FileManager1"
    public static let objectPath = "/org/freedesktop/FileManager1"
    public static let interface = "org.freedesktop.FileManager1"
    /// The most files named in one `ShowItems` (a selection of 100,000 photos is not a 10 MB message).
    public static let itemLimit = 10_000
    /// The most folders the fallback opens for one request (each is a window).
    public static let folderLimit = 8

    /// A file to show: its URI and its folder's (what the fallback opens).
    public struct Item: Equatable, Sendable {
        public var uri: String
        public var folderURI: String

        public init(uri: String, folderURI: String) {
            self.uri = uri
            self.folderURI = folderURI
        }
    }

    /// How one request ended.
    public struct Outcome: Equatable, Sendable {
        public enum Route: String, Sendable {
            case fileManager = "FileManager1"
            case xdgOpen = "xdg-open"
        }

        /// How the files were shown; nil when they could not be.
        public var route: Route?
        /// Files asked for, and the folders they are in.
        public var items: Int
        public var folders: Int
        /// Why nothing was shown, or what was left out (folders past the limit): one line.
        public var message: String?

        public init(route: Route?, items: Int, folders: Int, message: String? = nil) {
            self.route = route
            self.items = items
            self.folders = folders
            self.message = message
        }
    }

    private let busAddress: String?
    private let environment: [String: String]
    private let timeout: Double
    private let onDone: @Sendable () -> Void
    private let lock = NSLock()
    private var outcomes: [Outcome] = []
    private var running = 0

    /// `busAddress` is the session bus (nil: there is none, the fallback at once); `environment`
    /// is what `xdg-open` is looked up in (`PATH`) and run with. `onDone` is called on the request's
    /// thread when its outcome is ready.
    public init(busAddress: String? = BusConnection.sessionBusAddress(), environment: [String: String] = ProcessInfo.processInfo.environment,
                timeout: Double = 5, onDone: @escaping @Sendable () -> Void = {}) {
        self.busAddress = busAddress
        self.environment = environment
        self.timeout = timeout
        self.onDone = onDone
    }

    /// Requests under way.
    public var inFlight: Int {
        lock.lock(); defer { lock.unlock() }
        return running
    }

    /// The outcomes since the last call, in the order they ended.
    public func take() -> [Outcome] {
        lock.lock(); defer { lock.unlock() }
        defer { outcomes.removeAll() }
        return outcomes
    }

    /// Shows `items` in the file manager, on a thread of its own. A request while another is still
    /// waiting is refused (an outcome saying so): a person pressing the key twice gets one window.
    public func reveal(_ items: [Item]) {
        guard !items.isEmpty else { return }
        lock.lock()
        guard running == 0 else {
            outcomes.append(Outcome(route: nil, items: items.count, folders: 0, message: "still waiting for the file manager to answer the last request"))
            lock.unlock()
            onDone()
            return
        }
        running += 1
        lock.unlock()
        let thread = Thread { [self] in
            let outcome = show(items)
            lock.lock()
            outcomes.append(outcome)
            running -= 1
            lock.unlock()
            onDone()
        }
        thread.name = "coffeegrid.reveal"
        thread.stackSize = 256 << 10
        thread.start()
    }

    /// Blocks until no request is under way, at most `seconds` (tests).
    @discardableResult
    public func wait(seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while inFlight > 0 {
            if Date() >= deadline { return false }
            usleep(5_000)
        }
        return true
    }

    // MARK: - The request's thread

    func show(_ items: [Item]) -> Outcome {
        var folders: [String] = []
        var seen = Set<String>()
        for i in items where seen.insert(i.folderURI).inserted { folders.append(i.folderURI) }
        let uris = items.prefix(Self.itemLimit).map(\.uri)
        let busProblem: String
        switch showItems(uris) {
        case .none:
            let left = items.count > Self.itemLimit ? "the first \(Self.itemLimit) of \(items.count) files shown" : nil
            return Outcome(route: .fileManager, items: items.count, folders: folders.count, message: left)
        case .some(let problem) where problem.timedOut:
            // A file manager that is there but slow may still open: a second window from the
            // fallback would be worse than saying so.
            return Outcome(route: nil, items: items.count, folders: folders.count,
                           message: "the file manager did not answer within \(Self.seconds(timeout)) (\(problem.text))")
        case .some(let problem):
            busProblem = problem.text
        }
        return xdgOpen(folders, items: items.count, busProblem: busProblem)
    }

    private struct BusProblem {
        var text: String
        var timedOut: Bool
    }

    /// `ShowItems(uris, startup_id)`; nil when the file manager took it.
    private func showItems(_ uris: [String]) -> BusProblem? {
        guard let address = busAddress else { return BusProblem(text: "no session bus", timedOut: false) }
        do {
            let bus = try BusConnection(address: address)
            let call = BusMessage.methodCall(destination: Self.destination, path: Self.objectPath, interface: Self.interface, method: "ShowItems")
            // No startup notification id: the app has none to hand on.
            call.append { w in w.stringArray(uris); w.string("") }
            let reply = try bus.call(call, timeout: timeout)
            if reply.kind == .error { return BusProblem(text: reply.errorName ?? "an error", timedOut: false) }
            return nil
        } catch let f as BusConnection.Failure {
            let timedOut = f.name == "org.freedesktop.DBus.Error.NoReply" || f.name == "org.freedesktop.DBus.Error.Timeout"
            let what = f.name.hasSuffix(".ServiceUnknown") || f.name.hasSuffix(".NameHasNoOwner")
                ? "no \(Self.destination) on the session bus" : "\(Self.destination): \(f.message.isEmpty ? f.name : f.message)"
            return BusProblem(text: what, timedOut: timedOut)
        } catch {
            return BusProblem(text: "\(error)", timedOut: false)
        }
    }

    /// `xdg-open` of each folder (its `file://` URI, so any bytes survive), at most `folderLimit`.
    private func xdgOpen(_ folders: [String], items: Int, busProblem: String) -> Outcome {
        guard let program = Self.find("xdg-open", in: environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin") else {
            return Outcome(route: nil, items: items, folders: folders.count, message: "\(busProblem), and xdg-open is not on PATH")
        }
        for folder in folders.prefix(Self.folderLimit) {
            if let problem = run(program, folder) {
                return Outcome(route: nil, items: items, folders: folders.count, message: "\(busProblem), and xdg-open \(problem)")
            }
        }
        let left = folders.count > Self.folderLimit ? "the first \(Self.folderLimit) of \(folders.count) folders opened" : nil
        return Outcome(route: .xdgOpen, items: items, folders: folders.count, message: left)
    }

    /// Runs `program argument`; nil when it exits 0. One still running after the timeout is not
    /// success (it said so before, and the person saw nothing happen): it is left running, since
    /// an xdg-open that waits for the file manager it started would close its window if killed,
    /// and told as not done yet. Only the request's thread waits, never a frame.
    private func run(_ program: String, _ argument: String) -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = [argument]
        p.environment = environment
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        p.terminationHandler = { _ in ended.signal() }
        do { try p.run() } catch { return "could not be run (\(error.localizedDescription))" }
        guard ended.wait(timeout: .now() + timeout) == .success else {
            return "did not finish within \(Self.seconds(timeout)) (the folder may still open)"
        }
        switch p.terminationStatus {
        case 0: return nil
        // xdg-open's documented exit codes.
        case 2: return "found no such folder"
        case 3: return "found no program to open folders with"
        case 4: return "failed to open the folder"
        case let code: return "exited with \(code)"
        }
    }

    /// `name` in the first folder of `path` (colon-separated) holding an executable of that name.
    static func find(_ name: String, in path: String) -> String? {
        for dir in path.split(separator: ":", omittingEmptySubsequences: true) where dir.hasPrefix("/") {
            let candidate = dir + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    private static func seconds(_ t: Double) -> String { t == t.rounded() ? "\(Int(t)) s" : String(format: "%.1f s", t) }
}
