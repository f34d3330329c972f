import Foundation
import XCTest
import GridCore
import Stage
import SystemIO
@testable import CoffeeGridApp
import StageInterface

/// No scene does I/O (issue 23): every scene of the catalog, the Photos scene on a folder among
/// them, is made, updated, handed clicks, drags, wheels and keys and drawn under a spy on the
/// calling thread's read and write system calls (`/proc/thread-self/io`), which count every
/// `read`/`write` on any descriptor: files, pipes, inotify. The app's services read what a scene
/// needs before it is made and sync its files between updates; the spy is off for those.
final class SceneIOTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-sceneio-\(UUID().uuidString)")
        let folder = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let resources = try ResourceLocator.locate()
        for n in 1...6 {
            try FileManager.default.copyItem(atPath: resources.path("Photos/coffee-\(n).jpg"), toPath: folder.appendingPathComponent("IMG_\(n).jpg").path)
        }
        setenv("XDG_STATE_HOME", dir.appendingPathComponent("state").path, 1)
        setenv("XDG_CACHE_HOME", dir.appendingPathComponent("cache").path, 1)
        // A dock saved by an earlier run, so the dock scene has a file to restore and to merge into.
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("state/coffeegrid"), withIntermediateDirectories: true)
        try Data(#"{"dock":["coffee-3"]}"#.utf8).write(to: dir.appendingPathComponent("state/coffeegrid/dock.json"))
    }

    override func tearDownWithError() throws {
        unsetenv("XDG_STATE_HOME")
        unsetenv("XDG_CACHE_HOME")
        try? FileManager.default.removeItem(at: dir)
    }

    /// This thread's read and write system calls so far. One `read` of its own each time, which
    /// `spy` subtracts.
    private static func syscalls() -> (reads: Int, writes: Int) {
        let fd = open("/proc/thread-self/io", O_RDONLY)
        guard fd >= 0 else { return (-1, -1) }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        var counts: [String: Int] = [:]
        for line in String(decoding: buffer.prefix(max(0, n)), as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: ":")
            if parts.count == 2 { counts[String(parts[0])] = Int(parts[1].trimmingCharacters(in: .whitespaces)) }
        }
        return (counts["syscr"] ?? -1, counts["syscw"] ?? -1)
    }

    /// What `body` did, less what two samples with nothing between them count.
    private struct Spy {
        let overhead: (reads: Int, writes: Int)
        var calls: [String] = []

        init() {
            let a = SceneIOTests.syscalls(), b = SceneIOTests.syscalls()
            overhead = (b.reads - a.reads, b.writes - a.writes)
        }

        mutating func watch<T>(_ what: String, _ body: () throws -> T) rethrows -> T {
            let before = SceneIOTests.syscalls()
            let result = try body()
            let after = SceneIOTests.syscalls()
            let reads = after.reads - before.reads - overhead.reads, writes = after.writes - before.writes - overhead.writes
            if reads != 0 || writes != 0 { calls.append("\(what): \(reads) reads, \(writes) writes") }
            return result
        }
    }

    func testNoSceneReadsOrWritesAFileInItsInitUpdateInputOrDrawing() throws {
        guard FileManager.default.isReadableFile(atPath: "/proc/thread-self/io") else {
            throw XCTSkip("/proc/thread-self/io is not readable here: the spy has nothing to count with")
        }
        XCTAssertGreaterThanOrEqual(Self.syscalls().reads, 0)
        for photos in [false, true] {
            var options = Options()
            options.restore = true
            if photos { options.paths = [dir.appendingPathComponent("photos").path] }
            let context = AppContext(options: options, resources: try ResourceLocator.locate(), log: { _ in })
            context.photos.finishScanning()
            let catalog = photos ? SceneCatalog.standard().addingPhotos() : SceneCatalog.standard()
            for entry in catalog.entries where !photos || SceneRouter.photoSetScenes.contains(entry.name) {
                var spy = Spy()
                try exercise(entry, context: context, spy: &spy)
                XCTAssertTrue(spy.calls.isEmpty, "\(entry.name)\(photos ? " on a folder" : ""): I/O in \(spy.calls.count) of its calls, first \(spy.calls.prefix(6))")
            }
        }
    }

    /// Makes the scene and drives it as a person would, at two window sizes; the services sync
    /// between updates as the app's loop does.
    private func exercise(_ entry: SceneCatalog.Entry, context: AppContext, spy: inout Spy) throws {
        context.services.prepare(entry.needs, context: context)
        let scene = spy.watch("\(entry.name) init") { entry.make(context) }
        var time = 0.0
        for size in [Size(width: 390, height: 844), Size(width: 1280, height: 800)] {
            let env = AppEnvironment(windowSize: size, sizeClasses: SizeClasses(windowSize: size), scale: 1, appearance: .light,
                                     time: time, resources: context.resources)
            let area = Rect(x: 0, y: 0, width: size.width, height: size.height)
            func frame(_ label: String) {
                time += 1.0 / 60
                var e = env
                e.time = time
                context.services.sync()
                _ = spy.watch("\(entry.name) update after \(label)") { scene.update(frame: area, env: e, recordingState: true) }
                var list = DrawList()
                spy.watch("\(entry.name) draw after \(label)") { scene.draw(&list, env: e) }
            }
            for _ in 0..<3 { frame("start") }
            // Clicks over the whole area (photos move to the dock and back, cafes open, cells select).
            for y in stride(from: 40.0, to: size.height, by: 90) {
                for x in stride(from: 30.0, to: size.width, by: 110) {
                    let p = Point(x: x, y: y)
                    spy.watch("\(entry.name) click at \(x),\(y)") {
                        scene.handlePointer(.move(p), env: env)
                        scene.handlePointer(.down(p), env: env)
                        scene.handlePointer(.up(p), env: env)
                    }
                    frame("a click")
                }
            }
            // A drag from the first row down, a wheel, a pinch.
            spy.watch("\(entry.name) drag") {
                scene.handlePointer(.down(Point(x: 60, y: 120)), env: env)
                for i in 1...8 { scene.handlePointer(.move(Point(x: 60 + 10 * Double(i), y: 120 + 40 * Double(i))), env: env) }
                scene.handlePointer(.up(Point(x: 140, y: 440)), env: env)
            }
            frame("a drag")
            spy.watch("\(entry.name) wheel and pinch") {
                scene.handlePointer(.wheel(dx: 0, dy: 120, precise: false, at: area.center, modifiers: []), env: env)
                scene.handlePointer(.pinch(scale: 1.4, at: area.center), env: env)
                scene.handlePointer(.pinchEnded(at: area.center), env: env)
            }
            for _ in 0..<20 { frame("a wheel") }
            // Keys: focus in, move, activate, the scenes' own letters and digits, selection, undo.
            scene.focusChanged(true)
            let keys: [(Key, KeyModifiers)] = [(.right, []), (.down, []), (.enter, []), (.space, []), (.character("a"), [.control]),
                                               (.escape, []), (.character("+"), []), (.character("-"), []), (.character("g"), []),
                                               (.character("r"), []), (.character("p"), []), (.character("c"), []),
                                               (.character("z"), [.control]), (.pageDown, []), (.end, []), (.home, [])]
            for (key, modifiers) in keys {
                _ = spy.watch("\(entry.name) key \(key)") { scene.handleKey(key, modifiers, env: env) }
                frame("key \(key)")
            }
            scene.focusChanged(false)
            for _ in 0..<60 { frame("settling") }
        }
        // What the scene asked of the app is only asked: taking it is memory too.
        spy.watch("\(entry.name) requests") {
            _ = scene.takeOpenRequest()
            _ = scene.takeLibraryRequest()
            _ = scene.takeRevealRequest()
            _ = scene.state(env: AppEnvironment(windowSize: Size(width: 390, height: 844), sizeClasses: SizeClasses(windowSize: Size(width: 390, height: 844)),
                                                scale: 1, appearance: .light, time: time, resources: context.resources))
            _ = scene.code
        }
    }
}
