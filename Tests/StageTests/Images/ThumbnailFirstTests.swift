import CSDL2
import Foundation
import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage

/// Progressive refinement, as eog, gThumb and Shotwell do it: a cell that asks for more pixels than
/// the largest thumbnail size (1024) shows a valid thumbnail already in the shared cache at once, and
/// the decode of the file at the cell's size replaces it when it lands: no placeholder between, one
/// texture left. Without a valid thumbnail (none, or a stale one) the cell waits for the decode as
/// before, and nothing is logged or recorded as failed.
final class ThumbnailFirstTests: XCTestCase {
    var files: ImageFixtures!
    var cache: ThumbnailCache!
    /// The feed's single column at 1280×800: 16 px wider than an xx-large thumbnail.
    let cell = Size(width: 1040, height: 780)

    override func setUpWithError() throws {
        files = try ImageFixtures()
        cache = ThumbnailCache(root: files.path("cache/thumbnails"), version: "9.9")
    }

    private func photo(_ name: String, seed: UInt32 = 1) throws -> String {
        try files.saveJPG(name, ImageFixtures.quadrants(width: 2400, height: 1800, seed: seed))
    }

    /// Frames as a window draws them (the frame begins, finished decodes are uploaded one a frame,
    /// then the cell asks for its photo): the textures drawn, in order, until one covers the cell.
    private func framesUntilCovered(_ pipeline: ImagePipeline, _ path: String, below: inout [Int],
                                    file: StaticString = #filePath, line: UInt = #line) -> [Texture] {
        var drawn: [Texture] = []
        let deadline = Date(timeIntervalSinceNow: 60)
        while Date() < deadline {
            pipeline.beginFrame()
            pipeline.pump(maxUploads: 1, uploadBytes: 0)
            let state = pipeline.request(path, pixelSize: cell, priority: 0)
            below.append(pipeline.photosBelowSize)
            if let t = state.texture {
                if t !== drawn.last { drawn.append(t) }
                if t.pixelWidth >= Int(cell.width) && t.pixelHeight >= Int(cell.height) { return drawn }
            } else if case .loading = state {
                XCTAssertTrue(drawn.isEmpty, "a placeholder after a picture was drawn", file: file, line: line)
            } else {
                XCTFail("\(state)", file: file, line: line)
                return drawn
            }
            usleep(2000)
        }
        XCTFail("the photo never covered its cell", file: file, line: line)
        return drawn
    }

    func testACellLargerThanAnyThumbnailShowsTheCachedOneFirstThenTheDecode() throws {
        let path = try photo("window-wide.jpg")
        // As a file manager (or an earlier launch) leaves it: a valid xx-large thumbnail, 1024×768.
        let thumb = try PhotoDecoder.thumbnail(path: path, flavor: .xxLarge, cache: cache)
        XCTAssertEqual([thumb.pixelWidth, thumb.pixelHeight], [1024, 768])
        let hitsBefore = cache.counters.hits
        let log = LogRecorder()
        // One worker: what finishes first is what was taken first, so the order below is the queue's.
        let pipeline = try makePipeline(workers: 1, thumbnails: cache, log: log.record)
        var below: [Int] = []
        let drawn = framesUntilCovered(pipeline, path, below: &below)
        XCTAssertEqual(drawn.map { "\($0.pixelWidth)×\($0.pixelHeight)" }, ["1024×768", "1218×914"],
                       "the cached thumbnail first (scaled up 1.6 % to the cell), then the decode at the cell's size bucket")
        XCTAssertEqual(below.last, 0, "at full size: nothing drawn below its size")
        XCTAssertTrue(below.contains(1), "while the thumbnail stood in, the frame knew the photo was below its size")
        XCTAssertEqual(cache.counters.hits, hitsBefore + 1, "the thumbnail was read from the cache")
        let stats = pipeline.stats
        XCTAssertEqual(stats.thumbnailsFirst, 1)
        XCTAssertEqual(stats.decoded, 1, "the file was still decoded at the cell's size")
        XCTAssertEqual(stats.uploads, 2)
        XCTAssertEqual(stats.textureCount, 1, "the decode replaced the thumbnail's texture")
        XCTAssertEqual(stats.textureBytes, drawn.last!.byteCount)
        XCTAssertEqual(stats.failed, 0)
        XCTAssertEqual(log.lines, [])

        // A cell that shrinks keeps the bigger picture: no new decode, no thumbnail read again.
        pipeline.beginFrame()
        XCTAssertTrue(pipeline.request(path, pixelSize: Size(width: 520, height: 390), priority: 0).texture === drawn.last)
        XCTAssertFalse(pipeline.isBusy)
        XCTAssertEqual(pipeline.photosBelowSize, 0)
    }

