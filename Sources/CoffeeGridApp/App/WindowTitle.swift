import PhotoLibrary
import Stage

/// What the window's title says, as a desktop app names what it shows: the scene ("Cafes —
/// CoffeeGrid"), or for a person's own photos the folder they came from ("Trip — CoffeeGrid"). The
/// task bar, Alt+Tab and the window list tell two CoffeeGrid windows apart by it.
enum WindowTitle {
    static let app = "CoffeeGrid"

    /// The title for a scene titled `scene`; `photos` when the scene shows the photo set.
    static func title(scene: String, photos: PhotoSet?) -> String {
        let subject = photos.flatMap { $0.isBundled ? nil : folders($0.roots) } ?? scene
        return subject.isEmpty ? app : "\(subject) — \(app)"
    }

    /// The folders opened, by name: a photo opened by itself is named for the folder it is in.
    /// (Told apart by the name alone: asking the file system would be I/O on every frame.) A name that
    /// is not UTF-8 reads as messages show it (`caf\xE9`), not as the id's private-use scalars.
    static func folders(_ roots: [String]) -> String? {
        var names: [String] = []
        for root in roots {
            var parts = root.split(separator: "/").map(String.init)
            if let last = parts.last, let dot = last.lastIndex(of: "."),
               FolderScanner.imageExtensions.contains(last[last.index(after: dot)...].lowercased()) { parts.removeLast() }
            let name = parts.last.map { PathBytes.display($0) } ?? "/"
            if !names.contains(name) { names.append(name) }
        }
        guard let first = names.first else { return nil }
        switch names.count {
        case 1: return first
        case 2: return "\(first), \(names[1])"
        default: return "\(first) and \(names.count - 1) more"
        }
    }
}
