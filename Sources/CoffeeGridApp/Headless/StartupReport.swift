import Foundation
import SystemIO
import Stage

/// `--report-startup`: prints, on standard output, how long after process start the first frame was
/// drawn, when every photo on screen was first drawn from a decoded picture (no placeholder left:
/// thumbnails count, including a cached one standing in while the file decodes at a larger size),
/// and when every one was at the size its cell asks for, then asks the app to quit. The last two are
/// the same frame unless a cell is larger than any thumbnail (the feed's one column at 1280 × 800).
/// The same in a real window and headless; `coffeegrid bench startup` and `bench photos` read these
/// lines from a child process.
///
///     coffeegrid startup: first-frame 84.1 ms (monotonic 123456.789)
///     coffeegrid startup: photos-decoded 212.5 ms (monotonic 123585.163)
///     coffeegrid startup: photos-full-size 398.0 ms (monotonic 123770.694)
///     coffeegrid startup: decode-paths file 9, embedded-thumbnail 7, embedded-placeholder 0, cached-thumbnail-first 0
final class StartupReport {
    private(set) var firstFrameReported = false
    private(set) var decodedReported = false
    private(set) var isDone = false
    private let print: (String) -> Void

    init(print: @escaping (String) -> Void = { Swift.print($0); StandardOutput.flush() }) {
        self.print = print
    }

    /// After each drawn frame; `pendingPhotos` is the number of placeholders still on screen,
    /// `photosBelowSize` the photos drawn from a smaller picture than their cell asks for.
    func frameDrawn(pendingPhotos: Int, photosBelowSize: Int = 0, paths: ImagePipelineStats? = nil) {
        guard !isDone else { return }
        if !firstFrameReported {
            firstFrameReported = true
            report("first-frame")
        }
        guard pendingPhotos == 0 else { return }
        if !decodedReported {
            decodedReported = true
            report("photos-decoded")
        }
        if photosBelowSize == 0 {
            isDone = true
            report("photos-full-size")
            if let s = paths {
                print("coffeegrid startup: decode-paths file \(s.decoded - s.embeddedThumbnails), embedded-thumbnail \(s.embeddedThumbnails), "
                      + "embedded-placeholder \(s.embeddedPlaceholders), cached-thumbnail-first \(s.thumbnailsFirst)")
            }
        }
    }

    /// The state file's `decodePaths`: a frame's photos by how their pictures were had — decoded
    /// from the file, made from the thumbnail it carries (EXIF IFD1 or HEIF), a camera thumbnail
    /// shown blurred first, a cached thumbnail shown first.
    static func decodePaths(_ counts: [DecodePath: Int]) -> JSON {
        .object(DecodePath.allCases.map { ($0.rawValue, .number(Double(counts[$0] ?? 0))) })
    }

    private func report(_ event: String) {
        let since = ProcessStats.millisecondsSinceProcessStart.map { String(format: "%.1f ms", $0) } ?? "? ms"
        print("coffeegrid startup: \(event) \(since) (monotonic \(String(format: "%.3f", ProcessStats.monotonicMilliseconds)))")
    }
}
