import CSDL2
import Foundation
import Synchronization
import XCTest
@testable import PhotoLibrary
@testable import Stage

/// The folder scan: natural order, hidden entries, and every kind of bad entry costing one log line
/// without stopping or stalling the walk. (Unreadable files and folders are checked as `nobody` in
/// AppTests' OwnPhotosScanTests: root reads everything.)
final class FolderScannerTests: XCTestCase {
    func testNaturalOrder() {
        let names = ["img10.jpg", "IMG2.jpg", "img1.jpg", "img02b.jpg", "img2a.jpg", "a.jpg", "Z.jpg", "img2.jpg", "img010.jpg"]
        XCTAssertEqual(names.sorted(by: NaturalOrder.less),
                       ["a.jpg", "img1.jpg", "IMG2.jpg", "img2.jpg", "img2a.jpg", "img02b.jpg", "img010.jpg", "img10.jpg", "Z.jpg"])
        // A folder's own files before its subfolders, then each subfolder in natural order.
        let paths = ["/p/b/2.jpg", "/p/z.jpg", "/p/a/10.jpg", "/p/a/9.jpg", "/p/a.jpg", "/p/b/1/x.jpg"]
        XCTAssertEqual(paths.sorted(by: NaturalOrder.lessPath),
                       ["/p/a.jpg", "/p/z.jpg", "/p/a/9.jpg", "/p/a/10.jpg", "/p/b/2.jpg", "/p/b/1/x.jpg"])
    }

    func testPathsAreMadeAbsoluteAndNormalized() {
        XCTAssertEqual(FolderScanner.absolute("Trip/../Trip//./day 1/", from: "/home/me"), "/home/me/Trip/day 1")
        XCTAssertEqual(FolderScanner.absolute("/a/b/../../..", from: "/x"), "/")
    }

    static func smallJPEG(_ seed: UInt32 = 0, width: Int = 64, height: Int = 48, exif: ExifBlock? = nil) throws -> Data {
        let s = ImageFixtures.quadrants(width: width, height: height, seed: seed)
        defer { SDL_FreeSurface(s) }
        return try JPEGEncoder.encode(s, .init(exif: exif))
    }

    func scan(_ roots: [String]) -> (found: [FolderScanner.Found], log: [String]) {
        let scanner = FolderScanner(roots: roots)
        scanner.waitUntilFinished(timeout: 60)
        XCTAssertTrue(scanner.isFinished, "the scan must end")
        let (found, log, finished) = scanner.take()
        XCTAssertTrue(finished)
        return (found, log)
    }

    /// Each folder is handed to `willList` before it is listed, on the scan's thread (a watcher
    /// watches it then): a file made there at that moment is found, in the folder and its subfolder.
    /// Issue 24's tree copy: before, a subfolder was watched only after its listing was taken, and
    /// files a copy made in it in between were lost.
    func testEachFolderIsHandedOverBeforeItIsListed() throws {
        let files = try ImageFixtures()
        let root = files.folder.appendingPathComponent("Copy").path
        try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        let photo = try Self.smallJPEG(1)
        let handed = Mutex<[String]>([])
        let scanner = FolderScanner(roots: [root], willList: { folder in
            handed.withLock { $0.append(folder) }
            try? photo.write(to: URL(fileURLWithPath: folder + "/made-then.jpg"))
        })
        scanner.waitUntilFinished(timeout: 60)
        let (found, log, finished) = scanner.take()
        XCTAssertTrue(finished)
        XCTAssertEqual(log, [])
        XCTAssertEqual(handed.withLock { $0 }, [root, root + "/sub"])
        XCTAssertEqual(found.map(\.path), [root + "/made-then.jpg", root + "/sub/made-then.jpg"])
        XCTAssertEqual(scanner.takeFolders(), [root, root + "/sub"])
    }

