import GridCore
import GridMotion
import StageInterface
import PhotoLibrary
import Stage

/// `photos` — a person's own photos (folders and files on the command line, or dropped on the
/// window), laid out as the chapter's feed lays out `samplePhotos`: the same `LazyVGrid`, its column
/// toggle and pinch, its spacing and corners. Beyond the feed: the folder's name as the title and
/// the count (and the scan's progress) under it, a sort (name, capture date, file date, size) and
/// a reverse switch ("newest first"), optional file names under the cells (`n`), animated photos
/// playing under the pointer (`p`, off by default), and the folder
/// followed live: photos that appear on disk fade and grow into their sorted place, photos that go
/// leave with the reverse transition while the grid closes the gap, the photo at the top of the
/// viewport staying put. The folder is the library's (`PhotoSet` and its watcher): no I/O here.
final class PhotosScene: CommandScene, GridScene {
    static let entry = SceneCatalog.Entry(name: "photos", label: "Photos", symbol: "photo.on.rectangle", make: { PhotosScene(context: $0) },
                                          shots: [("", [])])

    /// A file name line under each photo when names are shown.
    static let labelHeight = 20.0

    let grid: GridScrollView
    let photos: PhotoSet
    var zoom: ColumnZoom!
    var columns: Int { zoom.columns }
    /// False until the person picks a column count (the grid key, a pinch, Ctrl+wheel, a session
    /// that had one): till then the columns follow the window, as a photo viewer's thumbnails do.
    var columnsChosen = false
    var pinch: ColumnPinch { zoom.pinch }
    /// File names under the cells (`n`).
    var showsNames = false
    /// The animated photo (GIF, WebP) under the pointer plays (`p`); off by default.
    var playsOnHover = false
    var shownRevision: Int
    /// How many of the library's renames the selection has been carried through.
    var shownRenames: Int
    var status: ScanStatus
    var transitions = ItemTransitions()
    var time = 0.0
    /// `code` and `title`, kept while what they print holds.
    let codeMemo = Memo<CodeInput, String>()
    let titleMemo = Memo<TitleInput, String>()
    /// The selected photos by path, so a rescan, a sort or a file gone keeps the rest selected.
    var selectedPaths = SelectionByID()
    var libraryRequest: LibraryRequest?
    /// The photos a Delete asked to remove and the first one's place: once they are gone, the photo
    /// now there is selected (as a file manager does), so Delete again goes on through the folder.
    var selectAfterRemoval: (paths: [String], index: Int)?
    /// Photos Ctrl+Alt+O (or the folder button) asked to show in the file manager, until the app takes them.
    var revealRequest: [String]?
    /// Shift+Delete's question and the photos it is about, while it is asked: each as the file it was
    /// when asked (a photo renamed meanwhile is followed to its new name; a file that took an old
    /// name is not it, and the library leaves it alone).
    var confirmation: (dialog: ConfirmationDialog, targets: [TrashService.Target])?
    /// How long the library's notice ("3 photos moved to Trash", with Undo) stays.
    static let noticeSeconds = 5.0

    init(context: AppContext) {
        photos = context.photos
        shownRevision = photos.revision
        shownRenames = photos.renames.count
        status = ScanStatus(photos: photos)
        grid = GridScrollView(PhotoGrid.configuration(columns: 1, count: 0))
        zoom = ColumnZoom(grid: grid, range: PhotoGrid.pinchRange) { [unowned self] in configuration(columns: $0) }
        grid.configuration = configuration(columns: 1)
    }

    /// How many photos the grid holds: none until a person's own are opened.
    var count: Int { photos.isBundled ? 0 : photos.count }

    /// The feed's configuration, each cell a label taller when names are shown.
    /// As many columns as photos at least 250 points wide fit in `width` (the grid's), up to the
    /// grid key's four: one in a phone-sized window (the feed's), four in a 1280-point one.
    static func automaticColumns(width: Double) -> Int {
        guard width.isFinite, width > 0 else { return 1 }
        return max(1, min(4, Int(width / 250)))
    }

    func configuration(columns: Int) -> GridScrollView.Configuration {
        var c = PhotoGrid.configuration(columns: columns, count: count)
        if showsNames { c.sizing = .fill((columns == 1 ? 200 : 100) + PhotosScene.labelHeight) }
        return c
    }

    // MARK: - Frame

    func advance(frame: Rect, env: AppEnvironment) -> Bool {
        time = env.time
        if !columnsChosen, !pinch.isActive, frame.width > 0 {
            let automatic = PhotosScene.automaticColumns(width: frame.width)
            if automatic != columns { zoom.restore(automatic) }
        }
        // Applied once the grid stands at this frame's time (after an idle spell its clock is the last
        // frame's, and a change begun then would be over before it is drawn): photos found or changed
        // since the last frame join it (not mid-pinch: the blend holds its counts), and a wheel pinch,
        // which has no end event, ends when it times out.
        var moving = grid.update(frame: frame, time: env.time, scale: env.scale) {
            if photos.revision != shownRevision, !pinch.isActive { takeChanges() }
            selectedPaths.remember(grid.selection) { [photos] in photos.id(at: $0) }
            _ = zoom.wheelEnded(at: env.time)
        }
        moving = transitions.update(at: env.time) || moving
        return moving || pinch.isActive || status.update(at: env.time)
    }

