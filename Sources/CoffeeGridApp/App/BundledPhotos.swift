import Foundation
import SystemIO

/// The bundled photos: their names, how many there are, and the files behind the names (trying the
/// extensions the generator writes). A missing photo still resolves (to the .jpg name) so the
/// pipeline reports it and shows a placeholder.
// @unchecked: its one mutable field, the cache, is only touched with `lock` held.
final class BundledPhotos: @unchecked Sendable {
    static let shared = BundledPhotos()

    /// The coffee photos, the seeds' `samplePhotos`: `(1...20).map { Photo(name: "coffee-\($0)") }`.
    static let coffee = (1...20).map { "coffee-\($0)" }
    /// The cafe photos of seed 000's `sampleCafes`: `(1...18).map { Cafe(image: "cafe-\($0)") }`.
    static let cafes = (1...18).map { "cafe-\($0)" }
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
