import Foundation
import XCTest

/// The photo scenes in a real window: the grid button walks the feed's columns, the cafes' exercise
/// turns to two columns in landscape, and photos clicked in the dock's grid fly into the dock and back.
final class PhotoScenesWindowTests: XCTestCase {
    var session: XSession?

    override func setUpWithError() throws { session = try XSession() }

    override func tearDown() { session?.close() }

    func center(_ f: [String: Any]) -> (Double, Double) {
        ((f["x"] as! Double) + (f["width"] as! Double) / 2, (f["y"] as! Double) + (f["height"] as! Double) / 2)
    }

    func button(_ state: [String: Any], _ id: String) -> [String: Any]? {
        (state["toolbar"] as? [[String: Any]])?.first { $0["id"] as? String == id }
    }

    func columns(_ state: [String: Any]) -> Int { (state["tracks"] as? [Any])?.count ?? -1 }

    func testFeedGridButtonWheelAndLandscapeCafes() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--size", "390x844"])
        let start = try XCTUnwrap(s.waitForState { $0["scene"] as? String == "feed" && $0["toolbar"] != nil }, "the app should open on the feed")
        XCTAssertEqual(columns(start), 1)
        // The grid button: 1 → 2 → 3 → 4 → 1 columns, each step read back from the state file.
        for expected in [2, 3, 4, 1] {
            let b = try XCTUnwrap(button(s.state() ?? [:], "grid"))
            let (x, y) = center(b)
            s.click(x, y)
            XCTAssertNotNil(s.waitForState { self.columns($0) == expected && ($0["animating"] as? Bool) == false },
                            "grid button did not reach \(expected) columns: \(s.screenshot("feed-\(expected).png"))")
        }
        s.wheelDown(5, at: 200, 500)
        XCTAssertNotNil(s.waitForState { (($0["scroll"] as? [String: Double])?["offset"] ?? 0) > 50 }, "wheel did not scroll the feed")

        // Cafes (key 6): the chapter's exercise, one column of cafes on a phone in portrait, two in
        // landscape; its buttons show and hide the coffee photos, their icons saying which.
        s.key("6")
        let cafes = try XCTUnwrap(s.waitForState { $0["scene"] as? String == "cafes" && ($0["animating"] as? Bool) == false })
        XCTAssertEqual(columns(cafes), 1)
        XCTAssertEqual(button(cafes, "coffee")?["symbol"] as? String, "eye.slash")
        let (cx, cy) = center(try XCTUnwrap(button(cafes, "coffee")))
        s.click(cx, cy)
        XCTAssertNotNil(s.waitForState { self.button($0, "coffee")?["symbol"] as? String == "eye" && (($0["cafes"] as? [String: Any])?["coffeeVisible"] as? Bool) == true },
                        "the coffee button did not show the coffee photos: \(s.screenshot("cafes-coffee.png"))")
        s.resize(844, 390)
        let landscape = try XCTUnwrap(s.waitForState { ($0["sizeClass"] as? [String: String])?["vertical"] == "compact" && ($0["window"] as? [String: Double])?["width"] == 844
                                                       && ($0["animating"] as? Bool) == false },
                                      "resize to landscape not seen: \(s.screenshot("cafes-landscape.png"))")
        XCTAssertEqual(columns(landscape), 2, "landscape shows two columns, cafe and coffee side by side")
        XCTAssertEqual(((landscape["cafes"] as? [String: Any])?["columns"] as? [String]), [".flexible()", ".flexible()"])
        s.resize(390, 844)
        let portrait = try XCTUnwrap(s.waitForState { ($0["sizeClass"] as? [String: String])?["vertical"] == "regular" && ($0["animating"] as? Bool) == false })
        XCTAssertEqual(columns(portrait), 1)
        s.key("ctrl+q")
        let app = try XCTUnwrap(s.app)
        XCTAssertTrue(XSession.waitUntil(5) { !app.isRunning })
    }

    func testDockClicksMovePhotosAndSurviveRestart() throws {
        let s = try XCTUnwrap(session)
        try s.launch(["--scene", "dock", "--size", "390x844"])
        var state = try XCTUnwrap(s.waitForState { ($0["grid"] as? [String])?.count == 20 }, "the dock should start empty")
        // Click three grid photos, each read from the state file as it is now.
        var picked: [String] = []
        for _ in 0..<3 {
            let photo = try XCTUnwrap((state["visible"] as? [[String: Any]])?.first { $0["in"] as? String == "grid" })
            let (x, y) = center(photo)
            s.click(x, y)
            picked.append(photo["id"] as! String)
            state = try XCTUnwrap(s.waitForState { ($0["dock"] as? [String]) == picked && ($0["flying"] as? [Any])?.isEmpty == true },
                                  "photo \(picked.last!) did not land in the dock: \(s.screenshot("dock-\(picked.count).png"))")
        }
        XCTAssertEqual((state["grid"] as? [String])?.count, 17)
        // Click the first docked photo: it goes back to the end of the grid.
        let docked = try XCTUnwrap((state["visible"] as? [[String: Any]])?.first { $0["id"] as? String == picked[0] })
        let (x, y) = center(docked)
        s.click(x, y)
        XCTAssertNotNil(s.waitForState { ($0["grid"] as? [String])?.last == picked[0] && ($0["dock"] as? [String]) == Array(picked.dropFirst()) },
                        "dock click did not send the photo home: \(s.screenshot("dock-home.png"))")
        // Quit and relaunch: the dock is restored from $XDG_STATE_HOME.
        s.key("ctrl+q")
        let app = try XCTUnwrap(s.app)
        XCTAssertTrue(XSession.waitUntil(5) { !app.isRunning })
        try? FileManager.default.removeItem(at: s.stateFile)
        try s.launch(["--scene", "dock", "--size", "390x844"])
        XCTAssertNotNil(s.waitForState { ($0["dock"] as? [String]) == Array(picked.dropFirst()) }, "the dock was not restored")
    }
}
