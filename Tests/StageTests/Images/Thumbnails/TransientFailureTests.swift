import CSDL2
import Foundation
import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage

/// Issue 21, cases 4 and 5: what the fail folder remembers is one version of a file, and only what
/// says something lasting about it. A photo read mid-copy stayed "truncated JPEG" on every launch
/// when the copy finished within the same second; a transient out-of-memory was stored as the file's.
final class TransientFailureTests: XCTestCase {
    var files: ImageFixtures!
    var cache: ThumbnailCache!

    override func setUpWithError() throws {
        files = try ImageFixtures()
        cache = ThumbnailCache(root: files.path("cache/thumbnails"), version: "9.9")
    }

    private func jpeg(width: Int = 1200, height: Int = 900) throws -> [UInt8] {
        let s = ImageFixtures.quadrants(width: width, height: height, seed: 3)
        defer { SDL_FreeSurface(s) }
        return [UInt8](try JPEGEncoder.encode(s, .init()))
    }

    /// Sets the file's modification time to `seconds` and `nanoseconds` (an hour ago: settled).
    private func touch(_ path: String, seconds: Int, nanoseconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: nanoseconds), timespec(tv_sec: seconds, tv_nsec: nanoseconds)]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
    }

    private func decode(_ path: String) throws -> DecodedImage {
        try PhotoDecoder.decode(path: path, pixelSize: Size(width: 200, height: 150), maxSide: .max, limits: .standard, cancel: nil, cache: cache)
    }

    /// Case 4: a photo whose first half was read (truncated: remembered, for that version) and whose
    /// copy then finished within the same second is decoded on the next try.
    func testCase4ACopyFinishedWithinTheSecondIsDecodedAgain() throws {
        let whole = try jpeg()
        let path = try files.write("copy.jpg", Array(whole.prefix(whole.count / 2)))
        let second = Int(Date().timeIntervalSince1970) - 3600
        touch(path, seconds: second, nanoseconds: 100_000_000)
        XCTAssertThrowsError(try decode(path)) { XCTAssertTrue("\($0)".contains("truncated JPEG"), "\($0)") }
        XCTAssertEqual(cache.counters.failuresWritten, 1)
        let keys = try [UInt8](Data(contentsOf: URL(fileURLWithPath: cache.failFile(forURI: ThumbnailCache.uri(for: path)))))
            .withUnsafeBytes { try PNGCodec.decode($0, headerOnly: true) }.text
        XCTAssertEqual(keys["Thumb::Size"], String(whole.count / 2))
        XCTAssertEqual(keys["CoffeeGrid::MTime"], "\(second).100000000")
        // The same version is not tried again …
        XCTAssertThrowsError(try decode(path))
        XCTAssertEqual(cache.counters.failuresRemembered, 1)
        // … the finished copy, 0.8 s later in the same second, is.
        try Data(whole).write(to: URL(fileURLWithPath: path))
        touch(path, seconds: second, nanoseconds: 900_000_000)
        XCTAssertEqual(try decode(path).pixelWidth, 200)
    }

    /// Case 4: a file that changed while it was read (the copy went on) is refused transiently:
    /// nothing written to the fail folder, the refusal says the file changed.
    func testCase4AFileChangingWhileReadIsNeverMarkedFailed() throws {
        let whole = try jpeg()
        let path = try files.write("growing.jpg", Array(whole.prefix(whole.count / 3)))
        let (bytes, version) = try PhotoDecoder.readVersion(path, limits: .standard)
        // The copy goes on between the read and the refusal.
        try Data(whole.prefix(2 * whole.count / 3)).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try PhotoDecoder.settled(bytes, version, path: path) { try ImageHeader.parse($0) }) { error in
            let refusal = error as? ImageRefusal
            XCTAssertEqual(refusal?.isTransient, true)
            XCTAssertTrue(refusal?.reason.contains("changed while it was read") == true, "\(error)")
        }
        // Settled (read whole, unchanged since): the refusal stands.
        let (again, now) = try PhotoDecoder.readVersion(path, limits: .standard)
        XCTAssertThrowsError(try PhotoDecoder.settled(again, now, path: path) { try ImageHeader.parse($0) }) {
            XCTAssertEqual(($0 as? ImageRefusal)?.isTransient, false)
        }
    }

    /// Case 5: libjpeg's "Insufficient memory" (malloc failed) is out of memory, not a corrupt file.
    func testCase5OutOfMemoryIsTransientAndSaysSo() {
        XCTAssertTrue(ImageRefusal.saysOutOfMemory("Insufficient memory (case 4)"))
        XCTAssertTrue(ImageRefusal.saysOutOfMemory("Out of memory"))
        XCTAssertFalse(ImageRefusal.saysOutOfMemory("Premature end of JPEG file"))
        XCTAssertTrue(ImageRefusal.isTransient(errno: EMFILE))
        XCTAssertFalse(ImageRefusal.isTransient(errno: EACCES))
        var e = ImageLoadError(path: "/p/x.jpg", refusal: ImageRefusal("out of memory decoding the JPEG", transient: true))
        XCTAssertEqual(e.description, "image x.jpg: out of memory decoding the JPEG (tried again later)")
        e.isTransient = false
        XCTAssertEqual(e.description, "image x.jpg: out of memory decoding the JPEG")
    }

    /// Case 5, in the window: a transient failure (here EMFILE: the process's descriptors used up
    /// while the file is opened) shows the broken-image card with one line, and the photo is decoded
    /// when it is tried again. Before, the failure held for the whole session.
    func testCase5ATransientFailureIsTriedAgain() throws {
        let path = try files.write("espresso.jpg", try jpeg(width: 640, height: 480))
        let log = LogRecorder()
        let pipeline = try makePipeline(log: log.record)
        pipeline.firstRetryWait = 0.2
        let cell = Size(width: 160, height: 120)
        var limit = rlimit()
        XCTAssertEqual(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit), 0)
        let spare = open("/dev/null", O_RDONLY)  // the lowest free descriptor: nothing above it opens
        close(spare)
        var starved = limit
        starved.rlim_cur = rlim_t(spare)
        XCTAssertEqual(setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &starved), 0)
        pipeline.beginFrame()
        _ = pipeline.request(path, pixelSize: cell, priority: 0)
        pipeline.drain()
        XCTAssertEqual(setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit), 0)
        pipeline.beginFrame()
        guard case .failed(let reason) = pipeline.request(path, pixelSize: cell, priority: 0) else { return XCTFail("the card while it waits") }
        XCTAssertTrue(reason.contains("Too many open files"), reason)
        XCTAssertEqual(log.lines.count, 1)
        XCTAssertTrue(log.lines.first?.hasSuffix("(tried again later)") == true, "\(log.lines)")
        usleep(300_000)
        pipeline.beginFrame()
        _ = pipeline.request(path, pixelSize: cell, priority: 0)
        pipeline.drain()
        pipeline.beginFrame()
        guard case .ready(let texture) = pipeline.request(path, pixelSize: cell, priority: 0) else { return XCTFail("decoded when tried again") }
        XCTAssertGreaterThanOrEqual(texture.pixelWidth, 160)
        XCTAssertEqual(log.lines.count, 1, "one line in all")
    }
}
