import XCTest
import Foundation
import GridCore
import GridMotion
import Stage
import StageInterface
import SystemIO
import ViewLayer
import SeedSnippets
@testable import CoffeeGridApp

/// The feed is the chapter's code, run: its tree configures the grid and draws the photos, its own
/// button changes its `@State`, its `.animation(_:value:)` says how, and the code panel prints the
/// state the grid shows.
final class FeedBodyTests: SceneTestCase {
    func testTheSourceIsTheChaptersCode() throws {
        // Every line of the chapter's ContentView as the chapter leaves it, in the scene's source.
        let seed = SeedSnippets.named("000", "feed body").text
            .replacingOccurrences(of: ".frame(height: 200)", with: SeedSnippets.named("000", "feed frame height").text)
        let lines = FeedScene.source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for line in seed.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty {
            XCTAssertTrue(lines.contains(line), "the seed's line \(line) is not in the feed's source")
        }
        for name in ["Photo", "feed gridLayout", "feed animation", "feed toolbar"] {
            for line in SeedSnippets.named("000", name).text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty {
                XCTAssertTrue(lines.contains(line), "\(name): \(line)")
            }
        }
    }

    /// The shell's toolbar button is the seed's: the symbol its `label:` declares. A body's toolbar
    /// buttons are read in the order written, each with the symbol its label shows (none for a text).
    func testTheToolbarButtonIsTheTreesOwn() throws {
        let scene = FeedScene(context: context)
        XCTAssertEqual(scene.toolbar.map(\.symbol), ["square.grid.2x2"])
        let body = try SceneBody("""
        struct ContentView: View {
            @State var on = false
            var body: some View {
                Color.red
                    .toolbar {
                        ToolbarItem(placement: .navigationBarTrailing) {
                            Button { on.toggle() } label: { Image(systemName: on ? "eye" : "eye.slash").font(.title) }
                        }
                        ToolbarItem(placement: .navigationBarTrailing) {
                            Button { on = false } label: { Text("Reset") }
                        }
                    }
            }
        }
        """)
        XCTAssertEqual(body.toolbarSymbols, ["eye.slash", nil])
        XCTAssertTrue(try body.performToolbarButton(0))
        XCTAssertEqual(body.toolbarSymbols, ["eye", nil], "the label follows the state the button set")
    }

    func testTheCodePanelPrintsTheStateTheGridShows() throws {
        let feed = FeedScene(context: context)
        let frame = Rect(x: 0, y: 0, width: 390, height: 700)
        _ = feed.advance(frame: frame, env: env)
        XCTAssertTrue(feed.code.contains("@State var gridLayout: [GridItem] = [ GridItem() ]"), "as written before any change")
        for n in [2, 3, 4, 1] {
            _ = feed.handleKey(.character("g"), [], env: env)
            _ = feed.advance(frame: frame, env: env)
            XCTAssertEqual(feed.grid.layout.trackCount, n)
            if n == 1 {
                XCTAssertTrue(feed.code.contains("@State var gridLayout: [GridItem] = [ GridItem() ]"), "back to its first value: printed as written")
            } else {
                XCTAssertTrue(feed.code.contains("@State var gridLayout: [GridItem] = Array(repeating: GridItem(.flexible()), count: \(n))"), feed.code)
            }
            XCTAssertEqual(feed.invariantViolations(), [])
        }
        // Beyond the seed, Ctrl+- sets the same state.
        for _ in 0..<5 { _ = feed.handleKey(.character("-"), [.control], env: env) }
        XCTAssertEqual(feed.columns, 6)
        XCTAssertTrue(feed.code.contains("count: 6)"))
        XCTAssertEqual(feed.invariantViolations(), [])
        // The seed's button from 6: `6 % 4 + 1`.
        _ = feed.handleKey(.character("g"), [], env: env)
        XCTAssertEqual(feed.columns, 3)
        XCTAssertEqual(feed.invariantViolations(), [])
    }

