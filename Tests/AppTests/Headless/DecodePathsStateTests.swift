import CSDL2
import Foundation
import GridCore
import XCTest
@testable import CoffeeGridApp
@testable import PhotoLibrary
@testable import Stage

/// The state file's `decodePaths` (issue 24): a frame's photos by how their pictures were had —
/// decoded from the file, made from the thumbnail it carries, its small thumbnail shown blurred
/// first, a cached thumbnail shown first — sampled when the frame is presented, so every write of
/// one frame says the same, and two runs that reach the same frame by different ways (a click and
/// a key: ToolbarCommandTests compares whole states) say the same though their pipelines decoded
/// different amounts on the way (the running totals are --report-startup's).
final class DecodePathsStateTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Camera"), withIntermediateDirectories: true)
        setenv("XDG_STATE_HOME", dir.appendingPathComponent("state").path, 1)
        setenv("XDG_CACHE_HOME", dir.appendingPathComponent("cache").path, 1)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// A 1600×1200 JPEG carrying a `thumbnail` JPEG in EXIF IFD1, as cameras write them.
    static func camera(_ seed: UInt32, thumbnail: (Int, Int)) throws -> Data {
        let small = try OwnPhotosTests.jpeg(seed, width: thumbnail.0, height: thumbnail.1)
        let s = SDL_CreateRGBSurfaceWithFormat(0, 1600, 1200, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)!
        defer { SDL_FreeSurface(s) }
        SDL_FillRect(s, nil, 0xFF00_0000 | (seed &* 0x9E37_79B9) & 0x00FF_FFFF)
        return try JPEGEncoder.encode(s, .init(quality: 80, exif: ExifBlock(thumbnail: small)))
    }

    private func session(cameraThumbnails: Bool = true, scene: String = "photos", size: Size = Size(width: 390, height: 844)) throws -> HeadlessSession {
        var options = Options()
        options.paths = [dir.appendingPathComponent("Camera").path]
        options.restore = false
        options.cameraThumbnails = cameraThumbnails
        let s = try HeadlessSession(scene: scene, size: size, options: options, waitsForImages: true)
        try s.run(.settle)
        return s
    }

    private func paths(_ s: HeadlessSession) throws -> [String: Double] {
        let object = try JSONSerialization.jsonObject(with: Data(s.app.stateText().utf8)) as? [String: Any]
        return try XCTUnwrap(object?["decodePaths"] as? [String: Double], "the state file has decodePaths")
    }

    func testTheCountsAreTheFramesPhotosByPath() throws {
        // One column of 370-point cells: a 1024×768 thumbnail covers one, a 160×120 does not.
        for i in 1...2 { try Self.camera(UInt32(i), thumbnail: (1024, 768)).write(to: dir.appendingPathComponent("Camera/big\(i).jpg")) }
        try Self.camera(3, thumbnail: (160, 120)).write(to: dir.appendingPathComponent("Camera/small.jpg"))
        let s = try session()
        let atFrame = try paths(s)
        XCTAssertEqual(atFrame, ["file": 1, "embeddedThumbnail": 2, "embeddedPlaceholder": 0, "cachedThumbnailFirst": 0])
        let stats = try XCTUnwrap(s.app.images?.stats)
        XCTAssertEqual(stats.embeddedThumbnails, 2)
        // Whether the small one's blurred thumbnail was shown before its decode landed depends on
        // which worker finished first: the totals may say so, the settled frame never does.
        XCTAssertLessThanOrEqual(stats.embeddedPlaceholders, 1)

        // big1 decoded from its file at a size its thumbnail does not cover, between frames: what
        // this frame's state says does not change; the next frame draws big1 from the file.
        let images = try XCTUnwrap(s.app.images)
        let big1 = dir.appendingPathComponent("Camera/big1.jpg").path
        _ = images.request(big1, pixelSize: Size(width: 1200, height: 900), priority: 0)
        images.drain()
        XCTAssertEqual(images.stats.decoded, stats.decoded + 1)
        XCTAssertEqual(try paths(s), atFrame, "two writes of one frame say the same")
        try s.run(.wait(milliseconds: 20))
        XCTAssertEqual(try paths(s), ["file": 2, "embeddedThumbnail": 1, "embeddedPlaceholder": 0, "cachedThumbnailFirst": 0])
    }

    func testWithoutCameraThumbnailsEveryPictureIsTheFiles() throws {
        for i in 1...2 { try Self.camera(UInt32(i), thumbnail: (1024, 768)).write(to: dir.appendingPathComponent("Camera/big\(i).jpg")) }
        let s = try session(cameraThumbnails: false)
        XCTAssertEqual(try paths(s), ["file": 2, "embeddedThumbnail": 0, "embeddedPlaceholder": 0, "cachedThumbnailFirst": 0])
        XCTAssertEqual(s.app.images?.stats.embeddedPlaceholders, 0)
    }

    /// The dock's cells are small (about 60 px at 1280×800): a camera's 160×120 covers each, so no
    /// file is decoded, by the same rule as the Photos scene's (the cell's pixel size). Before, the
    /// shared cache's decode asked for its own 128 or 256 size, and a cell between 120 and 160 px
    /// (or any whose cache size the thumbnail did not cover) decoded the file.
    func testTheDocksSmallCellsAreServedByTheCameraThumbnail() throws {
        for i in 1...3 { try Self.camera(UInt32(i), thumbnail: (160, 120)).write(to: dir.appendingPathComponent("Camera/p\(i).jpg")) }
        let s = try session(scene: "dock", size: Size(width: 1280, height: 800))
        let atFrame = try paths(s)
        XCTAssertEqual(atFrame["embeddedThumbnail"], 3, "\(atFrame)")
        XCTAssertEqual(atFrame["file"], 0, "\(atFrame)")
        XCTAssertEqual(s.app.images?.stats.embeddedThumbnails, 3)
    }
}
