import XCTest
import GridCore
import Stage
@testable import CoffeeGridApp

/// Drags, keyboard focus and mid-flight clicks on the dock scene, driven through the AppController.
final class DockInteractionTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-dockui-\(UUID().uuidString)")
        setenv("XDG_STATE_HOME", dir.path, 1)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// Three photos in the dock: coffee-1, coffee-2, coffee-3.
    func driverWithThree() throws -> DockDriver {
        let d = try DockDriver()
        for _ in 0..<3 { d.click(d.centre(of: d.scene.model.grid[0])); d.settle() }
        XCTAssertEqual(d.scene.model.dock, ["coffee-1", "coffee-2", "coffee-3"])
        return d
    }

    /// Input records; the update measures. A click changes the model and notes where the photo is
    /// drawn, and neither container is laid out or advanced until the frame's one update flies it.
    func testAClickOnlyRecordsAndTheNextUpdateFlies() throws {
        let d = try DockDriver()
        d.settle()
        let id = d.scene.model.grid[4], start = try XCTUnwrap(d.frame(of: id))
        let gridTime = d.scene.grid.time, dockTime = d.scene.dock.scrollView.time
        d.send(.mouseMove(start.center)); d.send(.mouseDown(start.center, .left)); d.send(.mouseUp(start.center, .left))
        XCTAssertEqual(d.scene.model.dock, [id], "the model changes at once")
        XCTAssertEqual(d.scene.grid.time, gridTime, "no layout in the input handler")
        XCTAssertEqual(d.scene.dock.scrollView.time, dockTime)
        XCTAssertEqual(d.frame(of: id), start, "drawn where it was until the next frame")
        XCTAssertNil(d.scene.motion.entries[id])
        d.advance(1.0 / 60)
        XCTAssertNil(d.scene.pendingFlights)
        XCTAssertEqual(d.scene.motion.entries[id]?.place, .dock, "the update started its flight")
        let first = try XCTUnwrap(d.frame(of: id))
        XCTAssertNotEqual(first, start, "under way in the first frame after the click")
    }

    func testDraggingAGridPhotoOntoTheDockInsertsItUnderThePointer() throws {
        let d = try driverWithThree()
        let second = d.frame(of: "coffee-2")!
        // Hover over the left half of coffee-2: the dock opens a gap there.
        let target = Point(x: second.minX + 4, y: second.midY)
        d.press(d.centre(of: "coffee-10"))
        d.move(Point(x: 200, y: 400))
        d.move(target)
        XCTAssertEqual(d.scene.press?.dockInsertion, 1)
        XCTAssertEqual(d.scene.dock.slots[1], .gap(width: d.scene.dock.photoWidth("coffee-10")))
        let lifted = d.scene.press!.liftedFrame(at: d.time)
        XCTAssertTrue(lifted.contains(target), "the lifted photo stays under the pointer")
        d.advance(0.5)
        XCTAssertGreaterThan(d.scene.press!.liftedFrame(at: d.time).width, 50, "slightly enlarged")
        d.release(target)
        XCTAssertEqual(d.scene.model.dock, ["coffee-1", "coffee-10", "coffee-2", "coffee-3"])
        XCTAssertEqual(d.scene.motion.flyingIds, ["coffee-10"])
        d.settle()
        XCTAssertTrue(d.scene.motion.isEmpty)
        XCTAssertTrue(d.scene.model.isConsistent)
    }

    func testDraggingWithinTheDockReorders() throws {
        let d = try driverWithThree()
        let third = d.frame(of: "coffee-3")!
        d.drag(d.centre(of: "coffee-1"), Point(x: third.maxX - 2, y: third.midY))
        XCTAssertEqual(d.scene.model.dock, ["coffee-2", "coffee-3", "coffee-1"])
        d.settle()
        XCTAssertTrue(d.scene.motion.isEmpty)
    }

    func testDroppingElsewhereFliesHome() throws {
        let d = try driverWithThree()
        let home = d.frame(of: "coffee-8")!
        d.drag(d.centre(of: "coffee-8"), Point(x: 300, y: 500))
        XCTAssertEqual(d.scene.model.grid.firstIndex(of: "coffee-8"), 4)
        XCTAssertTrue(d.scene.motion.isFlying("coffee-8"))
        d.settle()
        XCTAssertEqual(d.frame(of: "coffee-8"), home)
        // A dock photo dropped on the grid goes back to the grid, like a click.
        d.drag(d.centre(of: "coffee-2"), Point(x: 200, y: 300))
        XCTAssertEqual(d.scene.model.dock, ["coffee-1", "coffee-3"])
        XCTAssertEqual(d.scene.model.grid.last, "coffee-2")
        // Dropped over neither (up on the navigation bar; the scene keeps the pointer): home.
        d.drag(d.centre(of: "coffee-3"), Point(x: 200, y: 50))
        XCTAssertEqual(d.scene.model.dock, ["coffee-1", "coffee-3"])
    }

    func testAReleaseNearThePressIsAClickEvenAfterLifting() throws {
        let d = try DockDriver()
        let c = d.centre(of: "coffee-4")
        d.press(c)
        d.move(Point(x: c.x + 30, y: c.y + 30))
        XCTAssertNotNil(d.scene.liftedId)
        d.move(Point(x: c.x + 2, y: c.y + 1))
        d.release(Point(x: c.x + 2, y: c.y + 1))
        XCTAssertEqual(d.scene.model.dock, ["coffee-4"])
    }

    func testEscapeCancelsADrag() throws {
        let d = try DockDriver()
        let c = d.centre(of: "coffee-4")
        d.press(c)
        d.move(Point(x: 200, y: 700))
        XCTAssertNotNil(d.scene.press?.dockInsertion)
        d.key(.escape)
        XCTAssertNil(d.scene.press)
        d.release(Point(x: 200, y: 700))
        XCTAssertEqual(d.scene.model.dock, [])
        d.settle()
        XCTAssertEqual(d.frame(of: "coffee-4")?.center, c)
    }

    func testASecondClickOnAFlightSendsItBackFromWhereItIs() throws {
        let d = try DockDriver()
        let start = d.frame(of: "coffee-2")!
        d.click(start.center)
        d.advance(0.05)
        let mid = d.frame(of: "coffee-2")!
        XCTAssertTrue(d.scene.motion.isFlying("coffee-2"))
        XCTAssertGreaterThan(mid.minY, start.maxY, "well on its way")
        d.click(mid.center)
        XCTAssertEqual(d.scene.model.dock, [])
        XCTAssertEqual(d.scene.model.grid.last, "coffee-2")
        // It turned round without jumping.
        let after = d.frame(of: "coffee-2")!
        XCTAssertLessThan(abs(after.minY - mid.minY), 120)
        d.settle()
        XCTAssertEqual(d.frame(of: "coffee-2"), d.scene.grid.windowFrame(of: 19))
    }

    func testQuickClicksNeverLoseOrDuplicateAPhoto() throws {
        let d = try DockDriver()
        let cell = d.centre(of: "coffee-1")
        // A click every other frame on the first cell: some land on flights, which turn back.
        for _ in 0..<12 { d.click(cell) }
        XCTAssertTrue(d.scene.model.isConsistent)
        d.key(.character("u"))
        d.settle()
        XCTAssertEqual(d.scene.model.dock, [])
        XCTAssertTrue(d.scene.model.isConsistent)
        XCTAssertTrue(d.scene.motion.isEmpty)
        for (i, id) in d.scene.model.grid.enumerated() { XCTAssertEqual(d.frame(of: id), d.scene.grid.windowFrame(of: i)) }
    }

    func testAFlightHeadsStraightForWhereItsSlotWillBeAfterTheDockScrolls() throws {
        let d = try DockDriver()
        for _ in 0..<5 { d.click(d.centre(of: d.scene.model.grid[0])); d.settle() }
        let offsetBefore = d.scene.dock.scrollView.offset
        let start = d.frame(of: "coffee-6")!.center
        d.click(start)
        var path: [Point] = []
        for _ in 0..<12 { path.append(d.frame(of: "coffee-6")!.center); d.advance(1.0 / 60) }
        d.settle()
        let end = d.frame(of: "coffee-6")!.center
        XCTAssertGreaterThan(d.scene.dock.scrollView.offset, offsetBefore, "the dock scrolled to show it")
        // The flight and the scroll share one spring, so the centre stays on the start–end line.
        let dx = end.x - start.x, dy = end.y - start.y, length = (dx * dx + dy * dy).squareRoot()
        for p in path {
            let offLine = abs((p.x - start.x) * dy - (p.y - start.y) * dx) / length
            XCTAssertLessThan(offLine, 0.5, "\(p) strays from the line \(start)–\(end)")
        }
    }

    /// Home and End reach a container's first and last photo, PageDown and PageUp a viewport of
    /// rows at a time, in the grid and in the dock, as in every focused grid.
    func testHomeEndAndPageKeysMoveTheFocus() throws {
        let d = try DockDriver(size: Size(width: 390, height: 420))
        let stops = d.app.shellToolbar.count + 1 + d.app.catalog.entries.count + 1
        for _ in 0..<stops { d.key(.tab) }
        XCTAssertEqual(d.scene.focusedId, "coffee-1")
        d.key(.end)
        XCTAssertEqual(d.scene.focusedId, "coffee-20")
        d.key(.home)
        XCTAssertEqual(d.scene.focusedId, "coffee-1")
        let columns = d.scene.grid.layout.trackCount
        let page = d.scene.pageOfGridPhotos
        XCTAssertEqual(page % columns, 0, "whole rows")
        XCTAssertGreaterThanOrEqual(page, columns)
        XCTAssertLessThan(page, 20, "the grid's scroll view shows fewer than all twenty")
        d.key(.pageDown)
        XCTAssertEqual(d.scene.focusedId, "coffee-\(1 + page)")
        d.key(.pageUp)
        XCTAssertEqual(d.scene.focusedId, "coffee-1")
        d.key(.pageDown); d.key(.pageDown); d.key(.pageDown); d.key(.pageDown)
        XCTAssertEqual(d.scene.focusedId, "coffee-20", "stops on the last photo")
        // In the dock.
        for _ in 0..<4 { d.key(.enter) }
        d.key(.tab)
        XCTAssertEqual(d.scene.focusPlace, .dock)
        d.key(.end)
        XCTAssertEqual(d.scene.focusedId, d.scene.model.dock.last)
        d.key(.home)
        XCTAssertEqual(d.scene.focusedId, d.scene.model.dock.first)
    }

    func testTabArrowsAndReturnMoveTheFocusedPhoto() throws {
        let d = try DockDriver()
        // Tab through the toolbar's buttons (the app's two, the scene's one) and the scene switcher to the content.
        let stops = d.app.shellToolbar.count + 1 + d.app.catalog.entries.count + 1
        for _ in 0..<stops { d.key(.tab) }
        XCTAssertEqual(d.app.focus, .content)
        XCTAssertEqual(d.scene.focusedId, "coffee-1")
        d.key(.right); d.key(.right); d.key(.down)
        let columns = d.scene.grid.layout.trackCount
        XCTAssertEqual(d.scene.focusedId, "coffee-\(3 + columns)")
        d.key(.enter)
        XCTAssertEqual(d.scene.model.dock, ["coffee-\(3 + columns)"])
        XCTAssertEqual(d.scene.focusedId, "coffee-\(4 + columns)", "focus stays on the cell, now the next photo")
        d.key(.space)
        XCTAssertEqual(d.scene.model.dock.count, 2)
        // Tab moves into the dock before leaving the scene.
        d.key(.tab)
        XCTAssertEqual(d.app.focus, .content)
        XCTAssertEqual(d.scene.focusPlace, .dock)
        d.key(.right)
        XCTAssertEqual(d.scene.focusedId, "coffee-\(4 + columns)")
        d.key(.enter)
        XCTAssertEqual(d.scene.model.grid.last, "coffee-\(4 + columns)")
        XCTAssertEqual(d.scene.focusedId, "coffee-\(3 + columns)", "the dock keeps the focus on its last photo")
        d.key(.tab, .shift)
        XCTAssertEqual(d.scene.focusPlace, .grid)
        d.key(.tab, .shift)
        XCTAssertNotEqual(d.app.focus, .content, "Shift+Tab from the grid leaves the scene")
        XCTAssertNil(d.scene.focusedId)
        d.key(.character("u"))
        XCTAssertEqual(d.scene.model.dock, [])
    }

    func testResizeMovesPhotosToTheirNewSlots() throws {
        let d = try driverWithThree()
        d.send(.resize(Size(width: 844, height: 390)))
        d.advance(1.0 / 60)
        XCTAssertFalse(d.scene.motion.isEmpty, "photos glide to the new layout")
        d.settle()
        XCTAssertTrue(d.scene.motion.isEmpty)
        for (i, id) in d.scene.model.grid.enumerated() { XCTAssertEqual(d.frame(of: id), d.scene.grid.windowFrame(of: i)) }
    }
}
