import XCTest
@testable import CoffeeGridApp

/// The one reader every subcommand's words go through.
final class ArgumentReaderTests: XCTestCase {
    func words(_ args: [String], isFlag: ((String) -> Bool)? = nil) -> [ArgumentReader.Word] {
        var r = isFlag.map { ArgumentReader(args, isFlag: $0) } ?? ArgumentReader(args)
        var out: [ArgumentReader.Word] = []
        while let w = r.next() { out.append(w) }
        return out
    }

    func testFlagsWordsAndTheDoubleDash() {
        XCTAssertEqual(words(["a", "-h", "--x", "-", "--", "--y", "-"]),
                       [.word("a"), .flag("-h"), .flag("--x"), .word("-"), .word("--y"), .word("-")])
        XCTAssertEqual(words(["-5", "--x"], isFlag: { $0.hasPrefix("--") }), [.word("-5"), .flag("--x")])
    }

    func testValuesFollowTheFlagOrItsEqualsSign() throws {
        var r = ArgumentReader(["--a", "1", "--b=2", "--c=", "word", "--d"])
        XCTAssertEqual(r.next(), .flag("--a"))
        XCTAssertEqual(try r.value(), "1")
        XCTAssertEqual(r.next(), .flag("--b"))
        XCTAssertEqual(try r.value(), "2")
        XCTAssertEqual(r.next(), .flag("--c"))
        XCTAssertEqual(try r.value(), "")
        XCTAssertEqual(r.next(), .word("word"))
        XCTAssertEqual(r.next(), .flag("--d"))
        XCTAssertThrowsError(try r.value("a FILE")) { XCTAssertEqual(($0 as? UsageError)?.message, "--d needs a FILE") }
        XCTAssertNil(r.next())
    }

    func testAnInlineValueNotAskedForIsNotAWord() {
        // `--headless=1` is a switch given a value: the value is dropped with it, not read as a path.
        XCTAssertEqual(words(["--headless=1", "x"]), [.flag("--headless"), .word("x")])
    }

    func testAValueThatDoesNotParseAlwaysThrowsEvenIntoAnOptional() {
        var items: Int? = 5
        var r = ArgumentReader(["--items", "-1"])
        _ = r.next()
        XCTAssertThrowsError(items = try r.value(as: Int.self, { Int($0).flatMap { $0 >= 0 ? $0 : nil } }, invalid: { "bad \($0)" })) {
            XCTAssertEqual(($0 as? UsageError)?.message, "bad -1")
        }
        XCTAssertEqual(items, 5)
    }

    /// The tools' commands (bench, soak, screenshots) keep theirs too: `ToolCommandLineTests`.
    func testEachCommandKeepsItsMessages() {
        for (args, message) in [
            (["layout", "--extent"], "--extent needs a value; \(LayoutCommand.usage)"),
            (["layout", "--extent", "390", "--bogus", "[GridItem()]"], "unknown flag '--bogus' for layout; \(LayoutCommand.usage)"),
            (["--seed"], "--seed needs a value"),
            (["--bogus"], "unknown flag '--bogus'; try coffeegrid --help"),
        ] {
            var logged: [String] = []
            XCTAssertEqual(CoffeeGrid.main(args, hooks: RunHooks(log: { logged.append($0) })), 2, "\(args)")
            XCTAssertEqual(logged, ["coffeegrid: " + message], "\(args)")
        }
    }
}
