import Foundation
import TestEnvironment
import XCTest

/// Issue 21 (hostile pass 3), the photo cases: files that are not what they claim, or cost far more
/// than their size. Each test names what today's main did with the same file.
final class PhotoBombTests: HostileTestCase {
    /// Case 1: a 148-byte SVG in a WebP container, named .webp and .jpg, in the feed and then docked
    /// (the crash loop: every launch restores the dock and decodes it again). Each is one line and a
    /// placeholder in ordinary memory. Today's main: SIGSEGV in IMG_LoadSizedSVG_RW at 3.5 GB, 19 s.
    func testCase1SVGInAWebPContainerNeverReachesNanoSVG() throws {
        let bomb = Bombs.svgInWebP(side: 30000)
        XCTAssertEqual(bomb.count, 148)
        let folder = try photoFolder("Photos", ["bomb.webp": bomb, "bomb.jpg": bomb])
        let feed = try Child.run(["--headless", "--scene", "photos", "--screenshot", path("feed.png"), folder], env: photoEnv, in: dir, timeout: 60)
        XCTAssertEqual(feed.exitCode, 0, feed.summary)
        XCTAssertEqual(feed.lines.filter { $0.contains("bomb.webp") }.count, 1, feed.summary)
        XCTAssertEqual(feed.lines.filter { $0.contains("bomb.jpg") }.count, 1, feed.summary)
        XCTAssertTrue(feed.lines.allSatisfy { $0.contains("WEBP") }, feed.summary)
        XCTAssertLessThan(feed.peakKB, 400 << 10, feed.summary)
        print("case 1: 148-byte SVG in WebP, feed → \(feed.summary)")
        try dockOwnPhotos([folder + "/bomb.webp", folder + "/bomb.jpg"])
        for launch in 1...2 {
            let dock = try Child.run(["--headless", "--scene", "dock", "--screenshot", path("dock.png"), folder], env: photoEnv, in: dir, timeout: 60)
            XCTAssertEqual(dock.exitCode, 0, "launch \(launch): \(dock.summary)")
            XCTAssertLessThan(dock.peakKB, 400 << 10, dock.summary)
            print("case 1: docked, launch \(launch) → \(dock.summary)")
        }
    }
}

extension PhotoBombTests {
    /// The thumbnail cache's folders a run left: `xx-large`, `fail`, …
    private func cacheFolders() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("cache/thumbnails").path))?.sorted() ?? []
    }

    /// Case 5: a decode that runs out of memory (the process under `prlimit --as`, 40 MB above what a
    /// run of an ordinary photo needs; the photo's coefficients alone are 192 MB. 100 MB starved it until
    /// the heap served blocks up to 32 MB (`HeapPolicy`): they now come from a worker's 64-MB arena
    /// reservation, which the ordinary run's address space already counts, and it fitted) is tried again
    /// later and never written to the fail folder, so the next launch with memory to spare shows the
    /// photo. Today's main stored "corrupt JPEG (Insufficient memory (case 4))" for good.
    func testCase5AnOutOfMemoryDecodeIsNeverRememberedAsAFailure() throws {
        try TestEnvironment.require(tool: "prlimit", package: "util-linux")
        let bomb = try Bombs.patchedProgressiveJPEG(width: 16000, height: 4000, in: dir)
        let ordinary = try Bombs.patchedProgressiveJPEG(width: 16, height: 16, in: dir)
        let env = photoEnv.merging(["MALLOC_ARENA_MAX": "2"]) { $1 }
        // What a run of the same scene needs with an ordinary photo.
        let small = try photoFolder("Small", ["small.jpg": ordinary])
        let baseline = try Child.run(["--headless", "--scene", "photos", "--screenshot", path("s.png"), small], env: env, in: dir, timeout: 60)
        XCTAssertEqual(baseline.exitCode, 0, baseline.summary)
        let limit = (baseline.peakVirtualKB + 40 << 10) << 10
        try FileManager.default.removeItem(at: dir.appendingPathComponent("cache"))
        let folder = try photoFolder("Photos", ["tall.jpg": bomb])
        let starved = try Child.run(["--headless", "--scene", "photos", "--screenshot", path("x.png"), folder], env: env,
                                    launcher: ["/usr/bin/prlimit", "--as=\(limit)", "--"], in: dir, timeout: 60)
        XCTAssertEqual(starved.exitCode, 0, starved.summary)
        XCTAssertTrue(starved.stderr.contains("out of memory") && starved.stderr.contains("tried again later"), starved.summary)
        XCTAssertFalse(cacheFolders().contains("fail"), "nothing remembered as failed: \(cacheFolders())")
        print("case 5: under prlimit --as=\(limit >> 20) MB → \(starved.summary)")
        let fed = try Child.run(["--headless", "--scene", "photos", "--screenshot", path("y.png"), folder], env: env, in: dir, timeout: 60)
        XCTAssertEqual(fed.exitCode, 0, fed.summary)
        XCTAssertFalse(fed.stderr.contains("tall.jpg"), "decoded on the next launch: \(fed.summary)")
        print("case 5: then without the limit → \(fed.summary)")
    }
}

