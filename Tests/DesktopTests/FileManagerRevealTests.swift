@testable import Desktop
import Foundation
import PortalTestSupport
import XCTest

/// Reveal in the file manager: the URIs a file manager receives over `org.freedesktop.FileManager1`
/// (as given, in order; AppTests' RevealTests makes them from byte paths), the `xdg-open` fallback where no file manager is on the bus,
/// and one clear line when neither can show the files.
final class FileManagerRevealTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-reveal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("bin"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// A file's item: its URI and its folder's (the app makes both from the path's bytes).
    private func item(_ uri: String) -> FileManagerReveal.Item {
        FileManagerReveal.Item(uri: uri, folderURI: String(uri[..<uri.lastIndex(of: "/")!]))
    }

    func testShowItemsGetsEveryFileInEveryFolderAsURIs() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let fm = try FakeFileManager(address: bus.address)
        defer { fm.stop() }
        let reveal = FileManagerReveal(busAddress: bus.address, environment: ["PATH": dir.path + "/bin"])
        reveal.reveal([item("file:///photos/a/IMG_1.jpg"), item("file:///photos/a/IMG%20%232.jpg"),
                       item("file:///photos/2024%20%C3%89t%C3%A9/caf%E9.jpg")])
        XCTAssertTrue(reveal.wait(seconds: 10))
        XCTAssertEqual(fm.calls, [FakeFileManager.Call(method: "ShowItems",
                                                        uris: ["file:///photos/a/IMG_1.jpg", "file:///photos/a/IMG%20%232.jpg",
                                                               "file:///photos/2024%20%C3%89t%C3%A9/caf%E9.jpg"],
                                                        startupID: "")])
        XCTAssertEqual(reveal.take(), [FileManagerReveal.Outcome(route: .fileManager, items: 3, folders: 2)])
        XCTAssertEqual(reveal.take(), [], "an outcome is taken once")
    }

    /// A fake `xdg-open` first on PATH records each argument (and exits with `code`).
    private func fakeXDGOpen(code: Int = 0) throws -> String {
        let log = dir.appendingPathComponent("xdg-open.log").path
        let script = dir.appendingPathComponent("bin/xdg-open").path
        try "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '\(log)'\nexit \(code)\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        return log
    }

    private func lines(_ file: String) -> [String] {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func testWithoutAFileManagerOnTheBusXDGOpenOpensEachFolder() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let log = try fakeXDGOpen()
        let reveal = FileManagerReveal(busAddress: bus.address, environment: ["PATH": "/nonexistent:" + dir.path + "/bin:/usr/bin:/bin"])
        reveal.reveal([item("file:///photos/a/1.jpg"), item("file:///photos/b%20c/2.jpg"), item("file:///photos/a/3.jpg"),
                       item("file:///photos/%FF/4.jpg")])
        XCTAssertTrue(reveal.wait(seconds: 10))
        XCTAssertEqual(lines(log), ["file:///photos/a", "file:///photos/b%20c", "file:///photos/%FF"], "each folder once, in order")
        XCTAssertEqual(reveal.take(), [FileManagerReveal.Outcome(route: .xdgOpen, items: 4, folders: 3)])
    }

    func testNoBusAtAllFallsBackToXDGOpen() throws {
        let log = try fakeXDGOpen()
        let reveal = FileManagerReveal(busAddress: nil, environment: ["PATH": dir.path + "/bin:/usr/bin:/bin"])
        reveal.reveal([item("file:///p/x.jpg")])
        XCTAssertTrue(reveal.wait(seconds: 10))
        XCTAssertEqual(lines(log), ["file:///p"])
        XCTAssertEqual(reveal.take().first?.route, .xdgOpen)
        // A bus address nobody listens at is the same as none.
        let dead = FileManagerReveal(busAddress: "unix:path=/nonexistent/coffeegrid-bus", environment: ["PATH": dir.path + "/bin:/usr/bin:/bin"])
        dead.reveal([item("file:///q/y.jpg")])
        XCTAssertTrue(dead.wait(seconds: 10))
        XCTAssertEqual(lines(log), ["file:///p", "file:///q"])
    }

    func testNeitherIsOneClearLine() throws {
        let reveal = FileManagerReveal(busAddress: nil, environment: ["PATH": dir.path + "/bin"])
        reveal.reveal([item("file:///p/x.jpg")])
        XCTAssertTrue(reveal.wait(seconds: 10))
        XCTAssertEqual(reveal.take(), [FileManagerReveal.Outcome(route: nil, items: 1, folders: 1,
                                                                  message: "no session bus, and xdg-open is not on PATH")])
        let bus = try PrivateBus()
        defer { bus.stop() }
        _ = try fakeXDGOpen(code: 3)
        let failing = FileManagerReveal(busAddress: bus.address, environment: ["PATH": dir.path + "/bin:/usr/bin:/bin"])
        failing.reveal([item("file:///p/x.jpg")])
        XCTAssertTrue(failing.wait(seconds: 10))
        XCTAssertEqual(failing.take().first?.message,
                       "no org.freedesktop.FileManager1 on the session bus, and xdg-open found no program to open folders with")
    }

    func testAFileManagerErrorFallsBackAndASlowOneIsNotOpenedTwice() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let log = try fakeXDGOpen()
        let failing = try FakeFileManager(address: bus.address, answer: .error(name: "org.freedesktop.DBus.Error.Failed", message: "broken"))
        let reveal = FileManagerReveal(busAddress: bus.address, environment: ["PATH": dir.path + "/bin:/usr/bin:/bin"], timeout: 0.5)
        reveal.reveal([item("file:///p/x.jpg")])
        XCTAssertTrue(reveal.wait(seconds: 10))
        XCTAssertEqual(failing.calls.count, 1)
        XCTAssertEqual(reveal.take(), [FileManagerReveal.Outcome(route: .xdgOpen, items: 1, folders: 1)])
        XCTAssertEqual(lines(log), ["file:///p"])
        failing.stop()
        usleep(100_000)

        let bus2 = try PrivateBus()
        defer { bus2.stop() }
        let slow = try FakeFileManager(address: bus2.address, answer: .after(seconds: 2))
        defer { slow.stop() }
        let waiting = FileManagerReveal(busAddress: bus2.address, environment: ["PATH": dir.path + "/bin:/usr/bin:/bin"], timeout: 0.5)
        let start = Date()
        waiting.reveal([item("file:///s/x.jpg")])
        // The call is on the request's thread: the caller never waits for it.
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.2)
        XCTAssertEqual(waiting.inFlight, 1)
        waiting.reveal([item("file:///s/y.jpg")])
        XCTAssertEqual(waiting.take().first?.message, "still waiting for the file manager to answer the last request")
        XCTAssertTrue(waiting.wait(seconds: 10))
        let outcome = try XCTUnwrap(waiting.take().first)
        XCTAssertNil(outcome.route)
        XCTAssertTrue(outcome.message?.hasPrefix("the file manager did not answer within 0.5 s") == true, outcome.message ?? "")
        XCTAssertEqual(lines(log), ["file:///p"], "no second window from xdg-open")
        XCTAssertEqual(slow.calls.map(\.uris), [["file:///s/x.jpg"]])
    }

    func testManyFoldersOpenAtMostTheLimit() throws {
        let log = try fakeXDGOpen()
        let reveal = FileManagerReveal(busAddress: nil, environment: ["PATH": dir.path + "/bin:/usr/bin:/bin"])
        reveal.reveal((0..<20).map { item("file:///f\($0)/x.jpg") })
        XCTAssertTrue(reveal.wait(seconds: 20))
        XCTAssertEqual(lines(log).count, FileManagerReveal.folderLimit)
        XCTAssertEqual(reveal.take().first?.message, "the first 8 of 20 folders opened")
    }
}
