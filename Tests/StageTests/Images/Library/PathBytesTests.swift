import Foundation
import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage

/// Issue 21, case 7: paths are bytes. Ids name a file's bytes exactly and compare byte-wise, so a
/// Latin-1 name is found and NFC/NFD twins stay two photos.
final class PathBytesTests: XCTestCase {
    let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
    let nfc = "caf\u{E9}.jpg", nfd = "cafe\u{301}.jpg"

    func testIdsNameTheBytesAndCompareByteWise() {
        XCTAssertEqual(PathBytes.string(Array("/home/me/Trip/IMG_0042.JPG".utf8)), "/home/me/Trip/IMG_0042.JPG", "ordinary names are themselves")
        XCTAssertEqual(PathBytes.string(Array("/home/me/\(nfc)".utf8)), "/home/me/\(nfc)")
        XCTAssertEqual(nfc, nfd, "Swift's == is canonical equivalence: the bug")
        let a = PathBytes.string(Array(nfc.utf8)), b = PathBytes.string(Array(nfd.utf8))
        XCTAssertNotEqual(a, b, "NFC and NFD names are two ids")
        XCTAssertEqual(Set([a, b]).count, 2)
        XCTAssertEqual(PathBytes.bytes(b), Array(nfd.utf8))
        let l = PathBytes.string(Array("/p/".utf8) + latin1)
        XCTAssertEqual(PathBytes.bytes(l), Array("/p/".utf8) + latin1)
        XCTAssertTrue(l.hasPrefix("/p/caf"), "only the odd component is escaped, and only its high bytes")
        XCTAssertEqual(PathBytes.display(l), "/p/caf\\xE9.jpg")
        XCTAssertEqual(PathBytes.display(l, foreignBytes: .latin1), "/p/caf\u{E9}.jpg", "a label reads the byte as Latin-1")
        let c1 = PathBytes.string([0x80, 0x81, 0x9F, 0xA0, 0xFF])
        XCTAssertEqual(PathBytes.display(c1, foreignBytes: .latin1), "\u{20AC}?\u{178}\u{A0}\u{FF}", "0x80–0x9F as Windows-1252, unassigned as ?")
        XCTAssertEqual(PathBytes.display(b, foreignBytes: .latin1), nfd)
        XCTAssertEqual(PathBytes.display(b), nfd, "a decomposed name reads as itself")
        XCTAssertEqual(PathBytes.canonical(nfd), b, "text from outside (a dock file) becomes the id")
        XCTAssertEqual(PathBytes.canonical(b), b)
    }

    /// A file's URI is made from its bytes, as GLib's g_filename_to_uri makes it: what the thumbnail
    /// cache hashes and what Reveal hands the file manager.
    func testFileURIsEscapeTheBytesAsGLibDoes() {
        XCTAssertEqual(PathBytes.fileURI("/home/me/Trip/IMG_0042.JPG"), "file:///home/me/Trip/IMG_0042.JPG")
        XCTAssertEqual(PathBytes.fileURI("/a b/#1?x%;\"<>"), "file:///a%20b/%231%3Fx%25%3B%22%3C%3E")
        XCTAssertEqual(PathBytes.fileURI("/!~*'()/:@&=+$,-_."), "file:///!~*'()/:@&=+$,-_.", "GLib's unreserved marks stay")
        XCTAssertEqual(PathBytes.fileURI(PathBytes.string(Array("/p/".utf8) + latin1)), "file:///p/caf%E9.jpg")
        XCTAssertEqual(PathBytes.fileURI(PathBytes.string(Array("/p/\(nfc)".utf8))), "file:///p/caf%C3%A9.jpg")
        XCTAssertEqual(PathBytes.fileURI(PathBytes.string(Array("/p/\(nfd)".utf8))), "file:///p/cafe%CC%81.jpg", "NFD is its own bytes")
        XCTAssertEqual(PathBytes.fileURI(PathBytes.string([0x2F, 0x0A, 0x7F, 0xFF])), "file:///%0A%7F%FF")
    }

    /// Seeded random byte names: the id gives the bytes back, and distinct bytes never give equal ids.
    func testRandomNamesRoundTripAndStayDistinct() {
        var rng = SplitMix64(seed: 21)
        var seen: [String: [UInt8]] = [:]
        let alphabet: [UInt8] = [0x41, 0x61, 0x65, 0x2E, 0xC3, 0xA9, 0xCC, 0x81, 0xE9, 0xEF, 0xBE, 0xBF, 0x80, 0xFF, 0xF0, 0x9F]
        for _ in 0..<20_000 {
            let name = (0..<Int(rng.next() % 7 + 1)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            let path = Array("/d/".utf8) + name
            let id = PathBytes.string(path)
            XCTAssertEqual(PathBytes.bytes(id), path)
            XCTAssertEqual(PathBytes.canonical(id), id)
            if let other = seen[id] { XCTAssertEqual(other, path, "two byte names gave one id: \(id)") }
            seen[id] = path
        }
    }

    /// The scanner finds all three, each decodes (its bytes reach open()), and the thumbnail cache
    /// names them by their bytes, as GLib does (`caf%E9.jpg`).
    func testTheScannerKeepsEveryNameAndTheDecoderOpensIt() throws {
        let files = try ImageFixtures()
        try FileManager.default.createDirectory(atPath: files.path("p"), withIntermediateDirectories: true)
        let folder = files.path("p")
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: try files.saveJPG("src.jpg", ImageFixtures.quadrants(width: 64, height: 48))))
        for name in [latin1, Array(nfc.utf8), Array(nfd.utf8)] {
            let path = Array(folder.utf8) + [0x2F] + name + [0]
            let fd = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) } }
            XCTAssertGreaterThanOrEqual(fd, 0)
            jpeg.withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        let scanner = FolderScanner(roots: [folder])
        scanner.waitUntilFinished()
        let (found, log, _) = scanner.take()
        XCTAssertEqual(log, [])
        XCTAssertEqual(found.count, 3, "\(found.map(\.path))")
        XCTAssertEqual(Set(found.map(\.path)).count, 3)
        for f in found { XCTAssertEqual(try PhotoDecoder.decode(path: f.path, pixelSize: nil).pixelWidth, 64, PathBytes.display(f.path)) }
        let latin = try XCTUnwrap(found.first { PathBytes.bytes($0.path).contains(0xE9) })
        XCTAssertTrue(ThumbnailCache.uri(for: latin.path).hasSuffix("/p/caf%E9.jpg"))
    }
}