extension PhotoBombTests {
    /// Case 9: PNG text-chunk bombs. A 64×48 photo with 900 zTXt chunks each inflating to 4 MB
    /// (24 MB, under the 64 MB cap), and a thumbnail planted in the cache for an ordinary photo: 2,000
    /// zTXt chunks of 1 MB each before valid keys. PNGs are read with libpng's chunk limits (64
    /// ancillary chunks, 1 MB each): the bombs are skipped unread. Today's main: 21.5 s of CPU for
    /// the photo (SDL_image's PNG loader has no limits), minutes for the thumbnail.
    func testCase9TextChunkBombsAreSkippedUnread() throws {
        let bomb = PNGBomb.zTXtBomb(width: 64, height: 48, texts: 900, inflated: 4 << 20)
        let folder = try photoFolder("Photos", ["bomb.png": bomb])
        let o = try Child.run(["--headless", "--scene", "photos", "--state", path("s.json"), "--screenshot", path("x.png"), folder],
                              env: photoEnv, in: dir, timeout: 120)
        XCTAssertEqual(o.exitCode, 0, o.summary)
        XCTAssertEqual(o.lines, [], "the photo itself is fine: \(o.summary)")
        XCTAssertEqual(json(path("s.json"))?["pendingPhotos"] as? Double, 0)
        XCTAssertLessThan(o.cpuSeconds, 5, o.summary)
        print("case 9: 900 zTXt bombs in a 64×48 PNG photo → \(o.summary)")

        let photo = try XCTUnwrap(FileManager.default.contents(atPath: Child.resources.appendingPathComponent("Photos/coffee-2.jpg").path))
        let plain = try photoFolder("Plain", ["latte.jpg": [UInt8](photo)])
        let target = plain + "/latte.jpg"
        var info = stat()
        XCTAssertEqual(stat(target, &info), 0)
        let uri = "file://" + target
        let planted = PNGBomb.zTXtBomb(width: 256, height: 192, texts: 2000, inflated: 1 << 20,
                                       keys: [("Thumb::URI", uri), ("Thumb::MTime", String(info.st_mtim.tv_sec))])
        let name = try md5(uri) + ".png"
        for flavor in ["normal", "large", "x-large", "xx-large"] {
            let folder = dir.appendingPathComponent("cache/thumbnails/\(flavor)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(planted).write(to: folder.appendingPathComponent(name))
        }
        let t = try Child.run(["--headless", "--scene", "feed", "--state", path("t.json"), "--screenshot", path("y.png"), plain],
                              env: photoEnv, in: dir, timeout: 180)
        XCTAssertEqual(t.exitCode, 0, t.summary)
        XCTAssertEqual(json(path("t.json"))?["pendingPhotos"] as? Double, 0)
        XCTAssertLessThan(t.cpuSeconds, 5, t.summary)
        print("case 9: a planted \(planted.count >> 20) MB thumbnail of 2,000 zTXt bombs → \(t.summary)")
    }
}

extension HostileTestCase {
    /// The MD5 of `text` in hex, as the thumbnail cache names files (coreutils' md5sum).
    func md5(_ text: String) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/md5sum")
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        try p.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        p.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile().prefix(32), as: UTF8.self)
    }
}

extension PhotoBombTests {
    /// Case 8: decode bombs within every cap, in the feed: 20 progressive JPEGs of 700 bytes
    /// claiming 16000×4000 (192 MB of coefficients each), ten 8000×8000 PNGs of 1.6 MB (256 MB each
    /// decoded whole) and two interlaced ones (which must be). Decoded to the cell's size as they
    /// are read, under one budget for all the workers (256 MB). Today's main, same runs: 414, 670
    /// and about 700 MB peak (each of the two workers holding its own bomb).
    func testCase8DecodeBombsWithinTheCapsShareOneBudget() throws {
        let jpeg = try Bombs.patchedProgressiveJPEG(width: 16000, height: 4000, in: dir)
        let png = PNGBomb.flat(width: 8000, height: 8000), adam7 = PNGBomb.flat(width: 8000, height: 8000, interlaced: true)
        let runs: [(String, [String: [UInt8]], Int)] = [
            ("jpeg", Dictionary(uniqueKeysWithValues: (1...20).map { ("tall-\($0).jpg", jpeg) }), 320),
            ("png", Dictionary(uniqueKeysWithValues: (1...10).map { ("big-\($0).png", png) }), 150),
            ("interlaced", Dictionary(uniqueKeysWithValues: (1...2).map { ("adam7-\($0).png", adam7) }), 450),
        ]
        for (name, files, limitMB) in runs {
            let folder = try photoFolder(name, files)
            let state = path("\(name).json")
            let o = try Child.run(["--headless", "--scene", "feed", "--state", state, "--screenshot", path("\(name).png"), folder],
                                  env: photoEnv, in: dir, timeout: 120)
            XCTAssertEqual(o.exitCode, 0, "\(name): \(o.summary)")
            XCTAssertEqual(json(state)?["pendingPhotos"] as? Double, 0, name)
            XCTAssertLessThan(o.peakKB, limitMB << 10, "\(name): \(o.summary)")
            print("case 8: \(files.count) \(name) bombs → \(o.summary)")
        }
    }
}
