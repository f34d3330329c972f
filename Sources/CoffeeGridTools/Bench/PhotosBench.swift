import CoffeeGridApp
import Foundation
import GridCore
import PhotoLibrary
import Stage
import SystemIO

/// The `photos` suite (issue 13), all on the same 200 camera JPEGs of 4000×3000 made at the start
/// of the run (the bundled photos scaled up with grain, three in ten stored sideways or upside down with
/// their EXIF orientation) and deleted at the end:
/// - 256-px thumbnails a second, cold cache, written to a cache folder: CoffeeGrid's pipeline on two
///   workers, `gdk-pixbuf-thumbnailer` (GNOME's: a process per file, one at a time, and as many at
///   once as there are cores) and `vipsthumbnail` (given every file at once), with CPU per file;
/// - the floor: `djpeg -scale 1/8` a file on one core (entropy decoding, which no thumbnailer
///   escapes), so the limit is cores ÷ that time;
/// - the gain of DCT scaling over a full SDL2_image decode and downscale, one worker;
/// - launch to the first screen of photos decoded at 1280×800 in Xvfb, cold and warm cache;
/// - the first screen with and without the camera's EXIF thumbnails, and HEIC per file against
///   libheif's tools (PhotosBench+Camera.swift);
/// - the resident set while scrolling a 10,000-entry folder (links to the 200) end to end.
/// PHOTOS_BENCH_COUNT, PHOTOS_BENCH_HEIC_COUNT and PHOTOS_BENCH_ENTRIES make a smaller run.
enum PhotosBench {
    static let count = Int(ProcessInfo.processInfo.environment["PHOTOS_BENCH_COUNT"] ?? "") ?? 200
    static let workers = 2
    static let entries = Int(ProcessInfo.processInfo.environment["PHOTOS_BENCH_ENTRIES"] ?? "") ?? 10_000

