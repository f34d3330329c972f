import CSDL2
import Foundation
import GridCore
import XCTest
import SystemIO
@testable import CoffeeGridApp
@testable import PhotoLibrary
@testable import Stage

/// A person's own photos: a folder on the command line or dropped on the window fills the feed and
/// the dock (the other scenes keep the bundled photos), in natural or capture-time order; the dock
/// remembers them by path.
final class OwnPhotosTests: XCTestCase {
    var dir: URL!
    var folder: String { dir.appendingPathComponent("Trip").path }

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-own-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        setenv("XDG_STATE_HOME", dir.appendingPathComponent("state").path, 1)
        setenv("XDG_CACHE_HOME", dir.appendingPathComponent("cache").path, 1)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    static func jpeg(_ seed: UInt32, width: Int = 80, height: Int = 60, date: String? = nil) throws -> Data {
        // Two colours a seed picks, top and bottom halves, so photos differ.
        let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)!
        defer { SDL_FreeSurface(s) }
        var top = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height / 2))
        var bottom = SDL_Rect(x: 0, y: Int32(height / 2), w: Int32(width), h: Int32(height - height / 2))
        SDL_FillRect(s, &top, 0xFF00_0000 | (seed &* 0x9E37_79B9) & 0x00FF_FFFF)
        SDL_FillRect(s, &bottom, 0xFF00_0000 | (seed &* 0x85EB_CA6B &+ 12345) & 0x00FF_FFFF)
        return try JPEGEncoder.encode(s, .init(exif: date.map { ExifBlock(dateTimeOriginal: $0) }))
    }

    /// Names in natural order: img_1, IMG_2, IMG_10, sub/IMG_3. By date: sub/IMG_3, IMG_10, img_1
    /// (no EXIF: its modification time), IMG_2. Plus one non-image named .jpg.
    @discardableResult
    func makeFolder() throws -> [String] {
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        try Self.jpeg(1, date: "2024:01:03 12:00:00").write(to: URL(fileURLWithPath: folder + "/IMG_2.jpg"))
        try Self.jpeg(2, date: "2024:01:01 12:00:00").write(to: URL(fileURLWithPath: folder + "/IMG_10.jpg"))
        try Self.jpeg(3).write(to: URL(fileURLWithPath: folder + "/img_1.jpg"))
        try Self.jpeg(4, date: "2023:12:31 12:00:00").write(to: URL(fileURLWithPath: folder + "/sub/IMG_3.jpg"))
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: folder + "/broken.jpg"))
        var t = tm()
        t.tm_year = 124; t.tm_mon = 0; t.tm_mday = 2; t.tm_hour = 12; t.tm_isdst = -1
        let when = mktime(&t)
        var times = [timeval(tv_sec: when, tv_usec: 0), timeval(tv_sec: when, tv_usec: 0)]
        XCTAssertEqual(utimes(folder + "/img_1.jpg", &times), 0)
        return ["img_1.jpg", "IMG_2.jpg", "IMG_10.jpg", "sub/IMG_3.jpg"].map { folder + "/" + $0 }
    }

    struct Run {
        var exitCode: Int32
        var log: [String]
        var state: [String: Any]
        var visible: [String] { (state["visible"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } }
        var library: [String: Any] { state["library"] as? [String: Any] ?? [:] }
    }

    func run(_ args: [String], script: [String] = []) throws -> Run {
        // Tall enough that all four photos of the folder are on screen under the code panel.
        let r = try ScriptStates(dir: dir).launch(script + ["settle", "STATE"], size: "390x1200", args: args)
        return Run(exitCode: r.exitCode, log: r.log, state: try XCTUnwrap(r.states.first, "no state written").json)
    }

    /// Selected photos stay selected by path when the order changes or the set grows under them
    /// (the feed's indices all move; the photos do not).
    func testTheSelectionFollowsThePhotosByPathAcrossRescans() throws {
        let paths = try makeFolder()
        var options = Options()
        options.paths = [folder]
        options.restore = false
        let s = try HeadlessSession(scene: "photos", size: Size(width: 390, height: 1200), options: options, waitsForImages: true)
        try s.run(.settle)
        let feed = try XCTUnwrap(s.app.scene as? PhotosScene)
        func selectedPaths() -> Set<String> { Set(feed.grid.selection.indices.compactMap { feed.photos.id(at: $0) }) }
        func center(_ path: String) throws -> Point {
            let i = try XCTUnwrap(feed.photos.ids.firstIndex(of: path))
            return try XCTUnwrap(feed.grid.drawnFrame(of: i)).center
        }
        try s.run(.click(try center(paths[0])))
        try s.run(.click(try center(paths[2]), modifiers: .control))
        XCTAssertEqual(selectedPaths(), [paths[0], paths[2]])
        try s.press("o")
        try s.run(.settle)
        XCTAssertEqual(feed.photos.order, .date)
        XCTAssertNotEqual(feed.grid.selection.indices, [0, 2], "the photos moved")
        XCTAssertEqual(selectedPaths(), [paths[0], paths[2]], "the same photos stay selected in capture-time order")
        // A photo that sorts first arrives: every index after it moves up one.
        let early = folder + "/sub/IMG_0.jpg"
        try Self.jpeg(9, date: "2020:01:01 12:00:00").write(to: URL(fileURLWithPath: early))
        try s.run(.drop(early))
        try s.run(.settle)
        XCTAssertEqual(feed.photos.ids.first, early)
        XCTAssertEqual(selectedPaths(), [paths[0], paths[2]], "and after a photo arrives before them")
        XCTAssertEqual(feed.grid.selection.count, 2)
    }

    func testTheFeedShowsAFolderInNaturalOrder() throws {
        let expected = try makeFolder()
        let r = try run(["--scene", "photos", folder])
        XCTAssertEqual(r.exitCode, 0)
        XCTAssertEqual(r.visible, expected)
        XCTAssertEqual(r.library["kind"] as? String, "folders")
        XCTAssertEqual(r.library["count"] as? Double, 4)
        XCTAssertEqual(r.library["scanning"] as? Bool, false)
        XCTAssertEqual(r.log, ["coffeegrid: skipped \(folder)/broken.jpg: not an image file (text)"])
        XCTAssertEqual((r.state["toolbar"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, ["code", "help", "sort", "reverse", "grid", "reveal"])
    }

    func testTheOrderButtonSortsByCaptureTime() throws {
        let paths = try makeFolder()
        let byDate = [paths[3], paths[2], paths[0], paths[1]]
        let pressed = try run(["--scene", "photos", folder], script: ["key o"])
        XCTAssertEqual(pressed.visible, byDate)
        XCTAssertEqual(pressed.library["order"] as? String, "date")
        XCTAssertEqual((pressed.state["toolbar"] as? [[String: Any]])?.first { $0["id"] as? String == "sort" }?["on"] as? Bool, true)
        let flag = try run(["--scene", "photos", "--order", "date", folder])
        XCTAssertEqual(flag.visible, byDate)
        // Capture date, file date, size, then back to the name.
        let back = try run(["--scene", "photos", "--order", "date", folder], script: ["key o", "key o", "key o"])
        XCTAssertEqual(back.visible, paths)
        let newest = try run(["--scene", "photos", "--order", "date", folder], script: ["key r"])
        XCTAssertEqual(newest.visible, byDate.reversed(), "newest first")
        XCTAssertEqual(newest.library["descending"] as? Bool, true)
    }

    /// The feed's photos go through the shared thumbnail cache (80×60 photos: the 128 size, at their own size);
    /// `--no-thumbnail-cache` leaves it alone, and the bundled photos never enter it.
    func testTheFeedUsesTheSharedThumbnailCache() throws {
        let paths = try makeFolder()
        let cache = dir.appendingPathComponent("cache/thumbnails").path
        _ = try run(["--scene", "photos", "--no-thumbnail-cache", folder])
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache))
        _ = try run(["--scene", "feed"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache), "bundled photos are not thumbnailed")
        let r = try run(["--scene", "photos", folder])
        let made = try FileManager.default.contentsOfDirectory(atPath: cache + "/normal").sorted()
        XCTAssertEqual(made, paths.map { ThumbnailCache.md5(ThumbnailCache.uri(for: $0)) + ".png" }.sorted())
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache + "/fail"), "broken.jpg is skipped by the scan, never decoded")
        // Again: every photo from the cache, the same picture.
        let again = try run(["--scene", "photos", folder])
        XCTAssertEqual(again.visible, r.visible)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache + "/normal").sorted(), made)
    }

    /// A session that brings the feed back at two columns sizes the grid for the photos shown, not
    /// for the twenty bundled ones (it used to keep 20 cells until the scan found another photo).
    func testARestoredColumnCountKeepsAFolderOfPhotos() throws {
        _ = try makeFolder()
        var options = Options()
        options.paths = [folder]
        let context = AppContext(options: options, resources: try ResourceLocator.locate(), log: { _ in })
        context.photos.finishScanning()
        let feed = PhotosScene(context: context)
        feed.restore(RestorableState(selections: [2, 0], anchor: nil))
        let window = Size(width: 390, height: 844)
        let env = AppEnvironment(windowSize: window, sizeClasses: SizeClasses(windowSize: window), scale: 1, appearance: .light,
                                 time: 0, resources: context.resources)
        _ = feed.advance(frame: Rect(x: 0, y: 0, width: 390, height: 700), env: env)
        XCTAssertEqual(feed.columns, 2)
        XCTAssertEqual(feed.grid.layout.count, 4)
        XCTAssertEqual(feed.invariantViolations(), [])
    }

    func testPathsOnTheCommandLine() throws {
        let o = try Options(parsing: ["--scene", "dock", "Trip", "--order=date", "/photos/a.jpg", "--", "-odd name", "--scene"])
        XCTAssertEqual(o.paths, ["Trip", "/photos/a.jpg", "-odd name", "--scene"])
        XCTAssertEqual(o.order, "date")
        XCTAssertEqual(o.scene, "dock")
        XCTAssertThrowsError(try Options(parsing: ["--order", "colour"])) {
            XCTAssertEqual(($0 as? UsageError)?.message, "--order must be name, date, modified or size, not 'colour'")
        }
        XCTAssertThrowsError(try Options(parsing: ["-"]))
        XCTAssertThrowsError(try Options(parsing: ["--bogus", "Trip"]))
    }

    func testWithoutPathsTheAppIsAsBefore() throws {
        let r = try run(["--scene", "feed"])
        XCTAssertEqual(r.visible.first, "coffee-1")
        XCTAssertNil(r.state["library"], "the feed is the seed's: no library of its own")
        XCTAssertFalse((r.state["switcher"] as? [[String: Any]] ?? []).contains { $0["scene"] as? String == "photos" }, "no Photos tab")
        XCTAssertEqual((r.state["toolbar"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, ["code", "help", "grid"])
    }

    /// Dropping a folder on the window replaces the bundled photos (and shows the Photos scene); a second
    /// drop adds to them. Other scenes keep the bundled photos.
    func testDropsOpenAFolderThenAddMore() throws {
        let paths = try makeFolder()
        let extra = dir.appendingPathComponent("extra.jpg").path
        try Self.jpeg(9).write(to: URL(fileURLWithPath: extra))
        let first = try run(["--scene", "cafes"], script: ["drop \(folder)"])
        XCTAssertEqual(first.state["scene"] as? String, "photos")
        XCTAssertEqual(first.visible, paths)
        let both = try run(["--scene", "photos"], script: ["drop \(folder)", "drop \(extra)", "drop \(folder)"])
        XCTAssertEqual(both.library["count"] as? Double, 5, "a folder dropped twice is not doubled")
        XCTAssertEqual(both.log.filter { $0.contains("broken.jpg") }.count, 2, "each scan of the folder reports it")
        let cafes = try run(["--scene", "cafes", folder])
        XCTAssertTrue((cafes.state["visible"] as? [[String: Any]] ?? []).isEmpty == false)
        XCTAssertFalse(cafes.visible.contains { $0.hasPrefix(folder) }, "the cafes keep the bundled photos")
    }

    func testTheDockRemembersOwnPhotosByPath() throws {
        let paths = try makeFolder()
        let first = try DockDriver(restore: true, paths: [folder])
        XCTAssertEqual(first.scene.model.grid, paths)
        first.click(first.centre(of: paths[1])); first.settle()
        first.click(first.centre(of: paths[3])); first.settle()
        XCTAssertEqual(first.scene.model.dock, [paths[1], paths[3]])
        let file = dir.appendingPathComponent("state/coffeegrid/own-photos-dock.json").path
        XCTAssertEqual(first.scene.file.path, file)
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(saved.contains(paths[1].replacingOccurrences(of: "/", with: "\\/")) || saved.contains(paths[1]), saved)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("state/coffeegrid/dock.json").path),
                       "the bundled dock's file is not touched")

        let second = try DockDriver(restore: true, paths: [folder])
        XCTAssertEqual(second.scene.model.dock, [paths[1], paths[3]])
        XCTAssertEqual(second.scene.model.grid, [paths[0], paths[2]])
        XCTAssertTrue(second.logged.filter { !$0.contains("broken.jpg") }.isEmpty, "\(second.logged)")

        try FileManager.default.removeItem(atPath: paths[3])
        let third = try DockDriver(restore: true, paths: [folder])
        XCTAssertEqual(third.scene.model.dock, [paths[1]])
        XCTAssertEqual(third.logged.filter { $0.contains("saved dock") }, ["coffeegrid: saved dock: \(paths[3]) no longer exists; skipped"])
        XCTAssertTrue(third.scene.model.isConsistent)
    }

    /// A docked photo from another folder is still shown (remembered by path), without a scan of its folder.
    /// Two windows on one folder: a photo that arrived after a window opened, docked in the other
    /// window, is docked in this one too (its dock's file knew only the photos it opened with).
    func testASecondWindowFollowsTheFirstsDockOfAPhotoThatArrivedLater() throws {
        _ = try makeFolder()
        let a = try DockDriver(restore: true, paths: [folder]), b = try DockDriver(restore: true, paths: [folder])
        let late = folder + "/IMG_99.jpg"
        try Self.jpeg(9).write(to: URL(fileURLWithPath: late))
        for _ in 0..<100 where !(a.scene.model.photos.contains(late) && b.scene.model.photos.contains(late)) {
            a.advance(0.05); b.advance(0.05); usleep(10_000)
        }
        XCTAssertTrue(a.scene.model.photos.contains(late) && b.scene.model.photos.contains(late), "both windows saw the new photo")
        a.click(a.centre(of: late)); a.settle()
        for _ in 0..<20 where b.scene.model.dock != [late] { b.advance(0.05); usleep(10_000) }
        XCTAssertEqual(b.scene.model.dock, [late])
    }

    func testADockedPhotoOutsideTheOpenFolderComesBack() throws {
        let paths = try makeFolder()
        let first = try DockDriver(restore: true, paths: [folder + "/sub"])
        first.click(first.centre(of: paths[3])); first.settle()
        let second = try DockDriver(restore: true, paths: [folder + "/IMG_2.jpg"])
        XCTAssertEqual(second.scene.model.dock, [paths[3]])
        XCTAssertEqual(second.scene.model.grid, [paths[1]])
    }

    /// Unreadable files and folders, seen by an ordinary user (root reads everything): the app run
    /// as `nobody` logs one line for each and shows the rest.
    func testUnreadableEntriesForAnOrdinaryUser() throws {
        try makeFolder()
        let fm = FileManager.default
        try Self.jpeg(7).write(to: URL(fileURLWithPath: folder + "/locked.jpg"))
        try fm.setAttributes([.posixPermissions: 0o000], ofItemAtPath: folder + "/locked.jpg")
        try fm.createDirectory(atPath: folder + "/private", withIntermediateDirectories: true)
        try Self.jpeg(8).write(to: URL(fileURLWithPath: folder + "/private/inside.jpg"))
        try fm.setAttributes([.posixPermissions: 0o000], ofItemAtPath: folder + "/private")
        defer { try? fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/private") }
        guard geteuid() == 0 else {
            let r = try run(["--scene", "photos", folder])
            XCTAssertTrue(r.log.contains("coffeegrid: skipped \(folder)/locked.jpg: cannot read (permission denied)"), "\(r.log)")
            XCTAssertTrue(r.log.contains("coffeegrid: skipped \(folder)/private: cannot read folder (permission denied)"), "\(r.log)")
            return
        }
        // Everything above the folder must be searchable by nobody (temporary folders are).
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("coffeegrid").path
        XCTAssertTrue(fm.isExecutableFile(atPath: binary), "no \(binary)")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        p.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", binary, "--headless", "--scene", "photos",
                       "--screenshot", "/dev/null", folder]
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        env["XDG_STATE_HOME"] = "/nonexistent"
        env["XDG_CACHE_HOME"] = "/nonexistent"
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, text)
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.contains("locked.jpg") }, ["coffeegrid: skipped \(folder)/locked.jpg: cannot read (permission denied)"], text)
        XCTAssertEqual(lines.filter { $0.contains("/private") }, ["coffeegrid: skipped \(folder)/private: cannot read folder (permission denied)"], text)
        XCTAssertEqual(lines.filter { $0.contains("broken.jpg") }.count, 1, text)
    }

    /// Thousands of entries (links to a few files): a frame draws what is near the viewport, a
    /// click moves one photo, and the dock animates only photos in view.
    func testThousandsOfPhotosCostWhatIsVisible() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for i in 0..<5 { try Self.jpeg(UInt32(i)).write(to: URL(fileURLWithPath: "\(folder)/src\(i).jpg")) }
        for i in 0..<3000 {
            try FileManager.default.createSymbolicLink(atPath: String(format: "%@/link%04d.jpg", folder, i), withDestinationPath: "src\(i % 5).jpg")
        }
        let feed = try run(["--scene", "photos", folder], script: ["key g", "key g", "key g", "settle", "scroll 0 200000", "settle"])
        XCTAssertEqual(feed.library["count"] as? Double, 3005)
        let items = try XCTUnwrap(feed.state["items"] as? [String: Any])
        XCTAssertLessThan(items["materialized"] as? Double ?? .infinity, 120, "\(items)")
        XCTAssertEqual(feed.visible.last, folder + "/src4.jpg", "scrolled to the end (natural order: link0000…link2999, src0…src4)")

        let dock = try DockDriver(restore: false, paths: [folder])
        XCTAssertEqual(dock.scene.model.grid.count, 3005)
        let id = try XCTUnwrap(dock.scene.model.grid.first)
        dock.click(dock.centre(of: id))
        XCTAssertEqual(dock.scene.model.dock, [id])
        XCTAssertLessThan(dock.scene.motion.entries.count, 150, "only photos near the viewport move")
        dock.settle()
        XCTAssertTrue(dock.scene.model.isConsistent)
    }
}
