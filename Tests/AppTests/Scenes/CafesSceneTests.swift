import XCTest
import GridCore
import Stage
@testable import CoffeeGridApp

/// The cafes: the chapter's exercise as its text defines it (the default), the chapter's own demo a
/// picker away, size classes from the window, and rotations that never draw one cafe over another.
final class CafesSceneTests: XCTestCase {
    var run: ScriptStates!

    override func setUpWithError() throws { run = try ScriptStates() }
    override func tearDown() { run.remove() }

    func columns(_ s: State) -> [String] { s.object("cafes")["columns"] as? [String] ?? [] }
    func mode(_ s: State) -> String? { s.object("cafes")["mode"] as? String }
    func coffee(_ s: State) -> Bool? { s.object("cafes")["coffeeVisible"] as? Bool }
    func symbol(_ s: State, _ id: String) -> String? {
        (s.json["toolbar"] as? [[String: Any]])?.first { $0["id"] as? String == id }?["symbol"] as? String
    }

    /// Cafe `n`'s photo and its coffee grid share a row: the coffee grid fills it, the photo sits in
    /// its middle at its own height.
    func assertPaired(_ s: State, cafe n: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let photo = try XCTUnwrap(s.frame("cafe-\(n)"), file: file, line: line)
        let coffee = try XCTUnwrap(s.frame("cafe-\(n)/coffee"), file: file, line: line)
        XCTAssertEqual(photo.midY, coffee.midY, accuracy: 0.01, file: file, line: line)
        XCTAssertGreaterThanOrEqual(photo.minY, coffee.minY - 0.01, file: file, line: line)
        XCTAssertLessThanOrEqual(photo.maxY, coffee.maxY + 0.01, file: file, line: line)
        XCTAssertLessThan(photo.maxX, coffee.minX, file: file, line: line)
    }

    // MARK: - The exercise

    func testFirstLaunchOnAPhoneInPortraitIsOneColumnOfCafes() throws {
        let s = try run.run(["scene cafes", "STATE"])[0]
        XCTAssertEqual(mode(s), "Exercise")
        XCTAssertEqual(coffee(s), false)
        XCTAssertEqual(s.itemsTotal, 18)
        XCTAssertEqual(columns(s), [".flexible()"])
        XCTAssertEqual(s.tracks.count, 1)
        XCTAssertNil(s.frame("cafe-1/coffee"))
        let one = try XCTUnwrap(s.frame("cafe-1")), two = try XCTUnwrap(s.frame("cafe-2"))
        XCTAssertEqual(one.width, 370)
        XCTAssertEqual(two.minY, one.maxY + 10, accuracy: 0.01)
        // Each button's icon shows its state: coffee hidden, one column.
        XCTAssertEqual(symbol(s, "coffee"), "eye.slash")
        XCTAssertEqual(symbol(s, "columns"), "rectangle.grid.1x2")
    }

    func testIPadSizedAndLandscapeWindowsOpenOnTwoColumns() throws {
        for size in ["844x390", "1024x1366", "1280x800", "926x428"] {
            let s = try run.run(["scene cafes", "STATE"], size: size)[0]
            XCTAssertEqual(columns(s), [".flexible()", ".flexible()"], size)
            XCTAssertEqual(s.tracks.count, 2, size)
            XCTAssertEqual(coffee(s), false, size)
            let one = try XCTUnwrap(s.frame("cafe-1")), two = try XCTUnwrap(s.frame("cafe-2"))
            XCTAssertEqual(one.minY, two.minY, accuracy: 0.01, "two cafes to a row at \(size)")
            XCTAssertEqual(symbol(s, "columns"), "rectangle.split.2x1", size)
        }
    }

    func testTheButtonsShowHideCoffeeAndSwitchColumns() throws {
        let s = try run.run(["scene cafes", "key h", "STATE", "settle", "STATE", "key g", "settle", "STATE",
                             "key h", "settle", "STATE", "key g", "settle", "STATE"])
        let (showing, shown, two, twoHidden, back) = (s[0], s[1], s[2], s[3], s[4])
        XCTAssertTrue(showing.animating)
        XCTAssertEqual(coffee(shown), true)
        XCTAssertEqual(symbol(shown, "coffee"), "eye")
        XCTAssertEqual(shown.itemsTotal, 36)
        // One column: each coffee grid under its cafe, full width.
        let photo = try XCTUnwrap(shown.frame("cafe-1")), grid = try XCTUnwrap(shown.frame("cafe-1/coffee"))
        XCTAssertEqual(grid.minY, photo.maxY + 10, accuracy: 0.01)
        XCTAssertEqual(grid.width, 370)
        // Two columns: cafe and coffee side by side, as the chapter's figure.
        XCTAssertEqual(two.tracks.count, 2)
        XCTAssertEqual(symbol(two, "columns"), "rectangle.split.2x1")
        try assertPaired(two, cafe: 1)
        XCTAssertEqual(coffee(twoHidden), false)
        XCTAssertEqual(twoHidden.itemsTotal, 18)
        XCTAssertEqual(back.tracks.count, 1)
        XCTAssertEqual(symbol(back, "columns"), "rectangle.grid.1x2")
    }

