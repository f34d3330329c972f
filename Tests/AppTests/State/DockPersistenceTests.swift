import XCTest
import Foundation
@testable import CoffeeGridApp

/// The dock survives a restart through `$XDG_STATE_HOME/coffeegrid/dock.json`; a bad file is
/// reported in one line and ignored. Each "launch" is a fresh AppController in this process.
final class DockPersistenceTests: XCTestCase {
    var dir: URL!
    var dockFile: String { dir.appendingPathComponent("coffeegrid/dock.json").path }

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-dockstore-\(UUID().uuidString)")
        setenv("XDG_STATE_HOME", dir.path, 1)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func write(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: dir.appendingPathComponent("coffeegrid").path, withIntermediateDirectories: true)
        try text.write(toFile: dockFile, atomically: true, encoding: .utf8)
    }

    func testRestartRestoresTheDock() throws {
        let first = try DockDriver(restore: true)
        XCTAssertEqual(first.scene.file.path, dockFile)
        first.click(first.centre(of: "coffee-3")); first.settle()
        first.click(first.centre(of: "coffee-11")); first.settle()
        XCTAssertEqual(try String(contentsOfFile: dockFile, encoding: .utf8), "{\"dock\":[\"coffee-3\",\"coffee-11\"]}\n")
        let second = try DockDriver(restore: true)
        XCTAssertEqual(second.scene.model.dock, ["coffee-3", "coffee-11"])
        XCTAssertEqual(second.scene.model.grid.count, 18)
        XCTAssertTrue(second.logged.isEmpty, "\(second.logged)")
        // Restored photos start in their dock slots, not flying in.
        XCTAssertTrue(second.scene.motion.isEmpty)
        XCTAssertEqual(second.frame(of: "coffee-3")?.minY, second.scene.dockViewport.minY)
    }

    func testNoRestoreStartsEmptyAndLeavesTheFileUntilAChange() throws {
        try write("{\"dock\":[\"coffee-5\"]}")
        let d = try DockDriver(restore: false)
        XCTAssertEqual(d.scene.model.dock, [])
        d.advance(0.5)
        XCTAssertEqual(try String(contentsOfFile: dockFile, encoding: .utf8), "{\"dock\":[\"coffee-5\"]}")
        d.click(d.centre(of: "coffee-2"))
        XCTAssertEqual(try String(contentsOfFile: dockFile, encoding: .utf8), "{\"dock\":[\"coffee-2\"]}\n")
    }

    func testCorruptOrTruncatedFileIsReportedAndIgnored() throws {
        for text in ["{\"dock\":[\"coffee-3\",\"coff", "not json at all", "[\"coffee-1\"]", "{\"dock\":\"coffee-1\"}", "", "\u{0}\u{1}\u{2}"] {
            try write(text)
            let d = try DockDriver(restore: true)
            XCTAssertEqual(d.scene.model.dock, [], text)
            XCTAssertEqual(d.scene.model.grid.count, 20, text)
            XCTAssertEqual(d.logged.count, 1, text)
            XCTAssertTrue(d.logged.first?.contains(dockFile) == true, text)
            XCTAssertFalse(d.logged.first?.contains("\n") ?? true, text)
        }
    }

    func testUnreadableFileIsReported() throws {
        // A directory where the file should be cannot be read as one.
        try FileManager.default.createDirectory(atPath: dockFile, withIntermediateDirectories: true)
        let d = try DockDriver(restore: true)
        XCTAssertEqual(d.scene.model.dock, [])
        XCTAssertEqual(d.logged.count, 1)
    }

    func testUnknownAndRepeatedIdsAreSkipped() throws {
        try write("{\"dock\":[\"coffee-7\",\"latte-99\",\"coffee-2\",\"coffee-7\",42]}")
        let d = try DockDriver(restore: true)
        XCTAssertEqual(d.scene.model.dock, ["coffee-7", "coffee-2"])
        XCTAssertTrue(d.scene.model.isConsistent)
        XCTAssertEqual(d.logged.count, 1)
        XCTAssertTrue(d.logged.first?.contains("skipped 3") == true)
    }

    func testStatePathFollowsXDGAndHome() {
        XCTAssertEqual(DockStore(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]).path, "/x/state/coffeegrid/dock.json")
        XCTAssertEqual(DockStore(environment: ["HOME": "/home/u"]).path, "/home/u/.local/state/coffeegrid/dock.json")
        XCTAssertEqual(DockStore(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/u"]).path, "/home/u/.local/state/coffeegrid/dock.json")
    }

    func testAnUnwritableLocationIsReportedOnceAndTheAppGoesOn() throws {
        // A file where the directory should be.
        try "".write(toFile: dir.path, atomically: true, encoding: .utf8)
        let d = try DockDriver(restore: true)
        d.click(d.centre(of: "coffee-1")); d.settle()
        d.click(d.centre(of: "coffee-2")); d.settle()
        XCTAssertEqual(d.scene.model.dock, ["coffee-1", "coffee-2"])
        XCTAssertEqual(d.logged.count, 1, "\(d.logged)")
        XCTAssertTrue(d.logged.first?.contains("Not a directory") == true, "\(d.logged)")
    }

    // MARK: - Two windows on one file (a hostile pass's cases)

    private func dockInFile() throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: dockFile))
        return try XCTUnwrap((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["dock"] as? [String])
    }

    /// A change this window could not save (the file a folder for a while) is saved once it can
    /// be, merged with what another window saved meanwhile, not undone by it.
    func testAChangeThatCouldNotBeSavedIsNotUndoneByAnotherWindowsSave() throws {
        let a = try DockDriver(restore: true), b = try DockDriver(restore: true)
        a.click(a.centre(of: "coffee-1")); a.settle(); b.settle()
        XCTAssertEqual(b.scene.model.dock, ["coffee-1"])
        try FileManager.default.removeItem(atPath: dockFile)
        try FileManager.default.createDirectory(atPath: dockFile, withIntermediateDirectories: false)
        b.click(b.centre(of: "coffee-10")); b.settle()
        XCTAssertEqual(b.logged.filter { $0.contains("cannot save the dock") }.count, 1, "\(b.logged)")
        try FileManager.default.removeItem(atPath: dockFile)
        a.click(a.centre(of: "coffee-4")); a.settle()
        usleep(1_100_000)  // b tries again at most once a second
        for _ in 0..<3 { b.settle(); a.settle() }
        XCTAssertEqual(Set(try dockInFile()), ["coffee-1", "coffee-10", "coffee-4"])
        XCTAssertEqual(Set(a.scene.model.dock), ["coffee-1", "coffee-10", "coffee-4"])
        XCTAssertEqual(Set(b.scene.model.dock), ["coffee-1", "coffee-10", "coffee-4"])
    }

    /// `--no-restore` replaces the file with its first change only; later changes merge as any
    /// window's do, so another window's docking is kept.
    func testANoRestoreWindowReplacesTheFileOnceThenMerges() throws {
        try write("{\"dock\":[\"coffee-3\",\"coffee-4\"]}")
        let r = try DockDriver(restore: true), n = try DockDriver(restore: false)
        XCTAssertEqual(r.scene.model.dock, ["coffee-3", "coffee-4"])
        n.click(n.centre(of: "coffee-1")); n.settle()
        XCTAssertEqual(try dockInFile(), ["coffee-1"], "the first change replaces the file")
        r.settle()
        XCTAssertEqual(r.scene.model.dock, ["coffee-1"])
        r.click(r.centre(of: "coffee-5")); r.settle()
        n.click(n.centre(of: "coffee-2")); n.settle()
        XCTAssertEqual(Set(try dockInFile()), ["coffee-1", "coffee-5", "coffee-2"], "the other window's photo stays")
    }
}
