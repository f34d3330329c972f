import CSDL2
import Foundation
import GridCore
import TestEnvironment
import XCTest
@testable import PhotoLibrary
@testable import Stage

/// The freedesktop thumbnail cache: names as GNOME computes them, a round trip (written with the
/// keys, found again, read by ImageMagick), stale thumbnails replaced, failures remembered per
/// version of the file, other programs' thumbnails used, modes 0600/0700, atomic writes.
final class ThumbnailCacheTests: XCTestCase {
    var files: ImageFixtures!
    var cache: ThumbnailCache!

    override func setUpWithError() throws {
        files = try ImageFixtures()
        cache = ThumbnailCache(root: files.path("cache/thumbnails"), version: "9.9")
    }

    private func photo(_ name: String, width: Int = 1200, height: Int = 900, orientation: Int? = nil) throws -> String {
        let s = ImageFixtures.quadrants(width: width, height: height, seed: 5)
        defer { SDL_FreeSurface(s) }
        let path = files.path(name)
        try JPEGEncoder.encode(s, .init(exif: orientation.map { ExifBlock(orientation: $0) })).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func keys(_ path: String) throws -> [String: String] {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return try bytes.withUnsafeBytes { try PNGCodec.decode($0, headerOnly: true) }.text
    }

    private func mode(_ path: String) -> Int {
        var st = stat()
        XCTAssertEqual(stat(path, &st), 0, path)
        return Int(st.st_mode & 0o777)
    }

    private func mtime(_ path: String) -> Int {
        var st = stat()
        _ = stat(path, &st)
        return Int(st.st_mtim.tv_sec)
    }

    /// A GIF whose only frame is smaller than its canvas: the thumbnail made from its picture does
    /// not cover the cell its header promised. The photo is decoded for the cell all the same (a
    /// force-unwrap trapped the decode worker, and so the app, on every launch on such a folder).
    func testAPictureSmallerThanItsHeaderSaysIsDecodedNotATrap() throws {
        let gif = GIFWriter(width: 300, height: 200, palette: [0xFF0000, 0x0000FF],
                            frames: [.init(left: 10, top: 10, width: 64, height: 64, pixels: [UInt8](repeating: 0, count: 64 * 64))],
                            repeats: nil)
        let path = files.path("small-frame.gif")
        try Data(gif.data()).write(to: URL(fileURLWithPath: path))
        let image = try PhotoDecoder.decode(path: path, pixelSize: Size(width: 240, height: 160), maxSide: .max,
                                             limits: .standard, cancel: nil, cache: cache)
        XCTAssertGreaterThan(image.pixelWidth, 0)
    }

    func testNamesAreTheStandardsAndGLibs() {
        // The standard's own example.
        XCTAssertEqual(ThumbnailCache.md5("file:///home/jens/photos/me.png"), "c6ee772d9e49320e97ec29a7eb5b1697")
        XCTAssertEqual(ThumbnailCache.uri(for: "/home/me/My Photos/café #1 (copy)&more+50%.jpg"),
                       "file:///home/me/My%20Photos/caf%C3%A9%20%231%20(copy)&more+50%25.jpg")
        XCTAssertEqual(ThumbnailCache.uri(for: "/a/b;c?d[e]{f}|g^h`i\"j<k>l\\m"), "file:///a/b%3Bc%3Fd%5Be%5D%7Bf%7D%7Cg%5Eh%60i%22j%3Ck%3El%5Cm")
        XCTAssertEqual(ThumbnailCache.Flavor.covering(129), .large)
        XCTAssertEqual(ThumbnailCache.Flavor.covering(1024), .xxLarge)
        XCTAssertNil(ThumbnailCache.Flavor.covering(1025))
        let standard = ThumbnailCache.standard(version: "1", environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/me"])
        XCTAssertEqual(standard.root, "/x/cache/thumbnails")
        XCTAssertEqual(standard.failFolder, "/x/cache/thumbnails/fail/coffeegrid-1")
        XCTAssertEqual(ThumbnailCache.standard(version: "1", environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/me"]).root,
                       "/home/me/.cache/thumbnails", "a relative XDG_CACHE_HOME is ignored")
        let skipping = ThumbnailCache(root: "/c/thumbnails", version: "1", skipping: ["/opt/app/Resources"])
        XCTAssertFalse(skipping.applies(to: "/opt/app/Resources/Photos/coffee-1.jpg"))
        XCTAssertFalse(skipping.applies(to: "/c/thumbnails/large/abc.png"))
        XCTAssertTrue(skipping.applies(to: "/home/me/a.jpg"))
    }

    /// A thumbnail we write has the keys (read back by us and by ImageMagick's identify), 0600 in
    /// 0700 folders, and is found again instead of decoding the photo.
    func testRoundTrip() throws {
        let path = try photo("trip.jpg", orientation: 6)
        let first = try PhotoDecoder.thumbnail(path: path, flavor: .large, cache: cache)
        XCTAssertEqual(first.pixelWidth, 192, "upright (orientation 6) and fitted in 256×256")
        XCTAssertEqual(first.pixelHeight, 256)
        let uri = ThumbnailCache.uri(for: path)
        let file = cache.file(forURI: uri, flavor: .large)
        XCTAssertTrue(file.hasSuffix("/thumbnails/large/\(ThumbnailCache.md5(uri)).png"))
        let k = try keys(file)
        XCTAssertEqual(k["Thumb::URI"], uri)
        XCTAssertEqual(k["Thumb::MTime"], String(mtime(path)))
        XCTAssertEqual(k["Thumb::Size"], String(try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int))
        XCTAssertEqual(k["Thumb::Image::Width"], "900")
        XCTAssertEqual(k["Thumb::Image::Height"], "1200")
        XCTAssertEqual(k["Thumb::Mimetype"], "image/jpeg")
        XCTAssertEqual(mode(file), 0o600)
        for folder in ["cache/thumbnails", "cache/thumbnails/large"] { XCTAssertEqual(mode(files.path(folder)), 0o700, folder) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: files.path("cache/thumbnails/large")).count, 1, "no temporary files left")
        XCTAssertEqual(cache.counters.written, 1)

        // Found again: a hit, nothing written, the photo not read.
        let inode = try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? Int
        let second = try PhotoDecoder.thumbnail(path: path, flavor: .large, cache: cache)
        XCTAssertEqual(second.pixelWidth, 192)
        XCTAssertEqual(cache.counters.hits, 1)
        XCTAssertEqual(cache.counters.written, 1)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? Int, inode)

        // A cell the thumbnail covers is served from it; a larger one makes the next size.
        _ = try PhotoDecoder.decode(path: path, pixelSize: Size(width: 100, height: 100), maxSide: .max, limits: .standard, cancel: nil, cache: cache)
        XCTAssertEqual(cache.counters.hits, 2)
        let big = try PhotoDecoder.decode(path: path, pixelSize: Size(width: 300, height: 300), maxSide: .max, limits: .standard, cancel: nil, cache: cache)
        XCTAssertEqual(big.pixelWidth, 300)
        XCTAssertEqual(big.pixelHeight, 400)
        XCTAssertTrue(FileManager.default.fileExists(atPath: cache.file(forURI: uri, flavor: .xLarge)))

        // ImageMagick reads our keys.
        let identify = "/usr/bin/identify"
        guard FileManager.default.isExecutableFile(atPath: identify) else {
            throw TestEnvironment.missing("ImageMagick is not installed (make test-deps installs it): identify not tried")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: identify)
        p.arguments = ["-verbose", file]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertTrue(text.contains("Thumb::URI: \(uri)"), text)
        XCTAssertTrue(text.contains("Thumb::MTime: \(mtime(path))"), text)
        XCTAssertTrue(text.contains("Geometry: 192x256"), text)
    }

    func testAStaleThumbnailIsReplaced() throws {
        let path = try photo("changing.jpg")
        _ = try PhotoDecoder.thumbnail(path: path, flavor: .normal, cache: cache)
        let file = cache.file(forURI: ThumbnailCache.uri(for: path), flavor: .normal)
        let old = try keys(file)["Thumb::MTime"]
        var later = [timeval(tv_sec: mtime(path) + 3600, tv_usec: 0), timeval(tv_sec: mtime(path) + 3600, tv_usec: 0)]
        XCTAssertEqual(utimes(path, &later), 0)
        _ = try PhotoDecoder.thumbnail(path: path, flavor: .normal, cache: cache)
        XCTAssertEqual(cache.counters.stale, 1)
        XCTAssertEqual(cache.counters.written, 2)
        let new = try keys(file)["Thumb::MTime"]
        XCTAssertNotEqual(new, old)
        XCTAssertEqual(new, String(mtime(path)))
    }

    /// A cell wider than the largest thumbnail (1024) is decoded from the file, and the largest
    /// thumbnail is made from that decode, once: a texture that big also serves the cell when it
    /// shrinks, so without this no thumbnail would ever be written and every launch decodes again.
    func testACellWiderThanAnyThumbnailStillLeavesTheLargestOne() throws {
        let path = try photo("wide.jpg", width: 2000, height: 1500, orientation: 6)
        let cell = Size(width: 1300, height: 1300)
        let big = try PhotoDecoder.decode(path: path, pixelSize: cell, maxSide: .max, limits: .standard, cancel: nil, cache: cache)
        XCTAssertEqual(big.pixelWidth, 1300, "upright 1500×2000 covering 1300×1300")
        XCTAssertEqual(big.pixelHeight, 1734)
        let uri = ThumbnailCache.uri(for: path)
        let file = cache.file(forURI: uri, flavor: .xxLarge)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let header = try bytes.withUnsafeBytes { try PNGCodec.decode($0, headerOnly: true) }
        XCTAssertEqual(header.width, 768, "fitted in 1024×1024, upright")
        XCTAssertEqual(header.height, 1024)
        XCTAssertEqual(header.text["Thumb::URI"], uri)
        XCTAssertEqual(header.text["Thumb::MTime"], String(mtime(path)))
        XCTAssertEqual(header.text["Thumb::Image::Width"], "1500")
        XCTAssertEqual(header.text["Thumb::Image::Height"], "2000")
        XCTAssertEqual(mode(file), 0o600)
        XCTAssertEqual(cache.counters.written, 1)

        // The same wide cell again decodes the file (no thumbnail covers it) but writes nothing.
        _ = try PhotoDecoder.decode(path: path, pixelSize: cell, maxSide: .max, limits: .standard, cancel: nil, cache: cache)
        XCTAssertEqual(cache.counters.written, 1)
        // A smaller cell, here or at the next launch, is served from it.
        let next = ThumbnailCache(root: cache.root, version: "9.9")
        let small = try PhotoDecoder.decode(path: path, pixelSize: Size(width: 300, height: 300), maxSide: .max, limits: .standard,
                                             cancel: nil, cache: next)
        XCTAssertEqual(next.counters.hits, 1)
        XCTAssertEqual(next.counters.misses, 0)
        XCTAssertEqual(small.pixelWidth, 300)
        XCTAssertEqual(small.pixelHeight, 400)
        let top = small.pixel(x: 150, y: 100), bottom = small.pixel(x: 150, y: 300)
        XCTAssertNotEqual(top & 0xFFFFFF, bottom & 0xFFFFFF, "a picture, not a blank")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache.root).sorted(), ["xx-large"], "no other size made")

