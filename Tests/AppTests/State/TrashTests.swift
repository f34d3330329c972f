import PhotoLibrary
import TestEnvironment
import XCTest
import GridCore
import Stage
import SystemIO
@testable import CoffeeGridApp

/// Delete moves photos to the freedesktop Trash (home device, or the drive's own `.Trash-$uid`),
/// names never overwritten, Ctrl+Z puts them back (after a restart too), and nothing is lost when
/// a move cannot be made.
final class TrashTests: XCTestCase {
    var dir: URL!
    var folder: String { dir.appendingPathComponent("Pics").path }
    var homeTrash: String { dir.appendingPathComponent("data/Trash").path }
    let fm = FileManager.default
    var logged: [String] = []

    override func setUpWithError() throws {
        dir = fm.temporaryDirectory.appendingPathComponent("coffeegrid-trash-\(UUID().uuidString)")
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        try? fm.removeItem(at: dir)
    }

    /// The Photos scene on `count` photos IMG_1…IMG_count of the test's folder, its Trash the test's, settled.
    func photosSession(_ count: Int, size: Size) throws -> (HeadlessSession, PhotosScene) {
        for i in 1...count { try put(folder + "/IMG_\(i).jpg", seed: UInt32(i)) }
        return try HeadlessSession.photos(folder: folder, trash: homeTrash, size: size)
    }

    func put(_ path: String, seed: UInt32 = 1) throws {
        try fm.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try OwnPhotosTests.jpeg(seed).write(to: URL(fileURLWithPath: path))
    }

    func testTheHomeTrashKeepsThePathAndDateAndPutsItBack() throws {
        let trash = Trash(home: homeTrash)
        let path = folder + "/My Photo #1.jpg"
        try put(path)
        let when = Date(timeIntervalSince1970: 1_700_000_000)
        let item = try trash.moveToTrash(path, now: when)
        XCTAssertFalse(fm.fileExists(atPath: path))
        XCTAssertEqual(item.file, homeTrash + "/files/My Photo #1.jpg")
        XCTAssertTrue(fm.fileExists(atPath: item.file))
        let info = try String(contentsOfFile: homeTrash + "/info/My Photo #1.jpg.trashinfo", encoding: .utf8)
        XCTAssertEqual(info, "[Trash Info]\nPath=\(folder.replacingOccurrences(of: " ", with: "%20"))/My%20Photo%20%231.jpg\nDeletionDate=\(Trash.format(when))\n")
        XCTAssertEqual(trash.items(from: [folder]), [item], "read back from its info file")
        try trash.restore(item)
        XCTAssertTrue(fm.fileExists(atPath: path))
        XCTAssertFalse(fm.fileExists(atPath: item.info))
        XCTAssertEqual(trash.items(from: [folder]), [])
    }