    func testARotationStartsFromTheNewWindowsDefault() throws {
        let s = try run.run(["scene cafes", "resize 844 390", "STATE", "settle", "STATE", "key g", "settle", "STATE",
                             "resize 390 844", "settle", "STATE", "key g", "settle", "resize 844 390", "settle", "STATE"])
        let (turning, landscape, chosenOne, portrait, again) = (s[0], s[1], s[2], s[3], s[4])
        XCTAssertTrue(turning.animating, "the size-class change animates")
        XCTAssertEqual(landscape.tracks.count, 2)
        XCTAssertEqual(chosenOne.tracks.count, 1)
        XCTAssertEqual(portrait.tracks.count, 1)
        XCTAssertEqual(again.tracks.count, 2, "turning the window drops the reader's choice for the new default")
    }

    // MARK: - The chapter

    func testTheChaptersDemoIsOnePickerAway() throws {
        let s = try run.run(["scene cafes", "key e", "STATE", "settle", "STATE", "resize 844 390", "settle", "STATE",
                             "resize 1024 1366", "settle", "STATE", "key e", "settle", "STATE"])
        let (switching, portrait, landscape, pad, exercise) = (s[0], s[1], s[2], s[3], s[4])
        XCTAssertTrue(switching.animating)
        XCTAssertEqual(mode(portrait), "Chapter")
        XCTAssertEqual(coffee(portrait), true)
        XCTAssertEqual(portrait.itemsTotal, 36)
        XCTAssertEqual(columns(portrait), [".adaptive(minimum: 100)", ".flexible()"])
        try assertPaired(portrait, cafe: 1)
        XCTAssertTrue((portrait.object("cafes")["note"] as? String)?.contains("compact ? 100 : 250") == true)
        XCTAssertTrue(((portrait.json["code"] as? [String: Any])?["text"] as? String)?.contains("verticalSizeClass == .compact ? 250 : 100") == true)
        XCTAssertEqual((portrait.json["toolbar"] as? [[String: Any]])?.filter { !["code", "help"].contains($0["id"] as? String) }.count, 0,
                       "the chapter's demo has no toolbar of its own")
        // Landscape by the chapter's text: 250, cafe and coffee still side by side.
        XCTAssertEqual(columns(landscape), [".adaptive(minimum: 250)", ".flexible()"])
        XCTAssertEqual(landscape.tracks.count, 2)
        try assertPaired(landscape, cafe: 1)
        // An iPad keeps 100: the cafe column splits, the problem the exercise's first part fixes.
        XCTAssertEqual(columns(pad), [".adaptive(minimum: 100)", ".flexible()"])
        XCTAssertGreaterThan(pad.tracks.count, 2)
        XCTAssertEqual(mode(exercise), "Exercise")
        XCTAssertEqual(exercise.tracks.count, 2, "the exercise shows an iPad two columns")
        XCTAssertEqual(coffee(exercise), false)
    }

    func testClickingThePickerSwitches() throws {
        let first = try run.run(["scene cafes", "STATE"])[0]
        let picker = try SceneTracksTests.rect(first.object("cafes")["picker"])
        let s = try run.run(["scene cafes", "click \(picker.minX + picker.width / 4) \(picker.midY)", "settle", "STATE",
                             "click \(picker.minX + picker.width * 3 / 4) \(picker.midY)", "settle", "STATE"])
        XCTAssertEqual(mode(s[0]), "Chapter")
        XCTAssertEqual(mode(s[1]), "Exercise")
    }

    func testCoffeeGridIsAsTallAsItsRowsAtItsWidth() throws {
        let s = try run.run(["scene cafes", "key e", "settle", "STATE"])[0]
        let counts = try XCTUnwrap(s.object("cafes")["photoCounts"] as? [Double])
        let coffee = try XCTUnwrap(s.frame("cafe-1/coffee"))
        // `.adaptive(minimum: 50)` in 181 pt: three 55-pt tracks; rows of 50 with 8 between.
        let rows = (Int(counts[0]) + 2) / 3
        XCTAssertEqual(coffee.height, Double(rows) * 50 + Double(rows - 1) * 8, accuracy: 0.01)
        let shape = NestedGrid.Shape(items: [GridItem(.adaptive(minimum: 50))], sizing: .fill(50))
        XCTAssertEqual(shape.height(count: 10, width: 181), 224)
    }

