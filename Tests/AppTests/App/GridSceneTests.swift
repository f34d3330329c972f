import Foundation
import XCTest
import GridCore
import Stage
import SystemIO
@testable import CoffeeGridApp

/// What `GridScene` gives every scene built on one grid: Tab into the content focuses the first
/// item on screen and the arrows move the focus (the feed and the cafes forwarded no focus before,
/// so Tab into them did nothing), a click selects, and the scene's catalog entry is its own.
final class GridSceneTests: XCTestCase {
    private var dir: URL!

    override func setUp() {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("gridscene-\(UUID().uuidString)")
        setenv("XDG_STATE_HOME", dir.path, 1)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func testTabFocusesTheGridAndArrowsMoveTheFocusInEveryGridScene() throws {
        var tried: [String] = []
        for entry in SceneCatalog.standard().entries {
            let s = try HeadlessSession(scene: entry.name, size: Size(width: 390, height: 844))
            guard let scene = s.app.scene as? GridScene else { continue }
            tried.append(entry.name)
            for _ in 0..<30 where s.app.focus != .content { try s.run(.key(.tab, [])) }
            let first = try XCTUnwrap(scene.grid.focused, "\(entry.name): Tab into the content focuses nothing")
            XCTAssertEqual(first, scene.grid.visibleItems().first?.index, entry.name)
            try s.run(.key(scene.grid.axis == .vertical ? .down : .right, []))
            XCTAssertGreaterThan(scene.grid.focused ?? -1, first, "\(entry.name): the arrow did not move the focus")
            try s.run(.key(.tab, []))
            XCTAssertNil(scene.grid.focused, "\(entry.name): focus left the content but the grid kept it")
        }
        XCTAssertEqual(Set(tried), ["symbols", "styles", "bars", "feed", "cafes", "playground", "cells"])
    }

    /// A click selects the item under it and the scene draws it selected (the playground selected
    /// on click and drew nothing): an accent ring on the cell and a check badge in its corner.
    func testAClickedItemIsDrawnSelected() throws {
        for name in ["symbols", "styles", "bars", "playground", "cells"] {
            let s = try HeadlessSession(scene: name, size: Size(width: 390, height: 844))
            let scene = try XCTUnwrap(s.app.scene as? GridScene, name)
            let item = try XCTUnwrap(scene.grid.visibleItems().dropFirst().first, name)
            try s.run(.click(item.frame.center))
            try s.run(.settle)
            XCTAssertEqual(scene.grid.selected, item.index, name)
            let f = try XCTUnwrap(scene.grid.visibleItems().first { $0.index == item.index }?.frame, name)
            let ring = s.app.lastDrawList.commands.contains { command in
                guard case .stroke(let r, _, _, let width) = command else { return false }
                return width >= 1.5 && abs(r.midX - f.midX) < 0.01 && abs(r.midY - f.midY) < 0.01 && r.width <= f.width && r.width >= f.width - 4
            }
            let badge = s.app.lastDrawList.commands.contains { command in
                guard case .circle(let c, _, _) = command else { return false }
                return f.contains(c) && c.x > f.midX && c.y < f.midY
            }
            if name == "cells" {
                // The numbered cells are no photos: selected, a cell is drawn in the accent colour.
                let accent = s.app.env.color(.accent)
                XCTAssertTrue(s.app.lastDrawList.commands.contains { if case let .fill(r, c, _) = $0 { return r == f && c == accent } else { return false } },
                              "cells: the selected cell is not drawn in the accent colour")
                continue
            }
            XCTAssertTrue(ring, "\(name): the selected item has no ring")
            XCTAssertTrue(badge || f.width < 20, "\(name): the selected item has no check badge in its top-trailing corner")
        }
    }

    func testEachSceneDeclaresItsOwnCatalogEntry() throws {
        let catalog = SceneCatalog.standard()
        XCTAssertEqual(catalog.names, ["symbols", "styles", "bars", "stack", "feed", "cafes", "dock", "playground", "cells"])
        let context = AppContext(options: Options(), resources: try ResourceLocator.locate(), log: { _ in })
        for entry in catalog.entries {
            let scene = entry.makeScene(context)
            XCTAssertEqual(scene.name, entry.name)
            XCTAssertEqual(type(of: scene).entry.name, entry.name)
            XCTAssertTrue(scene is SceneInvariants, "\(entry.name) keeps no invariants")
        }
    }
}
