import XCTest
import GridCore
import Stage
@testable import CoffeeGridApp

/// The `?` card in every scene at a phone's portrait and landscape sizes (and a desktop window):
/// every line of it measured with the renderer's fonts fits the box it is drawn in, every box lies
/// on the card and the card in the window; the keys it lists are the app's, once each.
final class HelpOverlayTests: XCTestCase {
    static let sizes = [Size(width: 390, height: 844), Size(width: 844, height: 390), Size(width: 1280, height: 800)]

    override func setUp() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    func testNothingIsClippedInAnySceneAtPhoneSizes() throws {
        for size in Self.sizes {
            for scene in SceneCatalog.standard().names {
                let s = try HeadlessSession(scene: scene, size: size)
                try s.press("?")
                XCTAssertTrue(s.app.helpVisible, scene)
                let what = "\(scene) at \(size.width)×\(size.height)"
                let canvas = try XCTUnwrap(s.app.canvas)
                let layout = s.app.helpLayout()
                let window = Rect(x: 0, y: 0, width: size.width, height: size.height)
                XCTAssertTrue(window.insetBy(dx: HelpOverlay.margin - 0.01, dy: HelpOverlay.margin - 0.01).contains(layout.card),
                              "\(what): the card \(layout.card) leaves the window")
                XCTAssertGreaterThan(layout.lines.count, 12, what)
                for line in layout.lines {
                    let measured = canvas.measure(line.text, font: line.font)
                    XCTAssertLessThanOrEqual(measured.width, line.box.width + 0.01, "\(what): '\(line.text)' is \(measured.width) wide in a \(line.box.width) box")
                    XCTAssertLessThanOrEqual(measured.height, line.box.height + 0.01, "\(what): '\(line.text)' is \(measured.height) tall in a \(line.box.height) box")
                    XCTAssertTrue(layout.card.insetBy(dx: HelpOverlay.padding - 0.01, dy: HelpOverlay.padding - 0.01).contains(line.box),
                                  "\(what): '\(line.text)' at \(line.box) is not within the card \(layout.card)")
                }
                // Lines never overlap one another.
                for (i, a) in layout.lines.enumerated() {
                    for b in layout.lines[(i + 1)...] where min(a.box.maxX, b.box.maxX) - max(a.box.minX, b.box.minX) > 0.01
                        && min(a.box.maxY, b.box.maxY) - max(a.box.minY, b.box.minY) > 0.01 {
                        XCTFail("\(what): '\(a.text)' and '\(b.text)' overlap")
                    }
                }
                // What the layout says is what is drawn.
                var drawn = Set<String>()
                for case let .text(text, _, _, _, _) in s.app.buildDrawList().commands { drawn.insert(text) }
                for line in layout.lines { XCTAssertTrue(drawn.contains(line.text), "\(what): '\(line.text)' is not drawn") }
                if size.width >= 640 {
                    XCTAssertEqual(Set(layout.lines.filter { $0.role == .heading }.map(\.box.minY)).count, 1, "\(what): the two sections sit side by side")
                }
            }
        }
    }

    func testTheKeysAreTheAppsOnceEach() throws {
        let catalog = SceneCatalog.standard()
        let app = HelpOverlay.appRows(sceneCount: catalog.entries.count)
        XCTAssertEqual(app.first?.keys, "1 … \(catalog.entries.count)", "one number key for each of the \(catalog.entries.count) scenes")
        XCTAssertEqual(app.first { $0.keys == "Esc" }?.action, "close this help or the inspector, cancel a drag")
        XCTAssertTrue(app.contains { $0.keys == "Ctrl+Q" && $0.action.hasPrefix("quit") })
        XCTAssertFalse(app.contains { $0.action.contains("quit") && $0.keys.contains("Esc") }, "Esc does not quit")
        let s = try HeadlessSession(scene: nil, size: Size(width: 390, height: 844))
        for name in catalog.names {
            try s.app.switchScene(to: name)
            let scene = s.app.scene
            let rows = HelpOverlay.sceneRows(help: scene.help, toolbar: scene.toolbar)
            for (label, section) in [("app", app), (name, rows)] {
                XCTAssertEqual(Set(section.map { "\($0.keys)|\($0.action)" }).count, section.count, "\(label): a line twice in \(section)")
                let tokens = section.flatMap { HelpOverlay.keyTokens($0.keys) }.filter { !["button", "buttons"].contains($0) }
                XCTAssertEqual(Set(tokens).count, tokens.count, "\(label): a key listed twice in \(section.map(\.keys))")
            }
            for item in scene.toolbar {
                // Every button is on the card: by its key, or as a row of its own.
                let named = rows.contains { row in
                    item.key.map { HelpOverlay.keyTokens(row.keys).contains($0) } ?? false || row.action == item.label
                }
                XCTAssertTrue(named, "\(name): the \(item.id) button is not on the card")
                if let key = item.key { XCTAssertTrue(rows.contains { $0.keys.contains(key) && $0.keys.contains("button") }, "\(name): \(key) does not say it has a button") }
            }
        }
    }

    /// The feed's grid key and its toolbar button are one line, not two.
    func testAButtonJoinsTheRowOfItsKey() {
        let rows = HelpOverlay.sceneRows(help: [HelpEntry(keys: "g", action: "one, two, three, four columns"), HelpEntry(keys: "- / +", action: "fewer / more")],
                                         toolbar: [ToolbarItem(id: "grid", symbol: "square.grid.2x2", label: "1 → 2 → 3 → 4 columns", key: "g") { _ in },
                                                   ToolbarItem(id: "fewer", symbol: "minus", label: "fewer", key: "-") { _ in },
                                                   ToolbarItem(id: "more", symbol: "plus", label: "more", key: "+") { _ in },
                                                   ToolbarItem(id: "share", symbol: "square.and.arrow.up", label: "share", key: nil) { _ in }])
        XCTAssertEqual(rows, [HelpOverlay.Row(keys: "g or button", action: "one, two, three, four columns"),
                              HelpOverlay.Row(keys: "- / + or buttons", action: "fewer / more"),
                              HelpOverlay.Row(keys: "button", action: "share")])
    }
}
