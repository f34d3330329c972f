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
        XCTAssertEqual(second.frame(of: "coffee-3")?.minY, second.scene.dockFrame.minY + DockStrip.padding)
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
}