    /// Shrunk while only the thumbnail is there: the thumbnail covers the smaller cell, so nothing
    /// smaller is decoded and the cell never goes blank; the larger decode, if it still lands, takes
    /// the thumbnail's place (the bigger picture is kept).
    func testACellThatShrinksBeforeTheDecodeLandsKeepsItsPicture() throws {
        let path = try photo("shrinks.jpg")
        _ = try PhotoDecoder.thumbnail(path: path, flavor: .xxLarge, cache: cache)
        let pipeline = try makePipeline(workers: 1, thumbnails: cache)
        pipeline.isSuspended = true  // both jobs queued before a worker takes one
        pipeline.beginFrame()
        _ = pipeline.request(path, pixelSize: cell, priority: 0)
        XCTAssertEqual(pipeline.stats.queued, 2, "the cached thumbnail and the decode at the cell's size")
        pipeline.isSuspended = false
        var first: Texture?
        let deadline = Date(timeIntervalSinceNow: 30)
        while first == nil && Date() < deadline {
            pipeline.beginFrame()
            pipeline.pump(maxUploads: 1, uploadBytes: 0)
            first = pipeline.request(path, pixelSize: cell, priority: 0).texture
            usleep(1000)
        }
        XCTAssertEqual(try XCTUnwrap(first).pixelWidth, 1024, "the thumbnail first")
        let small = Size(width: 700, height: 525)
        for _ in 0..<6 {
            pipeline.beginFrame()
            pipeline.pump()
            let t = pipeline.request(path, pixelSize: small, priority: 0).texture
            XCTAssertGreaterThanOrEqual(t?.pixelWidth ?? 0, 1024, "the thumbnail or the larger decode")
            XCTAssertEqual(pipeline.photosBelowSize, 0, "either covers the smaller cell")
            usleep(1000)
        }
        pipeline.drain()
        pipeline.beginFrame()
        XCTAssertGreaterThanOrEqual(pipeline.request(path, pixelSize: small, priority: 0).texture?.pixelWidth ?? 0, 1024)
        XCTAssertFalse(pipeline.isBusy)
        XCTAssertLessThanOrEqual(pipeline.stats.decoded, 1, "no decode at the smaller size")
        XCTAssertEqual(pipeline.stats.textureCount, 1)
        XCTAssertEqual(pipeline.stats.failed, 0)
    }

    func testWithoutAValidThumbnailTheCellWaitsForTheDecodeAsBefore() throws {
        let stale = try photo("changed.jpg", seed: 2)
        _ = try PhotoDecoder.thumbnail(path: stale, flavor: .xxLarge, cache: cache)
        // The photo changed after its thumbnail was made: the thumbnail's MTime is not the file's.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: stale)
        let none = try photo("never-seen.jpg", seed: 3)
        let log = LogRecorder()
        let pipeline = try makePipeline(workers: 1, thumbnails: cache, log: log.record)
        for path in [stale, none] {
            var below: [Int] = []
            let drawn = framesUntilCovered(pipeline, path, below: &below)
            XCTAssertEqual(drawn.map { "\($0.pixelWidth)×\($0.pixelHeight)" }, ["1218×914"], path)
            XCTAssertEqual(below.filter { $0 > 0 }, [], path)
        }
        XCTAssertEqual(pipeline.stats.thumbnailsFirst, 0)
        XCTAssertEqual(pipeline.stats.decoded, 2)
        XCTAssertEqual(pipeline.stats.failed, 0)
        XCTAssertEqual(log.lines, [])
        // Each decode left a valid xx-large thumbnail (the stale one replaced) for the next launch.
        for path in [stale, none] {
            let uri = ThumbnailCache.uri(for: path)
            var st = stat()
            XCTAssertEqual(stat(path, &st), 0)
            XCTAssertTrue(cache.contains(uri: uri, version: FileVersion(st), flavor: .xxLarge), path)
        }
    }

    /// Without the shared cache (`--no-thumbnail-cache`, or the bundled photos) nothing changes.
    func testWithoutTheCacheNothingIsShownFirst() throws {
        let path = try photo("uncached.jpg")
        _ = try PhotoDecoder.thumbnail(path: path, flavor: .xxLarge, cache: cache)
        let pipeline = try makePipeline(workers: 1)
        var below: [Int] = []
        let drawn = framesUntilCovered(pipeline, path, below: &below)
        XCTAssertEqual(drawn.count, 1)
        XCTAssertEqual(pipeline.stats.thumbnailsFirst, 0)
    }
}
