import Foundation
import XCTest
@testable import Stage

/// libX11 is pointed at the app's cache for the Compose table only where it has none of its own.
final class ComposeCacheTests: XCTestCase {
    let dir = "/home/ana/.cache/coffeegrid/compose"

    func testTheAppsCacheWhenLibX11HasNone() {
        XCTAssertEqual(ComposeCache.variable(directory: dir, environment: ["HOME": "/home/ana"], isRoot: false, exists: { _ in false }), dir)
    }

    func testThePersonsOwnCacheIsKept() {
        XCTAssertNil(ComposeCache.variable(directory: dir, environment: ["HOME": "/home/ana", "XCOMPOSECACHE": "/tmp/x"], isRoot: false,
                                           exists: { _ in false }), "XCOMPOSECACHE set")
        XCTAssertNil(ComposeCache.variable(directory: dir, environment: ["HOME": "/home/ana"], isRoot: false,
                                           exists: { $0 == "/home/ana/.compose-cache" }), "~/.compose-cache, which libX11 uses when it is there")
        XCTAssertNil(ComposeCache.variable(directory: dir, environment: ["HOME": "/home/ana"], isRoot: false,
                                           exists: { $0 == "/var/cache/libx11/compose" }), "the system's cache, which XCOMPOSECACHE would hide")
        XCTAssertNil(ComposeCache.variable(directory: "relative/compose", environment: [:], isRoot: false, exists: { _ in false }))
        XCTAssertNil(ComposeCache.variable(directory: "/home/a=b/.cache/coffeegrid/compose", environment: [:], isRoot: false,
                                           exists: { _ in false }), "an = would be read as the table's name")
        XCTAssertNil(ComposeCache.variable(directory: dir, environment: ["HOME": "/root"], isRoot: true, exists: { _ in false }),
                     "libX11 writes no cache for root: no empty folder either")
    }

    /// Named (the folder made, private), then forgotten once video has started: programs the app
    /// opens keep their own.
    func testNamedThenForgotten() throws {
        let saved = getenv("XCOMPOSECACHE").map { String(cString: $0) }
        unsetenv("XCOMPOSECACHE")
        defer { if let saved { setenv("XCOMPOSECACHE", saved, 1) } else { unsetenv("XCOMPOSECACHE") } }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("compose-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("coffeegrid/compose").path
        // As a person's launch on a machine with no Compose cache of its own, whatever this one has.
        XCTAssertTrue(ComposeCache.name(folder, environment: ["HOME": "/home/ana"], isRoot: false, exists: { $0 == folder }))
        XCTAssertEqual(getenv("XCOMPOSECACHE").map { String(cString: $0) }, folder)
        let mode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o700, "libX11 uses only a folder no one else can write")
        XCTAssertFalse(ComposeCache.name(folder + "2", environment: ["HOME": "/home/ana"], isRoot: false, exists: { _ in false }),
                       "a variable already there is kept")
        ComposeCache.forget()
        XCTAssertNil(getenv("XCOMPOSECACHE"))
        XCTAssertFalse(ComposeCache.name(folder, environment: ["HOME": "/root"], isRoot: true, exists: { _ in false }))
        XCTAssertNil(getenv("XCOMPOSECACHE"))
    }
}
