import XCTest
import GridCore
import StageInterface
import ViewLayer
import SeedSnippets
@testable import CoffeeGridApp

/// The cafes are seed 000's MultiGridView, run: the chapter's code and the exercise's solution are
/// what the grid is configured from, their `.onChange(of:)` follows the window's size classes, and
/// the code panel is the code that ran.
final class CafesBodyTests: SceneTestCase {
    func cafes() throws -> CafesScene { try XCTUnwrap(CafesScene.entry.makeScene(context) as? CafesScene) }

    static func lines(_ s: String) -> Set<String> { Set(s.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }) }

    /// Every line of the chapter's `Photo`, `Cafe`, `sampleCafes`, MultiGridView and coffee grid is in
    /// both sources; the chapter's `gridLayout` side by side and its `.onChange` (following the text:
    /// 250 in landscape) in the chapter's; both size classes in the exercise's.
    func testTheSourceIsTheChaptersCode() {
        let chapter = CafesBodyTests.lines(CafesScene.chapter), exercise = CafesBodyTests.lines(CafesScene.exercise)
        var checked = 0
        for name in ["Photo", "Cafe", "cafes body", "coffee grid"] {
            for line in CafesBodyTests.lines(SeedSnippets.named("000", name).text) where !line.isEmpty && !line.hasPrefix("let samplePhotos") && line != ".navigationTitle(\"Coffee Feed\")" {
                XCTAssertTrue(chapter.contains(line), "chapter: \(name): \(line)")
                XCTAssertTrue(exercise.contains(line), "exercise: \(name): \(line)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 40)
        XCTAssertTrue(chapter.contains(SeedSnippets.named("000", "side by side").text.trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertTrue(chapter.contains("self.gridLayout = [ GridItem(.adaptive(minimum: verticalSizeClass == .compact ? 250 : 100)), GridItem(.flexible()) ]"))
        for line in CafesBodyTests.lines(SeedSnippets.named("000", "size classes").text) where !line.isEmpty {
            XCTAssertTrue(exercise.contains(line), line)
        }
        XCTAssertTrue(exercise.contains("if showCoffee {"))
    }

    /// The scene's cafes are what the chapter's `sampleCafes` makes: 18 cafes, each with the first
    /// `Int.random(in: (2...12))` coffee photos — the numbers Swift's own `Int.random` draws from the
    /// same generator, so the code run here and the app agree.
    func testTheCafesAreTheCodesSampleCafes() throws {
        let scene = try cafes()
        XCTAssertEqual(scene.cafes.map(\.image), (1...18).map { "cafe-\($0)" })
        var rng = SplitMix64(seed: context.options.seed)
        XCTAssertEqual(scene.cafes.map(\.coffeePhotos.count), (0..<18).map { _ in Int.random(in: 2...12, using: &rng) })
        for cafe in scene.cafes { XCTAssertEqual(cafe.coffeePhotos, (1...cafe.coffeePhotos.count).map { "coffee-\($0)" }) }
    }

    /// The window's size classes are the code's environment: the chapter's `.onChange(of:
    /// verticalSizeClass, initial: true)` gives a landscape window 250 and the others 100; the
    /// exercise's `.onAppear` and `.onChange`s its default, one column in portrait and two otherwise.
    func testTheWindowsSizeClassesRunTheCodesOnChange() throws {
        let scene = try cafes()
        for (size, minimum, columns) in [(Size(width: 390, height: 844), 100.0, 1), (Size(width: 844, height: 390), 250, 2),
                                         (Size(width: 1024, height: 1366), 100, 2), (Size(width: 390, height: 844), 100, 1)] {
            _ = scene.advance(frame: Rect(origin: .zero, size: size), env: env(size))
            XCTAssertEqual(scene.bodies[CafesScene.Mode.chapter.rawValue].program.state("gridLayout"),
                           .gridItems([GridItem(.adaptive(minimum: minimum)), GridItem(.flexible())]), "\(size)")
            XCTAssertEqual(scene.gridLayout, Array(repeating: GridItem(.flexible()), count: columns), "\(size)")
            XCTAssertEqual(scene.grid.layout.trackCount, columns, "\(size)")
        }
    }

    /// The code panel's text, run again in the same window, configures the grid the scene shows: the same columns,
    /// spacing, padding, items, each item's height and which items stretch to their row — in both
    /// modes, coffee shown and hidden, in portrait and landscape.
    func testThePanelsCodeRunAgainLaysOutAsTheScene() throws {
        for (size, keys) in [(window, ""), (window, "h"), (window, "e"), (Size(width: 844, height: 390), "hg"), (Size(width: 844, height: 390), "e")] {
            let scene = try cafes()
            let e = env(size)
            _ = scene.advance(frame: Rect(origin: .zero, size: size), env: e)
            for k in keys { _ = scene.handleKey(.character(k), [], env: e) }
            _ = scene.advance(frame: Rect(origin: .zero, size: size), env: e)
            // Made in this window, its state as printed (appearing again would start from the default).
            let again = try SceneBody(scene.code, environment: SnippetEnvironment(horizontalSizeClass: e.sizeClasses.horizontal,
                                                                                  verticalSizeClass: e.sizeClasses.vertical, screenSize: size,
                                                                                  seed: context.options.seed))
            again.images = scene.images
            let c = try XCTUnwrap(again.configuration(in: scene.grid.frame.size, env: e))
            let shown = scene.grid.configuration
            XCTAssertEqual(c.items, shown.items, "\(size) \(keys)")
            XCTAssertEqual(c.sections, shown.sections, "\(size) \(keys)")
            XCTAssertEqual(c.spacing, shown.spacing)
            XCTAssertEqual(c.padding, shown.padding)
            let tracks = scene.grid.layout.tracks.tracks.map(\.size)
            for i in 0..<(shown.sections.first?.count ?? 0) {
                let t = tracks[i % tracks.count]
                XCTAssertEqual(c.sizing.mainLength(i, trackSize: t), shown.sizing.mainLength(i, trackSize: t), accuracy: 1e-9, "\(size) \(keys) item \(i)")
                XCTAssertEqual(c.sizing.fills(i), shown.sizing.fills(i), "\(size) \(keys) item \(i)")
            }
        }
    }

    /// The coffee grid GridCore lays out is the one the code writes: `.adaptive(minimum: 50)`, no
    /// spacing given, each photo as wide as its track and 50 high.
    func testTheCoffeeGridIsReadFromTheTree() throws {
        let g = try cafes().coffeeGrid
        XCTAssertEqual(g.items, [GridItem(.adaptive(minimum: 50))])
        XCTAssertNil(g.spacing)
        XCTAssertEqual(g.alignment, 0.5)
        XCTAssertEqual(g.sizing.mainLength(0, trackSize: 55), 50)
        if case .fill = g.sizing.cross {} else { XCTFail("a coffee photo is as wide as its track") }
        XCTAssertEqual(g.height(count: 10, width: 181), 224)
    }

    /// A cafe photo is as tall as `scaledToFill` makes it at its track's width, up to the chapter's
    /// 150, and sits in the middle of the row its coffee grid fills.
    func testACafePhotoIsAsTallAsItsShapeAtItsWidthUpTo150() throws {
        let scene = try cafes()
        _ = scene.handleKey(.character("e"), [], env: env)
        _ = scene.advance(frame: Rect(origin: .zero, size: window), env: env)
        for k in 0..<4 {
            let photo = try XCTUnwrap(scene.grid.layout.frame(of: 2 * k)), coffee = try XCTUnwrap(scene.grid.layout.frame(of: 2 * k + 1))
            let natural = try XCTUnwrap(scene.images[scene.cafes[k].image])
            XCTAssertEqual(photo.height, min(150, photo.width * natural.height / natural.width), accuracy: 1e-9)
            XCTAssertEqual(coffee.height, max(photo.height, scene.coffeeGrid.height(count: scene.cafes[k].coffeePhotos.count, width: coffee.width)), accuracy: 1e-9)
            XCTAssertEqual(photo.midY, coffee.midY, accuracy: 1e-9)
        }
    }
}

/// `.onAppear` and `.onChange(of:initial:)` as a scene body runs them.
final class SceneBodyLifecycleTests: XCTestCase {
    static let source = """
        struct ContentView: View {
            @State var appeared = 0
            @State var changes = 0
            @State var taps = 0
            @State var seen = ""
            @Environment(\\.verticalSizeClass) var verticalSizeClass: UserInterfaceSizeClass?

            var body: some View {
                NavigationStack {
                    Color.red
                        .toolbar {
                            ToolbarItem { Button { taps += 1 } label: { Image(systemName: "plus") } }
                        }
                }
                .onAppear { appeared += 1 }
                .onChange(of: verticalSizeClass) { newValue in
                    changes += 1
                    seen = newValue == .compact ? "compact" : "regular"
                }
            }
        }
        """

    func state(_ b: SceneBody, _ name: String) -> StateValue? { b.program.state(name) }

    /// Appearing runs `.onAppear` once and no change handler; a change of state the handler does not
    /// watch, or an environment whose watched value is the same, runs nothing; a rotation runs it
    /// once, with the new value.
    func testAHandlerRunsOnlyWhenItsValueChanges() throws {
        let body = try SceneBody(SceneBodyLifecycleTests.source)
        try body.appear()
        XCTAssertEqual(state(body, "appeared"), .int(1))
        XCTAssertEqual(state(body, "changes"), .int(0))
        XCTAssertTrue(try body.performToolbarButton(0))
        XCTAssertEqual(state(body, "taps"), .int(1))
        XCTAssertEqual(state(body, "changes"), .int(0), "a state the handler does not watch")
        let portrait = SizeClasses(horizontal: .compact, vertical: .regular), landscape = SizeClasses(horizontal: .compact, vertical: .compact)
        XCTAssertFalse(try body.setEnvironment(portrait, screen: Size(width: 400, height: 900)))
        XCTAssertEqual(state(body, "changes"), .int(0), "another screen, the same size class")
        XCTAssertTrue(try body.setEnvironment(landscape, screen: Size(width: 844, height: 390)))
        XCTAssertEqual(state(body, "changes"), .int(1))
        XCTAssertEqual(state(body, "seen"), .string("compact"))
        XCTAssertFalse(try body.setEnvironment(landscape, screen: Size(width: 844, height: 390)))
        XCTAssertEqual(state(body, "changes"), .int(1))
        XCTAssertTrue(try body.setEnvironment(portrait, screen: Size(width: 390, height: 844)))
        XCTAssertEqual(state(body, "changes"), .int(2))
        XCTAssertEqual(state(body, "seen"), .string("regular"))
        XCTAssertEqual(state(body, "appeared"), .int(1), "appearing is once")
    }

    /// `{ oldValue, newValue in }` (seed 002's form) is handed the value the body before read, and the new one.
    func testTheHandlerIsHandedTheOldAndNewValues() throws {
        let body = try SceneBody(SceneBodyLifecycleTests.source.replacingOccurrences(of: "{ newValue in\n            changes += 1\n            seen = newValue == .compact ? \"compact\" : \"regular\"",
            with: "{ oldValue, newValue in\n            changes += 1\n            seen = (oldValue == .compact ? \"compact\" : \"regular\") + \" > \" + (newValue == .compact ? \"compact\" : \"regular\")"))
        try body.appear()
        try body.setEnvironment(SizeClasses(horizontal: .compact, vertical: .compact), screen: Size(width: 844, height: 390))
        XCTAssertEqual(state(body, "seen"), .string("regular > compact"))
        try body.setEnvironment(SizeClasses(horizontal: .compact, vertical: .regular), screen: Size(width: 390, height: 844))
        XCTAssertEqual(state(body, "seen"), .string("compact > regular"))
        XCTAssertEqual(state(body, "changes"), .int(2))
    }

    /// `initial: true` runs the handler when the body first appears too.
    func testInitialTrueRunsOnAppearing() throws {
        let body = try SceneBody(SceneBodyLifecycleTests.source.replacingOccurrences(of: "(of: verticalSizeClass)", with: "(of: verticalSizeClass, initial: true)"))
        try body.appear()
        XCTAssertEqual(state(body, "changes"), .int(1))
        XCTAssertEqual(state(body, "seen"), .string("regular"))
    }
}
