import CoffeeGridApp
import Foundation
import GridCore
import SystemIO
import Stage

/// The `frame` suite on a person's photos (issue 25): the Photos scene on a folder of 300 camera
/// JPEGs of 4000×3000 with EXIF (`CameraFolder`), made once and kept under `.build/` so later runs
/// reuse it. Each scenario checks its setup (the folder's photos in the grid, the columns it wants)
/// before it measures, so a bench that measured the wrong screen fails instead of reporting.
extension FrameBench {
    /// The folder made (or found complete) once per process, for the settings it was made for, and
    /// the cold caches handed out so far.
    private static let made = Locked<(folder: String?, spec: String, coldRuns: Int)>((nil, "", 0))

    static func cacheRoot() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-bench-cache-\(getpid())").path
    }

    static func removeCaches() { try? FileManager.default.removeItem(atPath: cacheRoot()) }

    /// The camera folder, made if absent or incomplete (a run stopped halfway leaves no marker).
    static func cameraFolder() throws -> String {
        let settings = BenchSettings.current
        let spec = settings.cameraFolder
        let cwd = FileManager.default.currentDirectoryPath
        let root = settings.cameraFolderRoot ?? (FileManager.default.fileExists(atPath: cwd + "/.build") ? cwd + "/.build/bench-photos"
                                                                                         : FileManager.default.temporaryDirectory.path + "/coffeegrid-bench-photos")
        let path = root + "/camera-\(spec.count)-\(spec.width)x\(spec.height)"
        if let folder = made.withLock({ $0.spec == path ? $0.folder : nil }) { return folder }
        let marker = path + "/.complete"
        let expected = "\(spec.count) \(spec.width)x\(spec.height) \(CoffeeGrid.version)\n"
        let names = (1...spec.count).map { String(format: "IMG_%04d.JPG", $0) }
        let present = (try? FileManager.default.contentsOfDirectory(atPath: path)).map(Set.init) ?? []
        if (try? String(contentsOfFile: marker, encoding: .utf8)) == expected, names.allSatisfy(present.contains) {
            print("bench frame: reusing \(spec.count) camera JPEGs of \(spec.width)×\(spec.height) in \(path)")
        } else {
            print("bench frame: making \(spec.count) camera JPEGs of \(spec.width)×\(spec.height) in \(path) (kept for later runs) …")
            try? FileManager.default.removeItem(atPath: path)
            try CameraFolder.make(in: path, count: spec.count, width: spec.width, height: spec.height, resources: try ResourceLocator.locate())
            try expected.write(toFile: marker, atomically: true, encoding: .utf8)
        }
        // Decodes read the page cache, not the disk, in every run alike.
        for n in names { _ = FileManager.default.contents(atPath: path + "/" + n) }
        made.withLock { $0.folder = path; $0.spec = path }
        return path
    }

    /// Points `options` at the folder and XDG_CACHE_HOME at the bench's own thumbnail cache (fresh
    /// when `cold`, never the person's); returns what puts XDG_CACHE_HOME back.
    static func openFolder(_ options: inout Options, cold: Bool) throws -> () -> Void {
        options.paths = [try cameraFolder()]
        options.restore = false
        let saved = getenv("XDG_CACHE_HOME").map { String(cString: $0) }
        var home = cacheRoot() + "/warm"
        if cold {
            let run = made.withLock { $0.coldRuns += 1; return $0.coldRuns }
            home = cacheRoot() + "/cold-\(run)"
            try? FileManager.default.removeItem(atPath: home)
        }
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        setenv("XDG_CACHE_HOME", home, 1)
        return { if let saved = saved { setenv("XDG_CACHE_HOME", saved, 1) } else { unsetenv("XDG_CACHE_HOME") } }
    }

    static func checkSetup(_ s: Scenario, _ app: AppController) throws {
        guard app.sceneName == "photos", let grid = app.sceneGrid else { throw UsageError("bench frame \(s.name): not in the Photos scene") }
        let count = app.context.photos.count
        let expected = BenchSettings.current.cameraFolder.count
        guard count == expected else { throw UsageError("bench frame \(s.name): \(count) photos in the grid, not \(expected)") }
        if let c = s.columns, grid.layout.trackCount != c { throw UsageError("bench frame \(s.name): \(grid.layout.trackCount) columns after the warm-up, not \(c)") }
    }

    static func key(_ host: StageHost, _ c: Character) { host.inject(.key(.character(c), [])) }

    /// The grid key, once a frame, until the Photos scene shows `columns` (it opens with as many as
    /// the window fits: four at the bench's 1280 points).
    static func showColumns(_ columns: Int, _ host: StageHost, _ app: AppController) {
        if let grid = app.sceneGrid, grid.layout.trackCount != columns { key(host, "g") }
    }

    /// 4 columns (settled), then a notched wheel as a person spins one:
    /// 40 pt a notch (`precise: false`, smoothed), one every 6 frames, down for 2 s, back up for 2 s.
    /// Warm: the warm-up scrolls the same path once, every frame waiting for its photos, so every
    /// photo the measured pass shows is in the thumbnail caches, memory and disk.
    static let photosScroll = Scenario(name: "photos.scroll", scene: "photos", warmup: 60 + 240, photos: true, columns: 4) { host, app, frame in
        if frame < 60 {
            if frame < 4 { showColumns(4, host, app) }
            return
        }
        let f = (frame - 60) % 240
        guard f % 6 == 0 else { return }
        host.inject(.wheel(dx: 0, dy: f < 120 ? 40 : -40, precise: false, at: app.sceneFrame.center, modifiers: []))
    }

    /// Cold (a fresh thumbnail cache; the first screen decoded in the warm-up): 4 columns, then
    /// 4000 pt in 0.5 s as touchpad deltas (applied at once), 133 pt a frame for 30 frames, frames
    /// paced at 60 Hz; then how long until no placeholder is on screen.
    static let photosFling = Scenario(name: "photos.fling", scene: "photos", warmup: 60, photos: true, coldCache: true, paced: true,
                                      fillAfter: 30, columns: 4) { host, app, frame in
        if frame < 4 { showColumns(4, host, app) }
        let f = frame - 60
        guard (0..<30).contains(f) else { return }
        host.inject(.wheel(dx: 0, dy: 4000.0 / 30, precise: true, at: app.sceneFrame.center, modifiers: []))
    }

    /// The grid key every half second, 1 → 2 → 3 → 4 → 1 columns, warm as `feed.toggle`: the
    /// warm-up goes to one column, then once round all four layouts, every frame waiting for its photos.
    static let photosToggle = Scenario(name: "photos.toggle", scene: "photos", photos: true, columns: 1) { host, app, frame in
        // Two frames: the scene takes the window's columns at its first update.
        if frame < 2 { showColumns(1, host, app); return }
        if frame < 30 ? (frame - 2) % 7 == 0 : (frame - 30) % 30 == 0 { key(host, "g") }
    }

    /// The photo scenarios' own figures: the slowest render-thread frame, and for a fling the time
    /// from its last moving frame until the screen was filled, stepping paced frames past the
    /// measured ones (up to 10 s) if it was not yet.
    static func photoFigures(_ s: Scenario, tag: String, mainSamples: [Double], fill: inout FillClock,
                             host: StageHost, app: AppController) -> [BenchResult] {
        let worst = mainSamples.max() ?? 0
        guard s.fillAfter != nil else { return [BenchResult("\(tag).render_thread.max", worst, "ms")] }
        var extra = 0
        let pace = Pace(on: true)
        while fill.filledMs == nil, fill.sinceStopMs < 10_000, extra < 1200 {
            s.drive(host, app, s.warmup + s.frames + extra)
            host.step()
            fill.frameDrawn(s.frames + extra, pending: app.pendingImages)
            pace.wait(frame: s.frames + extra)
            extra += 1
        }
        let filled = fill.filledMs ?? fill.sinceStopMs
        return [
            BenchResult("\(tag).render_thread.max", worst, "ms", goal: "≤ 16.7", met: worst <= 16.7),
            BenchResult("\(tag).screen_filled_after_fling", filled, "ms", goal: "≤ 1000", met: fill.filledMs != nil && filled <= 1000),
            BenchResult("\(tag).frames_to_fill", Double(fill.framesToFill ?? (s.frames + extra - (s.fillAfter ?? 0))), "frames"),
        ]
    }
}

