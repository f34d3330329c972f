import Foundation
import XCTest
import GridCore
import Stage
import SystemIO
@testable import CoffeeGridApp

/// A person's folder opens as a photo viewer's thumbnails do: as many columns as photos at least
/// 250 points wide fit (one on a phone-sized window, as the feed; four at 1280), following the window
/// until the person picks a count, which then stays (through resizes and the next launch).
final class PhotosColumnsTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-columns-\(UUID().uuidString)")
        let folder = dir.appendingPathComponent("Pics")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for i in 1...24 { try OwnPhotosTests.jpeg(UInt32(i)).write(to: folder.appendingPathComponent("IMG_\(i).jpg")) }
        setenv("XDG_CACHE_HOME", dir.appendingPathComponent("cache").path, 1)
    }

    override func tearDownWithError() throws {
        unsetenv("XDG_CACHE_HOME")
        try? FileManager.default.removeItem(at: dir)
    }

    private func session(_ size: Size) throws -> (HeadlessSession, PhotosScene) {
        var options = Options()
        options.paths = [dir.appendingPathComponent("Pics").path]
        options.restore = false
        let s = try HeadlessSession(scene: "photos", size: size, options: options)
        s.app.context.photos.finishScanning()
        try s.run(.settle)
        return (s, try XCTUnwrap(s.app.scene as? PhotosScene))
    }

    /// Photos that join the grid set its scroll range in the frame they join, not the next: a folder
    /// opened and settled scrolls at once (the memory bench's first pass found the range still 0).
    func testPhotosThatJoinAreScrollableInTheFrameTheyJoin() throws {
        var options = Options()
        options.paths = [dir.appendingPathComponent("Pics").path]
        options.restore = false
        let s = try HeadlessSession(scene: "photos", size: Size(width: 390, height: 844), options: options)
        let photos = try XCTUnwrap(s.app.scene as? PhotosScene)
        let grid = photos.grid
        s.app.context.photos.finishScanning()
        // The one frame in which they join.
        s.host.step()
        XCTAssertEqual(grid.layout.count, 24)
        XCTAssertEqual(grid.scroll.maxOffset, max(0, grid.contentLength - grid.viewportLength), accuracy: 1e-9)
        XCTAssertGreaterThan(grid.scroll.maxOffset, 1000, "24 photos in one column are far taller than the window")
        let before = grid.offset
        try s.run(.scroll(dx: 0, dy: 300, modifiers: []))
        try s.run(.settle)
        XCTAssertGreaterThan(grid.offset, before, "it scrolls")
    }

    func testTheColumnsFollowTheWindowsWidth() throws {
        XCTAssertEqual([320.0, 390, 640, 844, 1024, 1280, 1920, 0, .nan, .infinity].map(PhotosScene.automaticColumns(width:)),
                       [1, 1, 2, 3, 4, 4, 4, 1, 1, 1])
        for (size, columns) in [(Size(width: 390, height: 844), 1), (Size(width: 844, height: 390), nil), (Size(width: 1280, height: 800), 4)] {
            let (s, scene) = try session(size)
            XCTAssertEqual(scene.columns, columns ?? PhotosScene.automaticColumns(width: scene.grid.frame.width), "\(size)")
            XCTAssertEqual(scene.grid.layout.trackCount, scene.columns, "\(size)")
            // Landscape and back: the grid follows the window while nobody picked a count.
            try s.run(.resize(Size(width: 1280, height: 800)))
            try s.run(.settle)
            XCTAssertEqual(scene.columns, 4, "\(size) → 1280 × 800")
        }
    }

    func testACountThePersonPicksStaysThroughResizesAndTheNextLaunch() throws {
        let (s, scene) = try session(Size(width: 1280, height: 800))
        XCTAssertEqual(scene.columns, 4)
        try s.press("g")
        try s.run(.settle)
        XCTAssertEqual(scene.columns, 1, "the grid key goes round: 4 → 1")
        try s.run(.resize(Size(width: 844, height: 390)))
        try s.run(.settle)
        try s.run(.resize(Size(width: 1440, height: 900)))
        try s.run(.settle)
        XCTAssertEqual(scene.columns, 1, "the person's count stays")
        let saved = scene.restorableState
        let (_, next) = try session(Size(width: 1280, height: 800))
        next.restore(saved)
        XCTAssertEqual(next.columns, 1, "and comes back at the next launch")
        // A session from before the columns followed the window (three parts) kept the person's count.
        let (_, old) = try session(Size(width: 1280, height: 800))
        old.restore(RestorableState(selections: [2, 0, 0], anchor: nil))
        XCTAssertEqual(old.columns, 2)
        // One that saved the window's count follows the window again.
        let (_, auto) = try session(Size(width: 390, height: 844))
        auto.restore(RestorableState(selections: [4, 0, 0, 0], anchor: nil))
        _ = auto.advance(frame: auto.grid.frame, env: AppEnvironment(windowSize: Size(width: 390, height: 844),
                                                                    sizeClasses: SizeClasses(windowSize: Size(width: 390, height: 844)),
                                                                    scale: 1, appearance: .light, time: 10, resources: try ResourceLocator.locate()))
        XCTAssertEqual(auto.columns, 1)
    }
}
