import CoffeeGridApp
import Foundation
import GridCore
import PhotoLibrary
import Stage
import SystemIO

/// The `photos` suite's issue 24 figures:
/// - the first screen at 1280×800, cold cache, in Xvfb, of camera JPEGs that carry an EXIF
///   thumbnail of 160×120 (most cameras) and of 1024×768 (many phones), with the EXIF path and
///   without it (`--no-camera-thumbnails`), side by side, in the Photos scene (one column of
///   1260×200 cells: no thumbnail covers one, so the EXIF path only stands in blurred) and the dock
///   (a grid of small cells: every thumbnail covers one, so no file is decoded);
/// - HEIC per-file CPU: CoffeeGrid's decode at a cell's size against libheif's own tools on the same
///   files (the same library): `heif-thumbnailer -s 256` (its embedded thumbnail when big enough, as
///   ours), and `heif-convert`, which cannot scale in libheif 1.15: its figure is a full decode and
///   a JPEG written, the cost of getting any picture out of it.
extension PhotosBench {
    static let heicCount = Int(ProcessInfo.processInfo.environment["PHOTOS_BENCH_HEIC_COUNT"] ?? "") ?? 20

    static func camera(work: String, resources: ResourceLocator, sources: [String]) throws -> [BenchResult] {
        var results: [BenchResult] = []
        var folders: [(label: String, path: String)] = []
        for (w, h) in [(160, 120), (1024, 768)] {
            let folder = work + "/Camera-exif-\(w)x\(h)"
            print("bench photos: making \(count) camera JPEGs of 4000×3000 with \(w)×\(h) EXIF thumbnails …")
            let paths = try CameraFolder.make(in: folder, count: count, workers: workers, thumbnail: (w, h), resources: resources)
            for p in paths { _ = FileManager.default.contents(atPath: p) }
            folders.append(("exif_\(w)x\(h)", folder))
        }
        results += try cameraFirstScreen(folders, work: work)
        results += try heic(sources: Array(sources.prefix(heicCount)), work: work)
        return results
    }

    // MARK: - The first screen with and without the camera's thumbnails

    static func cameraFirstScreen(_ folders: [(label: String, path: String)], work: String) throws -> [BenchResult] {
        guard let display = try XvfbDisplay.start() else {
            print("bench photos: Xvfb is not installed; camera-thumbnail figures skipped")
            return []
        }
        defer { display.stop() }
        var results: [BenchResult] = []
        for scene in ["photos", "dock"] {
            for folder in folders {
                var medians: [String: Double] = [:]
                // Interleaved, with and without, so a neighbour's load falls on both alike.
                var runs: [String: [StartupBench.Moments]] = [:]
                for _ in 0..<StartupBench.runs {
                    for mode in ["with_exif", "without_exif"] {
                        let cacheHome = work + "/xdg-cache-camera"
                        try? FileManager.default.removeItem(atPath: cacheHome)
                        var env = ProcessInfo.processInfo.environment
                        env["DISPLAY"] = display.name
                        env["SDL_VIDEODRIVER"] = "x11"
                        env["XDG_CACHE_HOME"] = cacheHome
                        env["XDG_STATE_HOME"] = work + "/xdg-state"
                        let args = ["--scene", scene, "--size", "1280x800", "--no-restore", "--report-startup"]
                            + (mode == "without_exif" ? ["--no-camera-thumbnails"] : []) + [folder.path]
                        runs[mode, default: []].append(try StartupBench.decodedRun(args, environment: env))
                    }
                }
                let tag = "photos.camera_thumbnails.\(scene).\(folder.label)"
                for mode in ["with_exif", "without_exif"] {
                    let r = runs[mode] ?? []
                    medians[mode] = Stopwatch.median(r.map(\.shown))
                    results.append(BenchResult("\(tag).\(mode).first_screen", medians[mode]!, "ms"))
                    results.append(BenchResult("\(tag).\(mode).full_size", Stopwatch.median(r.map(\.fullSize)), "ms"))
                }
                // Which path the last run with EXIF took, photo by photo, over the whole run.
                let last = runs["with_exif"]?.last?.paths ?? [:]
                let embedded = last["embedded-thumbnail"] ?? 0, blurred = last["embedded-placeholder"] ?? 0
                results += [BenchResult("\(tag).with_exif.embedded_thumbnails", Double(embedded), "photos"),
                            BenchResult("\(tag).with_exif.blurred_placeholders", Double(blurred), "photos"),
                            BenchResult("\(tag).with_exif.files_decoded", Double(last["file"] ?? 0), "photos")]
                let gain = medians["without_exif"]! / max(medians["with_exif"]!, 1e-9)
                // Where the thumbnails cover the cells the file is never decoded: the issue's
                // "instantly where they fit". Where none covers, the blurred stand-in costs the
                // first screen little (a 72 KB read and a 160×120 decode a file).
                let goal = embedded > 0 ? "≥ 2" : "≥ 0.9"
                results.append(BenchResult("\(tag).gain", gain, "×", goal: goal, met: embedded > 0 ? gain >= 2 : gain >= 0.9))
            }
        }
        return results
    }

