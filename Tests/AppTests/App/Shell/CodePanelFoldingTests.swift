import XCTest
import GridCore
import Stage
@testable import CoffeeGridApp

/// The code panel is a choice: Ctrl+K, the toolbar's `</>` button, its own chevron and its folded
/// bar show and fold it, animated, and the choice is remembered. Where the window has no room for
/// it (a phone in landscape, the smallest window) it starts folded and opens over the content as a
/// sheet, never pushing the grid into a strip.
final class CodePanelFoldingTests: XCTestCase {
    override func setUp() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    func state(_ s: HeadlessSession) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(s.app.stateJSON().text.utf8)) as? [String: Any])
    }

    func code(_ s: HeadlessSession) throws -> [String: Any] { try XCTUnwrap(try state(s)["code"] as? [String: Any]) }

    func content(_ s: HeadlessSession) throws -> Rect { try SceneTracksTests.rect(try state(s)["content"]) }

    func toolbarButton(_ s: HeadlessSession, _ id: String) throws -> [String: Any] {
        try XCTUnwrap((try state(s)["toolbar"] as? [[String: Any]])?.first { $0["id"] as? String == id }, id)
    }

    func ctrlK(_ s: HeadlessSession) throws { try s.run(.key(.character("k"), .control)) }

    /// The quarter rule: the panel at its smallest (six lines) above the scene is 108 pt, which a
    /// content area of 432 pt or more can spare.
    func testThePanelHasRoomWhereItTakesAQuarterOrLess() {
        XCTAssertEqual(CodePanel.minimumCost, 108)
        XCTAssertTrue(CodePanel.hasRoom(contentHeight: 432))
        XCTAssertFalse(CodePanel.hasRoom(contentHeight: 431.9))
    }

    /// Every phone in landscape, the smallest window and the first SE in portrait (320 × 568) start
    /// folded; larger phones in portrait, iPads and laptops open.
    func testEveryPhoneInLandscapeStartsFoldedAndLargerWindowsOpen() throws {
        for (w, h) in [(667, 375), (844, 390), (874, 402), (926, 428), (956, 440), (320, 320), (320, 568)] {
            let s = try HeadlessSession(scene: "symbols", size: Size(width: Double(w), height: Double(h)), scale: 0.5)
            XCTAssertEqual(try code(s)["presentation"] as? String, "folded", "\(w)×\(h)")
            XCTAssertEqual(try content(s).minY, try SceneTracksTests.rect(try code(s)["frame"]).maxY + CodePanel.gapBelow, "\(w)×\(h): the scene starts under the bar")
            XCTAssertEqual(try SceneTracksTests.rect(try code(s)["frame"]).height, CodePanel.barHeight, "\(w)×\(h): one line")
        }
        for (w, h) in [(390, 844), (375, 667), (430, 932), (1024, 1366), (1440, 900)] {
            let s = try HeadlessSession(scene: "symbols", size: Size(width: Double(w), height: Double(h)), scale: 0.5)
            XCTAssertEqual(try code(s)["presentation"] as? String, "inline", "\(w)×\(h)")
            // Open, it takes no more than a quarter of the area under the navigation bar.
            let frame = try SceneTracksTests.rect(try code(s)["frame"])
            XCTAssertLessThanOrEqual(frame.height + CodePanel.gapAbove + CodePanel.gapBelow, (try content(s).maxY - frame.minY + CodePanel.gapAbove) / 4 + 0.01, "\(w)×\(h)")
        }
    }

    /// In portrait Ctrl+K folds the panel and the scene grows into its room, over several frames;
    /// the toolbar button opens it again.
    func testCtrlKAndTheToolbarButtonFoldAndOpenItAnimated() throws {
        let s = try HeadlessSession(scene: "feed", size: Size(width: 390, height: 844), scale: 0.5)
        let open = try content(s)
        XCTAssertEqual(try toolbarButton(s, "code")["on"] as? Bool, true)
        try ctrlK(s)
        var heights: [Double] = []
        for _ in 0..<40 {
            heights.append(try content(s).height)
            try s.run(.wait(milliseconds: 1000 / 60))
        }
        s.runner.settle()
        let folded = try content(s)
        XCTAssertEqual(try code(s)["presentation"] as? String, "folded")
        XCTAssertEqual(try code(s)["wantsCode"] as? Bool, false)
        XCTAssertEqual(try toolbarButton(s, "code")["on"] as? Bool, false)
        XCTAssertEqual(folded.minY, try SceneTracksTests.rect(try code(s)["frame"]).maxY + CodePanel.gapBelow, accuracy: 0.01)
        XCTAssertEqual(folded.maxY, open.maxY)
        XCTAssertGreaterThan(folded.height, open.height + 60)
        let between = heights.filter { $0 > open.height + 1 && $0 < folded.height - 1 }
        XCTAssertGreaterThanOrEqual(between.count, 5, "the fold is animated: \(heights)")
        XCTAssertEqual(heights, heights.sorted(), "the scene only grows while the panel folds")
        // The toolbar button opens it again.
        let button = try toolbarButton(s, "code")
        try s.run(.click(Point(x: (button["x"] as! Double) + 20, y: (button["y"] as! Double) + 16)))
        s.runner.settle()
        XCTAssertEqual(try code(s)["presentation"] as? String, "inline")
        XCTAssertEqual(try content(s), open)
        // The panel's own chevron folds it, its folded bar opens it.
        try s.run(.click(try SceneTracksTests.rect(try code(s)["toggle"]).center))
        s.runner.settle()
        XCTAssertEqual(try code(s)["presentation"] as? String, "folded")
        try s.run(.click(try SceneTracksTests.rect(try code(s)["toggle"]).center))
        s.runner.settle()
        XCTAssertEqual(try code(s)["presentation"] as? String, "inline")
    }

    /// In landscape the panel opens as a sheet over the content, which keeps its size; what is under
    /// the sheet is not clicked through it; turning the window folds the sheet away again.
    func testInLandscapeItOpensOverTheContentAsASheet() throws {
        let s = try HeadlessSession(scene: "symbols", size: Size(width: 844, height: 390), scale: 0.5)
        let before = try content(s)
        let grid = try XCTUnwrap(s.app.scene as? SymbolsScene).grid
        try ctrlK(s)
        s.runner.settle()
        XCTAssertEqual(try code(s)["presentation"] as? String, "sheet")
        XCTAssertEqual(try content(s), before, "the grid keeps its room")
        let sheet = try SceneTracksTests.rect(try code(s)["frame"])
        XCTAssertGreaterThan(sheet.height, before.height * 0.8, "the sheet shows as much code as the window holds")
        let item = try XCTUnwrap(grid.visibleItems().first { sheet.contains($0.frame.center) })
        try s.run(.click(item.frame.center))
        XCTAssertNil(grid.selected, "a click on the sheet does not select the item under it")
        // The sheet folds with the same key; turned to portrait the person's choice (shown) opens it above the grid.
        try ctrlK(s)
        s.runner.settle()
        XCTAssertEqual(try code(s)["presentation"] as? String, "folded")
        try ctrlK(s)
        s.runner.settle()
        try s.run(.resize(Size(width: 390, height: 844)))
        s.runner.settle()
        XCTAssertEqual(try code(s)["presentation"] as? String, "inline")
        // Back in landscape it starts folded again: a sheet is opened only by the person.
        try s.run(.resize(Size(width: 844, height: 390)))
        s.runner.settle()
        XCTAssertEqual(try code(s)["presentation"] as? String, "folded")
    }

    /// Folded in portrait stays folded through a landscape round trip and in the next launch.
    func testTheChoiceIsRememberedAcrossTurnsAndLaunches() throws {
        let h = try ReduceMotionTests.Harness(scene: "cafes", reduceMotion: false)
        try h.key("Ctrl+K")
        h.runner.settle()
        try h.runner.execute(.resize(Size(width: 844, height: 390)))
        h.runner.settle()
        try h.runner.execute(.resize(Size(width: 390, height: 844)))
        h.runner.settle()
        XCTAssertEqual((h.state["code"] as? [String: Any])?["presentation"] as? String, "folded")
        let saved = h.app.session()
        XCTAssertEqual(saved.code, false)
        // Through the file.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-code-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = SessionStore(path: dir.appendingPathComponent("session.json").path)
        try store.save(saved)
        XCTAssertTrue(try String(contentsOfFile: store.path, encoding: .utf8).contains("\"code\":\"folded\""))
        let loaded = try XCTUnwrap(store.load().session)
        XCTAssertEqual(loaded.code, false)
        let next = try ReduceMotionTests.Harness(scene: "feed", reduceMotion: false)
        next.app.restore(loaded)
        next.runner.settle()
        XCTAssertEqual((next.state["code"] as? [String: Any])?["presentation"] as? String, "folded", "the next launch starts folded")
        XCTAssertEqual((next.state["code"] as? [String: Any])?["wantsCode"] as? Bool, false)
    }

    /// Reduce motion: the panel folds at once.
    func testUnderReduceMotionItFoldsAtOnce() throws {
        let h = try ReduceMotionTests.Harness(scene: "feed", reduceMotion: true)
        try h.key("Ctrl+K")
        XCTAssertEqual(try SceneTracksTests.rect((h.state["code"] as? [String: Any])?["frame"]).height, CodePanel.barHeight)
    }
}
