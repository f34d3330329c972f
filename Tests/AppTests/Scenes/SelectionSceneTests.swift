import Foundation
import XCTest
import GridCore
import Stage
@testable import CoffeeGridApp
import StageInterface

/// Every grid scene selects as a Linux desktop grid does, read from the state file a person's
/// script would read: clicks with Ctrl, Shift and Ctrl+Shift, Ctrl+A, Esc, a click between items,
/// the rubber band (Ctrl adding), Shift+arrows; and the selection kept across column toggles,
/// resizes and scene switches.
final class SelectionSceneTests: XCTestCase {
    private var dir: URL!

    override func setUp() {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("selection-\(UUID().uuidString)")
        setenv("XDG_STATE_HOME", dir.path, 1)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    /// The scenes whose items select by these rules, and what their items are called in `visible`.
    static let scenes = ["symbols", "styles", "bars", "stack", "feed", "cafes", "playground", "cells"]

    struct Item { var id: String; var frame: Rect }

    static func state(_ s: HeadlessSession) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(s.app.stateJSON().text.utf8)) as? [String: Any])
    }

    static func visible(_ s: HeadlessSession) throws -> [Item] {
        (try state(s)["visible"] as? [[String: Any]] ?? []).compactMap { v in
            guard let x = v["x"] as? Double, let y = v["y"] as? Double, let w = v["width"] as? Double, let h = v["height"] as? Double else { return nil }
            let id = (v["id"] as? String) ?? (v["id"] as? Double).map { String(Int($0)) } ?? "?"
            return Item(id: id, frame: Rect(x: x, y: y, width: w, height: h))
        }.filter { s.app.sceneFrame.contains(Point(x: $0.frame.midX, y: $0.frame.midY)) }
    }

    static func selection(_ s: HeadlessSession) throws -> (count: Int, ids: [String]) {
        let sel = try XCTUnwrap(try state(s)["selection"] as? [String: Any], "no selection in the state file")
        // Items with names are listed by name; the others by index, from the ranges.
        let ranges = (sel["ranges"] as? [[Double]] ?? []).flatMap { Int($0[0])...Int($0[1]) }.map(String.init)
        let ids = (sel["ids"] as? [Any])?.map { ($0 as? String) ?? String(Int(($0 as? Double) ?? -1)) } ?? ranges
        return (Int(sel["count"] as? Double ?? -1), ids)
    }

    /// The selectable items on screen: the cafes' coffee grids are not items (their photos are).
    static func items(_ s: HeadlessSession, scene: String) throws -> [Item] {
        let all = try visible(s)
        return scene == "cafes" ? all.filter { !$0.id.hasSuffix("/coffee") } : all
    }

    func click(_ s: HeadlessSession, _ item: Item, _ mods: KeyModifiers = []) throws {
        try s.run(.click(Point(x: item.frame.midX, y: item.frame.midY), modifiers: mods))
    }

    func testEveryGridSceneSelectsAsTheDesktopDoes() throws {
        for name in Self.scenes {
            let s = try HeadlessSession(scene: name, size: Size(width: 1280, height: 800))
            // The feed opens on one column: three columns show more than six photos.
            if name == "feed" { try s.press("g"); try s.press("g") }
            if s.app.inspectorVisible {
                // The playground opens with its inspector: Esc closes one thing at a time, that first.
                try s.run(.key(.character("a"), .control))
                try s.run(.key(.escape, []))
                XCTAssertFalse(s.app.inspectorVisible, name)
                XCTAssertGreaterThan(try Self.selection(s).count, 0, "\(name): the Esc that closed the inspector kept the selection")
                try s.run(.key(.escape, []))
                XCTAssertEqual(try Self.selection(s).count, 0, "\(name): the next Esc clears it")
            }
            try s.run(.settle)
            let items = try Self.items(s, scene: name)
            XCTAssertGreaterThanOrEqual(items.count, 6, name)
            let a = items[0], b = items[2], c = items[4]
            try click(s, a)
            XCTAssertEqual(try Self.selection(s).ids, [a.id], "\(name): click selects one")
            XCTAssertTrue(try Self.state(s)["selected"] is Double, "\(name): 'selected' is the focused item for old readers")
            try click(s, b, .control)
            XCTAssertEqual(Set(try Self.selection(s).ids), [a.id, b.id], "\(name): Ctrl+click adds")
            try click(s, a, .control)
            XCTAssertEqual(try Self.selection(s).ids, [b.id], "\(name): Ctrl+click takes away")
            try click(s, c, .shift)
            // The last Ctrl+click (on a) set the anchor: Shift+click selects a…c.
            let range = Array(items[0...4].map(\.id))
            XCTAssertEqual(try Self.selection(s).ids, range, "\(name): Shift+click selects from the anchor to the clicked item")
            try click(s, a, [.control, .shift])
            XCTAssertTrue(Set(try Self.selection(s).ids).isSuperset(of: [a.id, b.id, c.id]), "\(name): Ctrl+Shift+click adds anchor…clicked")
            try s.run(.key(.character("a"), .control))
            let total = try Self.selection(s).count
            XCTAssertGreaterThan(total, items.count - 1, "\(name): Ctrl+A selects every item, not only those on screen")
            XCTAssertNotNil(s.app.scene.statusText, "\(name): the title bar says what is selected")
            XCTAssertTrue(s.app.lastDrawList.commands.contains { if case .text(let t, _, _, _, _) = $0 { return t.hasPrefix("\(total) selected") || t.hasPrefix("all \(total) selected") } else { return false } },
                          "\(name): the count is drawn in the title bar")
            try s.run(.key(.escape, []))
            XCTAssertEqual(try Self.selection(s).count, 0, "\(name): Esc clears")
            // A rubber band from the middle of the first item to the middle of the fifth.
            try s.run(.drag(from: Point(x: a.frame.midX, y: a.frame.midY), to: Point(x: c.frame.midX, y: c.frame.midY), milliseconds: 200))
            let banded = Set(try Self.selection(s).ids)
            let touched = Set(items.filter { $0.frame.intersects(Rect(x: min(a.frame.midX, c.frame.midX), y: min(a.frame.midY, c.frame.midY),
                                                                      width: abs(c.frame.midX - a.frame.midX), height: abs(c.frame.midY - a.frame.midY))) }.map(\.id))
            XCTAssertEqual(banded, touched, "\(name): the rubber band selects what it touches")
            let last = items[items.count - 1]
            try s.run(.drag(from: Point(x: last.frame.midX, y: last.frame.midY), to: Point(x: last.frame.midX + 3, y: last.frame.midY + 6),
                            milliseconds: 100, modifiers: .control))
            XCTAssertEqual(Set(try Self.selection(s).ids), touched.union([last.id]), "\(name): a Ctrl band adds to the selection")
            if name != "stack" {
                // A click between items clears (the stack's photos touch: it has no between).
                let gap = try XCTUnwrap(try Self.gap(in: s, among: try Self.visible(s)), "\(name): no empty place to click")
                try s.run(.click(gap))
                XCTAssertEqual(try Self.selection(s).count, 0, "\(name): a click on empty space clears")
            }
        }
    }

    /// A point in the scene's scroll view that no item covers.
    static func gap(in s: HeadlessSession, among items: [Item]) throws -> Point? {
        var f = s.app.sceneFrame
        if let v = (try state(s)["grid"] as? [String: Any])?["viewport"] as? [String: Double] {
            f = Rect(x: v["x"]!, y: v["y"]! - 60, width: v["width"]!, height: v["height"]! + 60)
        }
        for y in stride(from: f.minY + 60, to: f.maxY - 4, by: 3) {
            for x in stride(from: f.minX + 2, to: f.maxX - 30, by: 3) {
                let p = Point(x: x, y: y)
                if !items.contains(where: { $0.frame.insetBy(dx: -1, dy: -1).contains(p) }) { return p }
            }
        }
        return nil
    }

    func testShiftArrowsExtendFromTheAnchorAndSpaceToggles() throws {
        for name in Self.scenes where name != "stack" {
            let s = try HeadlessSession(scene: name, size: Size(width: 1280, height: 800))
            for _ in 0..<30 where s.app.focus != .content { try s.run(.key(.tab, [])) }
            XCTAssertEqual(s.app.focus, .content, "\(name): Tab reaches the content")
            let scene = try XCTUnwrap(s.app.scene as? GridScene, name)
            let start = try XCTUnwrap(scene.grid.focused, name)
            let forward: Key = scene.grid.axis == .vertical ? .right : .down
            try s.run(.key(forward, .shift))
            try s.run(.key(forward, .shift))
            XCTAssertEqual(scene.grid.selection.count, 3, "\(name): two Shift+arrows select three")
            XCTAssertEqual(scene.grid.selection.anchor, start, name)
            try s.run(.key(.space, []))
            XCTAssertEqual(scene.grid.selection.count, 2, "\(name): Space toggles the focused item")
            try s.run(.key(.end, .shift))
            XCTAssertEqual(scene.grid.selection.ranges.last?.upperBound, scene.grid.layout.count - 1, "\(name): Shift+End reaches the last item")
        }
    }

    /// The stack's eager photos answer the same keys once Tab reaches them, and Return opens one.
    func testTheStacksPhotosTakeTheKeysToo() throws {
        let s = try HeadlessSession(scene: "stack", size: Size(width: 1280, height: 800))
        for _ in 0..<30 where s.app.focus != .content { try s.run(.key(.tab, [])) }
        let scene = try XCTUnwrap(s.app.scene as? StackScene)
        XCTAssertEqual(scene.selecting.selection.focus, 0, "Tab focuses the first photo")
        try s.run(.key(.right, .shift))
        try s.run(.key(.right, .shift))
        XCTAssertEqual(scene.selecting.selection.ranges, [0...2])
        try s.run(.key(.down, []))
        XCTAssertEqual(scene.selecting.selection.focus, 5, "Down moves a row of three")
        try s.run(.key(.space, []))
        XCTAssertEqual(scene.selecting.selection.ranges, [0...2, 5...5], "Space toggles the focused photo")
        XCTAssertTrue(s.app.lastDrawList.commands.contains { if case .stroke(_, _, _, let w) = $0 { return w == 2.5 } else { return false } },
                      "the focus ring is drawn")
        try s.run(.key(.enter, []))
        XCTAssertEqual(s.app.viewer?.index, 5, "Return opens the focused photo")
    }

    func testTheSelectionStaysAcrossColumnTogglesResizesAndSceneSwitches() throws {
        let s = try HeadlessSession(scene: "feed", size: Size(width: 390, height: 844))
        try s.press("g")
        try s.run(.settle)
        let items = try Self.visible(s)
        try click(s, items[1])
        try click(s, items[2], .control)
        try click(s, items[3], .control)
        let chosen = try Self.selection(s).ids
        XCTAssertEqual(chosen.count, 3)
        try s.press("g")
        try s.run(.settle)
        XCTAssertEqual(try Self.selection(s).ids, chosen, "a column toggle keeps the photos selected")
        try s.run(.resize(Size(width: 844, height: 390)))
        try s.run(.settle)
        XCTAssertEqual(try Self.selection(s).ids, chosen, "turning the window keeps them")
        try s.run(.scene("cells"))
        try s.run(.scene("feed"))
        XCTAssertEqual(try Self.selection(s).ids, chosen, "so does a visit to another scene")
        // The cafes' outer selection follows the cafes when their coffee grids come and go.
        let cafes = try HeadlessSession(scene: "cafes", size: Size(width: 390, height: 844))
        try cafes.run(.settle)
        let cafeItems = try Self.items(cafes, scene: "cafes")
        try click(cafes, cafeItems[1])
        let picked = try Self.selection(cafes).ids
        try cafes.press("h")
        try cafes.run(.settle)
        XCTAssertEqual(try Self.selection(cafes).ids, picked, "the same cafe stays selected with its coffee shown")
        try cafes.press("h")
        try cafes.run(.settle)
        XCTAssertEqual(try Self.selection(cafes).ids, picked, "and hidden again")
    }

    /// A click in a cafe's coffee grid selects in that grid, by the same rules.
    func testACoffeeGridSelectsItsOwnPhotos() throws {
        let s = try HeadlessSession(scene: "cafes", size: Size(width: 390, height: 844))
        try s.press("h")
        try s.run(.settle)
        let scene = try XCTUnwrap(s.app.scene as? CafesScene)
        let coffee = try XCTUnwrap(try Self.visible(s).first { $0.id.hasSuffix("/coffee") }, "no coffee grid on screen")
        // The nested grid's first two 50-point photos, from the cell's top-leading corner.
        let first = Point(x: coffee.frame.minX + 20, y: coffee.frame.minY + 20)
        try s.run(.click(first))
        let cafe = try XCTUnwrap(scene.coffeeSelection.first { !$0.value.isEmpty })
        XCTAssertEqual(cafe.value.indices, [0], "the click selected the first coffee photo of that cafe")
        XCTAssertEqual(scene.grid.selection.count, 0, "and nothing in the outer grid")
        try s.run(.click(Point(x: first.x + 60, y: first.y), modifiers: .control))
        XCTAssertEqual(scene.coffeeSelection[cafe.key]?.indices, [0, 1], "Ctrl+click adds in the same coffee grid")
        let state = try Self.state(s)["cafes"] as? [String: Any]
        XCTAssertEqual((state?["coffeeSelection"] as? [String: Any])?.count, 1)
        XCTAssertEqual(scene.statusText?.hasPrefix("2 selected"), true)
        try s.run(.key(.escape, []))
        XCTAssertTrue(scene.coffeeSelection.values.allSatisfy(\.isEmpty), "Esc clears the coffee grids too")
    }

    /// The dock's click moves a photo, as the seed says; Ctrl/Shift+click pick photos, and a click on
    /// a picked one moves them all.
    func testTheDockPicksWithCtrlAndMovesThePickTogether() throws {
        let s = try HeadlessSession(scene: "dock", size: Size(width: 390, height: 844), options: { var o = Options(); o.restore = false; return o }())
        try s.run(.settle)
        let scene = try XCTUnwrap(s.app.scene as? DockScene)
        let items = try Self.visible(s)
        try click(s, items[0], .control)
        try click(s, items[3], .shift)
        XCTAssertEqual(scene.picked.count, 4, "Ctrl+click then Shift+click picks four")
        XCTAssertEqual(scene.model.dock, [], "picking moves nothing")
        try click(s, items[2])
        try s.run(.settle)
        XCTAssertEqual(scene.model.dock, items[0...3].map(\.id), "a click on a picked photo moves all four, in order")
        XCTAssertTrue(scene.picked.isEmpty)
        let rest = try Self.visible(s).filter { !scene.model.dock.contains($0.id) }
        try click(s, rest[0])
        try s.run(.settle)
        XCTAssertEqual(scene.model.dock.last, rest[0].id, "a plain click still moves one photo")
    }
}