    func testBadEntriesAreOneLineEachAndNeverStopTheScan() throws {
        let files = try ImageFixtures()
        let root = files.folder.appendingPathComponent("Trip")
        let fm = FileManager.default
        for d in ["sub/deeper", ".hidden-folder", "empty-folder"] { try fm.createDirectory(at: root.appendingPathComponent(d), withIntermediateDirectories: true) }
        func put(_ name: String, _ data: Data) throws { try data.write(to: root.appendingPathComponent(name)) }
        try put("img10.jpg", try Self.smallJPEG(1))
        try put("img2.jpg", try Self.smallJPEG(2))
        try put("sub/b.JPG", try Self.smallJPEG(3))
        try put("sub/deeper/c.png", try Data(contentsOf: URL(fileURLWithPath: files.savePNG("c.png", ImageFixtures.quadrants(width: 30, height: 20)))))
        try put(".secret.jpg", try Self.smallJPEG(4))
        try put(".hidden-folder/d.jpg", try Self.smallJPEG(5))
        try put("zero.jpg", Data())
        try put("notes.jpg", Data("shopping list: beans, milk\n".utf8))
        try put("readme.txt", Data("not a photo, not a .jpg: ignored quietly\n".utf8))
        try put("random.png", Data((0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }))
        XCTAssertEqual(mkfifo(root.appendingPathComponent("pipe.jpg").path, 0o644), 0)
        XCTAssertEqual(mkfifo(root.appendingPathComponent("pipe-without-image-name").path, 0o644), 0)
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("loop").path, withDestinationPath: ".")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("ping.jpg").path, withDestinationPath: "pong.jpg")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("pong.jpg").path, withDestinationPath: "ping.jpg")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("gone.jpg").path, withDestinationPath: "nowhere.jpg")

        let (found, log) = scan([root.path])
        XCTAssertEqual(found.map { String($0.path.dropFirst(root.path.count + 1)) }, ["img2.jpg", "img10.jpg", "sub/b.JPG", "sub/deeper/c.png"],
                       "natural order, a folder's files before its subfolders, hidden entries skipped")
        XCTAssertEqual(found.first?.probe.width, 64)
        XCTAssertEqual(found.first?.probe.height, 48)
        let expected: [(String, String)] = [
            ("zero.jpg", "empty file"), ("notes.jpg", "not an image file (text)"), ("random.png", "not an image file (unknown format)"),
            ("pipe.jpg", "not a regular file (named pipe)"), ("pipe-without-image-name", "not a regular file (named pipe)"),
            ("loop", "folder already scanned (a link loop or a second link to it)"),
            ("ping.jpg", "symbolic link loop"), ("pong.jpg", "symbolic link loop"), ("gone.jpg", "broken symbolic link"),
        ]
        for (name, reason) in expected {
            let lines = log.filter { $0.hasPrefix("skipped \(root.path)/\(name):") }
            XCTAssertEqual(lines, ["skipped \(root.path)/\(name): \(reason)"], name)
        }
        XCTAssertEqual(log.count, expected.count, "one line per bad entry and nothing else: \(log)")
    }

    func testNamedFilesAndMissingRoots() throws {
        let files = try ImageFixtures()
        let photo = try files.write("any-name.dat", [UInt8](try Self.smallJPEG()))
        XCTAssertEqual(mkfifo(files.path("fifo"), 0o644), 0)
        let (found, log) = scan([photo, files.path("fifo"), files.path("missing-folder")])
        XCTAssertEqual(found.map(\.path), [photo], "a file named on the command line is probed whatever its name")
        XCTAssertEqual(log, ["skipped \(files.path("fifo")): not a regular file (named pipe)",
                             "skipped \(files.path("missing-folder")): not found"])
    }

    /// Issue 21, case 6: a camera's extended XMP — 5 MB of APP1 segments between the EXIF block and
    /// the frame header, as Google Camera's portrait shots carry — is skipped by its lengths, not
    /// read. Today's main: "truncated JPEG (no frame header)" (its probe stopped at 4 MB).
    func testCase6ExtendedXMPBeyondFourMegabytesIsSkipped() throws {
        let files = try ImageFixtures()
        var bytes = [UInt8](try Self.smallJPEG(7, width: 40, height: 30, exif: ExifBlock(orientation: 6, dateTimeOriginal: "2023:01:02 03:04:05")))
        // After the EXIF APP1 (the encoder writes APP0 or APP1 segments first, then the tables).
        var exifEnd = 2
        while bytes[exifEnd] == 0xFF, bytes[exifEnd + 1] != 0xE1 { exifEnd += 2 + (Int(bytes[exifEnd + 2]) << 8 | Int(bytes[exifEnd + 3])) }
        XCTAssertEqual(bytes[exifEnd + 1], 0xE1)
        exifEnd += 2 + (Int(bytes[exifEnd + 2]) << 8 | Int(bytes[exifEnd + 3]))
        let xmp = [UInt8](Array("http://ns.adobe.com/xmp/extension/\0".utf8))
        let segment = [UInt8(0xFF), 0xE1, 0xFF, 0xFF] + xmp + [UInt8](repeating: 0x58, count: 0xFFFF - 2 - xmp.count)
        bytes.insert(contentsOf: Array([[UInt8]](repeating: segment, count: 80).joined()), at: exifEnd)
        XCTAssertGreaterThan(bytes.count, 5 << 20)
        let path = try files.write("portrait.jpg", bytes)
        let (found, log) = scan([path])
        XCTAssertEqual(log, [])
        XCTAssertEqual(found.first?.probe.width, 30, "upright: the EXIF before the XMP was read")
        XCTAssertEqual(found.first?.probe.height, 40)
        XCTAssertEqual(found.first?.probe.captureTime, ImageProbe.seconds("2023:01:02 03:04:05"))
        XCTAssertEqual(try PhotoDecoder.decode(path: path, pixelSize: nil).pixelWidth, 30, "and it decodes, as djpeg does")
        // The walk is bounded: a file of nothing but empty segments stops at the segment limit.
        let empty = [UInt8(0xFF), 0xD8] + Array([[UInt8]](repeating: [0xFF, 0xFE, 0x00, 0x02], count: 65_537).joined())
        let (none, refused) = scan([try files.write("comments.jpg", empty)])
        XCTAssertTrue(none.isEmpty)
        XCTAssertTrue(refused.first?.contains("more than 65536 segments") == true, "\(refused)")
    }

    /// EXIF and the frame header far into the file (large APP segments first) are still found.
    func testLongHeadersAreReadFurther() throws {
        let files = try ImageFixtures()
        var bytes = [UInt8](try Self.smallJPEG(7, width: 40, height: 30, exif: ExifBlock(orientation: 6, dateTimeOriginal: "2023:01:02 03:04:05")))
        // Three 60 KB APP2 segments after SOI, before the EXIF block: 180 KB of headers.
        let app2 = [UInt8(0xFF), 0xE2, 0xEA, 0x62] + [UInt8](repeating: 0x41, count: 0xEA62 - 2)
        bytes.insert(contentsOf: app2 + app2 + app2, at: 2)
        let path = try files.write("long.jpg", bytes)
        let (found, log) = scan([path])
        XCTAssertEqual(log, [])
        XCTAssertEqual(found.first?.probe.width, 30, "upright: orientation 6 turns 40×30 on its side")
        XCTAssertEqual(found.first?.probe.height, 40)
        XCTAssertEqual(found.first?.probe.orientation, .right)
        XCTAssertEqual(found.first?.probe.captureTime, ImageProbe.seconds("2023:01:02 03:04:05"))
        XCTAssertNotNil(found.first?.probe.captureTime)
        // And it decodes, upright.
        let image = try PhotoDecoder.decode(path: path, pixelSize: nil)
        XCTAssertEqual(image.pixelWidth, 30)
    }

    func testCancelStopsTheWalk() throws {
        let files = try ImageFixtures()
        for i in 0..<50 { try FileManager.default.createDirectory(atPath: files.path("d\(i)/e/f"), withIntermediateDirectories: true) }
        let scanner = FolderScanner(roots: [files.folder.path])
        scanner.cancel()
        scanner.waitUntilFinished(timeout: 30)
        XCTAssertTrue(scanner.isFinished)
    }
}

/// A file manager's drop arrives as SDL_DROPFILE, whose string SDL allocated; it becomes one
/// `.dropFile` event and the string is freed.
final class DropEventTests: XCTestCase {
    func testDropFileBecomesAnEvent() throws {
        var options = HostOptions()
        options.headless = true
        options.size = HostOptions.defaultSize
        let host = try StageHost(options: options)
        var e = SDL_Event()
        e.type = SDL_DROPFILE.rawValue
        e.drop.file = SDL_strdup("/home/me/Pictures/Trip 2024")
        XCTAssertEqual(host.translate(e), .dropFile("/home/me/Pictures/Trip 2024"))
        var empty = SDL_Event()
        empty.type = SDL_DROPFILE.rawValue
        empty.drop.file = nil
        XCTAssertNil(host.translate(empty))
        var begin = SDL_Event()
        begin.type = SDL_DROPBEGIN.rawValue
        XCTAssertNil(host.translate(begin), "drop begin/complete carry no file")
    }
}
