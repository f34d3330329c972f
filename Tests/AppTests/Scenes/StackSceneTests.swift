import XCTest
import GridCore
@testable import CoffeeGridApp

/// Seed 001's stacks: the grid of HStacks in a VStack with spacing 0, and the colour demos in a
/// plain `VStack { }` / `HStack { }` with SwiftUI's default spacing.
final class StackSceneTests: XCTestCase {
    var run: ScriptStates!

    override func setUpWithError() throws { run = try ScriptStates() }
    override func tearDown() { run.remove() }

    func colours(_ s: State) -> [Rect] { s.visible.filter { $0.id.hasPrefix("color-") }.map(\.frame) }

    func testPlainStacksPutEightPointsBetweenTheColours() throws {
        for size in ["390x844", "844x390"] {
            let s = try run.run(["scene stack", "key v", "STATE", "key v", "STATE"], size: size)
            let content = try SceneTracksTests.rect(s[0].json["content"])
            let v = colours(s[0]), h = colours(s[1])
            XCTAssertEqual(v.count, 6)
            XCTAssertEqual(h.count, 6)
            for (a, b) in zip(v, v.dropFirst()) { XCTAssertEqual(b.minY - a.maxY, 8, accuracy: 0.002, "VStack at \(size)") }
            for (a, b) in zip(h, h.dropFirst()) { XCTAssertEqual(b.minX - a.maxX, 8, accuracy: 0.002, "HStack at \(size)") }
            // Six even shares of what the five gaps leave, across the whole other axis.
            for r in v {
                XCTAssertEqual(r.height, (content.height - 40) / 6, accuracy: 0.002)
                XCTAssertEqual(r.width, content.width, accuracy: 0.002)
            }
            for r in h {
                XCTAssertEqual(r.width, (content.width - 40) / 6, accuracy: 0.002)
                XCTAssertEqual(r.height, content.height, accuracy: 0.002)
            }
            XCTAssertEqual(v.first?.minY ?? 0, content.minY, accuracy: 0.002)
            XCTAssertEqual(v.last?.maxY ?? 0, content.maxY, accuracy: 0.002)
            XCTAssertEqual(h.last?.maxX ?? 0, content.maxX, accuracy: 0.002)
        }
    }

    /// `HStack(spacing: 0)` rows in a `VStack(alignment: .leading, spacing: 0)`: photos touch.
    func testTheGridOfStacksHasNoSpacing() throws {
        let s = try run.run(["scene stack", "STATE"])[0]
        let a = try XCTUnwrap(s.frame("coffee-1")), b = try XCTUnwrap(s.frame("coffee-2")), d = try XCTUnwrap(s.frame("coffee-4"))
        XCTAssertEqual(b.minX, a.maxX, accuracy: 0.002)
        XCTAssertEqual(d.minY, a.maxY, accuracy: 0.002)
        XCTAssertEqual(a.width, 130, accuracy: 0.002)
    }
}
