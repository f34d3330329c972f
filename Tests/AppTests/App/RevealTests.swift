import Desktop
import Foundation
import GridCore
import PortalTestSupport
import XCTest
@testable import CoffeeGridApp
@testable import PhotoLibrary
@testable import Stage

/// Reveal in the app: Ctrl+Alt+O, the Photos scene's folder button and the viewer's key hand the
/// chosen photos to the file manager as URIs of their bytes (a stand-in `FileManager1` on a private
/// bus records exactly what arrives), `xdg-open` of the folder where no file manager is on the bus,
/// and one line and a toast where neither is, the app running on.
final class RevealTests: XCTestCase {
    private var dir: URL!
    private var logged: [String] = []
    private let lock = NSLock()

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-reveal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("bin"), withIntermediateDirectories: true)
        setenv("XDG_STATE_HOME", dir.appendingPathComponent("state").path, 1)
        setenv("XDG_CACHE_HOME", dir.appendingPathComponent("cache").path, 1)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// `Day 1/IMG_1.jpg`, `Day 1/IMG #2.jpg` and, in a folder whose name is Latin-1 (not UTF-8),
    /// `caf\xE9/x.jpg`; returns the two folders as ids.
    private func makeFolders() throws -> [String] {
        let day = dir.appendingPathComponent("Day 1").path
        try FileManager.default.createDirectory(atPath: day, withIntermediateDirectories: true)
        try OwnPhotosTests.jpeg(1).write(to: URL(fileURLWithPath: day + "/IMG_1.jpg"))
        try OwnPhotosTests.jpeg(2).write(to: URL(fileURLWithPath: day + "/IMG #2.jpg"))
        let cafe = PathBytes.string(Array(dir.path.utf8) + Array("/caf".utf8) + [0xE9])
        XCTAssertEqual(PathBytes.withCString(cafe) { mkdir($0, 0o755) }, 0)
        let data = try OwnPhotosTests.jpeg(3)
        let fd = PathBytes.withCString(cafe + "/x.jpg") { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        XCTAssertGreaterThanOrEqual(fd, 0)
        _ = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return [day, cafe]
    }

    private func session(_ paths: [String]) throws -> HeadlessSession {
        var options = Options()
        options.paths = paths
        options.restore = false
        let s = try HeadlessSession(scene: "photos", size: Size(width: 844, height: 700), options: options, waitsForImages: true,
                                    log: { [weak self] line in self?.lock.withLock { self?.logged.append(line) } })
        try s.run(.settle)
        return s
    }

    private var log: [String] { lock.withLock { logged } }

    private func reveal(_ s: HeadlessSession) -> [String: Any] {
        let object = try? JSONSerialization.jsonObject(with: Data(s.app.stateJSON().text.utf8)) as? [String: Any]
        return object?["reveal"] as? [String: Any] ?? [:]
    }

    /// Frames until the last request has ended and the app has taken its outcome.
    private func settleReveal(_ s: HeadlessSession) throws {
        XCTAssertTrue(s.app.revealer?.wait(seconds: 10) ?? false)
        let deadline = Date(timeIntervalSinceNow: 5)
        repeat { try s.run(.wait(milliseconds: 20)) } while (reveal(s)["inFlight"] as? Double ?? 1) > 0 && Date() < deadline
    }

    /// A session on the folders whose revealer talks to a file manager on a private bus (both
    /// stopped when the test ends).
    private func sessionWithFileManager() throws -> (HeadlessSession, FakeFileManager) {
        let bus = try PrivateBus()
        addTeardownBlock { bus.stop() }
        let fm = try FakeFileManager(address: bus.address)
        addTeardownBlock { fm.stop() }
        let s = try session(try makeFolders())
        s.app.revealer = FileManagerReveal(busAddress: bus.address, environment: ["PATH": dir.path + "/bin"])
        return (s, fm)
    }

    private var expectedURIs: [String] {
        ["file://\(dir.path)/Day%201/IMG%20%232.jpg", "file://\(dir.path)/Day%201/IMG_1.jpg", "file://\(dir.path)/caf%E9/x.jpg"]
    }

    func testCtrlAltOShowsEverySelectedPhotoInEveryFolderAsTheURIsOfItsBytes() throws {
        let (s, fm) = try sessionWithFileManager()
        let scene = try XCTUnwrap(s.app.scene as? PhotosScene)
        XCTAssertEqual(scene.count, 3)
        try s.run(.key(.character("a"), [.control]))
        try s.run(.key(.character("o"), [.control, .alt]))
        let calls = fm.waitForCalls(1)
        XCTAssertEqual(calls.count, 1)
        XCTAssertEqual(calls.first?.method, "ShowItems")
        XCTAssertEqual(calls.first?.uris.sorted(), expectedURIs)
        XCTAssertEqual(calls.first?.uris, scene.photos.ids.map { PathBytes.fileURI($0) }, "in the grid's order")
        XCTAssertEqual(calls.first?.startupID, "")
        try settleReveal(s)
        let state = reveal(s)
        XCTAssertEqual(state["route"] as? String, "FileManager1")
        XCTAssertEqual(state["items"] as? Double, 3)
        XCTAssertEqual(state["folders"] as? Double, 2)
        XCTAssertEqual(scene.photos.ids.count, 3, "nothing was moved or lost")
        XCTAssertEqual(log, [])
        XCTAssertNil(scene.toast, "showing is no news")
    }

    func testTheToolbarButtonShowsTheFocusedPhotoAndTheViewerItsPhoto() throws {
        let (s, fm) = try sessionWithFileManager()
        let scene = try XCTUnwrap(s.app.scene as? PhotosScene)
        let button = try XCTUnwrap(NavigationBarProbe.frames(s.app)["reveal"], "the folder button is in the toolbar")
        XCTAssertEqual(scene.toolbar.first { $0.id == "reveal" }?.symbol, "folder")
        // Nothing chosen: a toast says what to do, and nothing is sent.
        try s.run(.click(button.center))
        try s.run(.wait(milliseconds: 100))
        XCTAssertEqual(scene.toast?.text, "Select a photo to show it in the file manager")
        XCTAssertEqual(fm.calls, [])
        // A click on the second photo selects it; the button shows it.
        let second = try XCTUnwrap(scene.grid.drawnFrame(of: 1))
        try s.run(.click(second.center))
        try s.run(.click(button.center))
        XCTAssertEqual(fm.waitForCalls(1).map(\.uris), [[PathBytes.fileURI(try XCTUnwrap(scene.photos.id(at: 1)))]])
        try settleReveal(s)
        // The viewer: a double-click opens the photo, Right moves on, Ctrl+Alt+O shows that one.
        try s.run(.doubleClick(second.center))
        try s.run(.settle)
        let viewer = try XCTUnwrap(s.app.viewer)
        try s.run(.key(.right, []))
        try s.run(.key(.character("o"), [.control, .alt]))
        let calls = fm.waitForCalls(2)
        XCTAssertEqual(calls.count, 2)
        XCTAssertEqual(calls.last?.uris, [PathBytes.fileURI(try XCTUnwrap(viewer.path))])
        XCTAssertEqual(viewer.path, scene.photos.id(at: 2))
        XCTAssertNotNil(s.app.viewer, "the viewer stays open")
    }

    func testWithoutAFileManagerOnTheBusXDGOpenOpensTheFolder() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let record = dir.appendingPathComponent("xdg-open.log").path
        let script = dir.appendingPathComponent("bin/xdg-open").path
        try "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '\(record)'\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let s = try session(try makeFolders())
        s.app.revealer = FileManagerReveal(busAddress: bus.address, environment: ["PATH": dir.path + "/bin:/usr/bin:/bin"])
        try s.run(.key(.character("a"), [.control]))
        try s.run(.key(.character("o"), [.control, .alt]))
        try settleReveal(s)
        let opened = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(opened.sorted(), ["file://\(dir.path)/Day%201", "file://\(dir.path)/caf%E9"], "each folder once")
        XCTAssertEqual(reveal(s)["route"] as? String, "xdg-open")
        XCTAssertEqual(log, [])
    }

    /// A fake `xdg-open` first on PATH running `body` (sh).
    private func fakeXDGOpen(_ body: String) throws {
        let script = dir.appendingPathComponent("bin/xdg-open").path
        try "#!/bin/sh\n\(body)\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
    }

    /// The one photo focused and Ctrl+Alt+O pressed, no file manager on the bus.
    private func revealOneWithXDGOpen(timeout: Double) throws -> (HeadlessSession, PhotosScene) {
        let s = try session(try makeFolders())
        s.app.revealer = FileManagerReveal(busAddress: nil, environment: ["PATH": dir.path + "/bin:/usr/bin:/bin"], timeout: timeout)
        let scene = try XCTUnwrap(s.app.scene as? PhotosScene)
        try s.run(.click(try XCTUnwrap(scene.grid.drawnFrame(of: 0)).center))
        try s.run(.key(.character("o"), [.control, .alt]))
        return (s, scene)
    }

    func testAnXDGOpenThatFailsIsAToastAndOneLineNotSuccess() throws {
        try fakeXDGOpen("exit 4")
        let (s, scene) = try revealOneWithXDGOpen(timeout: 5)
        try settleReveal(s)
        XCTAssertNil(reveal(s)["route"] as? String, "\(reveal(s))")
        XCTAssertEqual(log, ["coffeegrid: cannot show the photo in the file manager: no session bus, and xdg-open failed to open the folder"])
        XCTAssertEqual(scene.toast?.text, "Cannot show the photo in the file manager")
    }

    func testAnXDGOpenThatBlocksStallsNoFrameAndSaysItDidNotFinish() throws {
        let pidFile = dir.appendingPathComponent("xdg-open.pid").path
        try fakeXDGOpen("echo $$ > '\(pidFile)'\nexec sleep 30")
        addTeardownBlock {
            if let text = try? String(contentsOfFile: pidFile, encoding: .utf8), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                kill(pid, SIGKILL)
            }
        }
        let (s, scene) = try revealOneWithXDGOpen(timeout: 1)
        // Frames go on while xdg-open blocks: the request is still under way after several of them.
        for _ in 0..<3 { try s.run(.wait(milliseconds: 20)) }
        XCTAssertEqual(reveal(s)["inFlight"] as? Double, 1, "the frames ran while xdg-open was still running")
        XCTAssertNil(scene.toast)
        try settleReveal(s)
        XCTAssertNil(reveal(s)["route"] as? String, "a blocked xdg-open is not success: \(reveal(s))")
        XCTAssertEqual(log, ["coffeegrid: cannot show the photo in the file manager: no session bus, and xdg-open did not finish within 1 s (the folder may still open)"])
        XCTAssertEqual(scene.toast?.text, "Cannot show the photo in the file manager")
        XCTAssertFalse(s.app.wantsQuit)
    }

    func testNoBusAndNoXDGOpenIsOneLineAndAToastAndTheAppRunsOn() throws {
        let s = try session(try makeFolders())
        s.app.revealer = FileManagerReveal(busAddress: nil, environment: ["PATH": dir.path + "/bin"])
        let scene = try XCTUnwrap(s.app.scene as? PhotosScene)
        try s.run(.click(try XCTUnwrap(scene.grid.drawnFrame(of: 0)).center))
        try s.run(.key(.character("o"), [.control, .alt]))
        try settleReveal(s)
        XCTAssertEqual(log, ["coffeegrid: cannot show the photo in the file manager: no session bus, and xdg-open is not on PATH"])
        XCTAssertEqual(scene.toast?.text, "Cannot show the photo in the file manager")
        XCTAssertNil(reveal(s)["route"] as? String)
        XCTAssertEqual(reveal(s)["message"] as? String, "no session bus, and xdg-open is not on PATH")
        let columns = scene.columns
        try s.press("g")
        try s.run(.settle)
        XCTAssertFalse(s.app.wantsQuit)
        XCTAssertEqual(scene.columns, columns % 4 + 1, "the app goes on")
        XCTAssertEqual(log.count, 1, "one line")
    }
}
