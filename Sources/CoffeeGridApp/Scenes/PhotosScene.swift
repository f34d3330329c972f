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
    private var zoom: ColumnZoom!
    var columns: Int { zoom.columns }
    /// False until the person picks a column count (the grid key, a pinch, Ctrl+wheel, a session
    /// that had one): till then the columns follow the window, as a photo viewer's thumbnails do.
    private var columnsChosen = false
    var pinch: ColumnPinch { zoom.pinch }
    /// File names under the cells (`n`).
    private(set) var showsNames = false
    /// The animated photo (GIF, WebP) under the pointer plays (`p`); off by default.
    private(set) var playsOnHover = false
    private var shownRevision: Int
    /// How many of the library's renames the selection has been carried through.
    private var shownRenames: Int
    private var status: ScanStatus
    private var transitions = ItemTransitions()
    private var time = 0.0
    /// The selected photos by path, so a rescan, a sort or a file gone keeps the rest selected.
    private var selectedPaths = SelectionByID()
    private var libraryRequest: LibraryRequest?
    /// The photos a Delete asked to remove and the first one's place: once they are gone, the photo
    /// now there is selected (as a file manager does), so Delete again goes on through the folder.
    private var selectAfterRemoval: (paths: [String], index: Int)?
    /// Photos Ctrl+Alt+O (or the folder button) asked to show in the file manager, until the app takes them.
    private var revealRequest: [String]?
    /// Shift+Delete's question and the photos it is about, while it is asked: each as the file it was
    /// when asked (a photo renamed meanwhile is followed to its new name; a file that took an old
    /// name is not it, and the library leaves it alone).
    private(set) var confirmation: (dialog: ConfirmationDialog, targets: [TrashService.Target])?
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

    // MARK: - Title and status

    /// The folder's name; "N photos" for photos from several places; "Photos" before any are open.
    var title: String {
        guard !photos.isBundled else { return "Photos" }
        if photos.roots.count == 1 || Set(photos.roots.map(PhotosScene.folder)).count == 1,
           let name = WindowTitle.folders(photos.roots) { return name }
        return ScanStatus.grouped(count) + (count == 1 ? " photo" : " photos")
    }

    /// The folder a root names (itself, or the one holding a photo named by itself).
    private static func folder(_ root: String) -> String {
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

    /// The selected photos, else the focused one: what Delete and Reveal act on.
    private var chosenPaths: [String] { chosenIndices.compactMap { photos.id(at: $0) } }

    private var chosenIndices: [Int] {
        grid.selection.isEmpty ? grid.selection.focus.map { [$0] } ?? [] : grid.selection.indices.sorted()
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

    func handleKey(_ key: Key, _ modifiers: KeyModifiers, env: AppEnvironment) -> Bool {
        if var c = confirmation {
            let answer = c.dialog.handleKey(key)
            confirmation?.dialog = c.dialog
            if let answer { answered(answer) }
            return true
        }
        if zoom.handleKey(key, modifiers) { columnsChosen = true; return true }
        if PhotosScene.isRevealKey(key, modifiers) { perform(.reveal, env: env); return true }
        if key == .delete, !photos.isBundled {
            let paths = chosenPaths
            guard !paths.isEmpty else { return true }
            if modifiers.contains(.shift) {
                confirmation = (PhotosScene.permanentDeleteDialog(paths), paths.map { TrashService.Target(path: $0, identity: photos.identity(of: $0)) })
            } else {
                libraryRequest = .trash(paths)
                selectAfterRemoval = (paths, chosenIndices.first ?? 0)
            }
            return true
        }
        if key == .character("z"), modifiers.contains(.control), !photos.isBundled {
            libraryRequest = .undoTrash
            selectAfterRemoval = nil
            return true
        }
        if !modifiers.contains(.control), case .character(let c) = key, let command = ["g": Command.grid, "o": .sort, "r": .reverse, "n": .names, "p": .hoverPlay][c] {
            perform(command, env: env)
            return true
        }
        return gridKey(key, modifiers)
    }

    func handlePointer(_ event: PointerEvent, env: AppEnvironment) {
        if var c = confirmation {
            let answer = c.dialog.handlePointer(event, in: grid.frame)
            confirmation?.dialog = c.dialog
            if let answer { answered(answer) }
            return
        }
        // The toast's Undo does what Ctrl+Z does.
        if case .down(let p, _) = event, let undo = toast?.layout(in: grid.frame)?.action, undo.contains(p) {
            libraryRequest = .undoTrash
            selectAfterRemoval = nil
            return
        }
        if zoom.handlePointer(event, time: env.time) { columnsChosen = true } else { grid.handleSelectingPointer(event) }
    }

    /// The dialog takes every key while it is up.
    var capturesKeyboard: Bool { confirmation != nil }

    /// A photo's file name as a person reads it, in its label and the Shift+Delete sheet alike: the
    /// id's escapes (a name's non-UTF-8 bytes) are private-use characters no font draws, so they read as Latin-1.
    static func fileName(_ path: String) -> String {
        PathBytes.display(String(path.split(separator: "/").last ?? ""), foreignBytes: .latin1)
    }

    /// "Delete 3 photos permanently?": the count, the one file's name, and that the Trash is not involved.
    static func permanentDeleteDialog(_ paths: [String]) -> ConfirmationDialog {
        let name = fileName(paths.first ?? "")
        let what = paths.count == 1 ? "“\(name)”" : ScanStatus.grouped(paths.count) + " photos"
        return ConfirmationDialog(title: paths.count == 1 ? "Delete 1 photo permanently?" : "Delete \(what) permanently?",
                                  message: "\(paths.count == 1 ? what + " is" : "They are") deleted from the disk, not moved to the Trash. This cannot be undone.",
                                  confirmLabel: "Delete")
    }

    private func answered(_ answer: ConfirmationDialog.Answer) {
        if answer == .confirm, let targets = confirmation?.targets {
            libraryRequest = .deletePermanently(targets)
            let paths = targets.map(\.path)
            let gone = Set(paths)
            selectAfterRemoval = (paths, photos.ids.firstIndex { gone.contains($0) } ?? 0)
        }
        confirmation = nil
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
    private func takeChanges() {
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
    private var notice: String? { toast?.text }

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

    /// The SwiftUI a person's photos would be: the feed's grid over `photos`.
    var code: String {
        PhotoGrid.code(grid.configuration, title: title,
                       forEach: ["ForEach(photos) { photo in", "    Image(uiImage: photo.thumbnail)"],
                       inCell: (showsNames ? ["                    Text(photo.fileName).font(.footnote).lineLimit(1)"] : [])
                           + ["                        .transition(.opacity.combined(with: .scale))"])
    }

    // MARK: - Drawing and state

    func draw(_ list: inout DrawList, env: AppEnvironment) {
        let shadow = env.color(.primary).opacity(0.3)
        // A photo on its way to the Trash is a plain tile, never asked for: its file may be gone.
        let going = env.color(.systemGray5)
        for g in transitions.leaving {
            let p = min(max(g.progress.value(at: time), 0), 1)
            let r = ItemTransitions.scaled(imageFrame(g.frame), by: p)
            if g.asTile { list.fill(r, going.opacity(p), cornerRadius: 10) } else {
                list.image(g.id, in: r, cornerRadius: 10, opacity: p, priority: 0, sampling: .fast)
            }
        }
        let sampling = grid.imageSampling
        for item in grid.itemsToDraw() {
            guard let path = photos.path(at: item.index), let id = photos.id(at: item.index) else { continue }
            let presence = transitions.presence(of: id, at: time)
            let r = ItemTransitions.scaled(imageFrame(item.frame), by: presence)
            if photos.leaving.contains(id) {
                list.fill(r, going.opacity(presence), cornerRadius: 10)
                continue
            }
            list.shadow(r, cornerRadius: 10, radius: 1, color: shadow.opacity(presence), beneathOpaque: presence == 1)
            list.image(path, in: r, cornerRadius: 10, opacity: presence, priority: grid.priority(of: item.frame),
                       sampling: presence < 1 ? .fast : sampling)
            if showsNames {
                let name = PhotosScene.fileName(path)
                list.text(name, .footnote, env.color(.secondary).opacity(presence),
                          in: Rect(x: item.frame.minX + 2, y: item.frame.maxY - PhotosScene.labelHeight + 2, width: item.frame.width - 4,
                                   height: PhotosScene.labelHeight - 2), alignment: .center)
            }
            if grid.isTransitioning, let end = grid.windowFrame(of: item.index), end.width > item.frame.width || end.height > item.frame.height {
                list.prefetch(path, in: imageFrame(end), priority: grid.priority(of: item.frame))
            }
        }
        grid.drawSelection(&list, env: env, cornerRadius: 10)
        grid.drawFocusRing(&list, env: env, cornerRadius: 10)
        grid.drawScrollbar(&list, env: env)
        if photos.isBundled {
            drawEmpty(&list, env: env)
        } else {
            if count == 0, let gone = photos.goneMessage, let root = photos.goneRoots.first {
                drawEmpty(&list, env: env, symbol: "folder", title: "Folder not found",
                          message: photos.goneRoots.count == 1 ? "\(gone). Its photos come back here if it is put back at \(PathBytes.display(root))."
                              : "\(gone). Their photos come back here if they are put back.")
            }
            if let toast { toast.draw(&list, in: grid.frame, env: env) } else { status.draw(&list, in: grid.frame, env: env) }
        }
        confirmation?.dialog.draw(&list, in: grid.frame, env: env)
    }

    /// The photo's part of a cell (all of it, or all but the name line).
    private func imageFrame(_ cell: Rect) -> Rect {
        showsNames ? Rect(x: cell.minX, y: cell.minY, width: cell.width, height: max(0, cell.height - PhotosScene.labelHeight)) : cell
    }

    /// The empty grid's explanation: no folder open yet, or the one open gone from the disk.
    private func drawEmpty(_ list: inout DrawList, env: AppEnvironment, symbol: String = "photo.on.rectangle", title: String = "No folder open",
                           message: String = "Drop a folder of photos on the window, or start with coffeegrid ~/Pictures.") {
        let f = grid.frame
        guard f.width > 80, f.height > 80 else { return }
        list.symbol(symbol, in: Rect(x: f.midX - 24, y: f.midY - 70, width: 48, height: 48), env.color(.secondary))
        list.text(title, .headline, env.color(.primary), in: Rect(x: f.minX + 16, y: f.midY - 14, width: f.width - 32, height: 24), alignment: .center)
        for (i, line) in TextWrap.lines(message, width: f.width - 48,
                                        fontSize: 13, maxLines: 4).enumerated() {
            list.text(line, .footnote, env.color(.secondary), in: Rect(x: f.minX + 24, y: f.midY + 14 + Double(i) * 18, width: f.width - 48, height: 18),
                      alignment: .center)
        }
    }

    func state(env: AppEnvironment) -> [(String, JSON)] {
        grid.stateEntries(id: { [photos] in photos.id(at: $0) })
            + [("photos", .object([("columns", .number(Double(columns))), ("pinch", pinch.columns.map(JSON.number) ?? .null),
                                   ("names", .bool(showsNames)), ("playsOnHover", .bool(playsOnHover)), ("count", .number(Double(count))), ("status", statusText.map(JSON.string) ?? .null),
                                   ("notice", notice.map(JSON.string) ?? .null), ("toast", toast?.stateJSON(in: grid.frame) ?? .null),
                                   ("confirmation", confirmation?.dialog.stateJSON ?? .null)])),
               ("transitions", transitions.state(at: time, frame: drawnFrames())),
               ("library", photos.stateJSON)]
    }

    /// Where each photo on screen is drawn, by id.
    private func drawnFrames() -> (String) -> Rect? {
        var at: [String: Rect] = [:]
        for item in grid.itemsToDraw() { if let id = photos.id(at: item.index) { at[id] = imageFrame(item.frame) } }
        return { at[$0] }
    }

    /// The feed's rules, one to six columns, and every photo of the set in the grid.
    func invariantViolations() -> [String] {
        var problems = grid.invariantViolations()
        if !(1...6).contains(grid.layout.trackCount) { problems.append("photos shows \(grid.layout.trackCount) columns") }
        if !pinch.isActive, grid.layout.count != count { problems.append("photos holds \(grid.layout.count) photos, not \(count)") }
        return problems
    }
}

// MARK: - Restorable state: the column count (and whether the person chose it), names shown, play
// on hover and the photo at the top.
extension PhotosScene {
    var restorableState: RestorableState {
        RestorableState(selections: [columns, showsNames ? 1 : 0, playsOnHover ? 1 : 0, columnsChosen ? 1 : 0], anchor: grid.anchorItem)
    }

    func restore(_ state: RestorableState) {
        // A session saved before `p` existed has two parts, one before the columns followed the
        // window three (its count was the person's).
        let counts = [PhotoGrid.pinchRange.upperBound + 1, 2, 2, 2]
        if let s = state.selections(counts: counts) ?? state.selections(counts: Array(counts.prefix(3)))
                    ?? state.selections(counts: Array(counts.prefix(2))) {
            showsNames = s[1] == 1
            playsOnHover = s.count > 2 && s[2] == 1
            columnsChosen = s.count < 4 || s[3] == 1
            if columnsChosen { zoom.restore(s[0]) }
        }
        grid.restoreAnchor(state.anchor)
    }
}