        // Stale (the file changed): the wide decode writes it again.
        var later = [timeval(tv_sec: mtime(path) + 60, tv_usec: 0), timeval(tv_sec: mtime(path) + 60, tv_usec: 0)]
        XCTAssertEqual(utimes(path, &later), 0)
        _ = try PhotoDecoder.decode(path: path, pixelSize: cell, maxSide: .max, limits: .standard, cancel: nil, cache: cache)
        XCTAssertEqual(cache.counters.written, 2)
        XCTAssertEqual(try keys(file)["Thumb::MTime"], String(mtime(path)))
    }

    /// A readable file that is not a usable image is remembered in fail/coffeegrid-VERSION/ and
    /// refused from there (same reason) until it changes.
    func testFailuresAreRememberedUntilTheFileChanges() throws {
        let path = try files.write("notes.jpg", Array("shopping list\n".utf8))
        XCTAssertThrowsError(try PhotoDecoder.thumbnail(path: path, flavor: .large, cache: cache)) {
            XCTAssertEqual(($0 as? ImageLoadError)?.reason, "not an image file (text)")
        }
        let uri = ThumbnailCache.uri(for: path)
        let fail = cache.failFile(forURI: uri)
        XCTAssertTrue(fail.hasSuffix("/thumbnails/fail/coffeegrid-9.9/\(ThumbnailCache.md5(uri)).png"))
        XCTAssertEqual(try keys(fail)["Thumb::URI"], uri)
        XCTAssertEqual(try keys(fail)["Thumb::MTime"], String(mtime(path)))
        XCTAssertEqual(mode(fail), 0o600)
        XCTAssertEqual(mode(cache.failFolder), 0o700)
        XCTAssertThrowsError(try PhotoDecoder.decode(path: path, pixelSize: Size(width: 50, height: 50), maxSide: .max, limits: .standard,
                                                      cancel: nil, cache: cache)) {
            XCTAssertEqual(($0 as? ImageLoadError)?.reason, "not an image file (text)")
        }
        XCTAssertEqual(cache.counters.failuresRemembered, 1)
        XCTAssertEqual(cache.counters.failuresWritten, 1)
        // Fixed: a new modification time, tried again.
        let good = try Data(contentsOf: URL(fileURLWithPath: try photo("good.jpg")))
        try good.write(to: URL(fileURLWithPath: path))
        var later = [timeval(tv_sec: mtime(path) + 10, tv_usec: 0), timeval(tv_sec: mtime(path) + 10, tv_usec: 0)]
        XCTAssertEqual(utimes(path, &later), 0)
        XCTAssertEqual(try PhotoDecoder.thumbnail(path: path, flavor: .large, cache: cache).pixelWidth, 256)
    }

    /// What cannot be read is neither cached nor remembered as failed.
    func testMissingFilesLeaveNoTrace() throws {
        XCTAssertThrowsError(try PhotoDecoder.thumbnail(path: files.path("gone.jpg"), flavor: .large, cache: cache))
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache.root))
    }

    /// A thumbnail another program wrote (here ImageMagick, with the two required keys) is used.
    func testAnotherProgramsThumbnailIsUsed() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { throw TestEnvironment.missing("ImageMagick is not installed (package imagemagick; make test-deps installs it)") }
        let path = try photo("theirs.jpg")
        let uri = ThumbnailCache.uri(for: path)
        let file = cache.file(forURI: uri, flavor: .normal)
        try cache.makeFolders((file as NSString).deletingLastPathComponent)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        p.arguments = ["-size", "128x96", "xc:#1040C0", "-set", "Thumb::URI", uri, "-set", "Thumb::MTime", String(mtime(path)), "png32:" + file]
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        let image = try PhotoDecoder.decode(path: path, pixelSize: Size(width: 64, height: 48), maxSide: .max, limits: .standard, cancel: nil, cache: cache)
        XCTAssertEqual(cache.counters.hits, 1)
        XCTAssertEqual(image.pixel(x: 10, y: 10) & 0xFFFFFF, 0x1040C0, "their blue, not our photo's red")
    }

    /// Two threads writing the same thumbnail leave one whole file and no temporary ones.
    func testConcurrentWritersLeaveOneWholeFile() throws {
        let path = try photo("both.jpg", width: 800, height: 600)
        let root = cache.root
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            _ = try? PhotoDecoder.thumbnail(path: path, flavor: .large, cache: ThumbnailCache(root: root, version: "9.9"))
        }
        let folder = cache.root + "/large"
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [ThumbnailCache.md5(ThumbnailCache.uri(for: path)) + ".png"])
        XCTAssertEqual(try PhotoDecoder.thumbnail(path: path, flavor: .large, cache: cache).pixelWidth, 256)
        XCTAssertEqual(cache.counters.hits, 1)
    }
}