    func testEachPhotoIsTheTreesRoundedImageWithItsShadowBeneath() throws {
        let feed = FeedScene(context: context)
        for n in 1...2 {
            let frame = Rect(x: 0, y: 0, width: 390, height: 700)
            _ = feed.advance(frame: frame, env: env)
            var list = DrawList()
            feed.draw(&list, env: env)
            var photos = 0
            for (i, c) in list.commands.enumerated() {
                guard case let .image(path, r, radius, mode, opacity, _, _) = c else { continue }
                photos += 1
                XCTAssertTrue(path.hasSuffix(".jpg") && path.contains("coffee-"), path)
                XCTAssertEqual(radius, 10)
                XCTAssertEqual(mode, .fill)
                XCTAssertEqual(opacity, 1)
                XCTAssertEqual(r.height, n == 1 ? 200 : 100, "`.frame(height: gridLayout.count == 1 ? 200 : 100)`")
                guard i > 0, case let .shadow(s, sr, blur, _, _, hollow) = list.commands[i - 1] else { return XCTFail("no shadow before \(path)") }
                XCTAssertEqual(s, r)
                XCTAssertEqual(sr, 10, "the shadow takes the corners of the `.cornerRadius` inside it")
                XCTAssertEqual(blur, 1)
                XCTAssertTrue(hollow, "cast beneath an opaque photo: only its outside is drawn")
            }
            XCTAssertEqual(photos, feed.grid.itemsToDraw().count)
            XCTAssertGreaterThan(photos, 2)
            _ = feed.handleKey(.character("g"), [], env: env)
            _ = feed.advance(frame: frame, env: Self.settled(env))
        }
    }

    /// An environment a few seconds later: the spring has landed.
    static func settled(_ e: AppEnvironment) -> AppEnvironment {
        var e = e
        e.time += 5
        return e
    }

    func testMidAnimationAPhotoFillsTheFrameTheGridGivesIt() throws {
        let feed = FeedScene(context: context)
        let frame = Rect(x: 0, y: 0, width: 390, height: 700)
        _ = feed.advance(frame: frame, env: env)
        _ = feed.handleKey(.character("g"), [], env: env)
        var mid = env
        mid.time += 0.05
        XCTAssertTrue(feed.advance(frame: frame, env: mid), "animating")

        var list = DrawList()
        feed.draw(&list, env: mid)
        let items = feed.grid.itemsToDraw()
        var between = 0
        for c in list.commands {
            guard case let .image(_, r, _, _, _, _, _) = c else { continue }
            XCTAssertTrue(items.contains { $0.frame == r }, "\(r) is an item's frame as the grid animates it")
            // Photos on screen in both layouts are between their two heights; those coming in are at their new one.
            if r.height > 100 && r.height < 200 { between += 1 }
        }
        XCTAssertGreaterThanOrEqual(between, 4, "the photos that were on screen in one column")
    }

    func testTheButtonAnimatesAsTheTreeSaysAndOnlyWhenItsValueChanges() throws {
        let body = try SceneBody(FeedScene.source)
        let before = body.gridAnimations
        XCTAssertEqual(before.count, 1)
        XCTAssertEqual(before.first?.animation, .interactiveSpring, "`.animation(.interactiveSpring(), value: gridLayout.count)`")
        XCTAssertEqual(body.animation(since: before), nil, "nothing changed: nothing animates")
        XCTAssertTrue(try body.performToolbarButton())
        XCTAssertEqual(body.animation(since: before), .interactiveSpring, "gridLayout.count changed")
        // The same count set again: the watched value is the same, so no animation.
        let two = body.gridAnimations
        XCTAssertTrue(try body.setState("gridLayout", .gridItems([GridItem(.flexible()), GridItem(.adaptive(minimum: 50))])))
        XCTAssertEqual(body.animation(since: two), nil, "other columns, the same count: `value:` did not change")
        XCTAssertFalse(try body.performToolbarButton(1), "one button only")
        XCTAssertFalse(try body.setState("nothing", .int(1)))
    }
}