/// Frames at 60 Hz of wall time: sleeps what is left of frame `i`'s 16.7 ms after it was drawn.
struct Pace {
    let on: Bool
    let start = DispatchTime.now().uptimeNanoseconds

    func wait(frame i: Int) {
        guard on else { return }
        let due = start + UInt64(Double(i + 1) * 1e9 / 60)
        let now = DispatchTime.now().uptimeNanoseconds
        if due > now { usleep(UInt32((due - now) / 1000)) }
    }
}

/// The wall time from the end of the frame before measured frame `after` (the screen's last move)
/// to the end of the first frame from there drawn with no placeholder.
struct FillClock {
    let after: Int?
    private var stop: UInt64?
    private(set) var filledMs: Double?
    private(set) var framesToFill: Int?

    init(after: Int?) { self.after = after }

    var sinceStopMs: Double { stop.map { Double(DispatchTime.now().uptimeNanoseconds - $0) / 1e6 } ?? 0 }

    mutating func frameDrawn(_ i: Int, pending: Int) {
        guard let after = after, filledMs == nil else { return }
        if i == after - 1 { stop = DispatchTime.now().uptimeNanoseconds }
        if i >= after, pending == 0, stop != nil {
            filledMs = sinceStopMs
            framesToFill = i - after + 1
        }
    }
}
