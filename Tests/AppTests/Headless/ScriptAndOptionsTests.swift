import XCTest
import GridCore
import Stage
@testable import CoffeeGridApp
import StageInterface

final class ScriptCommandTests: XCTestCase {
    func testEveryCommand() throws {
        let script = """
        # a comment
        click 10 20
        click 10 20 Shift
        move 1.5 2
        drag 0 0 100 200 500   # trailing comment
        drag 0 0 100 200
        scroll 0 -120
        key g
        key Ctrl+Q
        key PageDown
        key ?
        resize 844 390

        wait 250
        scene feed
        screenshot /tmp/x.png
        state /tmp/x.json
        """
        let commands = try ScriptCommand.parse(script: script).map(\.command)
        XCTAssertEqual(commands, [
            .click(Point(x: 10, y: 20)), .click(Point(x: 10, y: 20), modifiers: .shift), .move(Point(x: 1.5, y: 2)),
            .drag(from: .zero, to: Point(x: 100, y: 200), milliseconds: 500),
            .drag(from: .zero, to: Point(x: 100, y: 200), milliseconds: 300),
            .scroll(dx: 0, dy: -120, modifiers: []), .key(.character("g"), []), .key(.character("q"), .control),
            .key(.pageDown, []), .key(.character("?"), []), .resize(Size(width: 844, height: 390)),
            .wait(milliseconds: 250), .scene("feed"), .screenshot("/tmp/x.png"), .state("/tmp/x.json"),
        ])
        XCTAssertEqual(try ScriptCommand.parse(script: script).map(\.line), [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17])
    }

    func testBadLinesNameTheirLineNumber() {
        for (text, line, fragment) in [("click 1\n", 1, "takes 2 numbers"), ("\n\nfly 1 2", 3, "unknown command 'fly'"),
                                       ("key Hyper+X", 1, "unknown key"), ("wait -5", 1, "milliseconds"),
                                       ("click a b", 1, "not a number"), ("click 1 2 Hyper", 1, "unknown modifiers"), ("resize 0 10", 1, "1 to 16384"),
                                       ("scene", 1, "one argument")] {
            XCTAssertThrowsError(try ScriptCommand.parse(script: text), text) { error in
                let e = error as? ScriptCommand.ParseError
                XCTAssertEqual(e?.line, line, text)
                XCTAssertTrue(e?.description.contains(fragment) == true, "\(e?.description ?? "") lacks \(fragment)")
                XCTAssertTrue(e?.description.hasPrefix("script line \(line):") == true)
            }
        }
    }
}

final class OptionsTests: XCTestCase {
    func testFlags() throws {
        let o = try Options(parsing: ["--scene", "dock", "--size", "844x390", "--scale=2", "--headless", "--script", "-",
                                      "--screenshot", "a.png", "--state", "s.json", "--resources", "R", "--seed", "7", "--no-restore"])
        XCTAssertEqual(o.scene, "dock")
        XCTAssertEqual(o.size, Size(width: 844, height: 390))
        XCTAssertEqual(o.scale, 2)
        XCTAssertTrue(o.headless)
        XCTAssertEqual(o.script, "-")
        XCTAssertEqual(o.seed, 7)
        XCTAssertFalse(o.restore)
    }

    func testBadFlagsAreOneLineErrors() {
        // An empty path (`coffeegrid ""`) is a mistake, not the current folder.
        for args in [["--bogus"], ["--size", "big"], ["--size", "0x10"], ["--scale", "9"], ["--seed", "-1"], ["--scene"], ["--renderer", "vulkan"],
                     [""], ["--", ""]] {
            XCTAssertThrowsError(try Options(parsing: args), "\(args)") { error in
                let message = (error as? UsageError)?.message ?? ""
                XCTAssertFalse(message.isEmpty)
                XCTAssertFalse(message.contains("\n"))
            }
        }
    }

    func testItemsAndColumns() throws {
        let o = try Options(parsing: ["--items", "1000000", "--columns", "Array(repeating: GridItem(.flexible()), count: 3)"])
        XCTAssertEqual(o.items, 1_000_000)
        XCTAssertEqual(o.columns, "Array(repeating: GridItem(.flexible()), count: 3)")
        XCTAssertEqual(try Options(parsing: ["--items=0"]).items, 0)
        XCTAssertEqual(try Options(parsing: ["--items", "\(Options.maxItems)"]).items, Options.maxItems)
        XCTAssertNil(try Options(parsing: []).items)
        for (args, fragment) in [(["--items", "-1"], "--items must be a whole number from 0 to 1000000000, not '-1'"),
                                 (["--items", "1e6"], "not '1e6'"), (["--items", "\(Options.maxItems + 1)"], "not '1000000001'"),
                                 (["--items", "99999999999999999999999"], "--items must"), (["--items", ""], "not ''"),
                                 (["--items"], "--items needs a value"),
                                 (["--columns", "[GridItem(.fixd(30))]"], "invalid --columns SPEC at column 12")] {
            XCTAssertThrowsError(try Options(parsing: args), "\(args)") { error in
                let message = (error as? UsageError)?.message ?? ""
                XCTAssertTrue(message.contains(fragment), "'\(message)' lacks '\(fragment)'")
                XCTAssertFalse(message.contains("\n"))
            }
        }
    }

    func testKeyChords() {
        XCTAssertEqual(KeyModifiers.parse(chord: "Ctrl+Shift+Tab")?.0, [.control, .shift])
        XCTAssertEqual(KeyModifiers.parse(chord: "Ctrl++")?.1, "+")
        XCTAssertEqual(Key(name: "Return"), .enter)
        XCTAssertEqual(Key(name: "F11"), .function(11))
        XCTAssertEqual(Key(name: "G"), .character("g"))
        XCTAssertNil(Key(name: "Hyper"))
    }
}
