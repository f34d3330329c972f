import Foundation
import XCTest
@testable import CoffeeGridApp

/// Issue 21, case 10: a dock file the app refuses is kept aside, never emptied by the next save;
/// saves onto a file nobody changed since parse nothing, and write what `DockStore.text` would.
final class DockStoreTests: XCTestCase {
    var dir: URL!
    var path: String { dir.appendingPathComponent("dock.json").path }

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-dockstore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func testSavesWriteTheTextAndMergeAChangeMadeBetweenThem() throws {
        let store = DockStore(path: path)
        let ids = ["/p/a \"quoted\".jpg", "/p/tab\there.jpg", "/p/caf\u{E9}.jpg", "/p/\u{EFE9}.jpg"]
        XCTAssertEqual(try store.save(Array(ids.prefix(2)), base: [], known: ids), Array(ids.prefix(2)))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), DockStore.text(Array(ids.prefix(2))))
        // Unchanged since: this window's next change is written as it is.
        XCTAssertEqual(try store.save(ids, base: Array(ids.prefix(2)), known: ids), ids)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), DockStore.text(ids))
        // Another window removes one between this window's saves: the memo must not hide it.
        try DockStore(path: path).save([ids[1], ids[2], ids[3]])
        XCTAssertEqual(try store.save(ids + [], base: ids, known: ids), [ids[1], ids[2], ids[3]])
        XCTAssertEqual(try store.save([ids[1]], base: [ids[1], ids[2], ids[3]], known: ids), [ids[1]])
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), DockStore.text([ids[1]]))
    }

    func testARefusedFileIsKeptAsideByteForByte() throws {
        let store = DockStore(path: path)
        let junk = "{\"dock\":[\"/a\","
        try junk.write(toFile: path, atomically: false, encoding: .utf8)
        let loaded = store.load(known: ["/a"])
        XCTAssertEqual(loaded.ids, [])
        XCTAssertTrue(loaded.message?.contains("kept as dock.json.refused-") == true, loaded.message ?? "nil")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "moved, so the next save writes a new dock")
        let aside = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("dock.json.refused-") }
        XCTAssertEqual(aside.count, 1)
        XCTAssertEqual(try String(contentsOfFile: dir.appendingPathComponent(aside[0]).path, encoding: .utf8), junk)
        // A refused file met by a save (written there meanwhile) is kept aside too, not written over.
        try junk.write(toFile: path, atomically: false, encoding: .utf8)
        var kept: [String] = []
        XCTAssertEqual(try store.save(["/a"], base: [], known: ["/a"], keptAside: { kept.append($0) }), ["/a"])
        XCTAssertEqual(kept.count, 1)
        XCTAssertNotEqual(kept.first.map { ($0 as NSString).lastPathComponent }, aside[0], "an earlier refused file is never replaced")
        XCTAssertEqual(try String(contentsOfFile: kept[0], encoding: .utf8), junk)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), DockStore.text(["/a"]))
    }
}
