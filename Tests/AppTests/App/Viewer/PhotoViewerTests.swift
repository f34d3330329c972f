import Foundation
import XCTest
import GridCore
import Stage
import StageInterface
@testable import CoffeeGridApp

/// A photo opens full-window and closes back into its cell, headless on the virtual clock: the
/// flight, the empty cell, the keys, the wheel, zoom and pan, in the feed, the cafes and the stack.
final class PhotoViewerTests: XCTestCase {
    private var dir: URL!
    let window = Size(width: 1280, height: 800)

    override func setUp() {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("viewer-\(UUID().uuidString)")
        setenv("XDG_STATE_HOME", dir.path, 1)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func feed(columns: Int = 3) throws -> (HeadlessSession, FeedScene) {
        let s = try HeadlessSession(scene: "feed", size: window)
        for _ in 1..<columns { try s.press("g") }
        try s.run(.settle)
        return (s, try XCTUnwrap(s.app.scene as? FeedScene))
    }

    /// Neither the start nor the end frame, as the window tests count frames of motion (FrameTraceFile's
    /// `DrawnMotion`: more than a hundredth of a point from both).
    static func strictlyBetween(_ r: Rect, _ a: Rect, _ b: Rect) -> Bool {
        func distance(_ p: Rect, _ q: Rect) -> Double {
            max(abs(p.minX - q.minX), abs(p.minY - q.minY), abs(p.maxX - q.maxX), abs(p.maxY - q.maxY))
        }
        return distance(r, a) > 0.01 && distance(r, b) > 0.01
    }

    func testADoubleClickFliesThePhotoToTheWindowAndEscFliesItBack() throws {
        let (s, feed) = try feed()
        let cell = try XCTUnwrap(feed.grid.drawnFrame(of: 4))
        try s.run(.doubleClick(cell.center))
        let viewer = try XCTUnwrap(s.app.viewer, "a double-click opens the photo")
        XCTAssertEqual(viewer.index, 4)
        XCTAssertEqual(feed.grid.selection.indices, [4], "the double-click selected it too")
        let fit = viewer.motion.fitFrame
        XCTAssertEqual(fit.height, window.height, accuracy: 0.5, "a square photo fits the window's height")
        var between = 0, fastWhileFlying = 0
        /// How the viewer's photo (the last image drawn) is sampled in this frame.
        func sampling() -> ImageSampling? {
            s.app.buildDrawList().commands.reversed().lazy.compactMap { c -> ImageSampling? in
                if case let .image(_, _, _, _, _, _, sampling) = c { return sampling }; return nil
            }.first
        }
        for _ in 0..<120 {
            s.host.step()
            guard let f = s.app.viewer?.photoFrame else { break }
            if Self.strictlyBetween(f, cell, fit) {
                between += 1
                if sampling() == .fast { fastWhileFlying += 1 }
            }
        }
        XCTAssertGreaterThanOrEqual(between, 10, "the flight shows at least ten frames between the cell and the window")
        XCTAssertEqual(fastWhileFlying, between, "a growing photo takes the nearest texel")
        XCTAssertEqual(sampling(), .exact, "landed, it is drawn exactly")
        let landed = viewer.photoFrame
        XCTAssertFalse(Self.strictlyBetween(landed, cell, fit), "it rests at the window's fit frame: \(landed)")
        // While open, the cell's place is empty: a fill of the background over it.
        let background = s.app.env.color(.background)
        XCTAssertTrue(s.app.buildDrawList().commands.contains { if case let .fill(r, c, _) = $0 { return c == background && r.contains(cell) } else { return false } })
        try s.run(.key(.escape, []))
        between = 0
        for _ in 0..<120 {
            s.host.step()
            guard let f = s.app.viewer?.photoFrame else { break }
            if Self.strictlyBetween(f, fit, cell) { between += 1 }
        }
        XCTAssertNil(s.app.viewer, "landed: the viewer is gone")
        XCTAssertGreaterThanOrEqual(between, 10, "and the flight back shows as many")
        XCTAssertEqual(feed.grid.selection.indices, [4], "Esc in the viewer closed it and left the selection alone")
    }

    func testReturnOpensSpaceTogglesAndBackspaceOrTheBackdropCloses() throws {
        let (s, feed) = try feed()
        for _ in 0..<30 where s.app.focus != .content { try s.run(.key(.tab, [])) }
        try s.run(.key(.space, []))
        XCTAssertNil(s.app.viewer, "Space only toggles")
        XCTAssertEqual(feed.grid.selection.count, 1)
        try s.run(.key(.enter, []))
        XCTAssertNotNil(s.app.viewer, "Return opens the focused photo")
        try s.run(.settle)
        try s.run(.key(.backspace, []))
        try s.run(.settle)
        XCTAssertNil(s.app.viewer, "Backspace closes")
        try s.run(.doubleClick(try XCTUnwrap(feed.grid.drawnFrame(of: 1)).center))
        try s.run(.settle)
        let photo = try XCTUnwrap(s.app.viewer).motion.fitFrame
        try s.run(.click(Point(x: photo.minX - 20, y: photo.midY)))
        try s.run(.settle)
        XCTAssertNil(s.app.viewer, "a click on the backdrop closes")
    }

    func testLeftRightAndTheWheelSlideAndClosingGoesBackToTheShownPhotosCell() throws {
        let (s, feed) = try feed(columns: 1)
        try s.run(.doubleClick(try XCTUnwrap(feed.grid.drawnFrame(of: 0)).center))
        try s.run(.settle)
        try s.run(.key(.left, []))
        XCTAssertEqual(s.app.viewer?.index, 0, "nothing before the first photo")
        try s.run(.key(.right, []))
        XCTAssertEqual(s.app.viewer?.index, 1)
        XCTAssertNotNil(s.app.viewer?.motion.outgoingFrame(at: s.app.env.time), "the first photo slides out")
        try s.run(.settle)
        for _ in 0..<12 { try s.run(.scrollAt(dx: 0, dy: 40, at: Point(x: 640, y: 400), modifiers: [])) }
        // Twelve precise 40-point steps are six photos' worth.
        XCTAssertEqual(s.app.viewer?.index, 7, "the wheel steps through the photos")
        try s.run(.settle)
        XCTAssertNil(feed.grid.drawnFrame(of: 7).flatMap { $0.intersects(feed.grid.frame) ? $0 : nil }, "photo 7 is not on screen behind the viewer")
        try s.run(.key(.escape, []))
        try s.run(.settle)
        XCTAssertNil(s.app.viewer)
        let landed = try XCTUnwrap(feed.grid.drawnFrame(of: 7))
        XCTAssertTrue(feed.grid.frame.contains(landed), "the cell of the photo shown was scrolled into view for it to land in")
    }

    /// Esc while the next photo slides in: the one sliding out goes at once (the helper found it
    /// left on screen over the grid), and the flight back starts where the photo is drawn.
    func testClosingMidSlideLeavesNoPhotoSlidingOut() throws {
        let (s, feed) = try feed(columns: 1)
        try s.run(.doubleClick(try XCTUnwrap(feed.grid.drawnFrame(of: 0)).center))
        try s.run(.settle)
        try s.run(.key(.right, []))
        s.host.step()
        let v = try XCTUnwrap(s.app.viewer)
        let drawn = v.photoFrame
        try s.run(.key(.escape, []))
        s.host.step()
        XCTAssertNil(v.motion.outgoingFrame(at: s.app.env.time))
        let first = try XCTUnwrap(feed.photoCells?.path(0))
        let images = s.app.buildDrawList().commands.filter { if case let .image(p, _, _, _, _, _, _) = $0 { return p == first } else { return false } }
        XCTAssertEqual(images.count, 1, "photo 0 is drawn once, in its cell, not also sliding out over the grid")
        XCTAssertLessThan(abs(v.photoFrame.minX - drawn.minX), drawn.width / 2, "the flight back starts near where the photo was drawn")
        try s.run(.settle)
        XCTAssertNil(s.app.viewer)
    }

    func testZoomUnderThePointerOneToOneFitAndPanClampedWithMomentum() throws {
        let (s, feed) = try feed()
        try s.run(.doubleClick(try XCTUnwrap(feed.grid.drawnFrame(of: 2)).center))
        try s.run(.settle)
        let v = try XCTUnwrap(s.app.viewer)
        let fitZoom = v.motion.zoom
        XCTAssertLessThan(fitZoom, 1, "the 1000-pixel photo is shown smaller than 1:1 in an 800-point window")
        try s.run(.key(.character("1"), []))
        try s.run(.settle)
        XCTAssertEqual(v.motion.zoom, 1, accuracy: 1e-9, "1 is one photo pixel to one screen pixel")
        try s.run(.key(.character("0"), []))
        try s.run(.settle)
        XCTAssertEqual(v.motion.zoom, fitZoom, accuracy: 1e-9, "0 fits")
        // Ctrl+wheel under a point of the photo: once the photo is larger than the window (smaller,
        // it stays centred), that point stays where it is.
        let p = Point(x: 800, y: 300)
        let start = v.photoFrame
        for _ in 0..<6 { try s.run(.scrollAt(dx: 0, dy: -40, at: p, modifiers: .control)) }
        let before = v.photoFrame
        XCTAssertGreaterThan(before.width, start.width * 2, "Ctrl+wheel up zooms in")
        XCTAssertGreaterThan(before.width, window.width)
        let u = ((p.x - before.minX) / before.width, (p.y - before.minY) / before.height)
        for _ in 0..<2 { try s.run(.scrollAt(dx: 0, dy: -40, at: p, modifiers: .control)) }
        let after = v.photoFrame
        XCTAssertEqual(after.minX + u.0 * after.width, p.x, accuracy: 0.5)
        XCTAssertEqual(after.minY + u.1 * after.height, p.y, accuracy: 0.5)
        // A fast drag to the right: the photo pans, coasts, and stops with its left edge at the window's.
        try s.run(.drag(from: Point(x: 600, y: 400), to: Point(x: 1200, y: 400), milliseconds: 100))
        try s.run(.settle)
        let panned = v.photoFrame
        XCTAssertEqual(panned.minX, 0, accuracy: 0.01, "clamped at the left edge, no gap")
        XCTAssertGreaterThan(panned.maxX, window.width)
        // Double-click: back to fit, and again 1:1 where it lands.
        try s.run(.doubleClick(Point(x: 640, y: 400)))
        try s.run(.settle)
        XCTAssertEqual(v.motion.zoom, fitZoom, accuracy: 1e-9)
        try s.run(.doubleClick(Point(x: 700, y: 200)))
        try s.run(.settle)
        XCTAssertEqual(v.motion.zoom, 1, accuracy: 1e-9)
        // The state file says all of it.
        let state = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(s.app.stateJSON().text.utf8)) as? [String: Any])
        let viewer = try XCTUnwrap(state["viewer"] as? [String: Any])
        XCTAssertEqual(viewer["id"] as? String, "coffee-3")
        XCTAssertEqual(viewer["zoom"] as? Double, 1)
        XCTAssertEqual(viewer["animating"] as? Bool, false)
        XCTAssertNotNil(viewer["frame"] as? [String: Double])
        try s.press("i")
        let info = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(s.app.stateJSON().text.utf8)) as? [String: Any])?["viewer"] as? [String: Any])["info"] as? String
        XCTAssertEqual(info?.hasPrefix("coffee-3  ·  1000 × 1000 px  ·  "), true, "the info line: name, pixel size, file size")
    }

    func testCafesAndTheStackOpenTheirPhotosToo() throws {
        for name in ["cafes", "stack"] {
            let s = try HeadlessSession(scene: name, size: window)
            try s.run(.settle)
            let cells = try XCTUnwrap(s.app.scene.photoCells, name)
            let cell = try XCTUnwrap(cells.frame(1), name)
            try s.run(.doubleClick(cell.center))
            XCTAssertEqual(s.app.viewer?.index, 1, name)
            try s.run(.settle)
            try s.run(.key(.escape, []))
            try s.run(.settle)
            XCTAssertNil(s.app.viewer, name)
            XCTAssertEqual(cells.frame(1), cell, "\(name): the photo is back in its cell, which did not move")
        }
        // A coffee photo, double-clicked in its cafe's grid, opens among that cafe's coffee photos.
        let cafes = try HeadlessSession(scene: "cafes", size: window)
        try cafes.press("h")
        try cafes.run(.settle)
        let scene = try XCTUnwrap(cafes.app.scene as? CafesScene)
        let coffee = try XCTUnwrap(scene.grid.visibleItems().first { $0.index % 2 == 1 })
        try cafes.run(.doubleClick(Point(x: coffee.frame.minX + 80, y: coffee.frame.minY + 20)))
        let viewer = try XCTUnwrap(cafes.app.viewer, "a double-clicked coffee photo opens")
        XCTAssertEqual(viewer.index, 1)
        XCTAssertEqual(viewer.cells.name(1), scene.cafes[coffee.index / 2].coffeePhotos[1])
        try cafes.run(.settle)
        try cafes.run(.key(.escape, []))
        try cafes.run(.settle)
        XCTAssertNil(cafes.app.viewer)
        let symbols = try HeadlessSession(scene: "symbols", size: window)
        try symbols.run(.doubleClick(try XCTUnwrap((symbols.app.scene as? GridScene)?.grid.visibleItems().first?.frame.center)))
        XCTAssertNil(symbols.app.viewer, "a symbol is no photo: nothing opens")
    }
}