    func testNamesAreNeverOverwrittenAndAPhotoIsNeverPutBackOverAnother() throws {
        let trash = Trash(home: homeTrash)
        try put(folder + "/a/IMG_1.jpg", seed: 1)
        try put(folder + "/b/IMG_1.jpg", seed: 2)
        let first = try trash.moveToTrash(folder + "/a/IMG_1.jpg")
        let second = try trash.moveToTrash(folder + "/b/IMG_1.jpg")
        XCTAssertEqual((first.file as NSString).lastPathComponent, "IMG_1.jpg")
        XCTAssertEqual((second.file as NSString).lastPathComponent, "IMG_1.2.jpg")
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: first.file)), try Data(contentsOf: URL(fileURLWithPath: second.file)))
        // A new photo took the old name: the trashed one stays in the Trash, the new one untouched.
        try put(folder + "/a/IMG_1.jpg", seed: 3)
        let newer = try Data(contentsOf: URL(fileURLWithPath: folder + "/a/IMG_1.jpg"))
        XCTAssertThrowsError(try trash.restore(first)) { XCTAssertTrue("\($0)".contains("a file of that name is there now"), "\($0)") }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder + "/a/IMG_1.jpg")), newer)
        XCTAssertTrue(fm.fileExists(atPath: first.file))
        try trash.restore(second)
        XCTAssertTrue(fm.fileExists(atPath: folder + "/b/IMG_1.jpg"))
    }

    /// /dev/shm is a tmpfs of its own here: a photo on it goes to /dev/shm/.Trash-$uid, its path recorded relative to the mount.
    func testAPhotoOnAnotherDriveGoesToThatDrivesTrash() throws {
        var shm = stat(), tmp = stat()
        guard stat("/dev/shm", &shm) == 0, stat(dir.path, &tmp) == 0, shm.st_dev != tmp.st_dev, access("/dev/shm", W_OK) == 0 else {
            throw XCTSkip("no writable second file system at /dev/shm")
        }
        let name = "coffeegrid-trash-\(UUID().uuidString)"
        let other = "/dev/shm/" + name
        defer { try? fm.removeItem(atPath: other) }
        try put(other + "/IMG_9.jpg")
        let trash = Trash(home: homeTrash)
        let item = try trash.moveToTrash(other + "/IMG_9.jpg")
        defer { unlink(item.file); unlink(item.info) }
        let own = "/dev/shm/.Trash-\(getuid())"
        XCTAssertEqual((item.file as NSString).deletingLastPathComponent, own + "/files")
        XCTAssertFalse(fm.fileExists(atPath: homeTrash + "/files"), "not the home trash: that would be a copy across drives")
        let info = try String(contentsOfFile: item.info, encoding: .utf8)
        XCTAssertTrue(info.contains("\nPath=\(name)/IMG_9.jpg\n"), info)
        var mode = stat()
        XCTAssertEqual(stat(own, &mode), 0)
        XCTAssertEqual(mode.st_mode & 0o777, 0o700)
        XCTAssertEqual(trash.items(from: [other], trashes: [own]).map(\.original), [other + "/IMG_9.jpg"])
        try trash.restore(item)
        XCTAssertTrue(fm.fileExists(atPath: other + "/IMG_9.jpg"))
    }

    func library() -> PhotoSet {
        let set = PhotoSet(paths: [folder], resources: try! ResourceLocator.locate(), log: { _ in })
        set.trash = Trash(home: homeTrash)
        set.finishScanning()
        return set
    }

    func testUndoPutsBackTheLastDeleteAlsoAfterARestart() throws {
        for i in 1...4 { try put(folder + "/IMG_\(i).jpg", seed: UInt32(i)) }
        let first = library()
        XCTAssertEqual(first.count, 4)
        first.moveToTrash([folder + "/IMG_1.jpg"], at: 0)
        sleep(1)
        first.moveToTrash([folder + "/IMG_2.jpg", folder + "/IMG_3.jpg"], at: 1)
        XCTAssertEqual(first.count, 1)
        XCTAssertEqual(first.notice?.text, "2 photos moved to Trash")
        // A new launch knows nothing but the Trash's info files: the newest delete comes back.
        let second = library()
        XCTAssertEqual(second.count, 1)
        second.undoTrash(at: 0)
        XCTAssertEqual(second.notice?.text, "2 photos put back")
        XCTAssertTrue(fm.fileExists(atPath: folder + "/IMG_2.jpg") && fm.fileExists(atPath: folder + "/IMG_3.jpg"))
        XCTAssertFalse(fm.fileExists(atPath: folder + "/IMG_1.jpg"), "the older delete stays in the Trash")
        XCTAssertEqual(Set(second.ids), [folder + "/IMG_2.jpg", folder + "/IMG_3.jpg", folder + "/IMG_4.jpg"])
        second.undoTrash(at: 1)
        XCTAssertTrue(fm.fileExists(atPath: folder + "/IMG_1.jpg"), "then the one before")
    }

    /// After Delete the photo now in the deleted one's place is selected, as in a file manager, so
    /// Delete again goes on through the folder; the last one gone leaves nothing selected.
    func testDeleteSelectsThePhotoThatTakesItsPlace() throws {
        let (s, scene) = try photosSession(4, size: Size(width: 1280, height: 800))
        try s.run(.click(try XCTUnwrap(scene.grid.drawnFrame(of: 2)).center))
        let selected = { scene.grid.selection.indices.compactMap { scene.photos.id(at: $0) }.map { ($0 as NSString).lastPathComponent } }
        XCTAssertEqual(selected(), ["IMG_3.jpg"])
        try s.run(.key(.delete, []))
        try s.run(.settle)
        XCTAssertEqual(selected(), ["IMG_4.jpg"], "the next photo, now where IMG_3 was")
        XCTAssertEqual(scene.grid.selection.focus, 2)
        try s.run(.key(.delete, []))
        try s.run(.settle)
        XCTAssertEqual(selected(), ["IMG_2.jpg"], "the last photo gone: the one before it")
        try s.run(.key(.character("z"), .control))
        try s.run(.settle)
        XCTAssertEqual(scene.count, 3)
        XCTAssertEqual(selected(), ["IMG_2.jpg"], "Ctrl+Z keeps the selection as it is")
        try s.run(.key(.character("a"), .control))
        try s.run(.key(.delete, []))
        try s.run(.settle)
        XCTAssertEqual(scene.count, 0)
        XCTAssertTrue(scene.grid.selection.isEmpty)
    }

    /// Delete, then Ctrl+Z before the watcher's thread has told of the move to the Trash: its late
    /// IN_MOVED_FROM must not take away the photo that is back (it did: the photo left, the dock
    /// forgot it, and the move back in brought it again as a new arrival).
    func testALateWatcherEventDoesNotTakeAwayAPhotoPutBack() throws {
        for i in 1...3 { try put(folder + "/IMG_\(i).jpg", seed: UInt32(i)) }
        let set = library()
        let photo = folder + "/IMG_2.jpg"
        set.moveToTrash([photo], at: 0)
        set.undoTrash(at: 0)
        XCTAssertEqual(set.count, 3)
        XCTAssertEqual(set.departures, [photo], "the Delete itself")
        // Both moves' events, read together once the watcher has them.
        let deadline = Date(timeIntervalSinceNow: 5)
        var frames: [Int] = []
        repeat {
            usleep(20_000)
            set.poll()
            frames.append(set.count)
        } while Date() < deadline && frames.count < 25
        XCTAssertEqual(Set(frames), [3], "the photo stays through every frame: \(frames)")
        XCTAssertEqual(set.departures, [photo], "no second departure (the dock would forget the photo)")
        XCTAssertEqual(set.ids.filter { $0 == photo }.count, 1)
    }

    func testASymbolicLinkOutOfTheFolderIsNeverFollowed() throws {
        let elsewhere = dir.appendingPathComponent("Elsewhere").path
        try put(elsewhere + "/deep.jpg")
        try put(elsewhere + "/target.jpg")
        try fm.createSymbolicLink(atPath: folder + "/linked", withDestinationPath: elsewhere)
        try fm.createSymbolicLink(atPath: folder + "/alias.jpg", withDestinationPath: elsewhere + "/target.jpg")
        let set = library()
        XCTAssertTrue(set.ids.contains(folder + "/linked/deep.jpg"))
        set.moveToTrash([folder + "/linked/deep.jpg"], at: 0)
        XCTAssertTrue(fm.fileExists(atPath: elsewhere + "/deep.jpg"), "a photo through a link to another folder stays")
        XCTAssertTrue(set.ids.contains(folder + "/linked/deep.jpg"))
        set.moveToTrash([folder + "/alias.jpg"], at: 0)
        XCTAssertTrue(fm.fileExists(atPath: elsewhere + "/target.jpg"), "a link goes to the Trash as the link; its target stays")
        var info = stat()
        XCTAssertEqual(lstat(homeTrash + "/files/alias.jpg", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK)
    }

    /// As root a mode bit does not stop a rename, so this runs as nobody when it can.
    func testAReadOnlyFolderSaysSoAndLosesNothing() throws {
        if getuid() == 0 {
            try TestEnvironment.require(tool: "setpriv", package: "util-linux")
            try runAsNobody()
            return
        }
        try put(folder + "/IMG_1.jpg")
        let set = library()
        try fm.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
        set.moveToTrash([folder + "/IMG_1.jpg"], at: 0)
        XCTAssertTrue(fm.fileExists(atPath: folder + "/IMG_1.jpg"))
        XCTAssertEqual(set.notice?.text, "cannot move IMG_1.jpg to the Trash: the folder is read-only (permission denied); nothing was moved")
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: homeTrash + "/info"), [], "no info file left behind")
        XCTAssertEqual(set.count, 1)
    }

    /// The app itself, as nobody, on a folder it may read but not change: Delete says why, and the photo stays.
    private func runAsNobody() throws {
        try put(folder + "/IMG_1.jpg")
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
        try fm.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
        let data = dir.appendingPathComponent("nobody").path
        try fm.createDirectory(atPath: data, withIntermediateDirectories: true)
        try fm.setAttributes([.posixPermissions: 0o777], ofItemAtPath: data)
        let script = dir.appendingPathComponent("script").path
        try "settle\nclick 195 300\nkey delete\nwait 100\n".write(toFile: script, atomically: true, encoding: .utf8)
        let state = data + "/state.json"
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("coffeegrid").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        p.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", binary, "--headless", "--no-restore", "--size", "390x844",
                       "--script", script, "--state", state, folder]
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        env["XDG_STATE_HOME"] = data
        env["XDG_CACHE_HOME"] = data
        env["XDG_DATA_HOME"] = data
        env["HOME"] = data
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, text)
        XCTAssertTrue(fm.fileExists(atPath: folder + "/IMG_1.jpg"), "nothing lost")
        XCTAssertTrue(text.contains("coffeegrid: cannot move \(folder)/IMG_1.jpg to the Trash: the folder is read-only (permission denied); nothing was moved"), text)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state))) as? [String: Any]
        let photos = json?["photos"] as? [String: Any]
        XCTAssertEqual(photos?["notice"] as? String, "cannot move IMG_1.jpg to the Trash: the folder is read-only (permission denied); nothing was moved")
        XCTAssertEqual(photos?["count"] as? Double, 1)
        XCTAssertEqual((try? fm.contentsOfDirectory(atPath: data + "/Trash/info")) ?? [], [])
    }

    /// A toast stands still: nothing moves while it is shown, so the window sleeps until it goes
    /// (the app's next wake is its end) and draws once then, instead of 300 identical frames.
    func testTheWindowSleepsWhileTheToastIsShownAndDrawsItsEnd() throws {
        let (s, scene) = try photosSession(3, size: Size(width: 390, height: 844))
        try s.run(.click(try XCTUnwrap(scene.grid.drawnFrame(of: 0)).center))
        try s.run(.key(.delete, []))
        for _ in 0..<100 where scene.toast == nil { try s.run(.wait(milliseconds: 20)) }
        try s.run(.settle)
        let shown = try XCTUnwrap(scene.photos.notice)
        XCTAssertNotNil(scene.toast)
        XCTAssertFalse(s.host.isAnimating || s.app.needsDisplay, "nothing moves under a toast")
        // The next wake: the toast's end, or before it the scan's count going from under it.
        let wake = try XCTUnwrap(s.app.nextWake)
        XCTAssertTrue(wake > s.app.env.time && wake <= shown.time + PhotosScene.noticeSeconds + 1e-9, "\(wake)")
        let frames = s.host.frameCount
        try s.run(.wait(milliseconds: PhotosScene.noticeSeconds * 1000 + 500))
        XCTAssertNil(scene.toast, "the toast went")
        XCTAssertFalse(s.app.lastDrawList.commands.contains { if case .text(let t, _, _, _, _) = $0 { return t == shown.text } else { return false } },
                       "and the frame drawn at its end no longer shows it")
        XCTAssertLessThanOrEqual(s.host.frameCount - frames, 4, "a few frames in 5.5 s, not 330")
    }

    /// The scene: three photos selected, Delete, the toast and the grid without them; Ctrl+Z brings them back.
    func testDeleteInTheSceneAndCtrlZ() throws {
        let (s, scene) = try photosSession(5, size: Size(width: 390, height: 1400))
        func center(_ i: Int) throws -> Point { try XCTUnwrap(scene.grid.drawnFrame(of: i)).center }
        try s.run(.click(try center(1)))
        try s.run(.click(try center(3), modifiers: .shift))
        XCTAssertEqual(scene.grid.selection.count, 3)
        try s.run(.key(.delete, []))
        try s.run(.wait(milliseconds: 100))
        XCTAssertEqual(scene.count, 2)
        XCTAssertEqual(scene.photos.ids, [folder + "/IMG_1.jpg", folder + "/IMG_5.jpg"])
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: homeTrash + "/files").sorted(), ["IMG_2.jpg", "IMG_3.jpg", "IMG_4.jpg"])
        let state = Dictionary(scene.state(env: s.app.env), uniquingKeysWith: { a, _ in a })
        guard case .object(let photos)? = state["photos"] else { return XCTFail("no photos key") }
        XCTAssertEqual(Dictionary(photos, uniquingKeysWith: { a, _ in a })["notice"], .string("3 photos moved to Trash"))
        try s.run(.settle)
        XCTAssertNotNil(scene.toast, "the toast stands still: settled with it shown")
        try s.run(.wait(milliseconds: PhotosScene.noticeSeconds * 1000 + 100))
        XCTAssertNil(scene.toast, "the toast goes")
        try s.run(.key(.character("z"), .control))
        try s.run(.settle)
        XCTAssertEqual(scene.count, 5)
        XCTAssertEqual(scene.invariantViolations(), [])
    }

    /// The dock forgets photos moved to the Trash (its grid and its dock close up, its file loses
    /// them) and Ctrl+Z puts each back where it was: a docked photo in the dock, at its place.
    func testTheDockForgetsTrashedPhotosAndUndoDocksThemAgain() throws {
        setenv("XDG_STATE_HOME", dir.appendingPathComponent("state").path, 1)
        for i in 1...5 { try put(folder + "/IMG_\(i).jpg", seed: UInt32(i)) }
        var options = Options()
        options.paths = [folder]
        options.restore = false
        let s = try HeadlessSession(scene: "dock", size: Size(width: 390, height: 844), options: options, waitsForImages: true)
        s.app.context.photos.trash = Trash(home: homeTrash)
        try s.run(.settle)
        let scene = try XCTUnwrap(s.app.scene as? DockScene)
        let p = (1...5).map { folder + "/IMG_\($0).jpg" }
        for i in [1, 2, 3] { scene.toggle(p[i]); try s.run(.settle) }
        XCTAssertEqual(scene.model.dock, [p[1], p[2], p[3]])
        s.app.context.photos.moveToTrash([p[2], p[4]], at: s.app.env.time)
        try s.run(.settle)
        XCTAssertEqual(scene.model.dock, [p[1], p[3]])
        XCTAssertEqual(scene.model.grid, [p[0]])
        XCTAssertTrue(scene.model.isConsistent)
        let file = try String(contentsOfFile: DockStore.forOwnPhotos().path, encoding: .utf8)
        XCTAssertFalse(file.contains("IMG_3.jpg"), "the dock's file forgets it too: \(file)")
        s.app.context.photos.undoTrash(at: s.app.env.time)
        try s.run(.settle)
        XCTAssertEqual(scene.model.dock, [p[1], p[2], p[3]], "the docked photo is back at its place in the dock")
        XCTAssertEqual(scene.model.grid, [p[0], p[4]], "the other back in the grid")
        XCTAssertEqual(scene.invariantViolations(), [])
        XCTAssertTrue(try String(contentsOfFile: DockStore.forOwnPhotos().path, encoding: .utf8).contains("IMG_3.jpg"))
    }
}

