import XCTest
import GridCore
import Stage
@testable import CoffeeGridApp

/// No scene loses its grid at any size: every scene and every variant the catalog declares, at a
/// phone in portrait and in landscape, the smallest window, an iPad and a laptop, with the code
/// panel as it starts. One table, one test.
final class WindowSizeSweepTests: XCTestCase {
    static let sizes = [Size(width: 390, height: 844), Size(width: 844, height: 390), Size(width: 320, height: 320),
                        Size(width: 1024, height: 1366), Size(width: 1440, height: 900)]

    override func setUpWithError() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-sweep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let saved = getenv("XDG_STATE_HOME").map { String(cString: $0) }
        setenv("XDG_STATE_HOME", dir.path, 1)
        addTeardownBlock {
            if let v = saved { setenv("XDG_STATE_HOME", v, 1) } else { unsetenv("XDG_STATE_HOME") }
            try? FileManager.default.removeItem(at: dir)
        }
    }

    func rect(_ any: Any?) -> Rect? {
        guard let d = any as? [String: Any], let x = d["x"] as? Double, let y = d["y"] as? Double,
              let w = d["width"] as? Double, let h = d["height"] as? Double else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }

    func inside(_ r: Rect, _ area: Rect) -> Bool {
        r.minX >= area.minX - 0.01 && r.maxX <= area.maxX + 0.01 && r.minY >= area.minY - 0.01 && r.maxY <= area.maxY + 0.01
    }

    /// How much of `r` lies in `area`, as a fraction of `r`.
    func share(_ r: Rect, in area: Rect) -> Double {
        let w = min(r.maxX, area.maxX) - max(r.minX, area.minX), h = min(r.maxY, area.maxY) - max(r.minY, area.minY)
        return w > 0 && h > 0 && r.width > 0 && r.height > 0 ? w * h / (r.width * r.height) : 0
    }

    func testEverySceneAndVariantKeepsItsGridAtEverySize() throws {
        let catalog = SceneCatalog.standard()
        var rows = 0
        for entry in catalog.entries {
            for shot in entry.shots {
                for size in WindowSizeSweepTests.sizes {
                    try check(entry.name, shot.suffix, script: shot.script, size: size)
                    rows += 1
                }
            }
        }
        XCTAssertEqual(rows, catalog.entries.reduce(0) { $0 + $1.shots.count } * 5)
        XCTAssertGreaterThanOrEqual(rows, 245)
    }

    func check(_ scene: String, _ variant: String, script: [String], size: Size) throws {
        let label = "\(scene)\(variant) at \(formatPoints(size.width))×\(formatPoints(size.height))"
        // A first launch each: no dock an earlier row saved.
        var options = Options()
        options.restore = false
        let s = try HeadlessSession(scene: scene, size: size, scale: 0.5, options: options)
        for (n, line) in script.enumerated() {
            if let command = try ScriptCommand.parse(line: line, number: n + 1) { try s.run(command) }
        }
        s.runner.settle()
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(s.app.stateJSON().text.utf8)) as? [String: Any])
        let content = try XCTUnwrap(rect(json["content"]), label)

        // 1. The scene keeps at least 55 % of the window's height.
        XCTAssertGreaterThanOrEqual(content.height, size.height * 0.55 - 0.01, "\(label): content \(content.height) of \(size.height)")

        // 2. At least one whole item of the grid in view (half of one in the smallest window, where
        //    a 200-pt feed photo cannot fit). A cafe's coffee photos are items of its nested grid.
        let grid = json["gridLayout"] as? [String: Any] ?? json["grid"] as? [String: Any]
        let viewport = rect(grid?["viewport"]) ?? content
        let seen = Rect(x: max(viewport.minX, content.minX), y: max(viewport.minY, content.minY),
                        width: max(0, min(viewport.maxX, content.maxX) - max(viewport.minX, content.minX)),
                        height: max(0, min(viewport.maxY, content.maxY) - max(viewport.minY, content.minY)))
        var items = (json["visible"] as? [[String: Any]] ?? []).compactMap { rect($0) }
        if scene == "cafes" {
            for command in s.app.lastDrawList.commands {
                if case let .image(path, r, _, _, _, _, _) = command, path.contains("/coffee-") { items.append(r) }
            }
        }
        // The playground's overflow preset is wider than any phone on purpose (SwiftUI's second
        // pass): its items count along the scroll axis only.
        let crossCut = scene == "playground" && variant == "-overflow"
        let best = items.map { crossCut ? share(Rect(x: seen.minX, y: $0.minY, width: seen.width, height: $0.height), in: seen) : share($0, in: seen) }.max() ?? 0
        let needed = size == Size(width: 320, height: 320) ? 0.5 : 1.0
        XCTAssertGreaterThanOrEqual(best, needed - 1e-6, "\(label): the best item shows \(Int(best * 100)) % in \(seen)")

        // 3. Nothing the seed draws is cut without a way to scroll to it. Along a grid's scroll axis
        //    it scrolls; across it every track lies inside the grid's viewport (the playground's
        //    overflow preset overflows on purpose: SwiftUI's second pass), and what of the viewport
        //    lies past the scene's area, the area scrolls to.
        let overflow = (json["overflow"] as? [String: Any])?["max"] as? Double ?? 0
        XCTAssertLessThanOrEqual(viewport.maxY, content.maxY + overflow + 0.01, "\(label): the grid's viewport \(viewport) reaches past \(content) + \(overflow)")
        if let axis = grid?["axis"] as? String, !crossCut {
            let vertical = axis == "vertical"
            for t in json["tracks"] as? [[String: Double]] ?? [] {
                let (start, end) = (t["offset"]!, t["offset"]! + t["size"]!)
                let (low, high) = vertical ? (viewport.minX, viewport.maxX) : (viewport.minY, viewport.maxY)
                XCTAssertTrue(start >= low - 0.01 && end <= high + 0.01, "\(label): a track \(start)…\(end) is cut by the viewport \(low)…\(high)")
            }
        }
        if scene == "dock", let panel = rect((json["dockScroll"] as? [String: Any])) {
            XCTAssertLessThanOrEqual(panel.maxY, content.maxY + overflow + 0.01, "\(label): the dock \(panel) can be scrolled to")
        }
        // The bars' four rows fit whole in a phone turned to landscape.
        if scene == "bars", size == Size(width: 844, height: 390) {
            for t in json["tracks"] as? [[String: Double]] ?? [] {
                XCTAssertTrue(t["offset"]! >= content.minY - 0.01 && t["offset"]! + t["size"]! <= content.maxY + 0.01, "\(label): row \(t) in \(content)")
            }
            XCTAssertEqual(overflow, 0, label)
        }
    }
}
