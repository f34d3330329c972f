import GridCore
import GridMotion
import StageInterface
import PhotoLibrary
import Stage

/// Keys and clicks: zoom, Delete to the Trash and Shift+Delete's question, Ctrl+Z, reveal.
extension PhotosScene {
    /// The selected photos, else the focused one: what Delete and Reveal act on.
    var chosenPaths: [String] { chosenIndices.compactMap { photos.id(at: $0) } }

    var chosenIndices: [Int] {
        grid.selection.isEmpty ? grid.selection.focus.map { [$0] } ?? [] : grid.selection.indices.sorted()
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

    func answered(_ answer: ConfirmationDialog.Answer) {
        if answer == .confirm, let targets = confirmation?.targets {
            libraryRequest = .deletePermanently(targets)
            let paths = targets.map(\.path)
            let gone = Set(paths)
            selectAfterRemoval = (paths, photos.ids.firstIndex { gone.contains($0) } ?? 0)
        }
        confirmation = nil
    }
}
