import XCTest
import GridCore
import GridMotion
import Stage
@testable import CoffeeGridApp
import StageInterface

/// Seed 002's own numbers: the dock is `ScrollView(.horizontal, showsIndicators: false)` with
/// `.frame(height: 100)` inside `.padding()`; the "Photos" heading is `.title`, rounded, heavy, at
/// the top of the grid's scroll view; the empty dock's hint waits for the dock to be empty.
final class DockSeedTests: XCTestCase {
    /// Clicks the first grid photo `n` times, letting each flight land.
    func dock(_ d: DockDriver, _ n: Int) {
        for _ in 0..<n {
            d.click(d.centre(of: d.scene.model.grid[0]))
            d.advance(0.3)
        }
        d.settle()
    }

    /// Image commands with the clip each is drawn in (the innermost pushed).
    func images(_ list: DrawList) -> [(path: String, rect: Rect, clip: Rect?)] {
        var clips: [Rect] = []
        var out: [(String, Rect, Rect?)] = []
        for c in list.commands {
            switch c {
            case .pushClip(let r): clips.append(r)
            case .popClip: clips.removeLast()
            case let .image(path, r, _, _, _, _, _) where r.minX > -50_000: out.append((path, r, clips.last))
            default: break
            }
        }
        return out
    }

    func testTheDockIsAHundredPointScrollViewInsideItsPadding() throws {
        for size in [Size(width: 390, height: 844), Size(width: 844, height: 390)] {
            // Photos picked on a phone in portrait, then seen in the window at `size`.
            let d = try DockDriver()
            dock(d, 10)
            d.send(.resize(size))
            d.settle()
            let s = d.scene
            let viewport = s.dock.scrollView.frame
            XCTAssertEqual(viewport, EdgeInsets.all(16).inset(s.dockFrame), "\(size)")
            XCTAssertEqual(viewport.height, 100)
            XCTAssertEqual(s.dockFrame.height, 132)
            XCTAssertGreaterThan(s.dock.scrollView.scroll.maxOffset, 0, "ten photos overflow the dock at \(size)")
            // Every dock photo is drawn inside the scroll view's frame, never into the padding.
            let docked = Set(s.model.dock.map { d.app.env.photoPath($0) })
            let inDock = images(d.app.buildDrawList()).filter { docked.contains($0.path) }
            XCTAssertGreaterThan(inDock.count, 3)
            for image in inDock {
                XCTAssertEqual(image.clip, viewport, "\(image.path) at \(image.rect) is clipped to the 100-point frame")
                XCTAssertEqual(image.rect.minY, viewport.minY)
                XCTAssertEqual(image.rect.height, 100)
            }
            // The newest photo ends wholly inside the scroll view (scrollTo with a nil anchor).
            let newest = try XCTUnwrap(d.frame(of: s.model.dock.last!))
            XCTAssertLessThanOrEqual(newest.maxX, viewport.maxX + 1e-9)
            XCTAssertGreaterThanOrEqual(newest.minX, viewport.minX - 1e-9)
        }
    }

    func testNoScrollIndicatorInTheDock() throws {
        let d = try DockDriver()
        dock(d, 10)
        let s = d.scene
        d.send(.mouseMove(s.dock.scrollView.frame.center))
        d.send(.wheel(dx: -60, dy: 0, precise: true, at: s.dock.scrollView.frame.center, modifiers: []))
        d.advance(1.0 / 60)
        XCTAssertGreaterThan(s.dock.scrollView.offset, 0, "the wheel scrolled the dock")
        // Only the panel's own background is filled over the dock: no indicator, even while scrolling.
        let fills = d.app.buildDrawList().commands.compactMap { c -> Rect? in
            if case let .fill(r, _, _) = c, r.intersects(s.dockFrame) { return r }
            return nil
        }
        XCTAssertEqual(fills, [s.dockFrame])
    }

    func testPhotosHeadingIsTitleRoundedHeavyInBothOrientations() throws {
        for size in [Size(width: 390, height: 844), Size(width: 844, height: 390)] {
            let d = try DockDriver(size: size)
            let texts = d.app.buildDrawList().commands.compactMap { c -> (Font, Rect)? in
                if case let .text(t, f, _, r, _) = c, t == "Photos" { return (f, r) }
                return nil
            }
            XCTAssertEqual(texts.count, 1, "one heading, not a navigation title too, at \(size)")
            XCTAssertEqual(texts.first?.0, Font(size: 28, weight: .heavy, design: .rounded))
            // At the top of the grid's scroll view, the photos 8 points under it.
            let s = d.scene
            XCTAssertEqual(texts.first?.1.minY, s.gridFrame.minY)
            XCTAssertEqual(texts.first?.1.minX, s.gridFrame.minX)
            XCTAssertEqual(d.frame(of: "coffee-1")?.minY, s.gridFrame.minY + 34 + 8)
        }
        // It scrolls with the photos.
        let d = try DockDriver(size: Size(width: 844, height: 390))
        let s = d.scene
        let before = s.headingFrame
        d.send(.wheel(dx: 0, dy: 30, precise: true, at: s.gridFrame.center, modifiers: []))
        d.advance(1.0 / 60)
        XCTAssertGreaterThan(s.grid.offset, 0)
        XCTAssertEqual(s.headingFrame.minY, before.minY - s.grid.offset, accuracy: 1e-9)
    }

    func testTheEmptyDocksHintWaitsUntilTheDockIsEmpty() throws {
        let d = try DockDriver()
        XCTAssertTrue(d.scene.showsPlaceholder, "an empty dock says what to do")
        dock(d, 5)
        XCTAssertFalse(d.scene.showsPlaceholder)
        d.key(.character("u"))
        var shownAt: Int?
        for frame in 0..<120 {
            let s = d.scene
            let list = d.app.buildDrawList()
            let hint = list.commands.contains { if case let .text(t, _, _, _, _) = $0 { return t == DockScene.placeholder }; return false }
            let overDock = images(list).filter { $0.rect.intersects(s.dockFrame) }
            if hint {
                XCTAssertTrue(overDock.isEmpty, "frame \(frame): the hint shows through \(overDock.map(\.path))")
                if shownAt == nil { shownAt = frame }
            }
            d.advance(1.0 / 60)
        }
        // The model's dock is empty at once; the hint waits for the photos to leave the panel.
        XCTAssertGreaterThan(try XCTUnwrap(shownAt, "the hint appears once the dock is empty"), 0, "the hint waits while the photos fly home")
        XCTAssertTrue(d.scene.model.dock.isEmpty)
        XCTAssertTrue(d.scene.showsPlaceholder)
    }
}