extension PhotoViewerTests {
    /// Delete in the viewer moves the photo shown to the Trash and shows the next one (the one before
    /// at the end); Ctrl+Z puts it back and shows it again; with none left the viewer closes, as in
    /// Eye of GNOME and gThumb. Delete did nothing there.
    func testDeleteInTheViewerTrashesThePhotoAndShowsTheNext() throws {
        let folder = dir.appendingPathComponent("Pics").path
        let trash = dir.appendingPathComponent("data/Trash").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for i in 1...3 { try OwnPhotosTests.jpeg(UInt32(i)).write(to: URL(fileURLWithPath: folder + "/IMG_\(i).jpg")) }
        let (s, scene) = try HeadlessSession.photos(folder: folder, trash: trash, size: window)
        let name = { (s.app.viewer?.path).map { ($0 as NSString).lastPathComponent } }
        let files = { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }
        try s.run(.doubleClick(try XCTUnwrap(scene.grid.drawnFrame(of: 1)).center))
        try s.run(.settle)
        XCTAssertEqual(name(), "IMG_2.jpg")
        try s.run(.key(.delete, []))
        let deadline = Date(timeIntervalSinceNow: 10)
        while scene.photos.notice?.text != "1 photo moved to Trash" && Date() < deadline { try s.run(.wait(milliseconds: 20)) }
        let texts = s.app.buildDrawList().commands.compactMap { c -> String? in if case let .text(t, _, _, _, _) = c { return t }; return nil }
        XCTAssertEqual(texts.suffix(2), ["1 photo moved to Trash", "Undo"], "the toast is drawn over the viewer, not under it")
        try s.run(.settle)
        XCTAssertEqual(files(), ["IMG_1.jpg", "IMG_3.jpg"], "the photo shown went to the Trash")
        XCTAssertTrue(FileManager.default.fileExists(atPath: trash + "/files/IMG_2.jpg"))
        XCTAssertEqual(name(), "IMG_3.jpg", "the next one is shown")
        XCTAssertEqual(scene.photos.notice?.text, "1 photo moved to Trash")
        try s.run(.key(.delete, []))
        try s.run(.settle)
        XCTAssertEqual(name(), "IMG_1.jpg", "the last one gone: the one before")
        try s.run(.key(.character("z"), .control))
        try s.run(.settle)
        XCTAssertEqual(files(), ["IMG_1.jpg", "IMG_3.jpg"], "Ctrl+Z puts back the last one")
        XCTAssertEqual(name(), "IMG_3.jpg", "and shows it again")
        XCTAssertEqual(scene.count, 2)
        try s.run(.key(.delete, []))
        try s.run(.settle)
        try s.run(.key(.delete, []))
        try s.run(.settle)
        XCTAssertEqual(files(), [])
        XCTAssertNil(s.app.viewer, "none left: the viewer closed")
        XCTAssertEqual(scene.count, 0)
    }
}
