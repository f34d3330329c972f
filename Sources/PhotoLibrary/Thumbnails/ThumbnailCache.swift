import CImageCodecs
import CLibMD
import Foundation

/// The shared thumbnail cache of the freedesktop Thumbnail Managing Standard, read and written:
/// `$XDG_CACHE_HOME/thumbnails/{normal,large,x-large,xx-large}/MD5(uri).png` (128, 256, 512 and
/// 1024 pixels a side at most), each PNG carrying `Thumb::URI` and `Thumb::MTime` (a thumbnail whose
/// MTime is not the file's is stale), `Thumb::Size`, `Thumb::Image::Width/Height` and
/// `Thumb::Mimetype`. Files that cannot be made into a thumbnail get an empty PNG in
/// `fail/coffeegrid-VERSION/`, so they are not tried again until they change. Folders are made
/// 0700, files 0600, each written to a temporary name and renamed into place. GNOME Files, gThumb
/// and the others read the same folders: their thumbnails are used here and ours there.
// @unchecked: its counters and write problem are only touched with `lock` held; the rest is immutable.
public final class ThumbnailCache: @unchecked Sendable {
    /// The standard's sizes: the largest side of a thumbnail in each folder.
    public enum Flavor: Int, CaseIterable, Sendable {
        case normal = 128, large = 256, xLarge = 512, xxLarge = 1024
        public var folder: String {
            switch self {
            case .normal: return "normal"
            case .large: return "large"
            case .xLarge: return "x-large"
            case .xxLarge: return "xx-large"
            }
        }
        /// The smallest flavor whose thumbnails are at least `side` pixels along their longer side.
        public static func covering(_ side: Int) -> Flavor? { allCases.first { $0.rawValue >= side } }
    }

    /// `…/thumbnails`.
    public let root: String
    /// `…/thumbnails/fail/coffeegrid-VERSION`.
    public let failFolder: String
    let software: String
    private let skipped: [String]

    /// What the cache did, for tests and the benchmark.
    public struct Counters: Equatable, Sendable {
        public var hits = 0, misses = 0, stale = 0, written = 0, writeErrors = 0, failuresRemembered = 0, failuresWritten = 0
    }
    private let lock = NSLock()
    private var counts = Counters()
    public var counters: Counters { lock.lock(); defer { lock.unlock() }; return counts }
    func count(_ change: (inout Counters) -> Void) { lock.lock(); change(&counts); lock.unlock() }
    /// Why the first write failed (a read-only or full cache), until `takeWriteProblem` says it.
    private var writeProblem: String?
    private var writeProblemTold = false

    func noteWriteProblem(_ reason: String) {
        lock.lock()
        if writeProblem == nil && !writeProblemTold { writeProblem = reason }
        counts.writeErrors += 1
        lock.unlock()
    }

    /// The line for the first failed write, once a run: the photos show all the same, but neither
    /// this app nor the file manager will find their thumbnails next time.
    public func takeWriteProblem() -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard let reason = writeProblem else { return nil }
        writeProblem = nil
        writeProblemTold = true
        return "thumbnail cache \(root): cannot write (\(reason)); photos are shown, their thumbnails are not kept"
    }

    /// - Parameters:
    ///   - root: the `thumbnails` folder.
    ///   - skipping: folders whose files are never thumbnailed (the app's own Resources).
    public init(root: String, program: String = "coffeegrid", version: String, skipping: [String] = []) {
        self.root = root
        failFolder = root + "/fail/\(program)-\(version)"
        software = "CoffeeGrid \(version)"
        skipped = skipping.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    }

    /// `$XDG_CACHE_HOME/thumbnails` when that is set and absolute, else `~/.cache/thumbnails`.
    public static func standard(version: String, skipping: [String] = [],
                                environment: [String: String] = ProcessInfo.processInfo.environment) -> ThumbnailCache {
        let base: String
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            base = (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.cache"
        }
        return ThumbnailCache(root: base + "/thumbnails", version: version, skipping: skipping)
    }

    /// Whether `path` is thumbnailed: an absolute path outside the skipped folders and outside the
    /// cache itself (the standard says thumbnails are never made of thumbnails).
    public func applies(to path: String) -> Bool {
        path.hasPrefix("/") && !path.hasPrefix(root + "/") && !skipped.contains { path.hasPrefix($0) }
    }

    // MARK: - Names

    /// The file's canonical `file://` URI as GLib writes it (`PathBytes.fileURI`), so the MD5
    /// matches what GNOME's thumbnailers compute.
    public static func uri(for path: String) -> String { PathBytes.fileURI(path) }

    /// Lower-case hex MD5 (libmd).
    public static func md5(_ text: String) -> String {
        var buffer = [CChar](repeating: 0, count: 33)
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { _ = MD5Data($0.baseAddress, $0.count, &buffer) }
        return String(filledBuffer: buffer)
    }

    public func file(forURI uri: String, flavor: Flavor) -> String { "\(root)/\(flavor.folder)/\(ThumbnailCache.md5(uri)).png" }
    public func failFile(forURI uri: String) -> String { "\(failFolder)/\(ThumbnailCache.md5(uri)).png" }
}