    /// A toast or the scan's count stands still while shown: the window sleeps until it goes.
    func nextChange(after time: Double) -> Double? {
        let toastEnd = photos.notice.map { $0.time + PhotosScene.noticeSeconds }.flatMap { $0 > time ? $0 : nil }
        return [toastEnd, status.endsAt].compactMap { $0 }.min()
    }

    /// The library changed: a scan's photos just join; what the disk did is animated, every photo
    /// that stays keeping its identity and the one at the top of the viewport its place.
    func takeChanges() {
        let oldCount = grid.configuration.sections.first?.count ?? 0
        let journal = photos.changes(since: shownRevision)
        shownRevision = photos.revision
        if photos.renames.count != shownRenames {
            for r in photos.renames[shownRenames...] {
                selectedPaths.rename([r.from: r.to])
                if let c = confirmation { confirmation?.targets = c.targets.map { $0.path == r.from ? TrashService.Target(path: r.to, identity: $0.identity) : $0 } }
            }
            shownRenames = photos.renames.count
        }
        if let (changes, live) = journal, live, let map = IndexChanges(oldCount: oldCount, changes: changes), map.newCount == count {
            let removed = grid.setConfiguration(configuration(columns: columns), animation: .interactiveSpring, keepingTop: true,
                                                mapping: map.mapping)
            for r in removed {
                guard let id = map.removed[r.index] else { continue }
                // Gone to the Trash (or deleted): it fades out as a plain tile.
                transitions.remove(id, drawnAt: r.frame, asTile: photos.leaving.contains(id) || photos.sentAway.contains(id), at: time)
            }
            for i in map.inserted { if let id = photos.id(at: i) { transitions.insert(id, at: time) } }
        } else {
            grid.configuration = configuration(columns: columns)
        }
        guard !grid.selection.isEmpty || grid.selection.focus != nil || selectAfterRemoval != nil else { return }
        var at: [String: Int] = [:]
        for (i, id) in photos.ids.enumerated() { at[id] = i }
        grid.selection = selectedPaths.restore { at[$0] }
        // Kept until the photos are gone (the library may take the request a frame later); a Delete
        // that failed (a read-only folder) leaves them, and the next Delete or Ctrl+Z replaces it.
        if let (paths, index) = selectAfterRemoval, !paths.contains(where: { at[$0] != nil }) {
            selectAfterRemoval = nil
            if count > 0 { grid.selection.select(min(index, count - 1)) }
        }
    }

    func takeLibraryRequest() -> LibraryRequest? {
        defer { libraryRequest = nil }
        return libraryRequest
    }

    func takeRevealRequest() -> [String]? {
        defer { revealRequest = nil }
        return revealRequest
    }

    /// The library's last notice while it is fresh.
    var notice: String? { toast?.text }

    /// The notice as drawn: with an Undo button when Ctrl+Z undoes what it tells of.
    var toast: Toast? { toast(at: time) }

    func toast(at time: Double) -> Toast? {
        guard let n = photos.notice, time - n.time < PhotosScene.noticeSeconds, time >= n.time else { return nil }
        return Toast(text: n.text, action: n.undoable ? "Undo" : nil, name: photos.noticeName)
    }

    /// The photo under the pointer, where its picture is drawn, while `p` is on (one at a time).
    var hoverAnimation: (path: String, frame: Rect)? {
        guard playsOnHover, confirmation == nil, let i = grid.hovered, let path = photos.path(at: i),
              let cell = grid.drawnFrame(of: i) ?? grid.windowFrame(of: i) else { return nil }
        return (path, imageFrame(cell))
    }

    var photoCells: PhotoCells? {
        grid.photoCells(count: count, path: { [photos] in photos.path(at: $0) }, name: { [photos] in photos.id(at: $0) }, cornerRadius: 10)
    }

    /// The SwiftUI a person's photos would be: the feed's grid over `photos`. Read every frame (the
    /// code panel compares it), made again only when what it prints changes.
    var code: String {
        let c = grid.configuration
        return codeMemo.value(for: CodeInput(items: c.items, axis: c.axis, alignment: c.alignment, spacing: c.spacing,
                                             padding: c.padding, title: title, showsNames: showsNames)) { _ in
            PhotoGrid.code(c, title: title,
                           forEach: ["ForEach(photos) { photo in", "    Image(uiImage: photo.thumbnail)"],
                           inCell: (showsNames ? ["                    Text(photo.fileName).font(.footnote).lineLimit(1)"] : [])
                               + ["                        .transition(.opacity.combined(with: .scale))"])
        }
    }

    /// What `code` prints: the grid's configuration as `PhotoGrid.code` reads it, the title, the names.
    struct CodeInput: Equatable {
        var items: [GridItem]
        var axis: Axis
        var alignment: Double
        var spacing: Double?
        var padding: EdgeInsets
        var title: String
        var showsNames: Bool
    }

}