    // MARK: - HEIC per file

    /// HEICs as a phone writes them (a 320-px thumbnail inside), made by `heif-enc` from camera JPEGs.
    static func heic(sources: [String], work: String) throws -> [BenchResult] {
        guard let enc = which("heif-enc") else {
            print("bench photos: heif-enc not installed (make bench installs libheif-examples); HEIC figures skipped")
            return []
        }
        let folder = work + "/HEIC"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        print("bench photos: making \(sources.count) HEICs of 4000×3000 with heif-enc …")
        let heics = sources.map { folder + "/" + (($0 as NSString).lastPathComponent as NSString).deletingPathExtension + ".HEIC" }
        runPool(sources.indices.map { [enc, "-q", "50", "-t", "320", sources[$0], "-o", heics[$0]] }, concurrency: workers)
        let made = heics.filter { FileManager.default.fileExists(atPath: $0) }
        guard !made.isEmpty else { throw UsageError("heif-enc made no HEIC files in \(folder)") }
        for p in made { _ = FileManager.default.contents(atPath: p) }
        let n = Double(made.count)
        var results = [BenchResult("photos.heic.files", n, "files")]

        // Ours, one file at a time on this thread (libheif may use threads of its own: process CPU),
        // at the size the tool makes: 256×192 is `heif-thumbnailer -s 256` of a 4:3 photo (its
        // 320×240 thumbnail covers it), 1024×768 is larger than the thumbnail (the primary image).
        func ours(_ side: Int) -> Double {
            let cpu0 = processCPU(children: false)
            let size = Size(width: Double(side), height: Double(side * 3 / 4))
            for p in made { _ = try? PhotoDecoder.decode(path: p, pixelSize: size, maxSide: .max, limits: .standard) }
            return (processCPU(children: false) - cpu0) * 1000 / n
        }
        func theirs(_ commands: [[String]]) -> Double {
            let cpu0 = processCPU(children: true)
            runPool(commands, concurrency: 1)
            return (processCPU(children: true) - cpu0) * 1000 / n
        }
        let ours256 = ours(256), ours1024 = ours(1024)
        results += [BenchResult("photos.heic.coffeegrid.cpu_256", ours256, "ms/file"),
                    BenchResult("photos.heic.coffeegrid.cpu_1024", ours1024, "ms/file")]
        if let tool = which("heif-thumbnailer") {
            let out = work + "/heif-thumbnailer"
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let t = theirs(made.map { [tool, "-s", "256", $0, out + "/" + ($0 as NSString).lastPathComponent + ".png"] })
            results += [BenchResult("photos.heic.heif_thumbnailer_256.cpu", t, "ms/file"),
                        BenchResult("photos.heic.heif_thumbnailer_256_over_coffeegrid_256", t / max(ours256, 1e-9), "×", goal: "≥ 1", met: t >= ours256)]
        } else { print("bench photos: heif-thumbnailer not installed (make bench installs it); skipped") }
        if let tool = which("heif-convert") {
            let out = work + "/heif-convert"
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let t = theirs(made.map { [tool, "-q", "90", $0, out + "/" + ($0 as NSString).lastPathComponent + ".jpg"] })
            results += [BenchResult("photos.heic.heif_convert_full_decode_and_jpeg_write.cpu", t, "ms/file"),
                        BenchResult("photos.heic.heif_convert_full_over_coffeegrid_1024", t / max(ours1024, 1e-9), "×", goal: "≥ 1", met: t >= ours1024)]
        } else { print("bench photos: heif-convert not installed (make bench installs libheif-examples); skipped") }
        return results
    }
}
