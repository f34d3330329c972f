import Foundation
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
        let feed = try Child.run(["--headless", "--scene", "feed", "--screenshot", path("feed.png"), folder], env: photoEnv, in: dir, timeout: 60)
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

    /// Case 5: a decode that runs out of memory (the process under `prlimit --as`, 100 MB above what a
    /// run of an ordinary photo needs; the photo's coefficients alone are 192 MB) is tried again
    /// later and never written to the fail folder, so the next launch with memory to spare shows the
    /// photo. Today's main stored "corrupt JPEG (Insufficient memory (case 4))" for good.
    func testCase5AnOutOfMemoryDecodeIsNeverRememberedAsAFailure() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit") else { throw XCTSkip("prlimit (util-linux) is not installed") }
        let bomb = try Bombs.patchedProgressiveJPEG(width: 16000, height: 4000, in: dir)
        let ordinary = try Bombs.patchedProgressiveJPEG(width: 16, height: 16, in: dir)
        let env = photoEnv.merging(["MALLOC_ARENA_MAX": "2"]) { $1 }
        // What a run of the same scene needs with an ordinary photo.
        let small = try photoFolder("Small", ["small.jpg": ordinary])
        let baseline = try Child.run(["--headless", "--scene", "feed", "--screenshot", path("s.png"), small], env: env, in: dir, timeout: 60)
        XCTAssertEqual(baseline.exitCode, 0, baseline.summary)
        let limit = (baseline.peakVirtualKB + 100 << 10) << 10
        try FileManager.default.removeItem(at: dir.appendingPathComponent("cache"))
        let folder = try photoFolder("Photos", ["tall.jpg": bomb])
        let starved = try Child.run(["--headless", "--scene", "feed", "--screenshot", path("x.png"), folder], env: env,
                                    launcher: ["/usr/bin/prlimit", "--as=\(limit)", "--"], in: dir, timeout: 60)
        XCTAssertEqual(starved.exitCode, 0, starved.summary)
        XCTAssertTrue(starved.stderr.contains("out of memory") && starved.stderr.contains("tried again later"), starved.summary)
        XCTAssertFalse(cacheFolders().contains("fail"), "nothing remembered as failed: \(cacheFolders())")
        print("case 5: under prlimit --as=\(limit >> 20) MB → \(starved.summary)")
        let fed = try Child.run(["--headless", "--scene", "feed", "--screenshot", path("y.png"), folder], env: env, in: dir, timeout: 60)
        XCTAssertEqual(fed.exitCode, 0, fed.summary)
        XCTAssertFalse(fed.stderr.contains("tall.jpg"), "decoded on the next launch: \(fed.summary)")
        print("case 5: then without the limit → \(fed.summary)")
    }
}