    static func run() throws -> [BenchResult] {
        let resources = try ResourceLocator.locate()
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-photos-bench-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: work) }
        let folder = work + "/Camera"
        print("bench photos: making \(count) camera JPEGs of 4000×3000 in \(folder) …")
        let paths = try CameraFolder.make(in: folder, count: count, workers: workers, resources: resources)
        let bytes = paths.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
        // Every program reads the files from the page cache, not the disk.
        for p in paths { _ = FileManager.default.contents(atPath: p) }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var results = [BenchResult("photos.files", Double(paths.count), "files"),
                       BenchResult("photos.file_size", Double(bytes) / Double(paths.count) / 1_048_576, "MB")]

        results += try thumbnails(paths, work: work, cores: cores)

        // DCT scaling against the old path, decode and downscale only, on this one thread, file by
        // file alternately, timed in this thread's CPU time (what a neighbour's load does not change).
        let cell = Size(width: 256, height: 256)
        var scaledNs = 0.0, fullNs = 0.0
        for p in paths {
            scaledNs += Stopwatch.cpuNanoseconds { _ = try? PhotoDecoder.decode(path: p, pixelSize: cell, maxSide: .max, limits: .standard) }
            fullNs += Stopwatch.cpuNanoseconds {
                _ = try? PhotoDecoder.decode(path: p, pixelSize: cell, maxSide: .max, limits: .standard, jpeg: .fullSize)
            }
        }
        let n = Double(paths.count)
        results += [BenchResult("photos.one_worker.dct_scaled", n / (scaledNs / 1e9), "files/s"),
                    BenchResult("photos.one_worker.sdl_image_full_decode", n / (fullNs / 1e9), "files/s"),
                    BenchResult("photos.dct_scaling_gain", fullNs / scaledNs, "×", goal: "≥ 2", met: fullNs / scaledNs >= 2)]

        results += try firstScreen(folder: folder, work: work)
        results += try camera(work: work, resources: resources, sources: paths)
        results += try memory(sources: paths, work: work)
        return results
    }

    // MARK: - Thumbnails a second

    /// One contender: how it makes 256-px thumbnails of a batch of files.
    struct Contender {
        let name: String
        let run: ([String]) -> Void
        var wall = 0.0, cpu = 0.0, files = 0
    }

    /// Every contender on the same files, interleaved in rounds of 20 (each round: every contender
    /// on the same 20 files), so the load other programs put on a shared machine falls on all
    /// alike. Wall time gives thumbnails a second; CPU time (this process's for CoffeeGrid, the
    /// children's for the others) what a file costs whatever the load.
    static func thumbnails(_ paths: [String], work: String, cores: Int) throws -> [BenchResult] {
        let cache = ThumbnailCache(root: work + "/cache/thumbnails", version: CoffeeGrid.version)
        var contenders = [Contender(name: "coffeegrid") { batch in
            parallel(batch.count, workers: workers) { _ = try? PhotoDecoder.thumbnail(path: batch[$0], flavor: .large, cache: cache) }
        }]
        if let tool = which("gdk-pixbuf-thumbnailer") {
            // As GNOME runs it (one file at a time, a process each), and as many at once as there are cores.
            for concurrency in [1, cores] {
                let out = work + "/gdk-\(concurrency)"
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                contenders.append(Contender(name: "gdk_pixbuf_thumbnailer.\(concurrency == 1 ? "one_at_a_time" : "\(concurrency)_at_a_time")") { batch in
                    runPool(batch.map { [tool, "-s", "256", $0, out + "/" + ($0 as NSString).lastPathComponent + ".png"] }, concurrency: concurrency)
                })
            }
        } else { print("bench photos: gdk-pixbuf-thumbnailer not installed (make bench installs it); skipped") }
        if let tool = which("vipsthumbnail") {
            let out = work + "/vips"
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            contenders.append(Contender(name: "vipsthumbnail") { batch in runPool([[tool, "-s", "256", "-o", out + "/%s.png"] + batch], concurrency: 1) })
        } else { print("bench photos: vipsthumbnail not installed (make bench installs it); skipped") }
        if let tool = which("djpeg") {
            contenders.append(Contender(name: "djpeg_scale_1_8") { batch in
                runPool(batch.map { [tool, "-scale", "1/8", "-outfile", "/dev/null", $0] }, concurrency: 1)
            })
        } else { print("bench photos: djpeg not installed (make bench installs it); skipped") }

        for start in stride(from: 0, to: paths.count, by: 20) {
            let batch = Array(paths[start..<min(start + 20, paths.count)])
            for i in contenders.indices {
                let inProcess = contenders[i].name == "coffeegrid"
                let cpu0 = processCPU(children: !inProcess)
                contenders[i].wall += seconds { contenders[i].run(batch) }
                contenders[i].cpu += processCPU(children: !inProcess) - cpu0
                contenders[i].files += batch.count
            }
        }
        let rate = { (c: Contender) in Double(c.files) / max(c.wall, 1e-9) }
        let cpuMs = { (c: Contender) in c.cpu * 1000 / Double(max(c.files, 1)) }
        let ours = contenders[0]
        let written = cache.counters.written
        var results = [BenchResult("photos.coffeegrid.thumbnails_256", rate(ours), "files/s"),
                       BenchResult("photos.coffeegrid.cpu", cpuMs(ours), "ms/file"),
                       BenchResult("photos.coffeegrid.written_to_cache", Double(written), "files", goal: "= \(paths.count)", met: written == paths.count)]
        for c in contenders.dropFirst() where c.name != "djpeg_scale_1_8" {
            let ratio = rate(ours) / rate(c)
            let goal = c.name.hasSuffix("at_a_time") && !c.name.hasSuffix("one_at_a_time") ? nil : "≥ 3"
            results += [BenchResult("photos.\(c.name).thumbnails_256", rate(c), "files/s"),
                        BenchResult("photos.\(c.name).cpu", cpuMs(c), "ms/file"),
                        BenchResult("photos.coffeegrid_over_\(c.name)", ratio, "×", goal: goal, met: goal.map { _ in ratio >= 3 })]
        }
        if let d = contenders.first(where: { $0.name == "djpeg_scale_1_8" }) {
            // The floor: djpeg's decode of one file on one core; the limit uses every core.
            let perFile = d.wall / Double(d.files)
            let limit = Double(cores) / perFile
            results += [BenchResult("photos.djpeg_scale_1_8.one_core", perFile * 1000, "ms/file"),
                        BenchResult("photos.djpeg_scale_1_8.cpu", cpuMs(d), "ms/file"),
                        BenchResult("photos.djpeg_limit.\(cores)_cores", limit, "files/s"),
                        BenchResult("photos.limit_over_coffeegrid", limit / rate(ours), "×", goal: "≤ 1.3", met: limit / rate(ours) <= 1.3),
                        BenchResult("photos.coffeegrid_cpu_over_djpeg_cpu", cpuMs(ours) / cpuMs(d), "×")]
        }
        return results
    }

    /// User and system CPU seconds of this process (all threads), or of its finished children.
    static func processCPU(children: Bool) -> Double {
        var u = rusage()
        getrusage(children ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue, &u)
        return Double(u.ru_utime.tv_sec) + Double(u.ru_utime.tv_usec) / 1e6 + Double(u.ru_stime.tv_sec) + Double(u.ru_stime.tv_usec) / 1e6
    }

    // MARK: - Launch to the first screen

    /// `--report-startup` in Xvfb at 1280×800: the feed (one column: photos wider than any thumbnail
    /// size, decoded from the files; warm, their cached thumbnails are shown first) and the dock (a
    /// grid of thumbnails), each with an empty cache (cold) and again with the cache the cold runs
    /// filled (warm): to the first screen shown (thumbnails) and to the first screen at full size.
    static func firstScreen(folder: String, work: String) throws -> [BenchResult] {
        guard let display = try XvfbDisplay.start() else {
            print("bench photos: Xvfb is not installed; first-screen figures skipped")
            return []
        }
        defer { display.stop() }
        var results: [BenchResult] = []
        // A person's folder opens in the Photos scene (the feed keeps the seed's own twenty photos).
        for scene in ["photos", "dock"] {
            let cacheHome = work + "/xdg-cache-\(scene)"
            var env = ProcessInfo.processInfo.environment
            env["DISPLAY"] = display.name
            env["SDL_VIDEODRIVER"] = "x11"
            env["XDG_CACHE_HOME"] = cacheHome
            env["XDG_STATE_HOME"] = work + "/xdg-state"
            let args = ["--scene", scene, "--size", "1280x800", "--no-restore", "--report-startup", folder]
            var cold: [(shown: Double, fullSize: Double)] = [], warm: [(shown: Double, fullSize: Double)] = []
            for _ in 0..<StartupBench.runs {
                try? FileManager.default.removeItem(atPath: cacheHome)
                cold.append(try StartupBench.decodedMoments(args, environment: env))
            }
            for _ in 0..<StartupBench.runs { warm.append(try StartupBench.decodedMoments(args, environment: env)) }
            // The goal is the issue's: the first screen of thumbnails decoded (a cached thumbnail
            // standing in for a larger decode counts); at full size is when every photo on it is
            // at its cell's size (later in the feed, whose column is wider than any thumbnail).
            let c = Stopwatch.median(cold.map(\.shown)), w = Stopwatch.median(warm.map(\.shown))
            results += [BenchResult("photos.first_screen.\(scene).cold_cache", c, "ms"),
                        BenchResult("photos.first_screen.\(scene).warm_cache", w, "ms", goal: "< 300", met: w < 300),
                        BenchResult("photos.first_screen.\(scene).cold_cache.full_size", Stopwatch.median(cold.map(\.fullSize)), "ms"),
                        BenchResult("photos.first_screen.\(scene).warm_cache.full_size", Stopwatch.median(warm.map(\.fullSize)), "ms")]
        }
        return results
    }

    // MARK: - Memory on 10,000 entries

    static func memory(sources: [String], work: String) throws -> [BenchResult] {
        let folder = work + "/TenThousand"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for i in 0..<entries {
            try FileManager.default.createSymbolicLink(atPath: String(format: "%@/P%05d.JPG", folder, i), withDestinationPath: sources[i % sources.count])
        }
        var env = ProcessInfo.processInfo.environment
        env["XDG_CACHE_HOME"] = work + "/xdg-cache-memory"
        env["XDG_STATE_HOME"] = work + "/xdg-state"
        let r = try ChildProcess.json(["bench-child", "memory-photos", folder, "--steps", "2000"], environment: env)
        let mb = { (key: String) in (r[key] as? Double ?? 0) / 1_048_576 }
        // Textures fill up to the byte budget by design; the rest of the process must stay flat.
        let third = mb("pass3") - mb("pass3Textures"), fifth = mb("pass5") - mb("pass5Textures")
        let growth = third > 0 ? (fifth - third) / third * 100 : .infinity
        let reached = r["reachedEnd"] as? Bool ?? false
        let peak = mb("peak")
        return [BenchResult("photos.memory_1e4.rss_first_screen", mb("firstScreen"), "MB"),
                BenchResult("photos.memory_1e4.rss_after_end_to_end", mb("pass1"), "MB"),
                BenchResult("photos.memory_1e4.rss_after_five_passes", mb("pass5"), "MB"),
                BenchResult("photos.memory_1e4.textures_after_five_passes", mb("pass5Textures"), "MB",
                            goal: "≤ budget \(Int(mb("budget"))) MB", met: mb("pass5Textures") <= mb("budget")),
                BenchResult("photos.memory_1e4.rss_peak", peak, "MB", goal: "< 300", met: peak < 300),
                BenchResult("photos.memory_1e4.beside_textures_pass3_to_pass5", growth, "%", goal: "≤ 5", met: growth <= 5),
                BenchResult("photos.memory_1e4.frames", r["frames"] as? Double ?? 0, "frames", goal: "reaches the last photo", met: reached)]
    }

    // MARK: - Helpers

    /// Wall-clock seconds `body` takes.
    static func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func which(_ tool: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `body(i)` for i in 0..<count on `workers` threads.
    static func parallel(_ count: Int, workers: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let next = Counter()
        let group = DispatchGroup()
        for _ in 0..<max(1, workers) {
            group.enter()
            Thread.detachNewThread {
                while let i = next.take(below: count) { body(i) }
                group.leave()
            }
        }
        group.wait()
    }

    /// Runs the commands, `concurrency` at a time, output discarded; waits for all.
    static func runPool(_ commands: [[String]], concurrency: Int) {
        parallel(commands.count, workers: concurrency) { i in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: commands[i][0])
            p.arguments = Array(commands[i].dropFirst())
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            do { try p.run(); p.waitUntilExit() } catch { print("bench photos: cannot run \(commands[i][0]): \(error)") }
        }
    }
}

/// Hands out 0, 1, 2… to threads.
// @unchecked: `value` is only touched with `lock` held.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func take(below count: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < count else { return nil }
        value += 1
        return value - 1
    }
}
