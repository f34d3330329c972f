import Foundation
import XCTest

/// A folder of camera photos opened in the real window: the scan fills the feed, every photo on
/// screen is decoded (some are stored sideways), the grid and order buttons work, and the thumbnails
/// go to the shared cache.
final class OwnPhotosWindowTests: XCTestCase {
    var session: XSession?

    override func setUpWithError() throws { session = try XSession() }

    override func tearDown() { session?.close() }

    /// `coffeegrid bench-child camera-photos`: the benchmark's generator, smaller.
    func makePhotos(in folder: String, count: Int) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: XSession.binary)
        p.arguments = ["bench-child", "camera-photos", folder, "--count", String(count), "--width", "1600", "--height", "1200"]
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
    }

    func ids(_ state: [String: Any]) -> [String] { (state["visible"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } }
    func library(_ state: [String: Any]) -> [String: Any] { state["library"] as? [String: Any] ?? [:] }

    func testOpeningAFolderInTheWindow() throws {
        let s = try XCTUnwrap(session)
        let folder = s.dir.appendingPathComponent("Camera").path
        try makePhotos(in: folder, count: 24)
        // 1280 wide: the folder opens in four columns, as a photo viewer's thumbnails. Then one column,
        // whose cells are wider than any thumbnail size, so those photos are decoded from the files,
        // and the picture is kept when the cell shrinks back; their thumbnails are made from that
        // decode (the count below once saw 10 of 16 when they were not).
        try s.launch(["--size", "1280x800", folder], environment: ["XDG_CACHE_HOME": s.dir.appendingPathComponent("cache").path])
        let ready = try XCTUnwrap(s.waitForState(30) {
            (self.library($0)["count"] as? Double) == 24 && (self.library($0)["scanning"] as? Bool) == false
                && ($0["pendingPhotos"] as? Double) == 0 && !self.ids($0).isEmpty
        }, "the folder's first screen was not shown: \(s.screenshot("own-first.png")); \(s.state().map { "\(self.library($0)), pending \($0["pendingPhotos"] ?? "?")" } ?? "no state")")
        XCTAssertEqual(ids(ready).first, folder + "/IMG_0001.JPG")
        XCTAssertEqual(ready["scene"] as? String, "photos")
        XCTAssertEqual((ready["tracks"] as? [Any])?.count, 4, "a 1280-point window opens in four columns")
        s.key("g")
        XCTAssertNotNil(s.waitForState(20) { ($0["tracks"] as? [Any])?.count == 1 && ($0["animating"] as? Bool) == false },
                        "one column not reached: \(s.screenshot("own-one.png"))")

        // Four columns again: a screen of thumbnails, all decoded.
        for _ in 0..<3 { s.key("g") }
        let four = try XCTUnwrap(s.waitForState(20) {
            ($0["tracks"] as? [Any])?.count == 4 && ($0["animating"] as? Bool) == false && ($0["pendingPhotos"] as? Double) == 0
        }, "four columns not reached: \(s.screenshot("own-four.png"))")
        XCTAssertGreaterThanOrEqual(ids(four).count, 16)
        // The photos on screen were decoded through the shared cache: their thumbnails are there.
        let cache = s.dir.appendingPathComponent("cache/thumbnails").path
        func made() -> Int {
            Set(["normal", "large", "x-large", "xx-large"].flatMap { (try? FileManager.default.contentsOfDirectory(atPath: cache + "/" + $0)) ?? [] }).count
        }
        _ = XSession.waitUntil(10) { made() >= self.ids(four).count }
        XCTAssertGreaterThanOrEqual(made(), ids(four).count, "thumbnails of the photos on screen")

        // Capture-time order: the photos' EXIF times run backwards in blocks of seven.
        s.key("o")
        let byDate = try XCTUnwrap(s.waitForState(10) { (self.library($0)["order"] as? String) == "date" && ($0["animating"] as? Bool) == false })
        XCTAssertEqual(ids(byDate).first, folder + "/IMG_0007.JPG")

        s.key("ctrl+q")
        let app = try XCTUnwrap(s.app)
        XCTAssertTrue(XSession.waitUntil(5) { !app.isRunning })
    }
}
