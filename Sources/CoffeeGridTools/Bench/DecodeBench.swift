import CoffeeGridApp
import Foundation
import GridCore
import PhotoLibrary
import Stage
import SystemIO

/// The `decode` suite: photos per second through the decoder pool (as the app decodes them) and
/// the same decodes one after another on the calling thread, at a typical cell size.
enum DecodeBench {
    /// A stack cell: 130 points on a 390-point phone, at 2× pixels.
    static let cellPixels = Size(width: 260, height: 260)
    static let workers = 2

    static func run() throws -> [BenchResult] {
        let resources = try ResourceLocator.locate()
        let folder = resources.path("Photos")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }.sorted()
        guard !names.isEmpty else { throw UsageError("no photos in \(folder)") }
        // Three passes over the folder so the pool's start and end matter less than its steady rate.
        let paths = Array(repeating: names.map { folder + "/" + $0 }, count: 3).flatMap { $0 }
        var pooled: [Double] = [], serial: [Double] = []
        for _ in 0..<3 {
            let r = PhotoDecoder.benchmarkDecode(paths: paths, pixelSize: cellPixels, workers: workers)
            pooled.append(r.pooledPerSecond)
            serial.append(r.serialPerSecond)
        }
        let p = Stopwatch.median(pooled), s = Stopwatch.median(serial)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return [
            BenchResult("decode.photos", Double(names.count), "files"),
            BenchResult("decode.pool_\(workers)_workers", p, "photos/s"),
            BenchResult("decode.serial_main_thread", s, "photos/s"),
            BenchResult("decode.pool_over_serial", p / s, "×", goal: "≥ 1.5 (\(cores) cores)", met: p / s >= 1.5),
        ]
    }
}
