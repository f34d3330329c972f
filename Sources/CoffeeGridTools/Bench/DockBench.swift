import CoffeeGridApp
import Foundation
import GridCore
import SystemIO

/// The `dock` suite: what one dock change costs the main thread (the click's hit test, the move,
/// the save of the dock file) with a person's folder of 2,400 photos, nothing docked and 2,300
/// docked, each path about 240 bytes (a 545 KB dock file). The frames of the flight that follows
/// are not counted: the frame suite measures drawing.
enum DockBench {
    static let photos = 2_400
    static let changes = 20

    static func run() throws -> [BenchResult] {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-dock-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        let folder = work.appendingPathComponent(String(repeating: "Trip-to-the-coffee-roasters-of-the-north-", count: 5))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let resources = try ResourceLocator.locate()
        let first = folder.appendingPathComponent("photo-1.jpg").path
        try FileManager.default.copyItem(atPath: resources.path("Photos/coffee-1.jpg"), toPath: first)
        for i in 2...photos { link(first, folder.appendingPathComponent("photo-\(i).jpg").path) }
        setenv("XDG_STATE_HOME", work.appendingPathComponent("state").path, 1)
        var results: [BenchResult] = []
        for docked in [0, 2_300] {
            let paths = (photos - docked + 1..<photos + 1).map { folder.appendingPathComponent("photo-\($0).jpg").path }
            let ms = try changeMilliseconds(folder: folder.path, docked: paths, resources: resources)
            let median = Stopwatch.median(ms)
            results.append(BenchResult("dock.change.\(docked)_docked", median, "ms", goal: docked > 0 ? "≤ 16 (a frame)" : nil,
                                       met: docked > 0 ? median <= 16 : nil))
        }
        return results
    }

    /// Thread CPU of each of `changes` clicks on the first grid photo, the dock holding `docked`.
    private static func changeMilliseconds(folder: String, docked: [String], resources: ResourceLocator) throws -> [Double] {
        let store = DockStore.forOwnPhotos()
        try? FileManager.default.removeItem(atPath: store.path)
        if !docked.isEmpty { try store.save(docked) }
        var options = Options()
        options.paths = [folder]
        options.thumbnailCache = false
        let context = AppContext(options: options, resources: resources, log: { _ in })
        context.photos.finishScanning()
        let size = Size(width: 390, height: 844)
        let app = try AppController(context: context, initialScene: "dock", windowSize: size, scale: 1)
        app.handle(.resize(size), at: 0)
        var time = 0.0
        _ = app.update(at: time, scale: 1)
        // The first grid photo, under the code panel and the "Photos" heading (as the tests click it).
        let p = Point(x: 42, y: 282)
        var ms: [Double] = []
        for _ in 0..<changes {
            let ns = Stopwatch.cpuNanoseconds {
                app.handle(.mouseMove(p), at: time)
                app.handle(.mouseDown(p, .left), at: time)
                app.handle(.mouseUp(p, .left), at: time)
                _ = app.update(at: time, scale: 1)
            }
            ms.append(ns / 1e6)
            // The flight lands (updates only, no drawing) before the next click.
            for _ in 0..<60 {
                time += 1.0 / 60
                _ = app.update(at: time, scale: 1)
            }
        }
        // Each click moved a photo into the dock, and each move was saved.
        let saved = (try? StateFile.read(store.path, maxBytes: DockStore.maxBytes)).flatMap { $0.flatMap(DockStore.parse) }?.count ?? 0
        guard saved == docked.count + changes else {
            throw UsageError("bench dock: \(changes) clicks left \(saved) photos docked, not \(docked.count + changes)")
        }
        return ms
    }
}