extension TrashTests {
    /// The toast's Undo is a button: a click on it puts the photos back, as Ctrl+Z does; a toast
    /// that cannot undo ("1 photo put back") has none.
    func testTheToastsUndoButtonPutsThePhotosBack() throws {
        let (s, scene) = try photosSession(3, size: Size(width: 844, height: 390))
        try s.run(.click(try XCTUnwrap(scene.grid.drawnFrame(of: 0)).center))
        try s.run(.key(.delete, []))
        try s.run(.wait(milliseconds: 100))
        XCTAssertEqual(scene.count, 2)
        let toast = try XCTUnwrap(scene.toast)
        XCTAssertEqual(toast, Toast(text: "1 photo moved to Trash", action: "Undo"))
        let layout = try XCTUnwrap(toast.layout(in: scene.grid.frame))
        let button = try XCTUnwrap(layout.action)
        XCTAssertTrue(layout.capsule.contains(button) && !button.contains(layout.text.center), "the button is the capsule's trailing end")
        try s.run(.click(Point(x: layout.text.midX, y: layout.text.midY)))
        try s.run(.wait(milliseconds: 100))
        XCTAssertEqual(scene.count, 2, "the toast's text is not the button")
        try s.run(.click(button.center))
        try s.run(.wait(milliseconds: 100))
        XCTAssertEqual(scene.count, 3)
        XCTAssertEqual(scene.toast, Toast(text: "1 photo put back", action: nil))
        XCTAssertTrue(fm.fileExists(atPath: folder + "/IMG_1.jpg"))
    }

