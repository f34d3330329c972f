import Foundation
import GridCore
import TestEnvironment
import XCTest
@testable import CoffeeGridApp
@testable import PhotoLibrary
@testable import Stage

/// HEIC in the Photos scene (issue 24): a phone's portrait listed and drawn upright beside a JPEG,
/// and a broken HEIC drawn as the broken-image card with one line, the rest of the folder shown.
final class HEIFSceneTests: XCTestCase {
    private var dir: URL!
    private var logged: [String] = []
    private let lock = NSLock()

    override func setUpWithError() throws {
        try TestEnvironment.require(tool: "heif-enc", package: "libheif-examples")
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-heif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Phone"), withIntermediateDirectories: true)
        setenv("XDG_STATE_HOME", dir.appendingPathComponent("state").path, 1)
        setenv("XDG_CACHE_HOME", dir.appendingPathComponent("cache").path, 1)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private var folder: String { dir.appendingPathComponent("Phone").path }

    /// `heif-enc` of a JPEG made here.
    private func heic(_ name: String, width: Int, height: Int) throws -> String {
        let jpeg = dir.appendingPathComponent(name + ".source.jpg")
        try OwnPhotosTests.jpeg(5, width: width, height: height).write(to: jpeg)
        let out = folder + "/" + name
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/heif-enc")
        p.arguments = ["-q", "80", "-o", out, jpeg.path]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        return out
    }

    func testABrokenHEICIsTheCardAndOneLineAndTheRestIsShown() throws {
        let good = try heic("IMG_0001.HEIC", width: 120, height: 160)
        let cut = try heic("IMG_0002.HEIC", width: 160, height: 120)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: cut))
        try bytes.prefix(bytes.count - 200).write(to: URL(fileURLWithPath: cut))
        try OwnPhotosTests.jpeg(1).write(to: URL(fileURLWithPath: folder + "/IMG_0003.JPG"))
        var options = Options()
        options.paths = [folder]
        options.restore = false
        let s = try HeadlessSession(scene: "photos", size: Size(width: 390, height: 844), options: options, waitsForImages: true,
                                    log: { [weak self] line in self?.lock.withLock { self?.logged.append(line) } })
        try s.run(.settle)
        let scene = try XCTUnwrap(s.app.scene as? PhotosScene)
        XCTAssertEqual(scene.count, 3, "both HEICs are listed: \(scene.photos.ids)")
        XCTAssertEqual(scene.photos.aspect(of: good), 0.75, "the portrait is portrait")
        let images = try XCTUnwrap(s.app.images)
        XCTAssertEqual(images.stats.failed, 1)
        guard case .failed = images.request(cut, pixelSize: Size(width: 370, height: 200), priority: 0) else {
            return XCTFail("the cut HEIC is drawn as the broken-image card")
        }
        guard case .ready = images.request(good, pixelSize: Size(width: 370, height: 200), priority: 0) else { return XCTFail("the good HEIC is drawn") }
        let lines = lock.withLock { logged }
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.contains("IMG_0002.HEIC") == true, "\(lines)")
        XCTAssertFalse(lines.first?.contains("\n") ?? true)
        XCTAssertEqual(s.app.pendingImages, 0, "no grey box left")
        try s.press("g")
        try s.run(.settle)
        XCTAssertEqual(lock.withLock { logged }.count, 1, "said once, not once a frame")
    }
}
