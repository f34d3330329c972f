import GridCore
import GridMotion
import StageInterface
import PhotoLibrary
import Stage

/// The title and status line, the toolbar's buttons and their commands.
extension PhotosScene {
    // MARK: - Title and status

    /// The folder's name; "N photos" for photos from several places; "Photos" before any are open.
    /// Read every frame (the navigation bar, the code), made again only when the roots or the count change.
    var title: String {
        titleMemo.value(for: TitleInput(isBundled: photos.isBundled, roots: photos.roots, count: count)) { t in
            guard !t.isBundled else { return "Photos" }
            if t.roots.count == 1 || Set(t.roots.map(PhotosScene.folder)).count == 1,
               let name = WindowTitle.folders(t.roots) { return name }
            return ScanStatus.grouped(t.count) + (t.count == 1 ? " photo" : " photos")
        }
    }

    /// What `title` is made from.
    struct TitleInput: Equatable {
        var isBundled: Bool
        var roots: [String]
        var count: Int
    }

    /// The folder a root names (itself, or the one holding a photo named by itself).
    static func folder(_ root: String) -> String {
        FolderScanner.hasImageName(root) ? String(root[..<(root.lastIndex(of: "/") ?? root.startIndex)]) : root
    }

    /// The selection's line, else the count and the scan's progress; a folder opened that went away
    /// says so ("Live was moved or deleted"), instead of a silent "0 photos".
    var statusText: String? {
        if let s = grid.selectionStatus { return s }
        guard !photos.isBundled else { return nil }
        let n = ScanStatus.grouped(count) + (count == 1 ? " photo" : " photos")
        if let gone = photos.goneMessage { return count == 0 ? gone : "\(n) · \(gone)" }
        return photos.isScanning ? "\(n) · scanning…" : n
    }

    // MARK: - Toolbar

    var toolbar: [ToolbarItem] {
        guard !photos.isBundled else { return [] }
        return [button(.sort, symbol: "calendar", label: "sort by \(PhotosScene.sortName(photos.order)) (next: \(PhotosScene.sortName(PhotosScene.next(photos.order))))",
                       key: "o", isOn: photos.order != .name),
                button(.reverse, symbol: photos.descending ? "chevron.down" : "chevron.up",
                       label: photos.descending ? PhotosScene.reversedName(photos.order) + " (on)" : PhotosScene.reversedName(photos.order),
                       key: "r", isOn: photos.descending),
                button(.grid, symbol: "square.grid.2x2", label: "1 → 2 → 3 → 4 columns", key: "g"),
                button(.reveal, symbol: "folder", label: PhotosScene.revealLabel, key: PhotosScene.revealKey)]
    }

    static func sortName(_ o: PhotoSet.Order) -> String {
        switch o {
        case .name: return "name"
        case .date: return "capture date"
        case .modified: return "file date"
        case .size: return "size"
        }
    }

    /// What the reverse switch does for an order.
    static func reversedName(_ o: PhotoSet.Order) -> String {
        switch o {
        case .name: return "Z to A"
        case .date, .modified: return "newest first"
        case .size: return "largest first"
        }
    }

    static func next(_ o: PhotoSet.Order) -> PhotoSet.Order {
        let all = PhotoSet.Order.allCases
        return all[(all.firstIndex(of: o)! + 1) % all.count]
    }

    var help: [HelpEntry] {
        [HelpEntry(keys: "g", action: "one, two, three, four columns"),
         HelpEntry(keys: "Ctrl + wheel, pinch", action: "zoom between 1 and 6 columns"),
         HelpEntry(keys: "Ctrl+= / Ctrl+-", action: "one column fewer / more"),
         HelpEntry(keys: "o", action: "sort by name, capture date, file date, size"),
         HelpEntry(keys: "r", action: "reverse the order (newest first)"),
         HelpEntry(keys: "n", action: "file names under the photos"),
         HelpEntry(keys: "p", action: "play animated photos (GIF, WebP) under the pointer"),
         HelpEntry(keys: "Space in the viewer", action: "play or pause an animated photo"),
         HelpEntry(keys: "Delete", action: "move the selected photos (or the focused one) to the Trash"),
         HelpEntry(keys: "Shift+Delete", action: "delete them permanently (asks first; Cancel is the default)"),
         HelpEntry(keys: "Ctrl+Z", action: "put back what the last Delete moved to the Trash"),
         HelpEntry(keys: PhotosScene.revealKey, action: PhotosScene.revealLabel)]
    }

    /// GNOME Files' chord for "Open Item Location"; the viewer takes it too, for the photo it shows.
    static let revealKey = "Ctrl+Alt+O"
    static let revealLabel = "show the selected photos (or the focused one) in the file manager"

    static func isRevealKey(_ key: Key, _ modifiers: KeyModifiers) -> Bool {
        key == .character("o") && modifiers.contains(.control) && modifiers.contains(.alt)
    }

    enum Command: String {
        case grid, sort, reverse, names, reveal, hoverPlay
    }

    func perform(_ command: Command, env: AppEnvironment) {
        switch command {
        case .grid:
            columnsChosen = true
            zoom.setColumns(columns % 4 + 1)
        case .sort: if !photos.isBundled { photos.setOrder(PhotosScene.next(photos.order)) }
        case .reverse: if !photos.isBundled { photos.setOrder(photos.order, descending: !photos.descending) }
        case .names:
            showsNames.toggle()
            grid.setConfiguration(configuration(columns: columns), animation: .interactiveSpring)
        case .reveal:
            guard !photos.isBundled else { return }
            let paths = chosenPaths
            if paths.isEmpty { photos.notice = ("Select a photo to show it in the file manager", env.time, false) } else { revealRequest = paths }
        case .hoverPlay:
            playsOnHover.toggle()
        }
    }
}