    /// A one-photo toast with a 200-character name: the name is shortened in its middle so the
    /// whole sentence, the reason at its end, fits on one line; the log line keeps the full path.
    func testALongNameInAOnePhotoToastIsShortenedInTheMiddleSoTheReasonShows() throws {
        let name = "IMG_" + String(repeating: "holiday-", count: 24) + "last.jpg"
        try put(folder + "/" + name)
        // A file where the Trash's folder should be: the move fails, as root too.
        let blocker = dir.appendingPathComponent("x").path
        try Data().write(to: URL(fileURLWithPath: blocker))
        var options = Options()
        options.paths = [folder]
        options.restore = false
        let s = try HeadlessSession(scene: "photos", size: Size(width: 1600, height: 500), options: options, waitsForImages: true,
                                    log: { [unowned self] in logged.append($0) })
        s.app.context.photos.trash = Trash(home: blocker + "/Trash")
        try s.run(.settle)
        let scene = try XCTUnwrap(s.app.scene as? PhotosScene)
        try s.run(.click(try XCTUnwrap(scene.grid.drawnFrame(of: 0)).center))
        try s.run(.key(.delete, []))
        try s.run(.wait(milliseconds: 100))
        XCTAssertEqual(scene.count, 1, "nothing was moved")
        let reason = " to the Trash: cannot make \(blocker)/Trash/files (\(Trash.reason(ENOTDIR))); nothing was moved"
        XCTAssertEqual(scene.toast?.text, "cannot move " + name + reason, "the state file keeps the whole name")
        let drawn = s.app.buildDrawList().commands.compactMap { command -> (String, Rect)? in
            if case .text(let t, _, _, let r, _) = command, t.hasPrefix("cannot move ") { return (t, r) }
            return nil
        }
        let (line, rect) = try XCTUnwrap(drawn.first, "the toast is drawn")
        XCTAssertTrue(line.hasSuffix(".jpg" + reason), line)
        XCTAssertTrue(line.hasPrefix("cannot move IMG_holiday-"), line)
        XCTAssertTrue(line.contains("…"), line)
        XCTAssertLessThan(line.count, ("cannot move " + name + reason).count)
        let canvas = try XCTUnwrap(s.app.canvas)
        XCTAssertEqual(canvas.truncated(line, font: .footnote, width: rect.width), line, "one line, nothing cut at its end")
        XCTAssertEqual(logged.filter { $0.contains(folder + "/" + name + reason) }.count, 1, "\(logged)")
    }
}

