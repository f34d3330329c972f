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