    func testRandomPhotoCountsAreTwoToTwelveAndFollowTheSeed() throws {
        let a = Cafe.samples(seed: 29), b = Cafe.samples(seed: 29), c = Cafe.samples(seed: 30)
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, c)
        XCTAssertEqual(a.count, 18)
        XCTAssertEqual(a.map(\.image).last, "cafe-18")
        for cafe in a + c {
            XCTAssertTrue(Cafe.photoCounts.contains(cafe.coffeePhotos.count))
            XCTAssertEqual(cafe.coffeePhotos.first, "coffee-1")
        }
        // Over many seeds every count from 2 to 12 turns up, and nothing else.
        let seen = Set((0..<200).flatMap { Cafe.samples(seed: $0).map(\.coffeePhotos.count) })
        XCTAssertEqual(seen, Set(2...12))
        let state = try run.run(["scene cafes", "STATE"], args: ["--seed", "7"])[0]
        XCTAssertEqual(state.object("cafes")["photoCounts"] as? [Double], Cafe.samples(seed: 7).map { Double($0.coffeePhotos.count) })
    }

    // MARK: - Rotations, frame by frame

    /// Every frame of a rotation each way, in the chapter and in the exercise with coffee shown: every
    /// coffee photo drawn is clipped so that what shows of it lies in its own cafe's cells, never
    /// over another cafe's photo or coffee grid.
    func testDuringARotationNoCoffeeGridDrawsOverAnotherCafe() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        for setup in [["e"], ["h"], ["h", "g"]] {
            let s = try HeadlessSession(scene: "cafes", size: Size(width: 390, height: 844))
            for k in setup { try s.press(Character(k)) }
            s.runner.settle()
            var midFrames = 0
            for size in [Size(width: 844, height: 390), Size(width: 390, height: 844), Size(width: 1024, height: 1366), Size(width: 390, height: 844)] {
                try s.run(.resize(size))
                var frames = 0
                repeat {
                    midFrames += try CafesSceneTests.checkCoffeeClips(s, "\(setup) → \(size) frame \(frames)")
                    try s.run(.wait(milliseconds: 1000.0 / 60))
                    frames += 1
                } while s.host.isAnimating && frames < 180
                XCTAssertLessThan(frames, 180, "the rotation settles")
            }
            XCTAssertGreaterThan(midFrames, 20, "\(setup): coffee photos were checked mid-animation")
        }
    }

    /// Checks the last drawn frame; returns how many coffee photos it checked.
    static func checkCoffeeClips(_ s: HeadlessSession, _ label: String) throws -> Int {
        let state = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(s.app.stateJSON().text.utf8)) as? [String: Any])
        let cells = State(json: state).visible
        var clips: [Rect] = []
        var checked = 0
        for command in s.app.lastDrawList.commands {
            switch command {
            case .pushClip(let r): clips.append(r)
            case .popClip: clips.removeLast()
            case let .image(path, r, _, _, _, _, _) where path.contains("/coffee-"):
                // The scene's own clip, the grid's viewport, then the coffee grid's.
                XCTAssertGreaterThanOrEqual(clips.count, 3, "\(label): a coffee photo drawn outside a coffee grid's clip")
                guard let own = clips.last, let shown = clips.reduce(Optional(r), { a, c in a.flatMap { intersection($0, c) } }) else { continue }
                let owner = cells.filter { $0.id.hasSuffix("/coffee") && contains($0.frame, own) }
                XCTAssertEqual(owner.count, 1, "\(label): the clip \(own) is one coffee cell's")
                guard let cafe = owner.first?.id.dropLast("/coffee".count) else { continue }
                for other in cells where other.id != cafe + "/coffee" && other.id != String(cafe) {
                    XCTAssertNil(intersection(shown, other.frame.insetBy(dx: 0.01, dy: 0.01)),
                                 "\(label): \(path.split(separator: "/").last ?? "") of \(cafe) drawn at \(shown) over \(other.id) at \(other.frame)")
                }
                checked += 1
            default: break
            }
        }
        return s.host.isAnimating ? checked : 0
    }

    static func intersection(_ a: Rect, _ b: Rect) -> Rect? {
        let x0 = max(a.minX, b.minX), y0 = max(a.minY, b.minY), x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }

    static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.width <= 0 || inner.height <= 0
            || (inner.minX >= outer.minX - 0.01 && inner.maxX <= outer.maxX + 0.01 && inner.minY >= outer.minY - 0.01 && inner.maxY <= outer.maxY + 0.01)
    }
}
