import Foundation
import GridCore
import XCTest
@testable import CoffeeGridApp
@testable import PhotoLibrary
@testable import Stage

/// The Photos scene's title and count (issue 24): the folder's name, or "N photos" for photos from
/// several folders, the count under it, "Photos" and an empty state before any are open; the state
/// file's `sceneTitle` is the title as drawn.
final class PhotosSceneTitleTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-title-\(UUID().uuidString)")
        for sub in ["Summer 2024", "Winter", "Winter/Skiing"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        setenv("XDG_STATE_HOME", dir.appendingPathComponent("state").path, 1)
        setenv("XDG_CACHE_HOME", dir.appendingPathComponent("cache").path, 1)
        for (i, name) in ["Summer 2024/a.jpg", "Summer 2024/b.jpg", "Winter/c.jpg", "Winter/Skiing/d.jpg"].enumerated() {
            try OwnPhotosTests.jpeg(UInt32(i + 1)).write(to: dir.appendingPathComponent(name))
        }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func scene(_ paths: [String]) throws -> (HeadlessSession, PhotosScene) {
        var options = Options()
        options.paths = paths
        options.restore = false
        let s = try HeadlessSession(scene: "photos", size: Size(width: 390, height: 844), options: options, waitsForImages: true)
        try s.run(.settle)
        return (s, try XCTUnwrap(s.app.scene as? PhotosScene))
    }

    private func sceneTitle(_ s: HeadlessSession) throws -> String? {
        let o = try JSONSerialization.jsonObject(with: Data(s.app.stateText().utf8)) as? [String: Any]
        return o?["sceneTitle"] as? String
    }

    func testOneFolderIsItsNameAndItsCountCountsSubfolders() throws {
        let (s, scene) = try scene([dir.appendingPathComponent("Winter").path])
        XCTAssertEqual(scene.title, "Winter")
        XCTAssertEqual(scene.statusText, "2 photos", "Skiing's photo counts")
        XCTAssertEqual(try sceneTitle(s), "Winter")
        XCTAssertEqual(s.host.title, "Winter — CoffeeGrid")
    }

    func testPhotosFromSeveralFoldersAreACount() throws {
        let (s, scene) = try scene([dir.appendingPathComponent("Summer 2024").path, dir.appendingPathComponent("Winter").path])
        XCTAssertEqual(scene.title, "4 photos")
        XCTAssertEqual(scene.statusText, "4 photos")
        XCTAssertEqual(try sceneTitle(s), "4 photos")
    }

    func testFilesOfOneFolderAreThatFolder() throws {
        let (_, scene) = try scene([dir.appendingPathComponent("Summer 2024/a.jpg").path, dir.appendingPathComponent("Summer 2024/b.jpg").path])
        XCTAssertEqual(scene.title, "Summer 2024")
        XCTAssertEqual(scene.statusText, "2 photos")
        let (_, one) = try self.scene([dir.appendingPathComponent("Winter/c.jpg").path])
        XCTAssertEqual(one.statusText, "1 photo")
    }

    func testBeforeAnyAreOpenItIsPhotosAndEmpty() throws {
        let (s, scene) = try scene([])
        XCTAssertEqual(scene.title, "Photos")
        XCTAssertNil(scene.statusText)
        XCTAssertEqual(scene.count, 0)
        XCTAssertTrue(scene.toolbar.isEmpty, "nothing to sort, reverse or reveal")
        XCTAssertTrue(s.app.lastDrawList.commands.contains { if case .text("No folder open", _, _, _, _) = $0 { return true } else { return false } })
    }

    func testTheCountFollowsTheFolder() throws {
        let (s, scene) = try scene([dir.appendingPathComponent("Winter").path])
        try OwnPhotosTests.jpeg(9).write(to: dir.appendingPathComponent("Winter/e.jpg"))
        let deadline = Date(timeIntervalSinceNow: 10)
        while scene.count < 3 && Date() < deadline { try s.run(.wait(milliseconds: 50)) }
        XCTAssertEqual(scene.statusText, "3 photos")
        try FileManager.default.removeItem(at: dir.appendingPathComponent("Winter/c.jpg"))
        while scene.count > 2 && Date() < deadline { try s.run(.wait(milliseconds: 50)) }
        XCTAssertEqual(scene.statusText, "2 photos")
        XCTAssertEqual(scene.title, "Winter")
    }
}
