import Foundation
import Stage

/// The photos the feed and the dock show: the twenty bundled coffee photos, or a person's own —
/// folders and files named on the command line or dropped on the window, found by a background
/// `FolderScanner` and taken in once a frame (`poll`), so the grid fills as they are found.
/// Ids are bundled names (`coffee-3`) or absolute paths. Render thread only.
final class PhotoSet {
    enum Order: String, CaseIterable {
        /// Natural order of the paths (`img2` before `img10`), a folder's files before its subfolders.
        case name
        /// EXIF DateTimeOriginal, else the file's modification time; ties by name.
        case date
    }

    private struct Photo {
        let path: String
        /// Upright width / height.
        let aspect: Double
        let time: Double
    }

    /// True until a person's own photos are opened; then it stays false.
    private(set) var isBundled: Bool
    private let resources: ResourceLocator
    private let log: (String) -> Void
    private var photos: [Photo] = []
    private var byPath: [String: Photo] = [:]
    private var scanners: [FolderScanner] = []
    /// The folders and files opened, as given (made absolute).
    private(set) var roots: [String] = []
    private(set) var order: Order
    /// Bumped whenever the photos or their order change.
    private(set) var revision = 0
    /// A person's photos in the order they arrived (the dock's grid appends them in this order).
    private(set) var arrivals: [String] = []
    /// Photos found since the first scan started (files skipped are not counted).
    var count: Int { isBundled ? PhotoLibrary.coffee.count : photos.count }
    private(set) var isScanning = false

    init(paths: [String], order: Order = .name, resources: ResourceLocator, log: @escaping (String) -> Void) {
        self.resources = resources
        self.log = log
        self.order = order
        isBundled = true
        if !paths.isEmpty { open(paths) }
    }

    // MARK: - Reading

    func id(at index: Int) -> String? {
        guard index >= 0 && index < count else { return nil }
        return isBundled ? PhotoLibrary.coffee[index] : photos[index].path
    }

    /// The file behind an id (a bundled name resolves inside Resources/Photos).
    func path(of id: String) -> String {
        isBundled || !id.hasPrefix("/") ? PhotoLibrary.shared.path(id, in: resources) : id
    }

    func path(at index: Int) -> String? { id(at: index).map(path(of:)) }

    /// Upright aspect ratio of a person's photo, known from the scan (nil for bundled names: the
    /// dock reads their headers itself).
    func aspect(of id: String) -> Double? { byPath[id]?.aspect }

    /// Ids in display order (O(n): for a scene being made, not for every frame).
    var ids: [String] { isBundled ? PhotoLibrary.coffee : photos.map(\.path) }

    // MARK: - Changing

    /// Starts scanning `paths` (folders recursively, or files) in the background. The first call
    /// replaces the bundled photos; later ones (drops) add to what is there.
    func open(_ paths: [String]) {
        guard !paths.isEmpty else { return }
        if isBundled {
            isBundled = false
            revision += 1
        }
        let scanner = FolderScanner(roots: paths)
        roots += scanner.roots
        scanners.append(scanner)
        isScanning = true
    }

    /// Known photos are looked up by path; a photo the scan has not reached yet (restored from a
    /// saved dock) is added now, probed on the spot. Returns false when the file is not usable.
    func adopt(_ path: String) -> Bool {
        guard !isBundled else { return false }
        if byPath[path] != nil { return true }
        guard let found = FolderScanner.probeFile(path) else { return false }
        insert([found])
        return true
    }

    func setOrder(_ new: Order) {
        guard new != order else { return }
        order = new
        photos.sort(by: less)
        revision += 1
    }

    /// Once a frame: takes what the scanners found (in order) and logs what they skipped. True if
    /// anything changed.
    @discardableResult
    func poll() -> Bool {
        guard isScanning else { return false }
        var changed = false
        var running = false
        for scanner in scanners {
            let (found, lines, finished) = scanner.take()
            lines.forEach { log("coffeegrid: " + $0) }
            if !found.isEmpty { insert(found); changed = true }
            running = running || !finished
        }
        if !running {
            isScanning = false
            scanners.removeAll()
            changed = true
            revision += 1
        }
        return changed
    }

    /// Blocks until every scan is over and taken in (tests and the benchmark only).
    func finishScanning() {
        for s in scanners { s.waitUntilFinished() }
        poll()
    }

    private func insert(_ found: [FolderScanner.Found]) {
        for f in found where byPath[f.path] == nil {
            let p = Photo(path: f.path, aspect: Double(f.probe.width) / Double(max(1, f.probe.height)),
                          time: f.probe.captureTime ?? f.modified)
            byPath[p.path] = p
            arrivals.append(p.path)
            // Scans arrive in name order, so this is usually an append.
            if let last = photos.last, less(p, last) {
                var lo = 0, hi = photos.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if less(photos[mid], p) { lo = mid + 1 } else { hi = mid }
                }
                photos.insert(p, at: lo)
            } else {
                photos.append(p)
            }
        }
        revision += 1
    }

    /// The state file's `library` key.
    var stateJSON: JSON {
        .object([("kind", .string(isBundled ? "bundled" : "folders")), ("count", .number(Double(count))),
                 ("scanning", .bool(isScanning)), ("order", .string(order.rawValue)), ("roots", .array(roots.map(JSON.string)))])
    }

    private func less(_ a: Photo, _ b: Photo) -> Bool {
        switch order {
        case .name: return NaturalOrder.lessPath(a.path, b.path)
        case .date: return a.time != b.time ? a.time < b.time : NaturalOrder.lessPath(a.path, b.path)
        }
    }
}
