import Foundation
import Stage

/// Resolves photo names (`coffee-3`) to files, trying the extensions the generator writes.
/// A missing photo still resolves (to the .jpg name) so the pipeline reports it and shows a placeholder.
final class PhotoLibrary {
    static let shared = PhotoLibrary()
    private var cache: [String: String] = [:]
    private let lock = NSLock()

    func path(_ name: String, in resources: ResourceLocator) -> String {
        lock.lock(); defer { lock.unlock() }
        let key = resources.root.path + "|" + name
        if let hit = cache[key] { return hit }
        var found = resources.path("Photos/\(name).jpg")
        for ext in ["jpg", "png", "jpeg"] {
            let p = resources.path("Photos/\(name).\(ext)")
            if FileManager.default.fileExists(atPath: p) { found = p; break }
        }
        cache[key] = found
        return found
    }
}
