import CoffeeGridApp
import Foundation
import PhotoLibrary
import Stage
import SystemIO

/// A folder of "camera" photos made from the bundled ones (scaled up with grain, some stored
/// sideways with their EXIF orientation, capture times not in name order), for the `photos`
/// benchmark and screenshots. Made where needed, never committed.
enum CameraFolder {
    /// Orientations cycled through: most photos upright, some held sideways or upside down.
    static let orientations: [Orientation] = [.up, .right, .up, .up, .left, .up, .down, .up, .up, .up]

    /// Writes `count` JPEGs named IMG_0001.JPG… into `folder` with `workers` threads; returns their
    /// paths. With `thumbnail`, each carries an EXIF thumbnail of that size, as cameras write them.
    @discardableResult
    static func make(in folder: String, count: Int, width: Int = 4000, height: Int = 3000, workers: Int = 2,
                     thumbnail: (width: Int, height: Int)? = nil, resources: ResourceLocator) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let photosFolder = resources.path("Photos")
        let sources = try FileManager.default.contentsOfDirectory(atPath: photosFolder)
            .filter { $0.hasSuffix(".jpg") }.sorted { NaturalOrder.less($0, $1) }.map { photosFolder + "/" + $0 }
        guard !sources.isEmpty else { throw UsageError("no photos in \(photosFolder)") }
        let paths = (1...max(1, count)).map { String(format: "%@/IMG_%04d.JPG", folder, $0) }
        let work = Work()
        let group = DispatchGroup()
        for _ in 0..<max(1, workers) {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                while let i = work.next(below: paths.count) {
                    // Capture times run backwards in blocks of seven, so date order is not name order.
                    let minutes = (i / 7) * 60 + (6 - i % 7) * 5
                    let time = String(format: "2024:06:%02d %02d:%02d:00", 1 + minutes / 1440, minutes / 60 % 24, minutes % 60)
                    do {
                        let data = try SyntheticPhoto.make(from: sources[i % sources.count], width: width, height: height,
                                                           orientation: orientations[i % orientations.count], captureTime: time,
                                                           seed: UInt64(i + 1), thumbnail: thumbnail)
                        try data.write(to: URL(fileURLWithPath: paths[i]))
                    } catch {
                        work.fail(error)
                    }
                }
            }
        }
        group.wait()
        if let e = work.failure { throw e }
        return paths
    }
}

/// Hands out indices to worker threads and keeps the first failure, which stops them all.
// @unchecked: `index` and `failure` are only touched with `lock` held.
private final class Work: @unchecked Sendable {
    private let lock = NSLock()
    private var index = 0
    private(set) var failure: Error?

    func next(below count: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard failure == nil, index < count else { return nil }
        index += 1
        return index - 1
    }

    func fail(_ error: Error) {
        lock.lock()
        if failure == nil { failure = error }
        lock.unlock()
    }
}
