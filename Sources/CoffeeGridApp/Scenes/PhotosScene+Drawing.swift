import GridCore
import GridMotion
import StageInterface
import PhotoLibrary
import Stage

/// The photos as they come and go, names under them, the empty grid's explanation; the state file.
extension PhotosScene {
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
    func imageFrame(_ cell: Rect) -> Rect {
        showsNames ? Rect(x: cell.minX, y: cell.minY, width: cell.width, height: max(0, cell.height - PhotosScene.labelHeight)) : cell
    }

    /// The empty grid's explanation: no folder open yet, or the one open gone from the disk.
    func drawEmpty(_ list: inout DrawList, env: AppEnvironment, symbol: String = "photo.on.rectangle", title: String = "No folder open",
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
    func drawnFrames() -> (String) -> Rect? {
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
