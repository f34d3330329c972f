import Foundation
import GridCore
import XCTest
@testable import CoffeeGridApp
@testable import PhotoLibrary
@testable import Stage

/// The file name labels (`n`) of names that are not UTF-8: each byte reads as its Latin-1 character
/// (0x80–0x9F as Windows-1252's), never as the id's private-use escapes, which no font draws (boxes).
final class PhotoNameLabelTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-labels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("pics"), withIntermediateDirectories: true)
        setenv("XDG_STATE_HOME", dir.appendingPathComponent("state").path, 1)
        setenv("XDG_CACHE_HOME", dir.appendingPathComponent("cache").path, 1)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// A photo whose name is `bytes` (any bytes) in the folder.
    private func put(_ bytes: [UInt8], seed: UInt32) throws {
        let path = PathBytes.string(Array(dir.appendingPathComponent("pics").path.utf8) + [0x2F] + bytes)
        let data = try OwnPhotosTests.jpeg(seed)
        let fd = PathBytes.withCString(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        XCTAssertGreaterThanOrEqual(fd, 0)
        _ = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    func testLatin1NamesReadAsTheirCharactersNotBoxes() throws {
        try put(Array("caf".utf8) + [0xE9] + Array(".jpg".utf8), seed: 1)
        try put([0x93] + Array("quote".utf8) + [0x94] + Array(".jpg".utf8), seed: 2)
        try put(Array("x".utf8) + [0x81] + Array(".jpg".utf8), seed: 3)
        var options = Options()
        options.paths = [dir.appendingPathComponent("pics").path]
        options.restore = false
        let s = try HeadlessSession(scene: "photos", size: Size(width: 844, height: 700), options: options, waitsForImages: true)
        try s.run(.settle)
        let scene = try XCTUnwrap(s.app.scene as? PhotosScene)
        XCTAssertEqual(scene.count, 3)
        try s.press("n")
        try s.run(.settle)
        XCTAssertTrue(scene.showsNames)
        let texts = s.app.buildDrawList().commands.compactMap { c -> String? in if case .text(let t, _, _, _, _) = c { return t } else { return nil } }
        for label in ["café.jpg", "\u{201C}quote\u{201D}.jpg", "x?.jpg"] {
            XCTAssertTrue(texts.contains(label), "\(label) in \(texts)")
        }
        XCTAssertFalse(texts.contains { $0.unicodeScalars.contains { (0xE000...0xF8FF).contains($0.value) } }, "no private-use escapes drawn: \(texts)")
    }
}