extension TrashTests {
    /// A library that keeps what it logs.
    func library(logging lines: LogLines) -> PhotoSet {
        let set = PhotoSet(paths: [folder], resources: try! ResourceLocator.locate(), log: { lines.append($0) })
        set.trash = Trash(home: homeTrash)
        set.finishScanning()
        return set
    }

    /// A folder's entries as raw bytes (FileManager would repair a non-UTF-8 name).
    func rawNames(_ folder: String) -> [[UInt8]] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var out: [[UInt8]] = []
        while let e = readdir(dir) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] { out.append(name) }
        }
        return out.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// `caf\xE9.jpg` (Latin-1, not UTF-8) goes to the Trash under its own bytes, its info's `Path=`
    /// holds them percent-encoded (`caf%E9.jpg`, as the specification says), Ctrl+Z puts it back (also
    /// after a restart, from the info file), and Shift+Delete deletes it. It could not be trashed at
    /// all: Trash and the unlink named it by its id's UTF-8 ("not found").
    func testALatin1NameIsTrashedPutBackAndDeletedByItsBytes() throws {
        let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let id = folder + "/" + PathBytes.string(name)
        try PathBytes.withCString(id) { c in
            let data = try OwnPhotosTests.jpeg(4)
            let f = try XCTUnwrap(fopen(c, "w"))
            _ = data.withUnsafeBytes { fwrite($0.baseAddress, 1, data.count, f) }
            fclose(f)
        }
        let lines = LogLines()
        let first = library(logging: lines)
        XCTAssertEqual(first.ids, [id])
        first.moveToTrash([id], at: 0)
        XCTAssertEqual(lines.all, [])
        XCTAssertEqual(first.notice?.text, "1 photo moved to Trash")
        XCTAssertEqual(first.count, 0)
        XCTAssertEqual(rawNames(folder), [])
        XCTAssertEqual(rawNames(homeTrash + "/files"), [name])
        XCTAssertEqual(rawNames(homeTrash + "/info"), [name + Array(".trashinfo".utf8)])
        let info = try PathBytes.withCString(homeTrash + "/info/" + PathBytes.string(name) + ".trashinfo") { c -> String in
            let f = try XCTUnwrap(fopen(c, "r"))
            defer { fclose(f) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            return String(decoding: buffer[..<fread(&buffer, 1, buffer.count, f)], as: UTF8.self)
        }
        XCTAssertTrue(info.contains("\nPath=\(folder)/caf%E9.jpg\n"), info)
        // A new launch reads it back from the info file.
        let second = library(logging: lines)
        XCTAssertEqual(second.trash.items(from: [folder]).map(\.original), [id])
        second.undoTrash(at: 0)
        XCTAssertEqual(second.notice?.text, "1 photo put back")
        XCTAssertEqual(rawNames(folder), [name])
        XCTAssertEqual(second.ids, [id])
        second.deletePermanently([id], at: 0)
        XCTAssertEqual(second.notice?.text, "1 photo deleted permanently")
        XCTAssertEqual(rawNames(folder), [])
        XCTAssertEqual(lines.all, [])
    }

    /// The Trash cannot be made (here a file where its folder would be; a read-only drive is the
    /// same): Ctrl+A, Delete on three photos logs one line for the three, the toast says why, and
    /// every photo stays. It logged one line per photo (21,000 lines for a big folder).
    func testATrashThatCannotBeMadeIsSaidOnceAndNothingIsLost() throws {
        for i in 1...3 { try put(folder + "/IMG_\(i).jpg", seed: UInt32(i)) }
        try fm.createDirectory(atPath: (homeTrash as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: homeTrash))
        let lines = LogLines()
        let set = library(logging: lines)
        set.moveToTrash(set.ids, at: 0)
        let reason = "cannot make \(homeTrash)/files (not a folder); nothing was moved"
        XCTAssertEqual(lines.all, ["coffeegrid: cannot move 3 photos to the Trash (\(folder)/IMG_1.jpg and 2 more): \(reason)"])
        XCTAssertEqual(set.notice?.text, "cannot move 3 photos to the Trash: \(reason)")
        XCTAssertEqual(set.notice?.undoable, false)
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: folder).sorted(), ["IMG_1.jpg", "IMG_2.jpg", "IMG_3.jpg"])
        XCTAssertEqual(set.count, 3)
        set.undoTrash(at: 1)
        XCTAssertEqual(set.notice?.text, "Nothing to undo")
        XCTAssertEqual(set.count, 3)
    }
}

/// Lines a library logged (from whichever thread).
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
}
